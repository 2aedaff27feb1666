// Pairing a Health Connect companion app as the tests need it: start over HTTP with the person's key,
// the approval the console page performs (its service function; the page itself is driven in Chromium
// by test/e2e/health-connect-approval.test.ts), then the callback over HTTP without a bearer token, as
// the app calls it. Returns the device credential.

import { expect } from 'bun:test'
import { approveHealthConnect } from '../../modules/wearables/connections/health-connect'
import type { TestApp } from './app'

export async function pairHealthConnect(
  t: Pick<TestApp, 'call' | 'context'>,
  person: { key: string; userId: string; organizationId: string },
) {
  const started = await t.call('POST', '/connections/wearables/start', {
    token: person.key,
    body: { user_id: person.userId, source_provider: 'health_connect' },
  })
  expect(started.status).toBe(200)
  const scope = { user_id: person.userId, organization_id: person.organizationId }
  const approved = await approveHealthConnect(t.context, scope, started.body.state)
  const done = await t.call('POST', '/connections/wearables/callback', {
    body: { ...scope, source_provider: 'health_connect', code: approved.code },
  })
  expect(done.status).toBe(200)
  return { token: done.body.device_credential.token as string, callback: done.body, code: approved.code }
}

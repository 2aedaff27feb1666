// The operator's billing_admin command: granting makes the account's workspace effective Enterprise
// (no quota caps, full-annotation eligibility), revoking takes it back; the entitlement adds no grant
// and no access to anyone else's data; bad usage and unknown accounts are refused with a clear line.

import { afterAll, beforeAll, describe, expect, it, spyOn } from 'bun:test'
import { billingUsage } from '../../../db/schema'
import { runBillingAdmin } from '../../../modules/billing/admin-command'
import { type TestApp, testApp } from '../../support/app'

type Person = Awaited<ReturnType<TestApp['userWithKey']>>

const upload = (t: TestApp, p: Person) =>
  t.call('POST', '/imports/file', {
    token: p.key,
    body: { user_id: p.userId, organization_id: p.organizationId, text: 'Glucose 92 mg/dL\n' },
  })

/** Run the command against the test app's database and return its exit code and printed lines. */
async function command(t: TestApp, args: string[]) {
  const out = spyOn(console, 'log').mockImplementation(() => {})
  const err = spyOn(console, 'error').mockImplementation(() => {})
  try {
    const code = await runBillingAdmin(args, () => t.config)
    return {
      code,
      out: out.mock.calls.map((c) => String(c[0])),
      err: err.mock.calls.map((c) => String(c[0])),
    }
  } finally {
    out.mockRestore()
    err.mockRestore()
  }
}

describe('billing-admin command', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await testApp({ billingEnabled: true })
  })
  afterAll(() => t.cleanup())

  it('grants effective Enterprise: quota caps no longer apply, and revoking restores them', async () => {
    const p = await t.userWithKey()
    await t.context.db.insert(billingUsage).values({
      organization_id: p.organizationId,
      period: '2026-01',
      quota: 'uploads',
      used: 25,
      updated_at: '2026-01-15T09:00:00.000Z',
    })
    expect((await upload(t, p)).status).toBe(429)

    const granted = await command(t, ['grant', ` ${p.email.toUpperCase()} `])
    expect(granted.code).toBe(0)
    expect(granted.out[0]).toBe(
      `Granted billing_admin to ${p.email} (${p.userId}): effective tier enterprise.`,
    )
    const status = await t.call('GET', '/billing/subscription', { token: p.key })
    expect(status.body).toMatchObject({ tier: 'free', effective_tier: 'enterprise', billing_admin: true })
    expect((await upload(t, p)).status).toBe(201)

    const listed = await command(t, ['list'])
    expect(listed.out).toContain(`${p.email}\t${p.userId}`)

    expect((await command(t, ['revoke', p.email])).code).toBe(0)
    const after = await t.call('GET', '/billing/subscription', { token: p.key })
    expect(after.body).toMatchObject({ effective_tier: 'free', billing_admin: false })
    expect((await upload(t, p)).status).toBe(429)
  })

  it('gives no access to another person’s data and no extra grant', async () => {
    const admin = await t.userWithKey()
    const other = await t.userWithKey()
    const stored = await upload(t, other)
    expect(stored.status).toBe(201)
    expect((await command(t, ['grant', admin.email])).code).toBe(0)

    const list = await t.call(
      'GET',
      `/sources?user_id=${other.userId}&organization_id=${other.organizationId}`,
      {
        token: admin.key,
      },
    )
    expect(list.status).toBe(403)
    const one = await t.call('GET', `/sources/${stored.body.source_id}`, { token: admin.key })
    expect(one.status).toBe(404)
    expect(one.body.detail).not.toContain('Glucose')
    // A session of the entitled account still manages keys only: billing and data need its API key.
    const session = await t.signIn(admin.email)
    expect((await t.call('GET', '/billing/subscription', { token: session.session })).status).toBe(403)
  })

  it('refuses an unknown account and bad usage without changing anything', async () => {
    const unknown = await command(t, ['grant', 'nobody@example.com'])
    expect(unknown.code).toBe(1)
    expect(unknown.err[0]).toContain('No account with the e-mail nobody@example.com')
    for (const args of [
      [],
      ['grant'],
      ['promote', 'a@example.com'],
      ['list', 'extra'],
      ['grant', 'a@b', 'c'],
    ]) {
      const r = await command(t, args)
      expect(r.code).toBe(2)
      expect(r.err[0]).toBe('Usage: billing-admin grant EMAIL | revoke EMAIL | list')
    }
  })
})

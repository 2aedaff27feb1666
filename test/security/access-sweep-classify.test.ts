// The sweep's classifier refuses to pass what it cannot attack: a public operation nobody reviewed, a
// field that names a record it does not know how to fill, or an operation naming nothing of anyone.

import { describe, expect, it } from 'bun:test'
import { Type } from '@sinclair/typebox'
import { defineOperation } from '../../modules/shared/operation'
import { classify, type VictimData } from '../support/access-sweep'

const victim: VictimData = {
  userId: 'usr_a',
  organizationId: 'org_a',
  ids: {
    source: 'src_a',
    genetic_source: null,
    analysis: 'an_a',
    goal: 'goal_a',
    dashboard_link: 'dash_a',
    genetics_upload: null,
    genetics_job: null,
    api_key: 'key_a',
    service_token: 'svc_a',
    session: 'ses_a',
    export_job: null,
    wearable_sync_job: null,
    webhook_endpoint: 'whe_a',
    webhook_delivery: 'whd_a',
  },
  distinctive: ['alice'],
  cursors: {},
}

const op = (spec: Partial<Parameters<typeof defineOperation>[0]>) =>
  defineOperation(
    {
      id: 'new.op',
      method: 'GET',
      path: '/new',
      summary: 'new',
      tags: ['new'],
      grant: 'imports',
      output: Type.Object({}),
      ...spec,
    } as any,
    () => ({}),
  )

describe('the access sweep classifier', () => {
  it('flags a public operation nobody has reviewed', () => {
    expect(classify(op({ grant: null }), victim)).toEqual({
      unclassified: 'a public operation nobody has reviewed: add it to PUBLIC or CAPABILITY',
    })
  })

  it('flags a field that names a record the sweep cannot fill', () => {
    const c = classify(op({ body: Type.Object({ connection_id: Type.String() }), method: 'POST' }), victim)
    expect(c).toEqual({ unclassified: 'field "connection_id" looks like a reference the sweep cannot fill' })
  })

  it('flags an :id under a path it does not know', () => {
    const c = classify(
      op({ path: '/wearables/connections/:id', params: Type.Object({ id: Type.String() }) }),
      victim,
    )
    expect(c).toEqual({
      unclassified: '":id" in /wearables/connections/:id names a resource the sweep does not know',
    })
  })

  it("attacks a known :id with A's record and a scope field with A's user and workspace", () => {
    const c = classify(
      op({
        path: '/goals/:id/delete',
        method: 'POST',
        params: Type.Object({ id: Type.String() }),
        body: Type.Object({ user_id: Type.Optional(Type.String()) }),
      }),
      victim,
    )
    if (!('plan' in c)) throw new Error(`not planned: ${JSON.stringify(c)}`)
    const attempts = c.plan.attempts({ userId: 'usr_b', organizationId: 'org_b' })
    expect(attempts.map((a) => [a.kind, a.params, a.body])).toEqual([
      ['ids', { id: 'goal_a' }, { user_id: 'usr_b' }],
      ['scope', { id: 'goal_a' }, { user_id: 'usr_a' }],
    ])
  })
})

// Outbound webhooks on graphile-worker (PostgreSQL): the delivery task runs from that queue, a 500 is
// retried by graphile-worker's own backoff with the same webhook-id, and a replay goes through it too.
// Skips with a message when PostgreSQL is not reachable.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { Client } from 'pg'
import { type TestApp, testApp } from '../../support/app'
import { startWebhookReceiver } from '../../support/webhook-receiver'
import { dropSchema, PG_URL, uniqueSchema } from '../genetics/pg'

let t: TestApp
let pgAvailable = true
const receiver = startWebhookReceiver()

beforeAll(async () => {
  const probe = new Client({ connectionString: PG_URL })
  try {
    await probe.connect()
    await probe.end()
  } catch {
    pgAvailable = false
    console.warn(`skipped: PostgreSQL is not reachable at ${PG_URL}`)
    return
  }
  t = await testApp({
    webhooks: { allowPrivateTargets: true, maxAttempts: 3, timeoutMs: 5000 },
    queue: { databaseUrl: PG_URL, schema: uniqueSchema('webhooks'), concurrency: 1, workerTimeoutSeconds: 5 },
  })
  await t.context.queue.start()
})

afterAll(async () => {
  receiver.stop()
  if (!pgAvailable) return
  await t.context.queue.stop()
  await dropSchema(t.config.queue.schema)
  await t.cleanup()
})

async function deliveriesWhen(token: string, done: (data: any[]) => boolean, limitMs = 30_000) {
  const deadline = Date.now() + limitMs
  for (;;) {
    const r = await t.call('GET', '/webhooks/deliveries', { token })
    if (done(r.body.data)) return r.body.data as any[]
    if (Date.now() > deadline) throw new Error(`deliveries never got there: ${r.text}`)
    await Bun.sleep(100)
  }
}

describe('outbound webhooks on graphile-worker', () => {
  it('retries after a 500 with the same webhook-id, then replays on request', async () => {
    if (!pgAvailable) return
    const p = await t.userWithKey()
    const created = await t.call('POST', '/webhooks/endpoints', {
      token: p.key,
      body: { url: receiver.url, events: ['import.stored'] },
    })
    expect(created.status).toBe(201)
    receiver.trust(created.body.secret)
    receiver.answer([500])
    const stored = await t.call('POST', '/imports/file', {
      token: p.key,
      body: { text: 'Glucose 92 mg/dL\n' },
    })
    expect(stored.status).toBe(201)

    const [delivered] = await deliveriesWhen(p.key, (d) => d[0]?.status === 'delivered')
    expect(delivered).toMatchObject({ kind: 'import.stored', attempts: 2, last_status_code: 200 })
    expect(receiver.received.map((r) => [r.id, r.answered])).toEqual([
      [delivered.event_id, 500],
      [delivered.event_id, 200],
    ])
    expect(receiver.received[1].verified).toMatchObject({
      type: 'import.stored',
      data: { source_id: stored.body.source_id },
    })

    const replay = await t.call('POST', `/webhooks/deliveries/${delivered.id}/replay`, { token: p.key })
    expect(replay.status).toBe(202)
    await deliveriesWhen(p.key, (d) => d.find((x) => x.id === replay.body.id)?.status === 'delivered')
    expect(receiver.received).toHaveLength(3)
    expect(receiver.received[2].id).toBe(delivered.event_id)
    expect(receiver.received[2].verified).not.toBeNull()
  }, 60_000)
})

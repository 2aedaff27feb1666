// `async: true` syncs on both queues (embedded and graphile-worker on the real PostgreSQL): the sync
// answers at once with a queued job, the job reports progress and then the source it landed, a rotated
// refresh token comes back on the job, a provider that keeps failing ends in a failed job with a problem
// and no source, MCP starts and reads the same job, and another user's job is not found.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { queueTasks, wearableConnections } from '../../../../db/schema'
import type { Config } from '../../../../modules/shared/config'
import { connectionTokens } from '../../../../modules/wearables/connections/service'
import { type TestApp, testApp } from '../../../support/app'
import { useSuiteTimeout } from '../../../support/test-timeout'
import { whoopData } from '../../../support/wearable-provider-data'
import { connectWhoopThroughStandin, startProviderStandin } from '../../../support/wearable-provider-standin'
import { dropSchema, PG_URL, uniqueSchema } from '../../genetics/pg'

useSuiteTimeout()

const REDIRECT = 'https://app.example.org/wearables/return'
const CREDS = { client_id: 'integrator-whoop', client_secret: 'integrator-secret-1' }
const whoop = startProviderStandin({
  provider: 'whoop',
  ...{ clientId: CREDS.client_id, clientSecret: CREDS.client_secret },
  redirectUris: [REDIRECT],
  providerUserId: 10129,
  data: whoopData('2026-01-01', 30),
})
afterAll(() => whoop.stop())

type Person = Awaited<ReturnType<TestApp['userWithKey']>>

const QUEUES: { name: 'embedded' | 'graphile'; config: () => Partial<Config> }[] = [
  { name: 'embedded', config: () => ({}) },
  {
    name: 'graphile',
    config: () => ({
      queue: { databaseUrl: PG_URL, schema: uniqueSchema('wsync'), concurrency: 1, workerTimeoutSeconds: 5 },
    }),
  },
]

for (const queue of QUEUES) {
  describe(`async wearable syncs on the ${queue.name} queue`, () => {
    let t: TestApp
    beforeAll(async () => {
      t = await testApp({
        tokenEncryptionKeys: [new Uint8Array(32).fill(6)],
        wearableEndpoints: { whoop: whoop.endpoints },
        ...queue.config(),
      })
      await t.context.queue.start()
    })
    afterAll(async () => {
      await t.close()
      if (t.config.queue.databaseUrl) await dropSchema(t.config.queue.schema)
      await t.cleanup()
    })

    const body = (p: Person, extra: Record<string, unknown> = {}) => ({
      user_id: p.userId,
      organization_id: p.organizationId,
      source_provider: 'whoop',
      provider_user_id: '10129',
      start: '2026-01-01',
      end: '2026-01-30',
      async: true,
      ...extra,
    })

    async function connect(p: Person) {
      await connectWhoopThroughStandin(t, whoop, p, { ...CREDS, redirect_uri: REDIRECT })
      const row = (await t.context.db.select().from(wearableConnections)).find((r) => r.user_id === p.userId)!
      return (await connectionTokens(t.context, row)).refreshToken!
    }

    async function settled(p: Person, id: string) {
      const deadline = Date.now() + 30_000
      for (;;) {
        const r = await t.call('GET', `/connections/wearables/sync-jobs/${id}`, { token: p.key })
        expect(r.status).toBe(200)
        if (r.body.status === 'succeeded' || r.body.status === 'failed') return r.body
        if (Date.now() > deadline) throw new Error(`job ${id} still ${r.body.status}`)
        await Bun.sleep(50)
      }
    }

    it('queues the sync, then the job names the source it landed', async () => {
      expect(t.context.queue.kind).toBe(queue.name)
      const p = await t.userWithKey()
      await connect(p)
      const r = await t.call('POST', '/connections/wearables/sync', { token: p.key, body: body(p) })
      expect(r.status).toBe(200)
      expect(r.body.status).toBe('queued')
      expect(r.body.job).toMatchObject({ status: 'queued', trigger: 'request', progress: { percent: 0 } })
      const job = await settled(p, r.body.job.id)
      expect(job).toMatchObject({
        status: 'succeeded',
        progress: { stage: 'done', percent: 100 },
        error: null,
      })
      expect(job.observation_count).toBeGreaterThan(100)
      const sources = await t.call('GET', '/sources', { token: p.key })
      expect(sources.body.data.map((s: { source_id: string }) => s.source_id)).toEqual([job.source_id])
      const list = await t.call('GET', '/connections/wearables', { token: p.key })
      expect(list.body.data[0].last_sync_at).not.toBeNull()
    })

    it('returns the rotated refresh token on the job after a provider 401', async () => {
      const p = await t.userWithKey()
      const refresh = await connect(p)
      whoop.accessTokens.clear()
      const r = await t.call('POST', '/connections/wearables/sync', {
        token: p.key,
        body: body(p, { refresh_token: refresh, ...CREDS }),
      })
      expect(r.status).toBe(200)
      const job = await settled(p, r.body.job.id)
      expect(job.status).toBe('succeeded')
      expect(job.refreshed_token).toBeString()
      expect(job.refreshed_token).not.toBe(refresh)
      expect(whoop.refreshTokens.has(job.refreshed_token)).toBe(true)
      // Nothing of the credentials is left in the queue's own store.
      if (queue.name === 'embedded') {
        const rows = await t.context.db.select().from(queueTasks)
        expect(JSON.stringify(rows)).not.toContain(refresh)
        expect(JSON.stringify(rows)).not.toContain(CREDS.client_secret)
      }
    })

    it('ends in a failed job with a problem and no source when the provider keeps failing', async () => {
      const p = await t.userWithKey()
      await connect(p)
      whoop.faults.push(...Array.from({ length: 3 }, () => ({ status: 503, retryAfter: '0' })))
      const r = await t.call('POST', '/connections/wearables/sync', { token: p.key, body: body(p) })
      const job = await settled(p, r.body.job.id)
      expect(job.status).toBe('failed')
      expect(job.error.status).toBeGreaterThanOrEqual(500)
      expect(job.source_id).toBeNull()
      expect((await t.call('GET', '/sources', { token: p.key })).body.data).toEqual([])
    })

    it('answers 404 for another user’s job', async () => {
      const a = await t.userWithKey()
      await connect(a)
      const r = await t.call('POST', '/connections/wearables/sync', { token: a.key, body: body(a) })
      const b = await t.userWithKey()
      const other = await t.call('GET', `/connections/wearables/sync-jobs/${r.body.job.id}`, { token: b.key })
      expect(other.status).toBe(404)
      await settled(a, r.body.job.id)
    })
  })
}

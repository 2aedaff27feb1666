// Replicas share their counts: two app instances on one database and one counter store (Redis, then
// PostgreSQL) let a credential make its quota once between them, not once each. A Redis that cannot be
// reached does not take the service down: counting goes on in memory.

import { afterAll, describe, expect, it } from 'bun:test'
import { createApp } from '../../../../modules/app'
import type { Config } from '../../../../modules/shared/config'
import { parseRateLimits } from '../../../../modules/shared/limits/rules'
import { type TestApp, testApp } from '../../../support/app'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

async function reachable(check: () => Promise<unknown>): Promise<boolean> {
  try {
    await check()
    return true
  } catch {
    return false
  }
}

const redisUp = await reachable(async () => {
  const { Redis } = await import('ioredis')
  const client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000 })
  try {
    await client.connect()
    await client.ping()
  } finally {
    client.disconnect()
  }
})
const pgUp = await reachable(async () => {
  const pg = (await import('pg')).default
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 1000 })
  await client.connect()
  await client.end()
})
if (!redisUp) console.log(`skipping the Redis store tests: no Redis at ${REDIS_URL}`)
if (!pgUp) console.log(`skipping the PostgreSQL store tests: no PostgreSQL at ${PG_URL}`)

const base = 'sign_in=1000/60,reads=1000/60,writes=1000/60,imports=1000/60,mcp=1000/60'
const limits = (store: Config['rateLimits']['store']): Config['rateLimits'] => ({
  enabled: true,
  perKey: parseRateLimits('reads=3/60', parseRateLimits(base)),
  perIp: parseRateLimits(base),
  store,
  heavyPerWorkspace: 1,
})

/** Two replicas: the test app and a second app on the same database file and the same counter store. */
async function twoReplicas(store: Config['rateLimits']['store']) {
  const first = await testApp({ rateLimits: limits(store) })
  const second = await createApp(first.config, { inProcessCallsAreLocal: true })
  const callSecond = (path: string, token: string) =>
    second.app.handle(
      new Request(`http://localhost${path}`, {
        headers: {
          authorization: `Bearer ${token}`,
          'x-forwarded-for': `10.9.0.${Math.floor(Math.random() * 250)}`,
        },
      }),
    )
  return {
    first,
    second,
    callSecond,
    async stop() {
      await second.close()
      await first.cleanup()
    },
  }
}

const stops: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const stop of stops) await stop()
})

for (const [name, up, store] of [
  ['Redis', redisUp, { kind: 'redis', url: REDIS_URL }],
  ['PostgreSQL', pgUp, { kind: 'postgres', url: PG_URL }],
] as const) {
  describe.skipIf(!up)(`rate limits in ${name}`, () => {
    it('are shared by two replicas: one quota between them', async () => {
      const replicas = await twoReplicas(store)
      stops.push(replicas.stop)
      const { key } = await replicas.first.userWithKey()
      const statuses = [
        (await replicas.first.call('GET', '/goals', { token: key })).status,
        (await replicas.callSecond('/goals', key)).status,
        (await replicas.first.call('GET', '/goals', { token: key })).status,
        (await replicas.callSecond('/goals', key)).status,
        (await replicas.first.call('GET', '/goals', { token: key })).status,
      ]
      expect(statuses).toEqual([200, 200, 200, 429, 429])
    })

    it('share the heavy-work cap: a slot held on one replica refuses the import on the other', async () => {
      const replicas = await twoReplicas(store)
      stops.push(replicas.stop)
      const person = await replicas.first.userWithKey()
      let release!: () => void
      const held = replicas.second.context.limits.runHeavy(
        person.organizationId,
        () => new Promise<void>((r) => (release = r)),
      )
      while ((await replicas.first.context.limits.heavyRunning(person.organizationId)) < 1)
        await Bun.sleep(10)
      const refused = await replicas.first.call('POST', '/imports/file', {
        token: person.key,
        body: { filename: 'labs.csv', text: 'Test Name,Result,Units\nGlucose,92,mg/dL\n' },
      })
      expect(refused.status).toBe(429)
      expect(refused.body.type).toEndWith('/problems/too-busy')
      release()
      await held
      expect(await replicas.first.context.limits.heavyRunning(person.organizationId)).toBe(0)
    })
  })
}

describe('a counter store that cannot be reached', () => {
  let t: TestApp
  afterAll(() => t?.cleanup())

  it('keeps counting in memory rather than failing requests', async () => {
    t = await testApp({ rateLimits: limits({ kind: 'redis', url: 'redis://127.0.0.1:1' }) })
    const { key } = await t.userWithKey()
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) statuses.push((await t.call('GET', '/goals', { token: key })).status)
    expect(statuses).toEqual([200, 200, 200, 429])
  })
})

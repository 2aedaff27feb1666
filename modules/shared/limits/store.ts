// Where rate-limit counters live. `rate-limiter-flexible` (maintained, atomic per store, used widely)
// does the counting; this file only picks its store from the configuration: this process's memory, Redis,
// or a PostgreSQL table, the last two shared by every replica. A shared store that stops answering does
// not take the service down: each limiter falls back to counting in memory until it answers again.

import type { RateLimiterAbstract } from 'rate-limiter-flexible'
import type { Config } from '../config'
import { postgresLimiter, RateLimiterMemory, redisLimiter } from './limiter-classes'

export interface LimiterStore {
  readonly kind: 'memory' | 'redis' | 'postgres'
  /** A limiter allowing `points` per `seconds`, its keys prefixed with `name`; one per name. */
  limiter(name: string, points: number, seconds: number): RateLimiterAbstract
  close(): Promise<void>
}

const PREFIX = 'wds_rl'
/** The table the PostgreSQL store keeps its counters in (created on first start). */
export const RATE_LIMIT_TABLE = 'wds_rate_limits'

function memoized(build: (name: string, points: number, seconds: number) => RateLimiterAbstract) {
  const limiters = new Map<string, RateLimiterAbstract>()
  return (name: string, points: number, seconds: number) => {
    const id = `${name}:${points}:${seconds}`
    let limiter = limiters.get(id)
    if (!limiter) {
      limiter = build(name, points, seconds)
      limiters.set(id, limiter)
    }
    return limiter
  }
}

const memory = (name: string, points: number, seconds: number) =>
  new RateLimiterMemory({ keyPrefix: `${PREFIX}:${name}`, points, duration: seconds })

export async function createLimiterStore(
  settings: Readonly<Config>['rateLimits']['store'],
): Promise<LimiterStore> {
  if (settings.kind === 'redis') {
    // Each client library is loaded only when its store is configured: the memory store needs neither.
    const { Redis } = await import('ioredis')
    const RateLimiterRedis = redisLimiter()
    // No offline queue: while Redis is unreachable a count fails at once and the memory fallback answers,
    // rather than requests waiting on a reconnect.
    const client = new Redis(settings.url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      lazyConnect: true,
    })
    client.on('error', () => {}) // reconnects on its own; each failed count falls back to memory
    await client.connect().catch(() => {})
    return {
      kind: 'redis',
      limiter: memoized(
        (name, points, seconds) =>
          new RateLimiterRedis({
            storeClient: client,
            keyPrefix: `${PREFIX}:${name}`,
            points,
            duration: seconds,
            insuranceLimiter: memory(name, points, seconds),
          }),
      ),
      close: async () => void client.disconnect(),
    }
  }
  if (settings.kind === 'postgres') {
    const { default: pg } = await import('pg')
    const RateLimiterPostgres = postgresLimiter()
    const pool = new pg.Pool({ connectionString: settings.url, max: 4, connectionTimeoutMillis: 2000 })
    pool.on('error', () => {})
    // The table is created once here, so that limiters built later need not race to create it.
    await new Promise<void>((resolve, reject) => {
      new RateLimiterPostgres(
        {
          storeClient: pool,
          tableName: RATE_LIMIT_TABLE,
          keyPrefix: `${PREFIX}:setup`,
          points: 1,
          duration: 1,
          // This one limiter also deletes expired counters every few minutes, for all of them.
          clearExpiredByTimeout: true,
        },
        (error?: unknown) => (error ? reject(error) : resolve()),
      )
    })
    return {
      kind: 'postgres',
      limiter: memoized(
        (name, points, seconds) =>
          new RateLimiterPostgres({
            storeClient: pool,
            tableName: RATE_LIMIT_TABLE,
            tableCreated: true,
            keyPrefix: `${PREFIX}:${name}`,
            points,
            duration: seconds,
            insuranceLimiter: memory(name, points, seconds),
          }),
      ),
      close: () => pool.end(),
    }
  }
  return { kind: 'memory', limiter: memoized(memory), close: async () => {} }
}

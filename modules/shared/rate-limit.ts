// Fixed-window rate limiting in memory, keyed by purpose and subject (an e-mail, an address).
// One process keeps its own counters; behind several replicas each enforces its own share.

import type { Clock } from './clock'
import { ProblemError } from './problem'

export interface RateRule {
  limit: number
  windowSeconds: number
}

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>()
  constructor(private readonly clock: Clock) {}

  /** Count one hit; throw a 429 problem with Retry-After once the window's limit is passed. */
  hit(key: string, rule: RateRule, what: string): void {
    const now = this.clock.now().getTime()
    const windowMs = rule.windowSeconds * 1000
    let window = this.windows.get(key)
    if (!window || now - window.start >= windowMs) {
      window = { start: now, count: 0 }
      this.windows.set(key, window)
    }
    window.count++
    if (window.count > rule.limit) {
      const retryAfter = Math.max(1, Math.ceil((window.start + windowMs - now) / 1000))
      throw new ProblemError('rateLimited', `Too many ${what}; try again in ${retryAfter} seconds.`, {
        // RateLimit-* after the IETF httpapi draft's first form: the limit, nothing left, seconds to reset.
        headers: {
          'retry-after': String(retryAfter),
          'ratelimit-limit': String(rule.limit),
          'ratelimit-remaining': '0',
          'ratelimit-reset': String(retryAfter),
        },
        extra: { retry_after_seconds: retryAfter },
      })
    }
    if (this.windows.size > 50_000) this.sweep(now)
  }

  /** Drop every counter whose key names this subject (a deleted user's e-mail, privacy deletion). */
  forget(subject: string): number {
    let dropped = 0
    for (const key of this.windows.keys())
      if (key.endsWith(`:${subject}`)) {
        this.windows.delete(key)
        dropped++
      }
    return dropped
  }

  private sweep(now: number): void {
    for (const [key, w] of this.windows) if (now - w.start > 24 * 3600_000) this.windows.delete(key)
  }
}

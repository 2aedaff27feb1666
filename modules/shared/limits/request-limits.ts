// Counting requests against the rate limits, and the cap on heavy work running at once per workspace.
// Each request is counted twice: under its client address (before authentication, so floods of bad
// tokens are limited too) and under its credential (after). The answers carry the IETF `RateLimit` and
// `RateLimit-Policy` headers (draft-ietf-httpapi-ratelimit-headers); the 429 also `Retry-After`.

import type { Config } from '../config'
import type { Logger } from '../logger'
import { ProblemError } from '../problem'
import { RateLimiterRes } from './limiter-classes'
import type { RouteClass } from './rules'
import type { LimiterStore } from './store'

export type LimitScope = 'key' | 'ip'

/** One count: which policy, its quota and window, and what is left of it. */
export interface Counted {
  policy: string
  quota: number
  window: number
  remaining: number
  resetSeconds: number
}

/** How long a heavy-work slot is held at most: a replica that dies mid-request frees its slots by then. */
export const HEAVY_LEASE_SECONDS = 600
/** What a caller turned away by the heavy-work cap is told to wait. */
const HEAVY_RETRY_SECONDS = 5

const policyName = (routeClass: RouteClass, scope: LimitScope) => `${routeClass}-${scope}`

/** `RateLimit-Policy` and `RateLimit` header values for the counts made on one request. */
export function rateLimitHeaders(counts: readonly Counted[]): Record<string, string> {
  if (counts.length === 0) return {}
  return {
    'ratelimit-policy': counts.map((c) => `"${c.policy}";q=${c.quota};w=${c.window}`).join(', '),
    ratelimit: counts.map((c) => `"${c.policy}";r=${c.remaining};t=${c.resetSeconds}`).join(', '),
  }
}

export class RequestLimits {
  constructor(
    private readonly settings: Readonly<Config>['rateLimits'],
    private readonly store: LimiterStore,
    private readonly log: Logger,
  ) {}

  get enabled(): boolean {
    return this.settings.enabled
  }

  /**
   * Count one request by `subject` (a credential id or a client address). Returns the count for the
   * headers, or throws a 429 problem once the window's quota is used up. A store that fails (and whose
   * memory fallback fails too) lets the request through: limits protect capacity, not data.
   */
  async count(
    routeClass: RouteClass,
    scope: LimitScope,
    subject: string,
    earlier: readonly Counted[] = [],
  ): Promise<Counted | null> {
    if (!this.settings.enabled) return null
    const rule = (scope === 'key' ? this.settings.perKey : this.settings.perIp)[routeClass]
    const policy = policyName(routeClass, scope)
    const limiter = this.store.limiter(policy, rule.points, rule.seconds)
    const counted = (res: InstanceType<typeof RateLimiterRes>): Counted => ({
      policy,
      quota: rule.points,
      window: rule.seconds,
      remaining: Math.max(0, res.remainingPoints),
      resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
    })
    try {
      return counted(await limiter.consume(subject))
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) {
        this.log.warn('rate_limit.store_failed', {
          store: this.store.kind,
          error: (rejection as Error)?.name,
        })
        return null
      }
      const over = counted(rejection)
      const retryAfter = over.resetSeconds
      const who = scope === 'key' ? 'this credential' : 'this address'
      throw new ProblemError(
        'rateLimited',
        `Too many ${routeClass.replace('_', '-')} requests from ${who}: ${rule.points} per ${rule.seconds} seconds; try again in ${retryAfter} seconds.`,
        {
          headers: { 'retry-after': String(retryAfter), ...rateLimitHeaders([...earlier, over]) },
          extra: { retry_after_seconds: retryAfter, route_class: routeClass, limited_by: scope },
        },
      )
    }
  }

  /**
   * Run heavy work holding one of the workspace's HEAVY_WORK_PER_WORKSPACE slots; with none free,
   * a 429 `too-busy` problem. The slot is given back when `work` settles, or after the lease at most.
   */
  async runHeavy<T>(organizationId: string, work: () => Promise<T>): Promise<T> {
    if (!this.settings.enabled) return work()
    const cap = this.settings.heavyPerWorkspace
    const slots = this.store.limiter('heavy', cap, HEAVY_LEASE_SECONDS)
    let held = true
    try {
      await slots.consume(organizationId)
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        // A refused consume still counted one; give it back, it holds no slot.
        await this.release(organizationId)
        throw new ProblemError(
          'tooBusy',
          `This workspace already has ${cap} heavy requests (imports, analyses, exports, genetics jobs) running; try again in a few seconds.`,
          {
            headers: { 'retry-after': String(HEAVY_RETRY_SECONDS) },
            extra: {
              retry_after_seconds: HEAVY_RETRY_SECONDS,
              limit: 'HEAVY_WORK_PER_WORKSPACE',
              running: cap,
            },
          },
        )
      }
      this.log.warn('rate_limit.store_failed', { store: this.store.kind, error: (rejection as Error)?.name })
      held = false
    }
    try {
      return await work()
    } finally {
      if (held) await this.release(organizationId)
    }
  }

  /** Slots a workspace holds now (tests, metrics). */
  async heavyRunning(organizationId: string): Promise<number> {
    const slots = this.store.limiter('heavy', this.settings.heavyPerWorkspace, HEAVY_LEASE_SECONDS)
    const res = await slots.get(organizationId).catch(() => null)
    return res ? Math.max(0, res.consumedPoints) : 0
  }

  private async release(organizationId: string): Promise<void> {
    const slots = this.store.limiter('heavy', this.settings.heavyPerWorkspace, HEAVY_LEASE_SECONDS)
    try {
      const res = await slots.reward(organizationId, 1)
      // Released after the lease ran out: the counter restarted, so the reward went below zero.
      if (res.consumedPoints < 0) await slots.delete(organizationId)
    } catch {
      // The lease expiry frees the slot.
    }
  }

  close(): Promise<void> {
    return this.store.close()
  }
}

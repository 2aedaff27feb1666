// The application context: every dependency a service needs, built once per app (tests build their own).
// Handlers receive it as `ctx.app`; services take the parts they use as plain arguments.

import type { Database } from '../../db/client'
import type { Payments } from '../payments/payments'
import type { AuditTrail } from './audit'
import type { Clock } from './clock'
import type { Config } from './config'
import type { RequestLimits } from './limits/request-limits'
import type { Logger } from './logger'
import type { DevOutbox, Mailer } from './mail'
import type { Metrics } from './metrics'
import type { AnyOperation } from './operation'
import type { PlanLookup, RequestAllowance } from './plans'
import type { Principal } from './principal'
import type { JobQueue } from './queue'
import type { RateLimiter } from './rate-limit'
import type { BlobStorage } from './storage'

/** What a bearer token resolved to: a principal, or why it was refused. */
export type Authentication =
  | { ok: true; principal: Principal }
  | { ok: false; reason: 'malformed' | 'unknown' | 'expired' | 'revoked' | 'invalid'; detail: string }

export interface AppContext {
  config: Readonly<Config>
  db: Database
  clock: Clock
  log: Logger
  mailer: Mailer
  /** The development outbox when mail is not configured; null with SMTP. */
  outbox: DevOutbox | null
  /** Per-purpose limits with their own rules (sign-in mail per e-mail, sandbox sessions per address). */
  rateLimiter: RateLimiter
  /** Request limits by route class, per credential and per address, and the heavy-work cap. */
  limits: RequestLimits
  plans: PlanLookup
  /** The hosted introductory allowance, charged once per protected request (HTTP route or MCP tool). */
  allowance: RequestAllowance
  /** Prometheus metrics of this app (GET /metrics). */
  metrics: Metrics
  /** The append-only trail of security events (the audit module). */
  audit: AuditTrail
  /** Where uploaded files live: local disk (DATA_DIR/blobs) or an S3-compatible bucket. */
  storage: BlobStorage
  /** The job queue: embedded (in-process, SQLite) or graphile-worker (PostgreSQL). */
  queue: JobQueue
  /** Turns a bearer token into a principal (provided by the auth module). */
  authenticate(token: string): Promise<Authentication>
  /** Distinguishes apps built in one process (tests build many); seeds named plugins. */
  instanceId: string
  /** Every declared operation of the app; discovery and MCP derive from it. */
  operations: readonly AnyOperation[]
  /** The x402 pay-per-request path; null when x402 is off. */
  payments: Payments | null
}

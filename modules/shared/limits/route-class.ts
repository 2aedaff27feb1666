// Which limits an operation is counted under. The class follows from the declaration (method, MCP
// annotations, module), so a new operation is classified the day it is added; the few exceptions are
// listed here by id, and a test checks that every id listed still exists.

import type { AnyOperation } from '../operation'
import type { RouteClass } from './rules'

/** Not counted: load-balancer probes and signed provider callbacks (the provider retries on 429). */
export const UNLIMITED_OPERATIONS: ReadonlySet<string> = new Set([
  'discovery.health',
  'discovery.ready',
  'billing.stripe_webhook',
])

/** Sign-in and anonymous session starts: each one can send mail or mint a credential. */
const SIGN_IN_OPERATIONS: ReadonlySet<string> = new Set([
  'auth.otp.start',
  'auth.otp.verify',
  'auth.otp.link',
  'auth.otp.link_page',
  'sandbox.sessions.create',
])

/** Requests that carry or launch a file's worth of work (uploads, parsing, genetics jobs). */
const IMPORT_OPERATIONS: ReadonlySet<string> = new Set([
  'imports.file',
  'genetics.uploads.create',
  'genetics.uploads.put_content',
  'genetics.uploads.part_urls',
  'genetics.uploads.complete',
])

/**
 * Heavy work: parsing a file, running an analysis or a model, building an export, syncing a provider,
 * launching a genetics job. One workspace runs at most HEAVY_WORK_PER_WORKSPACE of these at once.
 */
export const HEAVY_OPERATIONS: ReadonlySet<string> = new Set([
  'imports.file',
  'genetics.uploads.put_content',
  'genetics.uploads.complete',
  'genetics.ancestry',
  'analyses.create',
  'analyses.action_plan',
  'analyses.query',
  'analyses.health_context',
  'analyses.wearables',
  'trends.compute',
  'wearables.sync',
  'privacy.export',
  'privacy.export_post',
  'privacy.delete',
])

export function routeClassOf(op: AnyOperation): RouteClass | null {
  if (UNLIMITED_OPERATIONS.has(op.id)) return null
  if (SIGN_IN_OPERATIONS.has(op.id)) return 'sign_in'
  if (op.id.startsWith('mcp.')) return 'mcp'
  if (IMPORT_OPERATIONS.has(op.id)) return 'imports'
  // A read sent as POST (trends, health context) is still a read; the MCP annotations say which.
  if (op.method === 'GET' || op.mcp?.annotations.readOnly) return 'reads'
  return 'writes'
}

export const isHeavy = (op: AnyOperation) => HEAVY_OPERATIONS.has(op.id)

/** Ids listed above that name no operation (a renamed or removed operation). */
export function staleLimitIds(operations: readonly AnyOperation[]): string[] {
  const ids = new Set(operations.map((op) => op.id))
  return [...UNLIMITED_OPERATIONS, ...SIGN_IN_OPERATIONS, ...IMPORT_OPERATIONS, ...HEAVY_OPERATIONS].filter(
    (id) => !ids.has(id),
  )
}

// The access sweep's map of the operation registry: how each operation is attacked by another user.
// Every operation is classified here or by rule; an operation the sweep cannot classify (a public route
// nobody reviewed, an id-like field it does not know how to fill with the victim's value) is reported
// as a finding, so a new operation cannot slip past the sweep by being new.

import type { AnyOperation, ExampleRequest } from '../../modules/shared/operation'

/** What the victim (user A) owns, as the sweep fills it into another user's requests. */
export interface VictimData {
  userId: string
  organizationId: string
  /** Record ids by the resource they name (see RESOURCE_OF_ID_PATH). */
  ids: Record<Resource, string | null>
  /** Strings only A's data contains (email, file names, titles): never in another user's answer. */
  distinctive: string[]
  /** A's next_cursor per list operation id. */
  cursors: Record<string, string>
}

export type Resource =
  | 'source'
  | 'genetic_source'
  | 'analysis'
  | 'goal'
  | 'dashboard_link'
  | 'genetics_upload'
  | 'genetics_job'
  | 'api_key'
  | 'service_token'
  | 'session'
  | 'export_job'
  | 'wearable_sync_job'
  | 'webhook_endpoint'
  | 'webhook_delivery'

/** `:id` in a path names a record of this resource, by the path's prefix. */
const RESOURCE_OF_ID_PATH: [prefix: string, resource: Resource][] = [
  ['/sources/', 'source'],
  ['/genetics/uploads/', 'genetics_upload'],
  ['/genetics/jobs/', 'genetics_job'],
  ['/analyses/', 'analysis'],
  ['/goals/', 'goal'],
  ['/dashboard-links/', 'dashboard_link'],
  ['/api-keys/', 'api_key'],
  ['/service-tokens/', 'service_token'],
  ['/auth/sessions/', 'session'],
  ['/connections/wearables/sync-jobs/', 'wearable_sync_job'],
  ['/webhooks/endpoints/', 'webhook_endpoint'],
  ['/webhooks/deliveries/', 'webhook_delivery'],
]

/** Input fields (outside `:id`) that name a record, and the resource they name. */
const RESOURCE_OF_FIELD: Record<string, (op: AnyOperation) => Resource> = {
  source_id: (op) => (op.path.startsWith('/genetics/') ? 'genetic_source' : 'source'),
  source_ids: () => 'source',
  analysis_id: () => 'analysis',
  job_id: (op) => (op.path.startsWith('/users/') ? 'export_job' : 'genetics_job'),
  endpoint_id: () => 'webhook_endpoint',
}

/**
 * Query fields that filter the caller's own list rather than address a record: naming A's record there
 * must give B a refusal or an empty list, never A's rows.
 */
const FILTER_FIELDS = new Set(['genetics.findings.list source_id', 'webhooks.deliveries.list endpoint_id'])

/** Fields that look like a reference to a record but name something public or the caller's own. */
const NOT_A_REFERENCE: Record<string, string> = {
  design_id: 'a dashboard design from the public catalogue',
  ttl_seconds: 'a duration',
  client_id: "the integrator's OAuth app at the wearable provider, not a record here",
  provider_user_id:
    "the provider's id for a user; a sync only reads the caller's own connection, matched against it",
  refresh_token: 'a provider token the caller itself holds; the service keeps none it could hand over',
}

/** Public operations (grant null): each reviewed, with why it cannot expose another user's data. */
export const PUBLIC_OPERATIONS: Record<string, string> = {
  'discovery.openapi': 'the API description',
  'discovery.capabilities': 'static service capabilities',
  'discovery.pricing': 'the price list',
  'observability.metrics': 'operational counters by route template, behind METRICS_TOKEN; no user data',
  'discovery.health': 'liveness',
  'discovery.ready': 'readiness',
  'discovery.problem_type': 'problem type documentation',
  'discovery.x402': 'the payable-route catalogue',
  'docs.page': 'the API reference page',
  'docs.asset.stylesheet': 'a static asset',
  'docs.asset.script': 'a static asset',
  'auth.otp.start': 'sends a code to the address given; answers the same for every address',
  'auth.otp.verify': 'needs the code mailed to the address',
  'auth.otp.link_page': 'a page that posts the mailed link token',
  'auth.otp.link': 'needs the mailed link token',
  'sandbox.sessions.create': 'creates a fresh synthetic sandbox',
  'mcp.get': 'the MCP stream endpoint; answers 405',
  'mcp.delete': 'the MCP session end; stateless server',
  'oauth.protected_resource': 'RFC 9728 protected-resource metadata, the same for everyone',
  'oauth.protected_resource_mcp': 'RFC 9728 protected-resource metadata of /mcp, the same for everyone',
  'billing.stripe_webhook': 'authorised by the Stripe signature of its body; answers nothing of anyone',
  'wearables.webhooks.whoop':
    'authorised by the WHOOP signature of its body; queues syncs of connections it names, answers only a count',
  'wearables.webhooks.oura':
    'authorised by the Oura signature of its body; queues syncs of connections it names, answers only a count',
  'wearables.webhooks.oura_verify': "echoes Oura's challenge for the configured verification token only",
  'wearables.callback':
    "WHOOP/Oura need a bearer with the wearables grant and the caller's own scope (gate and handler); health_connect is authorised by the single-use connection code shown to the signed-in person (rate-limited); test/modules/wearables/connections/health-connect.test.ts attacks both",
}

/**
 * Public operations authorised by a capability token in the URL instead of a bearer credential. The
 * sweep calls them with A's record id and the example's well-formed token, which is not A's.
 */
export const CAPABILITY_OPERATIONS: Record<string, { resource: Resource | null; why: string }> = {
  'genetics.uploads.put_content': { resource: 'genetics_upload', why: 'the upload token from upload_url' },
  'privacy.export_archive': { resource: 'export_job', why: 'the archive token from the export job' },
  'dashboards.page': { resource: null, why: 'the dashboard link token is the whole path' },
}

/** Operations served only outside production; the sweep leaves them out (they never ship). */
export const DEV_ONLY_NOTE = 'served only outside production (devOnly); not part of the shipped surface'

/**
 * Authenticated operations that name nothing of another user: the sweep calls them as B and checks
 * the answer holds none of A's data, whatever its status.
 */
export const OWN_ONLY_OPERATIONS: Record<string, string> = {
  'auth.api_keys.create': 'creates a key for the calling session',
  'auth.api_keys.list': "lists the session's own keys",
  'auth.sessions.list': "lists the caller's own sessions",
  'auth.me': 'describes the caller',
  'sandbox.hero': 'runs on the synthetic sandbox',
  'analyses.create': "analyses the caller's own sources when none are named",
  'analyses.wearables': "analyses the caller's own wearable sources when none are named",
  'analyses.query': "answers from the caller's own data",
  'dashboards.designs': 'the public design catalogue',
  'goals.create': 'creates a goal for the caller',
  'providers.search': 'a public directory of providers',
  'wearables.connections': "lists the caller's own wearable connections",
  'billing.subscription': "the caller's own workspace plan and usage",
  'billing.checkout': "starts a checkout for the caller's own workspace",
  'billing.portal': "opens the portal of the caller's own workspace",
  'wearables.refresh': 'refreshes a provider token the caller sends; stores and reads nothing of anyone',
  'wearables.disconnect': "disconnects the caller's own connection, named by provider",
  'imports.file': 'imports into the caller’s own data (user_id/organization_id are swept)',
  'wearables.records.upload': "uploads into the caller's own data (user_id/organization_id are swept)",
  'wearables.records.stream':
    "streams records into the caller's own data; a header naming another user is 403 (upload.test.ts)",
  'webhooks.endpoints.create': "registers an endpoint in the caller's own workspace",
}

/** Operations the sweep must not call as B, with why (calling would end B's own credential). */
export const NOT_CALLED: Record<string, string> = {
  'auth.sign_out': "ends the caller's own session and names nothing else",
  'mcp.post': 'the MCP transport itself; the sweep goes through it with tools/call',
}

export type AttemptKind = 'ids' | 'filter' | 'scope' | 'cursor' | 'own' | 'capability'

export interface Attempt {
  op: AnyOperation
  kind: AttemptKind
  params: Record<string, unknown>
  query: Record<string, unknown>
  body: Record<string, unknown> | undefined
}

export interface Plan {
  attempts: (caller: { userId: string; organizationId: string }) => Attempt[]
}

export type Classification = { plan: Plan } | { skip: string } | { unclassified: string }

const ID_LIKE = /(^id$|_id$|_ids$|^cursor$|token)/

function fieldsOf(op: AnyOperation): string[] {
  return [op.params, op.query, op.body].flatMap((part) => Object.keys(part?.properties ?? {}))
}

function clone(example: ExampleRequest | undefined) {
  const copy = JSON.parse(JSON.stringify(example ?? {})) as ExampleRequest
  return {
    params: copy.params ?? {},
    query: copy.query ?? {},
    body: copy.body ?? (undefined as Record<string, unknown> | undefined),
  }
}

/** Put `value` into whichever input part declares `field`. */
function setField(op: AnyOperation, input: ReturnType<typeof clone>, field: string, value: unknown) {
  if (op.params?.properties[field]) input.params[field] = value
  else if (op.query?.properties[field]) input.query[field] = value
  else if (op.body?.properties[field]) {
    input.body ??= {}
    input.body[field] = value
  }
}

/** The resource `:id` names in this operation's path, if the sweep knows it. */
function resourceOfIdPath(op: AnyOperation): Resource | undefined {
  return RESOURCE_OF_ID_PATH.find(([prefix]) => op.path.startsWith(prefix))?.[1]
}

/** Classify one operation against A's data; never throws. */
export function classify(op: AnyOperation, victim: VictimData): Classification {
  if (op.devOnly) return { skip: DEV_ONLY_NOTE }
  if (NOT_CALLED[op.id]) return { skip: NOT_CALLED[op.id] }
  if (op.grant === null) {
    if (PUBLIC_OPERATIONS[op.id]) return { skip: PUBLIC_OPERATIONS[op.id] }
    const capability = CAPABILITY_OPERATIONS[op.id]
    if (!capability)
      return { unclassified: 'a public operation nobody has reviewed: add it to PUBLIC or CAPABILITY' }
    return { plan: capabilityPlan(op, victim, capability.resource) }
  }
  // Every id-like field must be fillable with A's value.
  const foreign: [field: string, value: unknown][] = []
  let hasScopeField = false
  for (const field of fieldsOf(op)) {
    if (field === 'user_id' || field === 'organization_id') {
      hasScopeField = true
      continue
    }
    if (field === 'cursor' || NOT_A_REFERENCE[field]) continue
    if (field === 'id') {
      const resource = resourceOfIdPath(op)
      if (!resource) return { unclassified: `":id" in ${op.path} names a resource the sweep does not know` }
      const value = victim.ids[resource]
      if (value === null) return { skip: `A holds no ${resource} in the sweep's fixture` }
      foreign.push([field, value])
      continue
    }
    const toResource = RESOURCE_OF_FIELD[field]
    if (toResource) {
      const value = victim.ids[toResource(op)]
      if (value === null) continue
      foreign.push([field, field.endsWith('_ids') ? [value] : value])
      continue
    }
    if (ID_LIKE.test(field))
      return { unclassified: `field "${field}" looks like a reference the sweep cannot fill` }
  }
  const hasCursor = Boolean(op.query?.properties.cursor)
  if (hasCursor && !victim.cursors[op.id] && foreign.length === 0)
    return { unclassified: 'a list the sweep has no cursor of A for: give A enough records to page' }
  if (foreign.length === 0 && !hasScopeField && !hasCursor && !OWN_ONLY_OPERATIONS[op.id])
    return { unclassified: 'names nothing of another user: review it and add it to OWN_ONLY_OPERATIONS' }

  return {
    plan: {
      attempts(caller) {
        const attempts: Attempt[] = []
        const base = () => {
          const input = clone(op.example?.request)
          if (hasScopeField) {
            setField(op, input, 'user_id', caller.userId)
            setField(op, input, 'organization_id', caller.organizationId)
          }
          // An example's own cursor is not B's; leave paging out unless swept.
          delete input.query.cursor
          return input
        }
        if (foreign.length > 0) {
          const input = base()
          for (const [field, value] of foreign) setField(op, input, field, value)
          const onlyFilters = foreign.every(([field]) => FILTER_FIELDS.has(`${op.id} ${field}`))
          attempts.push({ op, kind: onlyFilters ? 'filter' : 'ids', ...input })
        }
        if (hasScopeField) {
          const input = base()
          for (const [field, value] of foreign) setField(op, input, field, value)
          setField(op, input, 'user_id', victim.userId)
          setField(op, input, 'organization_id', victim.organizationId)
          attempts.push({ op, kind: 'scope', ...input })
        }
        if (hasCursor && victim.cursors[op.id]) {
          const input = base()
          for (const [field, value] of foreign) setField(op, input, field, value)
          input.query.cursor = victim.cursors[op.id]
          attempts.push({ op, kind: 'cursor', ...input })
        }
        if (attempts.length === 0) attempts.push({ op, kind: 'own', ...base() })
        return attempts
      },
    },
  }
}

function capabilityPlan(op: AnyOperation, victim: VictimData, resource: Resource | null): Plan {
  return {
    attempts() {
      const input = clone(op.example?.request)
      if (resource && input.params.id !== undefined) {
        const value = victim.ids[resource]
        if (value) input.params.id = value
      }
      // A well-formed token that was never issued, where the example leaves it out.
      if (op.query?.properties.token && input.query.token === undefined)
        input.query.token = 'never-issued-capability-token-0123456789'
      return [{ op, kind: 'capability', ...input }]
    },
  }
}

/** The request path of an attempt: `:name` segments filled from its params. */
export function pathOf(attempt: Attempt): string {
  const path = attempt.op.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) =>
    encodeURIComponent(String(attempt.params[name])),
  )
  const query = new URLSearchParams()
  for (const [name, value] of Object.entries(attempt.query)) {
    if (value === undefined) continue
    query.set(name, Array.isArray(value) ? value.join(',') : String(value))
  }
  const qs = query.toString()
  return qs ? `${path}?${qs}` : path
}

/** The strings of A's that this answer must not contain: all distinctive values, and A's ids B did not send. */
export function needlesFor(victim: VictimData, sent: string): string[] {
  const ids = [victim.userId, victim.organizationId, ...Object.values(victim.ids)].filter(
    (id): id is string => typeof id === 'string' && !sent.includes(id),
  )
  return [...victim.distinctive, ...ids]
}

/** The needles found in an answer (status line, headers and body as text). */
export function leaksIn(answer: string, needles: string[]): string[] {
  const lower = answer.toLowerCase()
  return needles.filter((needle) => lower.includes(needle.toLowerCase()))
}

/** Statuses that refuse without answering: what every attempt on A's records must get. */
export const REFUSALS = new Set([401, 402, 403, 404])

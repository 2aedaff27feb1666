// Mounts declared operations as Elysia routes. Each route keeps full TypeBox validation of params, query,
// body and response; the gate runs in `transform`, which Elysia calls before validation.

import type { TObject } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { Elysia } from 'elysia'
import { fulfil } from '../payments/fulfilment'
import type { AppContext } from './context'
import { gate } from './gate'
import { discardBody, readJsonBody } from './http-body'
import { type Counted, rateLimitHeaders } from './limits/request-limits'
import { isHeavy, routeClassOf } from './limits/route-class'
import { type AnyOperation, bodyLimit, type RequestInfo } from './operation'
import type { Principal } from './principal'
import { ProblemError } from './problem'
import { Representation } from './representation'
import { clientIpOf, requestIdOf } from './request-info'
import { requestSlot } from './request-slot'
import { compileResponseCheck } from './response-check'
import { resolveCaller, scopePlugin } from './scope'

const principals = requestSlot<Principal | null>('principal')
const addressCounts = requestSlot<Promise<Counted | null>>('address count')

/**
 * Count the request under its client address, once: from the body parser when the operation takes a
 * body (so a flood is turned away before its body is read), else from `transform`.
 */
function countAddress(op: AnyOperation, request: Request, app: AppContext): Promise<Counted | null> {
  let pending = addressCounts.get(request)
  if (!pending) {
    const routeClass = routeClassOf(op)
    pending = routeClass
      ? app.limits.count(routeClass, 'ip', clientIpOf(request) ?? 'unknown')
      : Promise.resolve(null)
    addressCounts.set(request, pending)
  }
  return pending
}

/** Count the request under the caller's credential (after the gate); both counts go into the headers. */
async function countRequest(
  op: AnyOperation,
  request: Request,
  principal: Principal | null,
  app: AppContext,
): Promise<Record<string, string>> {
  const counts: Counted[] = []
  const byAddress = await countAddress(op, request, app)
  if (byAddress) counts.push(byAddress)
  const routeClass = routeClassOf(op)
  if (routeClass && principal) {
    const subject = `${principal.kind}:${principal.credential_id}`
    const byKey = await app.limits.count(routeClass, 'key', subject, counts)
    if (byKey) counts.push(byKey)
  }
  return rateLimitHeaders(counts)
}

/**
 * Elysia's default normalizer mirrors a value into the schema's shape before validating it, which turned
 * a body of `"str"`, `[1,2]` or `1` into `{}` and `{"profile":123}` into `{"profile":{}}`. TypeBox's
 * normalizer only removes undeclared fields, so a wrong type is a 422 and undeclared output fields are
 * still stripped from responses.
 */
export const STRICT_NORMALIZE = 'typebox' as const

/** Convert declared integer/number/boolean fields of a query or path from their string form, strictly. */
function coerceScalars(schema: TObject | undefined, values: Record<string, unknown> | undefined): void {
  if (!schema || !values) return
  for (const [name, property] of Object.entries(schema.properties)) {
    const raw = values[name]
    if (typeof raw !== 'string') continue
    const type = (property as { type?: string }).type
    if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(raw)) values[name] = Number(raw)
    else if (type === 'boolean' && (raw === 'true' || raw === 'false')) values[name] = raw === 'true'
  }
}

/** Pages, archives and event streams are Responses the handler builds itself; no JSON to validate. */
const isStreamOrPage = (op: AnyOperation) =>
  op.produces === 'text/html' || op.produces === 'application/zip' || op.produces === 'text/event-stream'

/** Public documents may be kept by caches, which must ask again (a 304 when nothing changed). */
const DOCUMENT_CACHE_CONTROL = 'public, no-cache'

/**
 * A document operation's answer, built once: the handler's output checked against the declared schema
 * (undeclared fields dropped, as response validation does), serialized, tagged.
 */
async function buildDocument(op: AnyOperation, app: AppContext, info: RequestInfo): Promise<Representation> {
  const value = await op.handler({ params: undefined, query: undefined, body: undefined }, {
    principal: null,
    app,
    request: info,
  } as never)
  const cleaned = Value.Clean(op.output, structuredClone(value))
  if (!Value.Check(op.output, cleaned)) throw new Error(`${op.id}: the document does not match its schema`)
  return new Representation(JSON.stringify(cleaned))
}

export function operationsPlugin(name: string, operations: readonly AnyOperation[], app: AppContext) {
  const documents = new Map<string, Promise<Representation>>()
  const documentOf = (op: AnyOperation, info: RequestInfo) => {
    let document = documents.get(op.id)
    if (!document) {
      document = buildDocument(op, app, info)
      documents.set(op.id, document)
      // A failed build is not kept: the next request tries again.
      document.catch(() => documents.delete(op.id))
    }
    return document
  }
  const plugin = new Elysia({
    name: `module.${name}`,
    seed: app.instanceId,
    normalize: STRICT_NORMALIZE,
  }).use(scopePlugin(app))
  for (const op of operations) {
    if (op.devOnly && app.config.nodeEnv === 'production') continue
    const status = op.status ?? 200
    const checkResponse = isStreamOrPage(op) ? null : compileResponseCheck(op.output)
    plugin.route(
      op.method,
      op.path,
      async ({ params, query, body, request, set }) => {
        set.status = status
        // The URL is parsed only for the handlers that read it.
        let url: URL | undefined
        const info: RequestInfo = {
          raw: request,
          id: requestIdOf(request),
          ip: clientIpOf(request),
          headers: request.headers,
          get url() {
            url ??= new URL(request.url)
            return url
          },
        }
        if (op.document) {
          const answer = (await documentOf(op, info)).answer(
            request,
            DOCUMENT_CACHE_CONTROL,
            set.headers as Record<string, string>,
          )
          set.status = answer instanceof Response ? answer.status : 200
          return answer
        }
        const principal = principals.get(request) ?? null
        // After validation, so a malformed request does not use up the hosted introductory allowance.
        await app.allowance.charge(op, principal)
        const input = {
          params: op.params ? params : undefined,
          query: op.query ? query : undefined,
          body: op.body ? body : undefined,
        }
        // Security events (sign-in, keys, exports …) go to the audit trail around the handler.
        const audit = () =>
          app.audit.around({ op, principal, request: info, input }, async () =>
            op.handler(input as never, { principal, app, request: info } as never),
          )
        // Heavy work holds one of the workspace's slots while it runs (HEAVY_WORK_PER_WORKSPACE).
        const run = () =>
          principal && isHeavy(op) ? app.limits.runHeavy(principal.organization_id, audit) : audit()
        // Paid and idempotent requests: buffered, settled after success, replayed on retry (payments module).
        const fulfilled = await fulfil(app, op, request, principal, input.body, run)
        const result = fulfilled.result
        Object.assign(set.headers, fulfilled.headers)
        if (fulfilled.status !== null) set.status = fulfilled.status
        // A Response a handler built keeps its own status (Elysia would put the declared one over a 200).
        if (result instanceof Response) {
          set.status = result.status
          return result
        }
        if (!checkResponse) return result
        const checked = checkResponse(result)
        if (checked.ok) return checked.value
        app.log.error('response.invalid', {
          request_id: info.id,
          errors: checked.errors.map((e) => ({ in: 'response', ...e })),
        })
        throw new ProblemError(
          'internal',
          'An unexpected error occurred; quote the request_id when reporting it.',
        )
      },
      {
        params: op.params,
        query: op.query,
        body: op.body,
        // The response is checked above (response-check.ts), not by Elysia: same rule, faster common case.
        parse: op.body
          ? async ({ request }) => {
              // A problem thrown while parsing would reach the client as a 400; a caller over its
              // address's limit has its body dropped unread here and gets the 429 from `transform`.
              const overLimit = await countAddress(op, request, app).then(
                () => false,
                () => true,
              )
              if (overLimit) return discardBody(request)
              // Authentication is decided from the headers first: the body of a caller the gate will turn
              // away with 401 is never read, so anonymous uploads cannot make the server buffer them.
              const caller = await resolveCaller(request, app)
              // A signed payment is verified before the handler runs, so its body is read like a caller's.
              const paying =
                caller.state === 'anonymous' &&
                op.x402 !== undefined &&
                app.payments !== null &&
                request.headers.has('payment-signature')
              if (op.grant !== null && caller.state !== 'authenticated' && !paying)
                return discardBody(request)
              return readJsonBody(request, bodyLimit(op, app.config))
            }
          : 'none',
        async transform({ request, params, query, body, set }) {
          coerceScalars(op.params, params as Record<string, unknown>)
          coerceScalars(op.query, query as Record<string, unknown>)
          await countAddress(op, request, app)
          const principal = await gate(op, request, { params, query, body }, app)
          principals.set(request, principal)
          Object.assign(set.headers, await countRequest(op, request, principal, app))
        },
      },
    )
  }
  return plugin
}

// Mounts declared operations as Elysia routes. Each route keeps full TypeBox validation of params, query,
// body and response; the gate runs in `transform`, which Elysia calls before validation.

import type { TObject } from '@sinclair/typebox'
import { Elysia } from 'elysia'
import type { AppContext } from './context'
import { gate } from './gate'
import { discardBody, readJsonBody } from './http-body'
import { type AnyOperation, bodyLimit, type RequestInfo } from './operation'
import type { Principal } from './principal'
import { clientIpOf, requestIdOf } from './request-info'
import { resolveCaller, scopePlugin } from './scope'

const principals = new WeakMap<Request, Principal | null>()

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

export function operationsPlugin(name: string, operations: readonly AnyOperation[], app: AppContext) {
  const plugin = new Elysia({
    name: `module.${name}`,
    seed: app.instanceId,
    normalize: STRICT_NORMALIZE,
  }).use(scopePlugin(app))
  for (const op of operations) {
    if (op.devOnly && app.config.nodeEnv === 'production') continue
    const status = op.status ?? 200
    plugin.route(
      op.method,
      op.path,
      async ({ params, query, body, request, set }) => {
        set.status = status
        const info: RequestInfo = {
          raw: request,
          id: requestIdOf(request),
          ip: clientIpOf(request),
          headers: request.headers,
          url: new URL(request.url),
        }
        const principal = principals.get(request) ?? null
        // After validation, so a malformed request does not use up the hosted introductory allowance.
        await app.allowance.charge(op, principal)
        const result = await op.handler(
          {
            params: op.params ? params : undefined,
            query: op.query ? query : undefined,
            body: op.body ? body : undefined,
          },
          { principal, app, request: info } as never,
        )
        // A Response a handler built keeps its own status (Elysia would put the declared one over a 200).
        if (result instanceof Response) set.status = result.status
        return result
      },
      {
        params: op.params,
        query: op.query,
        body: op.body,
        response: isStreamOrPage(op) ? undefined : { [status]: op.output },
        parse: op.body
          ? async ({ request }) => {
              // Authentication is decided from the headers first: the body of a caller the gate will turn
              // away with 401 is never read, so anonymous uploads cannot make the server buffer them.
              const caller = await resolveCaller(request, app)
              if (op.grant !== null && caller.state !== 'authenticated') return discardBody(request)
              return readJsonBody(request, bodyLimit(op, app.config))
            }
          : 'none',
        async transform({ request, params, query, body }) {
          coerceScalars(op.params, params as Record<string, unknown>)
          coerceScalars(op.query, query as Record<string, unknown>)
          principals.set(request, await gate(op, request, { params, query, body }, app))
        },
      },
    )
  }
  return plugin
}

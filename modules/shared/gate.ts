// The gate every operation passes before its input is validated: who is calling (401), may this kind of
// caller use it and does the token carry the grant (403), is the body readable (400/413/415), and does the
// request name only the caller's own user and workspace (403). Auth comes first so that an anonymous
// probe learns nothing about validation.

import type { AuditedCall } from './audit'
import type { AppContext } from './context'
import { assertBodyReadable } from './http-body'
import type { AnyOperation } from './operation'
import { planFor, SERVE_OTHERS_RULE } from './plans'
import { DATA_GRANTS, hasGrant, type Principal } from './principal'
import { ProblemError } from './problem'
import { metadataUrl, resourceOfPath } from './protected-resource'
import { clientIpOf, requestIdOf } from './request-info'
import { resolveCaller } from './scope'

const WWW_AUTHENTICATE = 'Bearer realm="wellness"'

/**
 * The 401 challenge names the resource's metadata (RFC 9728 section 5.1), so an OAuth client that
 * meets it (an agent platform adding /mcp by URL) can find where to get a token.
 */
function unauthorized(detail: string, request: Request, app: AppContext, reason?: string): ProblemError {
  const resource = resourceOfPath(new URL(request.url).pathname)
  // For /mcp, the scopes an OAuth client should ask for (MCP authorization: scope in the challenge):
  // the data grants, not the account-wide ones (billing, export, deletion, service tokens).
  const scope = resource === 'mcp' ? `, scope="${DATA_GRANTS.join(' ')}"` : ''
  const metadata = `resource_metadata="${metadataUrl(app.config, resource)}"${scope}`
  const challenge = reason
    ? `${WWW_AUTHENTICATE}, error="invalid_token", ${metadata}`
    : `${WWW_AUTHENTICATE}, ${metadata}`
  return new ProblemError('unauthorized', detail, { headers: { 'www-authenticate': challenge } })
}

export async function gate(
  op: AnyOperation,
  request: Request,
  input: { params?: unknown; query?: unknown; body?: unknown },
  app: AppContext,
): Promise<Principal | null> {
  const caller = await resolveCaller(request, app)
  let principal: Principal | null = null
  if (op.grant !== null) {
    if (caller.state === 'anonymous' && op.x402 && app.payments) {
      // Pay-per-request (SPEC "Pay-per-request authorization"): only without an Authorization header.
      // Decided here, before the body is validated, so an empty probe still learns the price.
      principal = await app.payments.admit(op, request, app)
    } else if (caller.state === 'anonymous') {
      throw unauthorized('This operation needs a bearer token: Authorization: Bearer <token>.', request, app)
    } else if (caller.state === 'refused') {
      throw unauthorized(caller.detail, request, app, caller.reason)
    } else {
      principal = caller.principal
    }
    const who = principal
    await audited(app, auditedCall(op, who, request, input), () => assertMayCall(op, who))
  } else if (caller.state === 'authenticated') {
    principal = caller.principal
  }
  if (op.body) withTooLargeHint(op, () => assertBodyReadable(request))
  if (principal && op.ownScopeOnly !== false) {
    const who = principal
    await audited(app, auditedCall(op, who, request, input), () => assertOwnScope(who, input))
  }
  return principal
}

const auditedCall = (
  op: AnyOperation,
  principal: Principal,
  request: Request,
  input: AuditedCall['input'],
) => ({
  op,
  principal,
  request: { id: requestIdOf(request), ip: clientIpOf(request) },
  input,
})

/** Run an access check; a refusal (403) is recorded in the caller's audit trail, then thrown. */
export async function audited(app: AppContext, call: AuditedCall, check: () => void): Promise<void> {
  try {
    check()
  } catch (error) {
    if (error instanceof ProblemError && error.status === 403) await app.audit.denied(call, error.slug)
    throw error
  }
}

/** Run a body check; a 413 it throws carries the operation's advice on where large bodies go. */
function withTooLargeHint(op: AnyOperation, check: () => void): void {
  try {
    check()
  } catch (error) {
    if (!(error instanceof ProblemError) || error.status !== 413 || !op.tooLargeHint) throw error
    throw new ProblemError('payloadTooLarge', `${error.detail} ${op.tooLargeHint.detail}`, {
      extra: { ...error.extra, ...op.tooLargeHint.extra },
      headers: error.headers,
    })
  }
}

/**
 * 403 unless this principal's kind and grants allow the operation. Shared with the MCP server, which
 * runs the same check before a tool call and uses `mayCall` to filter the tool list.
 */
export function assertMayCall(op: AnyOperation, principal: Principal): void {
  if (op.principals && !op.principals.includes(principal.kind)) {
    throw new ProblemError(
      'forbidden',
      `This operation accepts ${op.principals.map(describeKind).join(' or ')}; the request used ${describeKind(principal.kind)}.`,
    )
  }
  if (op.grant !== null && op.grant !== 'authenticated' && !hasGrant(principal.grants, op.grant)) {
    throw new ProblemError(
      'forbidden',
      `The token does not carry the "${op.grant}" grant this operation needs.`,
    )
  }
}

/** Whether `assertMayCall` would let this principal through. */
export function mayCall(op: AnyOperation, principal: Principal): boolean {
  if (op.principals && !op.principals.includes(principal.kind)) return false
  return op.grant === null || op.grant === 'authenticated' || hasGrant(principal.grants, op.grant)
}

const KIND_NAMES: Record<Principal['kind'], string> = {
  session: 'a sign-in session token',
  api_key: 'an API key',
  oidc: 'an OIDC access token',
  oauth: 'an OAuth access token for the MCP endpoint',
  service_token: 'a service token',
  sandbox: 'a sandbox session token',
  wallet: 'a verified payment',
  device: 'a wearable device credential',
}
const describeKind = (kind: Principal['kind']) => KIND_NAMES[kind]

/** A request may only name the caller's own user and workspace; anything else is 403. */
export function assertOwnScope(
  principal: Principal,
  input: { params?: unknown; query?: unknown; body?: unknown },
): void {
  for (const part of [input.params, input.query, input.body]) {
    if (!part || typeof part !== 'object') continue
    const named = part as Record<string, unknown>
    const userId = named.user_id
    const organizationId = named.organization_id
    const otherUser = typeof userId === 'string' && userId !== principal.user_id
    const otherOrg = typeof organizationId === 'string' && organizationId !== principal.organization_id
    if (!otherUser && !otherOrg) continue
    if (principal.kind === 'api_key' && otherUser && !planFor(principal.tier).allows.serve_other_users) {
      throw new ProblemError('planRequired', SERVE_OTHERS_RULE, { extra: { plan: principal.tier } })
    }
    if (principal.kind === 'api_key' && otherUser) {
      throw new ProblemError(
        'forbidden',
        'An API key acts for its owner only; mint a per-user token with POST /service-tokens to act for one of your users.',
      )
    }
    throw new ProblemError(
      'forbidden',
      otherUser
        ? 'This token acts for one user; the request names another user.'
        : 'This token belongs to one workspace; the request names another organization.',
    )
  }
}

// Issuing credentials: sign-in sessions, personal API keys (shown once, stored as a hash, 365 days),
// short-lived per-user service tokens for Builder-or-higher workspaces, and sandbox sessions.

import { addSeconds } from '../shared/clock'
import type { AppContext } from '../shared/context'
import { hashSecret, newId, newSecret } from '../shared/ids'
import { planFor, SERVE_OTHERS_RULE } from '../shared/plans'
import {
  API_KEY_GRANTS,
  type Grant,
  type Principal,
  SANDBOX_GRANTS,
  SERVICE_TOKEN_GRANTS,
  scopeOf,
} from '../shared/principal'
import { notFound, ProblemError } from '../shared/problem'
import type { ApiKeySummary } from './model'
import * as repo from './repo'

export const TOKEN_PREFIX = {
  apiKey: 'wds_sk_',
  session: 'wds_ses_',
  serviceToken: 'wds_svc_',
  sandbox: 'wds_sbx_',
  /** A Health Connect companion app's device credential (issued by the wearables module). */
  device: 'wds_dev_',
} as const

export const SESSION_TTL_SECONDS = 12 * 3600
export const API_KEY_TTL_SECONDS = 365 * 24 * 3600
export const SANDBOX_TTL_SECONDS = 3600
const SANDBOX_PER_IP = { limit: 30, windowSeconds: 3600 }
export const SANDBOX_ORGANIZATION_ID = 'org_sandbox'

export async function createSession(app: AppContext, owner: { user_id: string; organization_id: string }) {
  const now = app.clock.now()
  const token = newSecret(TOKEN_PREFIX.session)
  const expiresAt = addSeconds(now, SESSION_TTL_SECONDS).toISOString()
  await repo.insertSession(app.db, {
    id: newId('ses', now.getTime()),
    token_hash: hashSecret(token),
    ...owner,
    expires_at: expiresAt,
    created_at: now.toISOString(),
  })
  return { token, expires_at: expiresAt }
}

function summarize(row: repo.ApiKeyRow, now: Date): ApiKeySummary {
  const status = row.revoked_at ? 'revoked' : row.expires_at <= now.toISOString() ? 'expired' : 'active'
  return {
    id: row.id,
    name: row.name,
    display_prefix: row.display_prefix,
    user_id: row.user_id,
    organization_id: row.organization_id,
    grants: row.grants as Grant[],
    created_at: row.created_at,
    expires_at: row.expires_at,
    revoked_at: row.revoked_at,
    last_used_at: row.last_used_at,
    status,
  }
}

export async function createApiKey(app: AppContext, principal: Principal, input: { name?: string }) {
  const now = app.clock.now()
  const key = newSecret(TOKEN_PREFIX.apiKey)
  const row = await repo.insertApiKey(app.db, {
    id: newId('key', now.getTime()),
    token_hash: hashSecret(key),
    display_prefix: `${key.slice(0, TOKEN_PREFIX.apiKey.length + 6)}…`,
    ...scopeOf(principal),
    name: input.name ?? null,
    grants: API_KEY_GRANTS,
    expires_at: addSeconds(now, API_KEY_TTL_SECONDS).toISOString(),
    created_at: now.toISOString(),
  })
  app.log.info('auth.api_key_created', { key_id: row.id })
  return {
    api_key: key,
    id: row.id,
    name: row.name,
    created: { user_id: row.user_id, organization_id: row.organization_id },
    grants: API_KEY_GRANTS,
    expires_at: row.expires_at,
  }
}

export async function listApiKeys(app: AppContext, principal: Principal) {
  const now = app.clock.now()
  return { data: (await repo.listApiKeys(app.db, scopeOf(principal))).map((row) => summarize(row, now)) }
}

export async function revokeApiKey(app: AppContext, principal: Principal, id: string) {
  const scope = scopeOf(principal)
  const row = await repo.findApiKey(app.db, scope, id)
  if (!row) throw notFound(`API key ${id}`)
  const now = app.clock.now()
  if (!row.revoked_at) {
    await repo.revokeApiKey(app.db, scope, id, now.toISOString())
    app.log.info('auth.api_key_revoked', { key_id: id })
  }
  return summarize((await repo.findApiKey(app.db, scope, id))!, now)
}

/** Service-account mode: a Builder-or-higher workspace key mints a token that acts for one end user. */
export async function mintServiceToken(
  app: AppContext,
  principal: Principal,
  input: { user_id: string; ttl_seconds?: number },
) {
  if (!planFor(principal.tier).allows.service_tokens) {
    throw new ProblemError('planRequired', SERVE_OTHERS_RULE, { extra: { plan: principal.tier } })
  }
  const now = app.clock.now()
  const token = newSecret(TOKEN_PREFIX.serviceToken)
  const expiresAt = addSeconds(now, input.ttl_seconds ?? 3600).toISOString()
  const id = newId('svc', now.getTime())
  await repo.insertServiceToken(app.db, {
    id,
    token_hash: hashSecret(token),
    organization_id: principal.organization_id,
    user_id: input.user_id,
    issued_by_key_id: principal.credential_id,
    grants: SERVICE_TOKEN_GRANTS,
    expires_at: expiresAt,
    created_at: now.toISOString(),
  })
  return {
    id,
    access_token: token,
    token_type: 'bearer' as const,
    expires_at: expiresAt,
    user_id: input.user_id,
    organization_id: principal.organization_id,
    grants: SERVICE_TOKEN_GRANTS,
  }
}

/** A sandbox session: its own throwaway user in the shared sandbox workspace, sandbox grant only. */
export async function createSandboxSession(app: AppContext, clientIp: string | null) {
  app.rateLimiter.hit(
    `sandbox:ip:${clientIp ?? 'unknown'}`,
    SANDBOX_PER_IP,
    'sandbox sessions from this address',
  )
  const now = app.clock.now()
  const token = newSecret(TOKEN_PREFIX.sandbox)
  const id = newId('sbx', now.getTime())
  const userId = `usr_sandbox_${id.slice(4)}`
  const expiresAt = addSeconds(now, SANDBOX_TTL_SECONDS).toISOString()
  await repo.insertSandboxSession(app.db, {
    id,
    token_hash: hashSecret(token),
    organization_id: SANDBOX_ORGANIZATION_ID,
    user_id: userId,
    expires_at: expiresAt,
    created_at: now.toISOString(),
  })
  return {
    sandbox_token: token,
    token_type: 'bearer' as const,
    expires_at: expiresAt,
    grants: SANDBOX_GRANTS,
    user_id: userId,
    organization_id: SANDBOX_ORGANIZATION_ID,
  }
}

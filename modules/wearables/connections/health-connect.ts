// The Health Connect companion path. Health Connect has no server API: the companion Android app reads it
// on the phone and uploads. Pairing the app with an account goes start → approval page → connection code
// → callback: the start returns the console's approval page URL; the signed-in person approves there and
// sees a short-lived, single-use connection code; the app sends that code to the callback and receives a
// device credential that may only upload wearable records for that person (see principal.ts). Disconnecting
// deletes the connection and with it the credential.

import { randomInt } from 'node:crypto'
import { TOKEN_PREFIX } from '../../auth/credentials'
import type { AppContext, Authentication } from '../../shared/context'
import { hashSecret, newId, newSecret } from '../../shared/ids'
import { DEVICE_GRANTS, type Scope } from '../../shared/principal'
import { ProblemError } from '../../shared/problem'
import type { WearableCallbackBody, WearableStartBody } from '../model'
import * as repo from '../repo'
import { signState, stateAuthorizationId, verifyState } from './oauth-state'
import { toConnection } from './service'

export const HEALTH_CONNECT = 'health_connect'
/** How long the person has to approve after the start, and the app to use the code after approval. */
const APPROVAL_TTL_MS = 10 * 60 * 1000
const CODE_TTL_MS = 10 * 60 * 1000
/** Wrong connection codes tolerated per user (and per address) in a window, against guessing. */
const CODE_ATTEMPTS = { limit: 10, windowSeconds: 600 }
/** Crockford's base32: no I, L, O or U, so a code read aloud or typed is not misread. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const CODE_LENGTH = 10

export const approvalPath = '/console/wearables/health-connect'
export const UPLOAD_PATH = '/connections/wearables/records'

/** A connection code: 10 characters (50 bits) shown as two groups of five. */
function newConnectionCode(): string {
  let code = ''
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]
  return `${code.slice(0, 5)}-${code.slice(5)}`
}

/** The code as typed → its canonical form: case, spaces and dashes ignored, O read as 0, I and L as 1. */
export function normalizeConnectionCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1')
}

const codeHash = (code: string) => hashSecret(`wearables-connection-code:${normalizeConnectionCode(code)}`)

export async function startHealthConnect(app: AppContext, scope: Scope, body: WearableStartBody) {
  const now = app.clock.now()
  const id = newId('wau', now.getTime())
  const expiresAt = new Date(now.getTime() + APPROVAL_TTL_MS).toISOString()
  await repo.insertAuthorization(app.db, {
    id,
    organization_id: scope.organization_id,
    user_id: scope.user_id,
    provider: HEALTH_CONNECT,
    code_verifier_secret: null,
    redirect_uri: `${app.config.publicBaseUrl}${approvalPath}`,
    client_id: null,
    app_state: body.state ?? null,
    scopes: DEVICE_GRANTS.join(' '),
    expires_at: expiresAt,
    connection_code_hash: null,
    code_expires_at: null,
    used_at: null,
    created_at: now.toISOString(),
  })
  const state = signState(app.config.tokenEncryptionKeys, {
    authorizationId: id,
    organizationId: scope.organization_id,
    userId: scope.user_id,
    provider: HEALTH_CONNECT,
  })
  const url = new URL(`${app.config.publicBaseUrl}${approvalPath}`)
  url.searchParams.set('request', state)
  return {
    authorization_url: url.toString(),
    source_provider: HEALTH_CONNECT as 'health_connect',
    state,
    expires_at: expiresAt,
    pkce: false,
  }
}

const notThisRequest = () =>
  new ProblemError(
    'validation',
    'This connection request is not one you started, was already approved, or has expired. Start the Health Connect connection again from the app.',
  )

/** The pending request an approval page names, checked against the signed-in person. */
export async function pendingApproval(app: AppContext, scope: Scope, state: string | null) {
  const id = state ? stateAuthorizationId(state) : null
  const claims = {
    authorizationId: id ?? '',
    organizationId: scope.organization_id,
    userId: scope.user_id,
    provider: HEALTH_CONNECT,
  }
  if (!state || !id || !verifyState(app.config.tokenEncryptionKeys, state, claims)) throw notThisRequest()
  const row = await repo.findAuthorization(app.db, scope, id)
  const now = app.clock.now().toISOString()
  if (
    !row ||
    row.provider !== HEALTH_CONNECT ||
    row.used_at !== null ||
    row.connection_code_hash !== null ||
    row.expires_at <= now
  )
    throw notThisRequest()
  return row
}

/** The signed-in person approves: a connection code for the app, shown once. */
export async function approveHealthConnect(app: AppContext, scope: Scope, state: string | null) {
  const row = await pendingApproval(app, scope, state)
  const code = newConnectionCode()
  const expiresAt = new Date(app.clock.now().getTime() + CODE_TTL_MS).toISOString()
  if (!(await repo.setConnectionCode(app.db, scope, row.id, codeHash(code), expiresAt)))
    throw notThisRequest()
  app.log.info('wearables.health_connect_approved', { authorization_id: row.id })
  return { code, expires_at: expiresAt, ...scope }
}

const wrongCode = () =>
  new ProblemError(
    'validation',
    'The connection code is wrong, was already used, or has expired; approve the connection again to get a new one.',
    { extra: { errors: [{ in: 'body', path: '/code', message: 'Unknown, used or expired code.' }] } },
  )

/** The app exchanges the connection code for its device credential (shown once, stored as a hash). */
export async function completeHealthConnect(
  app: AppContext,
  scope: Scope,
  body: WearableCallbackBody,
  clientIp: string | null,
) {
  app.rateLimiter.hit(
    `wearables.code:${scope.organization_id}:${scope.user_id}`,
    CODE_ATTEMPTS,
    'connection code attempts',
  )
  if (clientIp)
    app.rateLimiter.hit(`wearables.code_ip:${clientIp}`, CODE_ATTEMPTS, 'connection code attempts')
  const now = app.clock.now()
  const stamp = now.toISOString()
  const row = await repo.findByConnectionCode(app.db, scope, codeHash(body.code))
  if (!row?.code_expires_at || row.code_expires_at <= stamp) throw wrongCode()
  // Single use: claim it before issuing anything, so a replay cannot race it.
  if (!(await repo.consumeAuthorization(app.db, row.id, stamp))) throw wrongCode()

  const previous = await repo.findConnection(app.db, scope, HEALTH_CONNECT)
  const connectionId = previous?.id ?? newId('wcn', now.getTime())
  const credentialId = newId('wdv', now.getTime())
  const saved = await repo.upsertConnection(app.db, {
    id: connectionId,
    organization_id: scope.organization_id,
    user_id: scope.user_id,
    provider: HEALTH_CONNECT,
    // Health Connect has no account of its own: the paired device is what the connection names.
    provider_user_id: credentialId,
    access_token: null,
    refresh_token: null,
    token_expires_at: null,
    scopes: DEVICE_GRANTS.join(' '),
    client_id: null,
    status: 'active',
    created_at: previous?.created_at ?? stamp,
    updated_at: stamp,
    last_sync_at: previous?.last_sync_at ?? null,
  })
  // Reconnecting replaces the device: the earlier app's credential stops working.
  await repo.deleteDeviceCredentials(app.db, scope, saved.id)
  const token = newSecret(TOKEN_PREFIX.device)
  await repo.insertDeviceCredential(app.db, {
    id: credentialId,
    organization_id: scope.organization_id,
    user_id: scope.user_id,
    connection_id: saved.id,
    token_hash: hashSecret(token),
    created_at: stamp,
    last_used_at: null,
  })
  app.log.info('wearables.device_credential_issued', { credential_id: credentialId })
  return {
    connection: toConnection(saved),
    replaced: previous !== null,
    state: row.app_state,
    device_credential: {
      token,
      id: credentialId,
      grants: [...DEVICE_GRANTS],
      upload_url: `${app.config.publicBaseUrl}${UPLOAD_PATH}`,
    },
  }
}

const LAST_USED_RESOLUTION_MS = 60_000

/** A device credential → its principal: the user's own scope, the upload grant only. */
export async function authenticateDevice(
  app: Omit<AppContext, 'authenticate'>,
  token: string,
): Promise<Authentication> {
  const row = await repo.findDeviceCredentialByHash(app.db, hashSecret(token))
  if (!row)
    return {
      ok: false,
      reason: 'unknown',
      detail: 'The device credential is not recognised; it was replaced or the connection was disconnected.',
    }
  const now = app.clock.now()
  if (!row.last_used_at || now.getTime() - Date.parse(row.last_used_at) > LAST_USED_RESOLUTION_MS)
    await repo.touchDeviceCredential(app.db, row.id, now.toISOString())
  return {
    ok: true,
    principal: {
      kind: 'device',
      user_id: row.user_id,
      organization_id: row.organization_id,
      grants: DEVICE_GRANTS,
      credential_id: row.id,
      billing_admin: false,
      tier: await app.plans.tierOf(row.organization_id),
    },
  }
}

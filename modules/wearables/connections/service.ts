// Wearable connections: start a provider's OAuth authorization (signed single-use state, PKCE where the
// provider takes it) and complete it at the callback (code → tokens sealed at rest → the provider's user
// id → one connection per user and provider, replaced on reconnect). Tokens never leave this module.

import type { AppContext } from '../../shared/context'
import { newId } from '../../shared/ids'
import type { Scope } from '../../shared/principal'
import { ProblemError } from '../../shared/problem'
import type { WearableCallbackBody, WearableConnection, WearableStartBody } from '../model'
import * as repo from '../repo'
import { startHealthConnect } from './health-connect'
import {
  authorizationUrl,
  codeChallengeOf,
  exchangeCode,
  fetchProviderUserId,
  newCodeVerifier,
} from './oauth-client'
import { signState, stateAuthorizationId, verifyState } from './oauth-state'
import { isOAuthProvider, type OAuthProvider, providerFor } from './providers'
import { TokenCipher } from './token-cipher'

/** How long a started authorization may take to come back. */
const AUTHORIZATION_TTL_MS = 10 * 60 * 1000

const ciphers = new WeakMap<AppContext, TokenCipher>()
export function tokenCipher(app: AppContext): TokenCipher {
  let cipher = ciphers.get(app)
  if (!cipher) {
    cipher = new TokenCipher(app.config.tokenEncryptionKeys)
    ciphers.set(app, cipher)
  }
  return cipher
}

/** Associated data binding a sealed value to its owner and role: a value copied to another row won't open. */
export const sealContext = (scope: Scope, provider: string, role: string) =>
  [scope.organization_id, scope.user_id, provider, role].join(':')

function requireCipher(app: AppContext): TokenCipher {
  const cipher = tokenCipher(app)
  if (!cipher.configured)
    throw new ProblemError(
      'unavailable',
      'Wearable connections need TOKEN_ENCRYPTION_KEY: provider tokens are only stored encrypted.',
    )
  return cipher
}

function clientIdFor(app: AppContext, provider: OAuthProvider, given: string | undefined): string {
  const firstParty = app.config.wearables[provider]
  const clientId = given ?? firstParty?.clientId
  if (!clientId)
    throw new ProblemError(
      'validation',
      `This deployment has no first-party ${provider} credentials: send your own client_id and redirect_uri.`,
      {
        extra: {
          errors: [{ in: 'body', path: '/client_id', message: 'Required without first-party credentials.' }],
        },
      },
    )
  return clientId
}

const defaultRedirectUri = (app: AppContext) => `${app.config.publicBaseUrl}/console/wearables`

export async function startConnection(app: AppContext, scope: Scope, body: WearableStartBody) {
  const cipher = requireCipher(app)
  if (body.source_provider === 'health_connect') return startHealthConnect(app, scope, body)
  const provider = body.source_provider
  const descriptor = providerFor(app.config, provider)
  const clientId = clientIdFor(app, provider, body.client_id)
  const firstParty = app.config.wearables[provider]
  // A redirect URI of our own only fits our own client; an integrator's client has its own registered one.
  const ownClient = body.client_id !== undefined && body.client_id !== firstParty?.clientId
  if (ownClient && !body.redirect_uri)
    throw new ProblemError(
      'validation',
      'With your own client_id, send the redirect_uri registered with it.',
      {
        extra: {
          errors: [{ in: 'body', path: '/redirect_uri', message: 'Required with your own client_id.' }],
        },
      },
    )
  const redirectUri = body.redirect_uri ?? defaultRedirectUri(app)
  const scopes = body.scopes && body.scopes.length > 0 ? body.scopes : [...descriptor.defaultScopes]
  const now = app.clock.now()
  const id = newId('wau', now.getTime())
  const verifier = descriptor.pkce ? newCodeVerifier() : null
  const expiresAt = new Date(now.getTime() + AUTHORIZATION_TTL_MS).toISOString()
  await repo.insertAuthorization(app.db, {
    id,
    organization_id: scope.organization_id,
    user_id: scope.user_id,
    provider,
    code_verifier_secret: verifier
      ? await cipher.seal(verifier, sealContext(scope, provider, `pkce:${id}`))
      : null,
    redirect_uri: redirectUri,
    client_id: clientId,
    app_state: body.state ?? null,
    scopes: scopes.join(' '),
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
    provider,
  })
  return {
    authorization_url: authorizationUrl(descriptor, {
      clientId,
      redirectUri,
      scopes,
      state,
      codeChallenge: verifier ? await codeChallengeOf(verifier) : null,
    }),
    source_provider: provider,
    state,
    expires_at: expiresAt,
    pkce: verifier !== null,
  }
}

const invalidState = () =>
  new ProblemError(
    'validation',
    'The state is not one this user started, was already used, or has expired; start the connection again.',
    { extra: { errors: [{ in: 'body', path: '/state', message: 'Unknown, used or expired state.' }] } },
  )

/** The pending authorization the callback completes: the one its state names, else this user's newest. */
async function pendingAuthorization(
  app: AppContext,
  scope: Scope,
  provider: OAuthProvider,
  state: string | undefined,
  now: Date,
) {
  if (state === undefined) return repo.latestPendingAuthorization(app.db, scope, provider, now.toISOString())
  const id = stateAuthorizationId(state)
  const claims = {
    authorizationId: id ?? '',
    organizationId: scope.organization_id,
    userId: scope.user_id,
    provider,
  }
  if (!id || !verifyState(app.config.tokenEncryptionKeys, state, claims)) throw invalidState()
  const row = await repo.findAuthorization(app.db, scope, id)
  if (!row || row.provider !== provider || row.used_at !== null || row.expires_at <= now.toISOString())
    throw invalidState()
  return row
}

export async function completeConnection(
  app: AppContext,
  scope: Scope,
  body: WearableCallbackBody & { source_provider: OAuthProvider },
) {
  const provider = body.source_provider
  const cipher = requireCipher(app)
  const descriptor = providerFor(app.config, provider)
  const now = app.clock.now()
  const pending = await pendingAuthorization(app, scope, provider, body.state, now)
  // Single use: claim the authorization before spending the code, so a replay cannot race it.
  if (pending && !(await repo.consumeAuthorization(app.db, pending.id, now.toISOString())))
    throw invalidState()

  const firstParty = app.config.wearables[provider]
  const clientId = body.client_id ?? pending?.client_id ?? firstParty?.clientId
  const own = clientId !== undefined && clientId !== null && clientId !== firstParty?.clientId
  const clientSecret = own ? body.client_secret : firstParty?.clientSecret
  const redirectUri = body.redirect_uri ?? pending?.redirect_uri
  const missing = [
    !clientId && '/client_id',
    !clientSecret && '/client_secret',
    !redirectUri && '/redirect_uri',
  ].filter((x): x is string => typeof x === 'string')
  if (missing.length > 0)
    throw new ProblemError(
      'validation',
      `Without first-party ${descriptor.name} credentials or a started authorization, send your own client_id, client_secret and redirect_uri.`,
      {
        extra: {
          errors: missing.map((path) => ({ in: 'body', path, message: 'Required for this callback.' })),
        },
      },
    )
  const codeVerifier = pending?.code_verifier_secret
    ? await cipher.open(pending.code_verifier_secret, sealContext(scope, provider, `pkce:${pending.id}`))
    : null
  const tokens = await exchangeCode(
    descriptor,
    { clientId: clientId as string, clientSecret: clientSecret as string },
    { code: body.code, redirectUri: redirectUri as string, codeVerifier },
    now,
  )
  const providerUserId = await fetchProviderUserId(descriptor, tokens.accessToken)
  const previous = await repo.findConnection(app.db, scope, provider)
  const stamp = now.toISOString()
  const saved = await repo.upsertConnection(app.db, {
    id: previous?.id ?? newId('wcn', now.getTime()),
    organization_id: scope.organization_id,
    user_id: scope.user_id,
    provider,
    provider_user_id: providerUserId,
    access_token: await cipher.seal(tokens.accessToken, sealContext(scope, provider, 'access')),
    refresh_token: tokens.refreshToken
      ? await cipher.seal(tokens.refreshToken, sealContext(scope, provider, 'refresh'))
      : null,
    token_expires_at: tokens.expiresAt,
    scopes: (tokens.scopes.length > 0 ? tokens.scopes : (pending?.scopes.split(' ') ?? [])).join(' '),
    client_id: own ? (clientId as string) : null,
    status: 'active',
    created_at: previous?.created_at ?? stamp,
    updated_at: stamp,
    last_sync_at: previous?.last_sync_at ?? null,
  })
  return { connection: toConnection(saved), replaced: previous !== null, state: pending?.app_state ?? null }
}

export function toConnection(row: repo.ConnectionRow): WearableConnection {
  return {
    id: row.id,
    source_provider: row.provider as WearableConnection['source_provider'],
    provider_user_id: row.provider_user_id,
    status: row.status,
    scopes: row.scopes.split(' ').filter(Boolean),
    credentials: row.client_id === null ? 'first_party' : 'own',
    token_expires_at: row.token_expires_at,
    has_refresh_token: row.refresh_token !== null,
    connected_at: row.created_at,
    updated_at: row.updated_at,
    last_sync_at: row.last_sync_at,
  }
}

/** A connection's tokens in clear, re-sealed under the current key when an older key sealed them. */
export async function connectionTokens(app: AppContext, row: repo.ConnectionRow) {
  const cipher = requireCipher(app)
  const scope = { organization_id: row.organization_id, user_id: row.user_id }
  if (row.access_token === null)
    throw new ProblemError('notFound', `The ${row.provider} connection holds no provider token.`)
  const accessToken = await cipher.open(row.access_token, sealContext(scope, row.provider, 'access'))
  const refreshToken = row.refresh_token
    ? await cipher.open(row.refresh_token, sealContext(scope, row.provider, 'refresh'))
    : null
  const stale =
    cipher.needsReseal(row.access_token) ||
    (row.refresh_token !== null && cipher.needsReseal(row.refresh_token))
  if (stale)
    await repo.updateConnectionTokens(app.db, row.id, {
      access_token: await cipher.seal(accessToken, sealContext(scope, row.provider, 'access')),
      refresh_token: refreshToken
        ? await cipher.seal(refreshToken, sealContext(scope, row.provider, 'refresh'))
        : null,
      token_expires_at: row.token_expires_at,
      updated_at: app.clock.now().toISOString(),
    })
  return { accessToken, refreshToken }
}

/**
 * The provider sent the person's browser back to the console with `code` and `state`: complete the
 * connection the state names (its provider read from the pending authorization; the state is checked
 * against the signed-in person as at the callback).
 */
export async function completeOAuthRedirect(app: AppContext, scope: Scope, code: string, state: string) {
  const id = stateAuthorizationId(state)
  const row = id ? await repo.findAuthorization(app.db, scope, id) : null
  if (!row || !isOAuthProvider(row.provider)) throw invalidState()
  return completeConnection(app, scope, {
    ...scope,
    source_provider: row.provider,
    code: code.slice(0, 2048),
    state,
  })
}

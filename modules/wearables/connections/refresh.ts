// POST /connections/{provider}/refresh: the caller holds the provider tokens (own-credential flows) and
// asks for new ones. The rotated refresh token comes back as `refreshed_token` for the caller to
// persist; when it is the refresh token of the caller's stored connection, that connection is updated
// too, so the two never drift apart (a rotated-away refresh token stops working at the provider).

import type { AppContext } from '../../shared/context'
import type { Scope } from '../../shared/principal'
import { ProblemError } from '../../shared/problem'
import * as repo from '../repo'
import { refreshTokens } from './oauth-client'
import { isOAuthProvider, providerFor } from './providers'
import { connectionTokens, sealContext, tokenCipher } from './service'

export interface RefreshInput {
  refresh_token: string
  client_id: string
  client_secret: string
  scopes?: string[]
}

export async function refreshConnection(app: AppContext, scope: Scope, provider: string, body: RefreshInput) {
  if (!isOAuthProvider(provider))
    throw new ProblemError(
      'notImplemented',
      'Health Connect has no provider tokens to refresh; its companion app holds a device credential.',
    )
  const descriptor = providerFor(app.config, provider)
  const now = app.clock.now()
  const tokens = await refreshTokens(
    descriptor,
    { clientId: body.client_id, clientSecret: body.client_secret },
    body.refresh_token,
    body.scopes,
    now,
  )
  let stored = false
  const row = await repo.findConnection(app.db, scope, provider)
  if (row?.refresh_token && tokenCipher(app).configured) {
    const current = await connectionTokens(app, row).catch(() => null)
    if (current?.refreshToken === body.refresh_token) {
      const cipher = tokenCipher(app)
      await repo.updateConnectionTokens(app.db, row.id, {
        access_token: await cipher.seal(tokens.accessToken, sealContext(scope, provider, 'access')),
        refresh_token: await cipher.seal(
          tokens.refreshToken ?? body.refresh_token,
          sealContext(scope, provider, 'refresh'),
        ),
        token_expires_at: tokens.expiresAt,
        updated_at: now.toISOString(),
      })
      stored = true
    }
  }
  return {
    source_provider: provider,
    refreshed_token: tokens.refreshToken ?? body.refresh_token,
    rotated: tokens.refreshToken !== null && tokens.refreshToken !== body.refresh_token,
    expires_at: tokens.expiresAt,
    scopes: tokens.scopes,
    stored_connection_updated: stored,
  }
}

// Turns a bearer token into a principal: the token's prefix says which credential table holds its hash;
// a JWT goes to the OIDC verifier when an issuer is configured. Every refusal says why.

import type { AppContext, Authentication } from '../shared/context'
import { hashSecret, newId } from '../shared/ids'
import { planFor } from '../shared/plans'
import {
  DATA_GRANTS,
  type Grant,
  isGrant,
  type Principal,
  SANDBOX_GRANTS,
  SESSION_GRANTS,
} from '../shared/principal'
import { authenticateDevice } from '../wearables/connections/health-connect'
import { TOKEN_PREFIX } from './credentials'
import { oidcVerifier } from './oidc'
import * as repo from './repo'

type Refusal = Extract<Authentication, { ok: false }>
const refuse = (reason: Refusal['reason'], detail: string): Refusal => ({ ok: false, reason, detail })
const unknown = () => refuse('unknown', 'The bearer token is not recognised.')

const LAST_USED_RESOLUTION_MS = 60_000

export function authenticator(app: Omit<AppContext, 'authenticate'>) {
  const verifyOidc = app.config.oidc ? oidcVerifier(app.config.oidc) : null

  const live = (row: { expires_at: string; revoked_at?: string | null }, what: string): Refusal | null => {
    if (row.revoked_at) return refuse('revoked', `This ${what} has been revoked.`)
    if (row.expires_at <= app.clock.now().toISOString()) return refuse('expired', `This ${what} has expired.`)
    return null
  }

  async function owner(userId: string, organizationId: string) {
    const user = await repo.findUser(app.db, userId)
    return { billing_admin: user?.billing_admin ?? false, tier: await app.plans.tierOf(organizationId) }
  }

  async function apiKey(token: string): Promise<Authentication> {
    const found = await repo.findApiKeyWithOwner(app.db, hashSecret(token))
    if (!found) return unknown()
    const row = found.key
    const refused = live(row, 'API key')
    if (refused) return refused
    const now = app.clock.now()
    if (!row.last_used_at || now.getTime() - Date.parse(row.last_used_at) > LAST_USED_RESOLUTION_MS) {
      await repo.touchApiKey(app.db, row.id, now.toISOString())
    }
    const principal: Principal = {
      kind: 'api_key',
      user_id: row.user_id,
      organization_id: row.organization_id,
      grants: row.grants.filter(isGrant),
      credential_id: row.id,
      billing_admin: found.holder_billing_admin ?? false,
      tier: found.owner_billing_admin ? 'enterprise' : (found.tier ?? 'free'),
    }
    return { ok: true, principal }
  }

  async function session(token: string): Promise<Authentication> {
    const row = await repo.findSessionByHash(app.db, hashSecret(token))
    if (!row) return unknown()
    const refused = live(row, 'session')
    if (refused) return refused
    return {
      ok: true,
      principal: {
        kind: 'session',
        user_id: row.user_id,
        organization_id: row.organization_id,
        grants: SESSION_GRANTS,
        credential_id: row.id,
        ...(await owner(row.user_id, row.organization_id)),
      },
    }
  }

  async function serviceToken(token: string): Promise<Authentication> {
    const row = await repo.findServiceTokenByHash(app.db, hashSecret(token))
    if (!row) return unknown()
    const refused = live(row, 'service token')
    if (refused) return refused
    // A service token lives no longer than what allowed its minting: the key and the workspace's plan.
    const key = await repo.findMintingKey(app.db, row.issued_by_key_id)
    const keyRefused = key ? live(key, 'API key') : refuse('revoked', 'This API key no longer exists.')
    if (keyRefused)
      return refuse(
        'revoked',
        `This service token no longer works: the API key that minted it ${keyRefused.reason === 'expired' ? 'has expired' : 'was revoked'}.`,
      )
    const tier = await app.plans.tierOf(row.organization_id)
    if (!planFor(tier).allows.service_tokens)
      return refuse(
        'revoked',
        `This service token no longer works: the workspace's ${tier} plan does not include service tokens.`,
      )
    return {
      ok: true,
      principal: {
        kind: 'service_token',
        user_id: row.user_id,
        organization_id: row.organization_id,
        grants: row.grants.filter(isGrant),
        credential_id: row.id,
        billing_admin: false,
        tier,
      },
    }
  }

  async function sandbox(token: string): Promise<Authentication> {
    const row = await repo.findSandboxSessionByHash(app.db, hashSecret(token))
    if (!row) return unknown()
    const refused = live(row, 'sandbox session')
    if (refused) return refused
    return {
      ok: true,
      principal: {
        kind: 'sandbox',
        user_id: row.user_id,
        organization_id: row.organization_id,
        grants: SANDBOX_GRANTS,
        credential_id: row.id,
        billing_admin: false,
        tier: 'free',
      },
    }
  }

  /** OIDC subject → our user (created on first sight, with a personal workspace). */
  async function oidc(token: string): Promise<Authentication> {
    if (!verifyOidc || !app.config.oidc) return unknown()
    const result = await verifyOidc(token)
    if (!result.ok) return refuse(result.reason, result.detail)
    const { claims } = result
    const issuer = app.config.oidc.issuer
    let identity = await repo.findOidcIdentity(app.db, issuer, claims.sub!)
    const now = app.clock.now()
    if (!identity) {
      const user = await repo.insertUserWithWorkspace(
        app.db,
        { id: newId('usr', now.getTime()), email: null },
        newId('org', now.getTime()),
        now.toISOString(),
      )
      await repo.insertOidcIdentity(app.db, {
        issuer,
        subject: claims.sub!,
        user_id: user.id,
        created_at: now.toISOString(),
      })
      identity = await repo.findOidcIdentity(app.db, issuer, claims.sub!)
    }
    const user = (await repo.findUser(app.db, identity!.user_id))!
    const requested =
      typeof claims.scope === 'string'
        ? claims.scope.split(' ')
        : Array.isArray(claims.scp)
          ? claims.scp
          : null
    const grants: Grant[] = requested
      ? requested.filter(isGrant).filter((g) => g !== 'keys' && g !== 'sandbox')
      : [...DATA_GRANTS]
    return {
      ok: true,
      principal: {
        kind: 'oidc',
        user_id: user.id,
        organization_id: user.personal_organization_id,
        grants,
        credential_id: `oidc:${claims.jti ?? claims.sub}`,
        ...(await owner(user.id, user.personal_organization_id)),
      },
    }
  }

  return async function authenticate(token: string): Promise<Authentication> {
    if (token.startsWith(TOKEN_PREFIX.apiKey)) return apiKey(token)
    if (token.startsWith(TOKEN_PREFIX.session)) return session(token)
    if (token.startsWith(TOKEN_PREFIX.serviceToken)) return serviceToken(token)
    if (token.startsWith(TOKEN_PREFIX.sandbox)) return sandbox(token)
    if (token.startsWith(TOKEN_PREFIX.device)) return authenticateDevice(app, token)
    if (token.split('.').length === 3) return oidc(token)
    return unknown()
  }
}

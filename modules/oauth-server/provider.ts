// The OAuth 2.1 authorization server MCP clients use (agent platforms that add /mcp by URL): an
// oidc-provider instance configured for exactly what the MCP authorization specification asks:
// - authorization code with PKCE, S256 only (the library accepts no other method), for every client;
// - dynamic client registration (RFC 7591), open, as MCP clients register themselves;
// - refresh tokens, rotated on every use (a used one is refused, and its reuse revokes the grant);
// - revocation (RFC 7009);
// - resource indicators (RFC 8707): the only resource is this service's /mcp, so every access token is
//   audience-bound to it (opaque, looked up in our database) and the API refuses it elsewhere.
// Sign-in and consent are the console's pages (interactions.url); records live in SQLite (adapter.ts).
// We use oidc-provider (OpenID Certified, maintained, Node/Koa) rather than writing the protocol; it runs
// under Bun behind a loopback bridge (bridge.ts).

import type Provider from 'oidc-provider'
import type { Configuration } from 'oidc-provider'
import { OAUTH_SCOPES } from '../oauth/service'
import type { AppContext } from '../shared/context'
import { DATA_GRANTS } from '../shared/principal'
import { RESOURCE_PATH } from '../shared/protected-resource'
import { SqliteAdapter } from './adapter'

/** Where the provider's endpoints live, under the issuer (the service's public base URL). */
export const OAUTH_ROUTES = {
  authorization: '/oauth/authorize',
  token: '/oauth/token',
  registration: '/oauth/register',
  revocation: '/oauth/revoke',
  jwks: '/oauth/jwks',
  end_session: '/oauth/session/end',
  userinfo: '/oauth/userinfo',
  introspection: '/oauth/introspect',
  pushed_authorization_request: '/oauth/par',
  code_verification: '/oauth/device',
  device_authorization: '/oauth/device/auth',
  backchannel_authentication: '/oauth/backchannel',
  challenge: '/oauth/challenge',
} as const

/** The console page that signs the person in and asks for consent. */
export const consentPath = (uid: string) => `/console/oauth/${uid}`

export const ACCESS_TOKEN_TTL_SECONDS = 3600
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600
export const GRANT_TTL_SECONDS = 365 * 24 * 3600

/** The one resource tokens are minted for: the MCP endpoint. */
export const mcpResourceOf = (app: Pick<AppContext, 'config'>) =>
  `${app.config.publicBaseUrl}${RESOURCE_PATH.mcp}`

/** Grants a connected client gets when it asks for none: the person's data, as their own key reads it. */
export const DEFAULT_SCOPES: readonly string[] = DATA_GRANTS

/**
 * oidc-provider, loaded on first use. At import it warns that Bun is not Node (README says why we run it
 * here anyway); that one known line is kept off stderr, every other line passes.
 */
async function loadOidcProvider() {
  const warn = console.warn
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes('oidc-provider WARNING: Unsupported runtime')) warn(...args)
  }
  try {
    return await import('oidc-provider')
  } finally {
    console.warn = warn
  }
}

async function signingKeys() {
  // Only the discovery document's jwks_uri uses it: no ID tokens are issued (`openid` is never granted).
  // A fresh key per process keeps the library off its built-in development key.
  const { exportJWK, generateKeyPair } = await import('jose')
  const { privateKey } = await generateKeyPair('ES256', { extractable: true })
  return { keys: [{ ...(await exportJWK(privateKey)), use: 'sig', alg: 'ES256', kid: crypto.randomUUID() }] }
}

export async function createProvider(app: Pick<AppContext, 'config' | 'db'>): Promise<Provider> {
  const { default: OidcProvider, errors } = await loadOidcProvider()
  const resource = mcpResourceOf(app)
  const configuration: Configuration = {
    adapter: (model: string) => new SqliteAdapter(app.db, model),
    clients: [],
    jwks: (await signingKeys()) as Configuration['jwks'],
    // Interaction cookies are signed with a per-process key; an interaction lives ten minutes at most.
    cookies: {
      keys: [Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')],
      long: { signed: true, sameSite: 'lax' },
      short: { signed: true, sameSite: 'lax' },
    },
    routes: OAUTH_ROUTES,
    // Our grants are scopes of the server (so a client may register with them, as MCP clients do with
    // the protected resource's scopes_supported) and of the /mcp resource (getResourceServerInfo); the
    // consent grants them as both (consent.ts).
    scopes: [...OAUTH_SCOPES],
    claims: { openid: ['sub'] },
    responseTypes: ['code'],
    pkce: { required: () => true },
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      id_token_signed_response_alg: 'ES256',
    },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true, initialAccessToken: false },
      revocation: { enabled: true },
      introspection: { enabled: false },
      userinfo: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== resource)
            throw new errors.InvalidTarget(`the only resource this server issues tokens for is ${resource}`)
          return {
            scope: OAUTH_SCOPES.join(' '),
            audience: resource,
            accessTokenFormat: 'opaque',
            accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
          }
        },
      },
    },
    // A refresh token for every client allowed the grant type (MCP clients do not ask for offline_access),
    // rotated on every use.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: () => true,
    // Tokens outlive the authorization server's browser session; they end with their grant.
    expiresWithSession: async () => false,
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      RefreshToken: REFRESH_TOKEN_TTL_SECONDS,
      Grant: GRANT_TTL_SECONDS,
      Interaction: 600,
      Session: 3600,
    },
    interactions: { url: (_ctx, interaction) => consentPath(interaction.uid) },
    findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub }) }),
    renderError: async (ctx, out) => {
      ctx.type = 'html'
      ctx.body = errorPage(out)
    },
  }
  const provider = new OidcProvider(app.config.publicBaseUrl, configuration)
  // Requests arrive through the bridge, which says the public scheme and host in X-Forwarded-*.
  provider.proxy = true
  return provider
}

/** The page the provider shows a browser when an authorization request cannot go back to the client. */
function errorPage(out: { error: string; error_description?: string }): string {
  const text = (s: unknown) => Bun.escapeHTML(String(s ?? ''))
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Authorization failed</title></head><body><main><h1>Authorization failed</h1>
<p>${text(out.error_description ?? out.error)}</p><p>Error code: <code>${text(out.error)}</code></p>
<p>Go back to the application that sent you here and try connecting again.</p></main></body></html>`
}

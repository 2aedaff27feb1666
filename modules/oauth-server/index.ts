// The authorization server module: oidc-provider's endpoints under /oauth (authorize, token, register,
// revoke, jwks) and its metadata at /.well-known/oauth-authorization-server (RFC 8414) and
// /.well-known/openid-configuration, all answered by the provider through the bridge. These are not
// registry operations: they speak OAuth's own wire format (form posts, redirects, `{error,
// error_description}` bodies) that OAuth clients expect, and stay out of OpenAPI, MCP and x402.
// The sign-in and consent pages are the console's (modules/console, /console/oauth/:uid).

import { sql } from 'drizzle-orm'
import { Elysia } from 'elysia'
import { registerPurgeStep } from '../privacy/registry'
import type { DomainModule } from '../shared/module'
import { clientIpOf } from '../shared/request-info'
import { forwardToProvider } from './bridge'
import { OAUTH_ROUTES } from './provider'
import { oauthRecords } from './tables'

/** Dynamic client registrations one address may make: enough for every assistant a person uses. */
const REGISTRATIONS_PER_IP = { limit: 20, windowSeconds: 3600 }

export const AUTHORIZATION_SERVER_METADATA_PATH = '/.well-known/oauth-authorization-server'
const OPENID_METADATA_PATH = '/.well-known/openid-configuration'

/** The routes of the authorization server (left out of OpenAPI: its own metadata describes them). */
export const isAuthorizationServerPath = (path: string) =>
  path === AUTHORIZATION_SERVER_METADATA_PATH || path === OPENID_METADATA_PATH || path.startsWith('/oauth/')

// Grants and tokens carry user_id and go with the generic rule; the provider's browser sessions name
// the person only inside their payload.
registerPurgeStep({
  name: 'oauth authorization-server sessions',
  async run(app, subject) {
    const deleted = await app.db
      .delete(oauthRecords)
      .where(
        sql`case when json_valid(${oauthRecords.payload}) then json_extract(${oauthRecords.payload}, '$.accountId') end = ${subject.user_id}`,
      )
      .returning({ id: oauthRecords.id })
    return { done: 'ended connected applications’ sign-in sessions', count: deleted.length }
  },
})

export const oauthServerModule: DomainModule = {
  name: 'oauth-server',
  operations: [],
  plugin(app) {
    const discovery = ({ request }: { request: Request }) =>
      forwardToProvider(app, request, OPENID_METADATA_PATH)
    return new Elysia({ name: 'module.oauth-server', seed: app.instanceId })
      .get(AUTHORIZATION_SERVER_METADATA_PATH, discovery)
      .get(OPENID_METADATA_PATH, discovery)
      .all(
        '/oauth/*',
        ({ request }) => {
          // Registration is open (MCP clients register themselves), so it is limited per client address.
          if (request.method === 'POST' && new URL(request.url).pathname === OAUTH_ROUTES.registration)
            app.rateLimiter.hit(
              `oauth:register:${clientIpOf(request) ?? 'unknown'}`,
              REGISTRATIONS_PER_IP,
              'client registrations from this address',
            )
          return forwardToProvider(app, request)
        },
        { parse: 'none' },
      )
  },
}

// Talks OAuth 2.0 to a wearable provider: builds the authorization URL and exchanges an authorization
// code for tokens. The wire protocol (token requests, response checks, PKCE) is oauth4webapi's, a
// maintained, dependency-free RFC 6749/7636 client; this file only maps its errors to problems that
// never repeat a token or secret.

import type * as OAuth from 'oauth4webapi'
import { ProblemError } from '../../shared/problem'
import type { ProviderDescriptor } from './providers'

// Loaded with the first connection to a provider, not at start-up.
const oauth = (): typeof OAuth => require('oauth4webapi')

export interface ClientCredentials {
  clientId: string
  clientSecret: string
}

export interface ProviderTokens {
  accessToken: string
  refreshToken: string | null
  expiresAt: string | null
  scopes: string[]
}

const serverOf = (p: ProviderDescriptor): OAuth.AuthorizationServer => ({
  issuer: new URL(p.endpoints.tokenUrl).origin,
  authorization_endpoint: p.endpoints.authorizationUrl,
  token_endpoint: p.endpoints.tokenUrl,
})

/** Plain http is only ever allowed to this machine (the tests' stand-in providers). */
const requestOptions = (p: ProviderDescriptor) => {
  const url = new URL(p.endpoints.tokenUrl)
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]'
  return { [oauth().allowInsecureRequests]: url.protocol === 'http:' && loopback }
}

export function authorizationUrl(
  p: ProviderDescriptor,
  input: {
    clientId: string
    redirectUri: string
    scopes: string[]
    state: string
    codeChallenge: string | null
  },
): string {
  const url = new URL(p.endpoints.authorizationUrl)
  url.searchParams.set('response_type', 'code')
  url.searchParams.set('client_id', input.clientId)
  url.searchParams.set('redirect_uri', input.redirectUri)
  url.searchParams.set('scope', input.scopes.join(' '))
  url.searchParams.set('state', input.state)
  if (input.codeChallenge) {
    url.searchParams.set('code_challenge', input.codeChallenge)
    url.searchParams.set('code_challenge_method', 'S256')
  }
  return url.href
}

export const newCodeVerifier = () => oauth().generateRandomCodeVerifier()
export const codeChallengeOf = (verifier: string) => oauth().calculatePKCECodeChallenge(verifier)

function providerProblem(p: ProviderDescriptor, error: unknown): ProblemError {
  if (error instanceof ProblemError) return error
  if (error instanceof oauth().ResponseBodyError) {
    // invalid_grant and friends: the caller's code or credentials, not our fault; say which OAuth error.
    if (error.status >= 400 && error.status < 500)
      return new ProblemError(
        'validation',
        `${p.name} refused the token request (${error.error}); start the connection again for a fresh code, and check the client credentials and redirect_uri.`,
        { extra: { provider_error: error.error } },
      )
  }
  return new ProblemError(
    'badGateway',
    `${p.name} could not be reached or answered unexpectedly; try again later.`,
  )
}

export async function exchangeCode(
  p: ProviderDescriptor,
  client: ClientCredentials,
  input: { code: string; redirectUri: string; codeVerifier: string | null },
  now: Date,
): Promise<ProviderTokens> {
  const as = serverOf(p)
  const oauthClient: OAuth.Client = { client_id: client.clientId }
  try {
    const params = oauth().validateAuthResponse(
      as,
      oauthClient,
      new URLSearchParams({ code: input.code }),
      oauth().skipStateCheck,
    )
    const response = await oauth().authorizationCodeGrantRequest(
      as,
      oauthClient,
      oauth().ClientSecretPost(client.clientSecret),
      params,
      input.redirectUri,
      input.codeVerifier ?? oauth().nopkce,
      requestOptions(p),
    )
    return tokensOf(await oauth().processAuthorizationCodeResponse(as, oauthClient, response), now)
  } catch (error) {
    throw providerProblem(p, error)
  }
}

/** A token endpoint's answer as we keep it: the expiry made absolute, the scope split. */
function tokensOf(tokens: OAuth.TokenEndpointResponse, now: Date): ProviderTokens {
  return {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token ?? null,
    expiresAt:
      typeof tokens.expires_in === 'number'
        ? new Date(now.getTime() + tokens.expires_in * 1000).toISOString()
        : null,
    scopes: typeof tokens.scope === 'string' ? tokens.scope.split(' ').filter(Boolean) : [],
  }
}

/** The provider's id for the signed-in user, read from its profile endpoint with the new access token. */
export async function fetchProviderUserId(p: ProviderDescriptor, accessToken: string): Promise<string> {
  let response: Response
  try {
    response = await fetch(`${p.endpoints.apiBaseUrl}${p.profile.path}`, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(15_000),
    })
  } catch (error) {
    throw providerProblem(p, error)
  }
  const body = response.ok
    ? ((await response.json().catch(() => null)) as Record<string, unknown> | null)
    : null
  const id = body?.[p.profile.idField]
  if ((typeof id !== 'string' && typeof id !== 'number') || String(id) === '')
    throw new ProblemError('badGateway', `${p.name} did not return the user's profile; try connecting again.`)
  return String(id)
}

/** Exchange a refresh token for new tokens; WHOOP and Oura rotate the refresh token on every use. */
export async function refreshTokens(
  p: ProviderDescriptor,
  client: ClientCredentials,
  refreshToken: string,
  scopes: string[] | undefined,
  now: Date,
): Promise<ProviderTokens> {
  const as = serverOf(p)
  const oauthClient: OAuth.Client = { client_id: client.clientId }
  try {
    const response = await oauth().refreshTokenGrantRequest(
      as,
      oauthClient,
      oauth().ClientSecretPost(client.clientSecret),
      refreshToken,
      {
        ...requestOptions(p),
        ...(scopes && scopes.length > 0 ? { additionalParameters: { scope: scopes.join(' ') } } : {}),
      },
    )
    return tokensOf(await oauth().processRefreshTokenResponse(as, oauthClient, response), now)
  } catch (error) {
    throw providerProblem(p, error)
  }
}

// Operations of the auth module: sign-in by e-mail code or link, API keys, service tokens, dev outbox.

import { Type } from '@sinclair/typebox'
import { isLocalRequest } from '../shared/loopback'
import { defineOperation } from '../shared/operation'
import { ProblemError } from '../shared/problem'
import { READS, REMOVES } from '../shared/tool-annotations'
import { createApiKey, listApiKeys, mintServiceToken, revokeApiKey } from './credentials'
import { authExamples } from './examples'
import { signInLinkPage } from './link-page'
import {
  ApiKeyCreateBody,
  ApiKeyCreated,
  ApiKeyIdParams,
  ApiKeySummary,
  OtpLinkBody,
  OtpLinkQuery,
  OtpStartBody,
  OtpStartResult,
  OtpVerifyBody,
  OutboxQuery,
  OutboxResult,
  ServiceTokenBody,
  ServiceTokenCreated,
  ServiceTokenIdParams,
  ServiceTokenSummary,
  SessionIdParams,
  SessionResult,
  SessionSummary,
  WhoAmI,
} from './model'
import { completeSignInLink, startSignIn, verifySignInCode } from './sign-in'
import { listSessions, revokeServiceToken, revokeSession, signOut } from './withdraw'

const tags = ['Sign-in and keys']

export const otpStart = defineOperation(
  {
    id: 'auth.otp.start',
    example: authExamples['auth.otp.start'],
    method: 'POST',
    path: '/auth/otp/start',
    summary: 'Send a sign-in e-mail with an 8-digit code and a link',
    description:
      'Always answers the same way, whether or not the address has an account. Rate-limited per address and per client.',
    tags,
    grant: null,
    body: OtpStartBody,
    output: OtpStartResult,
    errors: [429],
  },
  ({ body }, { app, request }) => startSignIn(app, body, request.ip),
)

export const otpVerify = defineOperation(
  {
    id: 'auth.otp.verify',
    example: authExamples['auth.otp.verify'],
    method: 'POST',
    path: '/auth/otp/verify',
    summary: 'Exchange the e-mailed code for a session token',
    description: 'Codes expire after 10 minutes, work once, and stop working after 5 wrong tries.',
    tags,
    grant: null,
    body: OtpVerifyBody,
    output: SessionResult,
    errors: [401, 429],
  },
  ({ body }, { app, request }) => verifySignInCode(app, body, request.ip),
)

export const otpLinkPage = defineOperation(
  {
    id: 'auth.otp.link_page',
    example: authExamples['auth.otp.link_page'],
    method: 'GET',
    path: '/auth/otp/link',
    summary: 'The page a sign-in link opens (a button completes sign-in)',
    tags,
    grant: null,
    query: OtpLinkQuery,
    output: Type.String(),
    produces: 'text/html',
  },
  (_input, { app }) => signInLinkPage(app.config.publicBaseUrl),
)

export const otpLink = defineOperation(
  {
    id: 'auth.otp.link',
    example: authExamples['auth.otp.link'],
    method: 'POST',
    path: '/auth/otp/link',
    summary: 'Complete sign-in with the token from the e-mailed link',
    tags,
    grant: null,
    body: OtpLinkBody,
    output: SessionResult,
    errors: [401],
  },
  ({ body }, { app }) => completeSignInLink(app, body.token),
)

export const apiKeyCreate = defineOperation(
  {
    id: 'auth.api_keys.create',
    example: authExamples['auth.api_keys.create'],
    method: 'POST',
    path: '/api-keys',
    summary: 'Create an API key (session token only; the key is shown once)',
    description:
      'The key lasts 365 days, acts for the signed-in user in their personal workspace, and carries grants for imports, analyses, trends, goals, questions, health context, wearable connections and the owner-only account grants.',
    tags,
    grant: 'keys',
    principals: ['session'],
    body: ApiKeyCreateBody,
    output: ApiKeyCreated,
    status: 201,
  },
  ({ body }, { app, principal }) => createApiKey(app, principal, body),
)

export const apiKeyList = defineOperation(
  {
    id: 'auth.api_keys.list',
    example: authExamples['auth.api_keys.list'],
    method: 'GET',
    path: '/api-keys',
    summary: "List the signed-in user's API keys (never their secrets)",
    tags,
    grant: 'keys',
    principals: ['session'],
    output: Type.Object({ data: Type.Array(ApiKeySummary) }),
  },
  (_input, { app, principal }) => listApiKeys(app, principal),
)

export const apiKeyRevoke = defineOperation(
  {
    id: 'auth.api_keys.revoke',
    example: authExamples['auth.api_keys.revoke'],
    method: 'POST',
    path: '/api-keys/:id/revoke',
    summary: 'Revoke an API key at once',
    tags,
    grant: 'keys',
    principals: ['session'],
    params: ApiKeyIdParams,
    output: ApiKeySummary,
  },
  ({ params }, { app, principal }) => revokeApiKey(app, principal, params.id),
)

export const serviceTokenCreate = defineOperation(
  {
    id: 'auth.service_tokens.create',
    example: authExamples['auth.service_tokens.create'],
    method: 'POST',
    path: '/service-tokens',
    summary: 'Mint a short-lived token that acts for one of your end users (Builder plan or higher)',
    description:
      'Service-account mode: a workspace key on Builder, Growth or Enterprise mints a per-user token from your backend, so each request is scoped to the acting end user. Free and Standard keys get 403 naming the plan rule.',
    tags,
    grant: 'service_tokens',
    principals: ['api_key'],
    ownScopeOnly: false,
    body: ServiceTokenBody,
    output: ServiceTokenCreated,
    status: 201,
  },
  ({ body }, { app, principal }) => mintServiceToken(app, principal, body),
)

export const serviceTokenRevoke = defineOperation(
  {
    id: 'auth.service_tokens.revoke',
    example: authExamples['auth.service_tokens.revoke'],
    method: 'POST',
    path: '/service-tokens/:id/revoke',
    summary: "Revoke one of your workspace's service tokens at once",
    description:
      'Any workspace key that may mint service tokens may revoke one. A token also stops working when the key that minted it is revoked or expires, or when the workspace leaves the Builder-or-higher plans.',
    tags,
    grant: 'service_tokens',
    outsideAllowance: 'Revoking access stays available whatever the plan.',
    principals: ['api_key'],
    params: ServiceTokenIdParams,
    output: ServiceTokenSummary,
    errors: [404],
    mcp: { tool: 'revoke_service_token', annotations: REMOVES },
  },
  ({ params }, { app, principal }) => revokeServiceToken(app, principal, params.id),
)

export const signOutOperation = defineOperation(
  {
    id: 'auth.sign_out',
    example: authExamples['auth.sign_out'],
    method: 'POST',
    path: '/auth/sign-out',
    summary: 'Sign out: revoke the session token this request is made with',
    description: 'The token stops working at once. API keys created with it keep working until revoked.',
    tags,
    grant: 'keys',
    principals: ['session'],
    output: SessionSummary,
    mcp: { tool: 'sign_out', annotations: REMOVES },
  },
  (_input, { app, principal }) => signOut(app, principal),
)

export const sessionList = defineOperation(
  {
    id: 'auth.sessions.list',
    example: authExamples['auth.sessions.list'],
    method: 'GET',
    path: '/auth/sessions',
    summary: 'List your active sign-in sessions (never their tokens)',
    tags,
    grant: 'keys',
    principals: ['session'],
    output: Type.Object({ data: Type.Array(SessionSummary) }),
    mcp: { tool: 'list_sessions', annotations: READS },
  },
  (_input, { app, principal }) => listSessions(app, principal),
)

export const sessionRevoke = defineOperation(
  {
    id: 'auth.sessions.revoke',
    example: authExamples['auth.sessions.revoke'],
    method: 'POST',
    path: '/auth/sessions/:id/revoke',
    summary: 'Revoke one of your sign-in sessions at once (e.g. one left open on another device)',
    tags,
    grant: 'keys',
    principals: ['session'],
    params: SessionIdParams,
    output: SessionSummary,
    errors: [404],
    mcp: { tool: 'revoke_session', annotations: REMOVES },
  },
  ({ params }, { app, principal }) => revokeSession(app, principal, params.id),
)

export const whoAmI = defineOperation(
  {
    id: 'auth.me',
    example: authExamples['auth.me'],
    method: 'GET',
    path: '/me',
    summary: 'Who the bearer token acts for: user, workspace, grants and plan',
    tags,
    grant: 'authenticated',
    outsideAllowance: 'Who the token belongs to is account administration, not hosted API use.',
    output: WhoAmI,
    mcp: { tool: 'whoami', annotations: READS },
  },
  (_input, { principal }) => ({
    kind: principal.kind,
    user_id: principal.user_id,
    organization_id: principal.organization_id,
    grants: [...principal.grants],
    tier: principal.tier,
    billing_admin: principal.billing_admin,
  }),
)

const CODE = /\b(\d{8})\b/
const LINK = /(https?:\/\/\S+\/(?:console\/link|auth\/otp\/link)\?token=\S+)/

export const devOutbox = defineOperation(
  {
    id: 'auth.dev_outbox',
    example: authExamples['auth.dev_outbox'],
    method: 'GET',
    path: '/dev/outbox',
    summary: 'Read the development mail outbox (not in production, not with SMTP, loopback callers only)',
    description: 'Newest first. Exists so that a local deployment can sign in without a mail server.',
    tags: ['Development'],
    grant: null,
    devOnly: true,
    query: OutboxQuery,
    output: OutboxResult,
    errors: [404],
  },
  ({ query }, { app, request }) => {
    // The outbox hands out sign-in codes: only a caller on this machine, addressing it by a loopback name,
    // learns that it exists. Anyone else gets the same 404 as an unknown route.
    if (!isLocalRequest(request.raw))
      throw new ProblemError('notFound', `No route for GET ${request.url.pathname}.`)
    if (!app.outbox)
      throw new ProblemError('notFound', 'Mail goes out over SMTP here; there is no development outbox.')
    return {
      messages: app.outbox.latestFor(query.email).map((m) => ({
        to: m.to,
        subject: m.subject,
        text: m.text,
        sent_at: m.sent_at,
        code: CODE.exec(m.text)?.[1] ?? null,
        link: LINK.exec(m.text)?.[1] ?? null,
      })),
    }
  },
)

export const authOperations = [
  otpStart,
  otpVerify,
  otpLinkPage,
  otpLink,
  apiKeyCreate,
  apiKeyList,
  apiKeyRevoke,
  serviceTokenCreate,
  serviceTokenRevoke,
  signOutOperation,
  sessionList,
  sessionRevoke,
  whoAmI,
  devOutbox,
]

// What the console's consent page does with an authorization request the provider handed it (an
// "interaction"): show who asks for what, and record the person's answer, after which the browser goes
// back to the provider (interaction.returnTo) to finish. Also the person's connected applications
// (grants), listed with their API keys and revocable there.
//
// The request is bound to the browser that started it: the provider sets the `_interaction` cookie to
// the interaction's id on that browser (path /console/oauth/<id>), and an answer is taken only with it,
// so a link to someone else's pending request cannot make a person approve it for an attacker. The
// provider checks its own signed resume cookie again when the browser comes back.

import { and, eq, gt, isNull, or } from 'drizzle-orm'
import { OAUTH_SCOPES } from '../oauth/service'
import type { AppContext } from '../shared/context'
import type { Principal } from '../shared/principal'
import { ProblemError } from '../shared/problem'
import { providerOf } from './bridge'
import { DEFAULT_SCOPES, mcpResourceOf } from './provider'
import { oauthRecords } from './tables'

/** What each grant lets a connected application do, in the words the consent page uses. */
export const SCOPE_WORDS: Record<string, string> = {
  imports: 'upload lab results, wearable exports and genetic data files, and read your sources',
  analyses: 'run and read analyses of your data, genetics included',
  trends: 'read the trends of your markers over time',
  goals: 'read, create and delete your health goals',
  questions: 'ask questions answered from your data',
  health_context: 'read your health context and retest reminders',
  wearables: 'connect and read your wearables',
  billing: 'see and manage your subscription',
  export: 'export all of your data',
  deletion: 'delete your account and all of your data',
  service_tokens: 'mint per-user tokens for your workspace',
}

const INTERACTION_COOKIE = '_interaction'

export interface ConsentRequest {
  uid: string
  clientName: string
  clientUri: string | null
  redirectUri: string
  /** The grants asked for (the default set when the client asked for none of ours). */
  scopes: string[]
}

function cookieValue(request: Request, name: string): string | null {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const at = part.indexOf('=')
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim()
  }
  return null
}

const expired = () =>
  new ProblemError(
    'notFound',
    'This authorization request has expired or was already answered. Go back to the application and connect again.',
  )

async function interactionFor(app: AppContext, request: Request, uid: string) {
  const provider = await providerOf(app)
  const interaction = /^[A-Za-z0-9_-]{10,64}$/.test(uid) ? await provider.Interaction.find(uid) : undefined
  if (!interaction || interaction.result) throw expired()
  if (cookieValue(request, INTERACTION_COOKIE) !== uid)
    throw new ProblemError(
      'forbidden',
      'This authorization request was started in another browser; connect again from the application on this device.',
    )
  return { provider, interaction }
}

const requestedScopes = (scope: unknown): string[] => {
  const asked = typeof scope === 'string' ? scope.split(' ') : []
  const ours = OAUTH_SCOPES.filter((s) => asked.includes(s))
  return ours.length > 0 ? ours : [...DEFAULT_SCOPES]
}

export async function consentRequest(
  app: AppContext,
  request: Request,
  uid: string,
): Promise<ConsentRequest> {
  const { provider, interaction } = await interactionFor(app, request, uid)
  const clientId = String(interaction.params.client_id)
  const client = await provider.Client.find(clientId)
  if (!client) throw expired()
  return {
    uid,
    clientName: client.clientName ?? clientId,
    clientUri: typeof client.clientUri === 'string' ? client.clientUri : null,
    redirectUri: String(interaction.params.redirect_uri),
    scopes: requestedScopes(interaction.params.scope),
  }
}

/** Where a browser may be sent after the consent form (its CSP form-action): the client's redirect. */
export function redirectTarget(redirectUri: string): string {
  const url = new URL(redirectUri)
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : url.protocol
}

/**
 * Record the answer and return where the browser goes next (the provider, which then redirects to the
 * client with a code or with access_denied). `allowed`: the grants the person left ticked.
 */
export async function answerConsent(
  app: AppContext,
  request: Request,
  uid: string,
  principal: Principal,
  answer: { approve: boolean; allowed: string[] },
): Promise<string> {
  const { provider, interaction } = await interactionFor(app, request, uid)
  const ttl = Math.max(1, interaction.exp - Math.floor(Date.now() / 1000))
  const granted = requestedScopes(interaction.params.scope).filter((s) => answer.allowed.includes(s))
  if (!answer.approve || granted.length === 0) {
    interaction.result = {
      error: 'access_denied',
      error_description: answer.approve
        ? 'The person allowed none of the requested access.'
        : 'The person declined the request.',
    }
    await interaction.save(ttl)
    return interaction.returnTo
  }
  const clientId = String(interaction.params.client_id)
  const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined
  const grant =
    existing && existing.accountId === principal.user_id
      ? existing
      : new provider.Grant({ accountId: principal.user_id, clientId })
  grant.addOIDCScope(granted.join(' '))
  grant.addResourceScope(mcpResourceOf(app), granted.join(' '))
  const grantId = await grant.save()
  // The authorization resumes with the grants the person allowed (never `openid`: no ID tokens here).
  interaction.params.scope = granted.join(' ')
  interaction.result = { login: { accountId: principal.user_id }, consent: { grantId } }
  await interaction.save(ttl)
  app.log.info('oauth.consent_given', { client_id: clientId, grant_id: grantId })
  return interaction.returnTo
}

export interface ConnectedApp {
  id: string
  client_name: string
  scopes: string[]
  created_at: string
  expires_at: string | null
}

const nowSeconds = () => Math.floor(Date.now() / 1000)
const live = () => or(isNull(oauthRecords.expires_at), gt(oauthRecords.expires_at, nowSeconds()))
const iso = (seconds: unknown) =>
  typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : null

/** The applications a person has connected (their live grants), newest first. */
export async function connectedApps(app: AppContext, principal: Principal): Promise<ConnectedApp[]> {
  const grants = await app.db
    .select()
    .from(oauthRecords)
    .where(and(eq(oauthRecords.model, 'Grant'), eq(oauthRecords.user_id, principal.user_id), live()))
  const apps: ConnectedApp[] = []
  for (const row of grants) {
    const payload = row.payload as {
      clientId?: string
      resources?: Record<string, string>
      iat?: number
      exp?: number
    }
    const [client] = await app.db
      .select()
      .from(oauthRecords)
      .where(and(eq(oauthRecords.model, 'Client'), eq(oauthRecords.id, payload.clientId ?? '')))
    const name = (client?.payload as { client_name?: string } | undefined)?.client_name
    apps.push({
      id: row.id,
      client_name: name ?? payload.clientId ?? 'Unknown application',
      scopes: Object.values(payload.resources ?? {})
        .flatMap((s) => s.split(' '))
        .filter(Boolean),
      created_at: iso(payload.iat) ?? '',
      expires_at: iso(payload.exp),
    })
  }
  return apps.sort((a, b) => b.created_at.localeCompare(a.created_at))
}

/** End a connected application's access: its grant and every token and code issued under it. */
export async function revokeConnectedApp(app: AppContext, principal: Principal, grantId: string) {
  const [grant] = await app.db
    .select()
    .from(oauthRecords)
    .where(
      and(
        eq(oauthRecords.model, 'Grant'),
        eq(oauthRecords.id, grantId),
        eq(oauthRecords.user_id, principal.user_id),
      ),
    )
  if (!grant) throw new ProblemError('notFound', `No connected application ${grantId}.`)
  await app.db.transaction(async (tx) => {
    await tx.delete(oauthRecords).where(eq(oauthRecords.grant_id, grantId))
    await tx.delete(oauthRecords).where(and(eq(oauthRecords.model, 'Grant'), eq(oauthRecords.id, grantId)))
  })
  app.log.info('oauth.grant_revoked', { grant_id: grantId })
}

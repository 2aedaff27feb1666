// The console: pages for people, served by the service itself under /console. It signs in by e-mail
// code or link into a cookie session, and then calls the same services as the API (keys, imports,
// genetics uploads and jobs, sources, analyses, dashboard links). These routes are not API operations:
// they answer HTML (or, for the upload script, small JSON), are left out of OpenAPI, MCP and x402,
// and every state-changing one checks the CSRF token and the Origin (see session.ts).

import { Value } from '@sinclair/typebox/value'
import { Elysia } from 'elysia'
import { LINK_TOKEN_PATTERN } from '../auth/link-page'
import { completeSignInLink, startSignIn, verifySignInCode } from '../auth/sign-in'
import { subscriptionStatus } from '../billing/service'
import { jobEventStream } from '../genetics/job-events'
import { MAX_SAMPLE_NAME_LENGTH, SampleName } from '../genetics/model'
import { answerConsent, connectedApps, consentRequest, revokeConnectedApp } from '../oauth-server/consent'
import { getProfile, putProfile } from '../profiles/service'
import type { AppContext } from '../shared/context'
import { assertBodyReadable, readCapped, readJsonBody } from '../shared/http-body'
import type { DomainModule } from '../shared/module'
import { type Principal, scopeOf } from '../shared/principal'
import { ProblemError } from '../shared/problem'
import { clientIpOf, requestIdOf } from '../shared/request-info'
import { disconnect } from '../wearables/connections/disconnect'
import { approvalPath, approveHealthConnect, pendingApproval } from '../wearables/connections/health-connect'
import { listConnections } from '../wearables/connections/list'
import { completeOAuthRedirect, startConnection } from '../wearables/connections/service'
import { page, redirect } from './layout'
import { analysesPage, analysisPage } from './pages/analyses'
import { billingPage } from './pages/billing'
import { jobPage, jobsPage } from './pages/jobs'
import { keysPage } from './pages/keys'
import { consentPage } from './pages/oauth-consent'
import { overviewPage } from './pages/overview'
import { PLACEHOLDER_PATHS, placeholderPage } from './pages/placeholders'
import { profilePage } from './pages/profile'
import { codePage, emailPage, linkPage, NEXT_PATH } from './pages/sign-in'
import { sourcePage, sourcesPage } from './pages/sources'
import { uploadPage } from './pages/upload'
import { healthConnectApprovalPage, healthConnectCodePage, wearablesPage } from './pages/wearables'
import * as service from './service'
import { assertSameSite, clearedSessionCookie, consoleCaller, csrfTokenOf, sessionCookie } from './session'

/** Form posts are short (an e-mail address, a code, a name). */
const FORM_LIMIT = 16 * 1024
const LINK_TOKEN = new RegExp(LINK_TOKEN_PATTERN)
/** Genetics files at least this large take an upload session rather than the import. */
const SESSION_FROM_BYTES = 1024 * 1024

type Csrf = { token: string; setCookie: string | null }

async function readForm(request: Request): Promise<URLSearchParams> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase()
  if (type !== 'application/x-www-form-urlencoded')
    throw new ProblemError(
      'unsupportedMediaType',
      'Console forms are sent as application/x-www-form-urlencoded.',
    )
  const text = await readCapped(request, FORM_LIMIT)
  if (text === null) throw new ProblemError('payloadTooLarge', 'The form is too large.')
  return new URLSearchParams(text)
}

/** The page shown when a page or a form's action failed: what went wrong, in words, with the right status. */
const failurePage = (csrf: string, error: ProblemError, signedIn: boolean) =>
  page({
    title: error.title,
    signedIn,
    csrf,
    status: error.status,
    body: `<p class="error" role="alert">${Bun.escapeHTML(error.detail)}</p><p><a href="/console">Back to the console</a></p>`,
  })

/** A page for a person who has to be signed in; anyone else goes to the sign-in page. */
function signedInPage(
  app: AppContext,
  render: (ctx: {
    principal: Principal
    csrf: string
    request: Request
    params: Record<string, string>
  }) => Promise<Response> | Response,
) {
  return async ({ request, params }: { request: Request; params: Record<string, string> }) => {
    const principal = await consoleCaller(app, request)
    const csrf = csrfTokenOf(app, request)
    if (!principal) return redirect('/console/sign-in', [csrf.setCookie])
    let response: Response
    try {
      response = await render({ principal, csrf: csrf.token, request, params })
    } catch (error) {
      if (!(error instanceof ProblemError)) throw error
      response = failurePage(csrf.token, error, true)
    }
    if (csrf.setCookie) response.headers.append('set-cookie', csrf.setCookie)
    return response
  }
}

/**
 * A form post by a signed-in person: CSRF and Origin checked, the form read, then the action; a
 * refused or failed action renders a page that says why (with its status), never a stack trace.
 */
/**
 * Run a console action as the API operation it stands for, so that the audit trail records it the same
 * way (sign-in, keys created and revoked, sign-out, links revoked).
 */
function asOperation<T>(
  app: AppContext,
  id: string,
  principal: Principal | null,
  request: Request,
  input: { params?: unknown; body?: unknown },
  run: () => Promise<T>,
): Promise<T> {
  const op = app.operations.find((o) => o.id === id)
  if (!op) return run()
  return app.audit.around(
    { op, principal, request: { id: requestIdOf(request), ip: clientIpOf(request) }, input },
    run,
  )
}

function signedInForm(
  app: AppContext,
  act: (ctx: {
    principal: Principal
    csrf: string
    form: URLSearchParams
    params: Record<string, string>
    request: Request
  }) => Promise<Response>,
) {
  return async ({ request, params }: { request: Request; params: Record<string, string> }) => {
    const csrf = csrfTokenOf(app, request)
    const principal = await consoleCaller(app, request)
    try {
      const form = await readForm(request)
      assertSameSite(app, request, form.get('csrf'))
      if (!principal) return redirect('/console/sign-in')
      return await act({ principal, csrf: csrf.token, form, params, request })
    } catch (error) {
      if (error instanceof ProblemError) return failurePage(csrf.token, error, principal !== null)
      throw error
    }
  }
}

/** A JSON call from a console script: CSRF header and Origin checked; problems answer as problem+json. */
function signedInJson(
  app: AppContext,
  act: (ctx: { principal: Principal; body: unknown; params: Record<string, string> }) => Promise<unknown>,
  options: { status: number; bodyLimit?: number },
) {
  return async ({
    request,
    params,
    set,
  }: {
    request: Request
    params: Record<string, string>
    set: { status?: number | string }
  }) => {
    assertSameSite(app, request, request.headers.get('x-csrf-token'))
    const principal = await consoleCaller(app, request)
    if (!principal) throw new ProblemError('unauthorized', 'Sign in to the console first.')
    const body = await readJsonBody(request, options.bodyLimit ?? 64 * 1024)
    assertBodyReadable(request)
    set.status = options.status
    return act({ principal, body, params })
  }
}

export function consolePlugin(app: AppContext) {
  const signIn = (csrf: Csrf, session: { access_token: string; expires_at: string }, next?: string | null) =>
    redirect(next && NEXT_PATH.test(next) ? next : '/console', [
      sessionCookie(app, session.access_token, session.expires_at),
      csrf.setCookie,
    ])
  const keysWithApps = async (
    csrf: string,
    principal: Principal,
    options: Parameters<typeof keysPage>[3] = {},
  ) =>
    keysPage(
      csrf,
      (await service.listApiKeys(app, principal)).data,
      await connectedApps(app, principal),
      options,
    )

  const plugin = new Elysia({ name: 'module.console', seed: app.instanceId })
    .get(
      '/console',
      signedInPage(app, async ({ principal, csrf }) =>
        overviewPage(csrf, await service.overviewCounts(app, principal)),
      ),
    )
    // Sign-in: e-mail address, then code; or the e-mailed link.
    .get('/console/sign-in', async ({ request }) => {
      const csrf = csrfTokenOf(app, request)
      const next = new URL(request.url).searchParams.get('next')
      if (await consoleCaller(app, request))
        return redirect(next && NEXT_PATH.test(next) ? next : '/console', [csrf.setCookie])
      const response = emailPage(csrf.token, { next })
      if (csrf.setCookie) response.headers.append('set-cookie', csrf.setCookie)
      return response
    })
    .post(
      '/console/sign-in',
      async ({ request }) => {
        const csrf = csrfTokenOf(app, request)
        try {
          const form = await readForm(request)
          assertSameSite(app, request, form.get('csrf'))
          const email = (form.get('email') ?? '').trim()
          const next = form.get('next')
          if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254)
            return emailPage(csrf.token, { error: 'Enter a valid e-mail address.', email, status: 422, next })
          await startSignIn(app, { email, should_create_user: true }, clientIpOf(request))
          return codePage(csrf.token, email, { next })
        } catch (error) {
          if (error instanceof ProblemError)
            return emailPage(csrf.token, { error: error.detail, status: error.status })
          throw error
        }
      },
      { parse: 'none' },
    )
    .get('/console/sign-in/code', ({ request }) =>
      redirect('/console/sign-in', [csrfTokenOf(app, request).setCookie]),
    )
    .post(
      '/console/sign-in/code',
      async ({ request }) => {
        const csrf = csrfTokenOf(app, request)
        let email = ''
        let next: string | null = null
        try {
          const form = await readForm(request)
          assertSameSite(app, request, form.get('csrf'))
          email = (form.get('email') ?? '').trim()
          next = form.get('next')
          const code = (form.get('code') ?? '').trim()
          if (!/^\d{8}$/.test(code))
            return codePage(csrf.token, email, { error: 'The code has 8 digits.', status: 422, next })
          return signIn(
            csrf,
            await asOperation(app, 'auth.otp.verify', null, request, { body: { email } }, () =>
              verifySignInCode(app, { email, token: code }, clientIpOf(request)),
            ),
            next,
          )
        } catch (error) {
          if (error instanceof ProblemError)
            return codePage(csrf.token, email, {
              error: error.detail.replace(' with POST /auth/otp/start', ''),
              status: error.status,
              next,
            })
          throw error
        }
      },
      { parse: 'none' },
    )
    .get('/console/link', ({ request }) => {
      const csrf = csrfTokenOf(app, request)
      const token = new URL(request.url).searchParams.get('token')
      const response = linkPage(csrf.token, token && LINK_TOKEN.test(token) ? token : null)
      if (csrf.setCookie) response.headers.append('set-cookie', csrf.setCookie)
      return response
    })
    .post(
      '/console/link',
      async ({ request }) => {
        const csrf = csrfTokenOf(app, request)
        try {
          const form = await readForm(request)
          assertSameSite(app, request, form.get('csrf'))
          const token = form.get('token') ?? ''
          if (!LINK_TOKEN.test(token)) return linkPage(csrf.token, null, { status: 422 })
          return signIn(
            csrf,
            await asOperation(app, 'auth.otp.link', null, request, {}, () => completeSignInLink(app, token)),
          )
        } catch (error) {
          if (error instanceof ProblemError)
            return linkPage(csrf.token, null, {
              error: error.detail.replace('; request a new one with POST /auth/otp/start', ''),
              status: error.status,
            })
          throw error
        }
      },
      { parse: 'none' },
    )
    .post(
      '/console/sign-out',
      signedInForm(app, async ({ principal, request }) => {
        await asOperation(app, 'auth.sign_out', principal, request, {}, () => service.signOut(app, principal))
        return redirect('/console/sign-in', [clearedSessionCookie(app)])
      }),
      { parse: 'none' },
    )
    // API keys.
    .get(
      '/console/keys',
      signedInPage(app, ({ principal, csrf }) => keysWithApps(csrf, principal)),
    )
    .post(
      '/console/keys',
      signedInForm(app, async ({ principal, csrf, form, request }) => {
        const name = (form.get('name') ?? '').trim().slice(0, 100) || undefined
        const created = await asOperation(app, 'auth.api_keys.create', principal, request, {}, () =>
          service.createApiKey(app, principal, { name }),
        )
        return keysWithApps(csrf, principal, { created })
      }),
      { parse: 'none' },
    )
    .post(
      '/console/keys/:id/revoke',
      signedInForm(app, async ({ principal, csrf, params, request }) => {
        const revoked = await asOperation(app, 'auth.api_keys.revoke', principal, request, { params }, () =>
          service.revokeApiKey(app, principal, params.id),
        )
        return keysWithApps(csrf, principal, {
          message: `Revoked ${revoked.name ?? revoked.display_prefix}; it stopped working at once.`,
        })
      }),
      { parse: 'none' },
    )
    .post(
      '/console/connected-apps/:id/revoke',
      signedInForm(app, async ({ principal, csrf, params }) => {
        await revokeConnectedApp(app, principal, params.id)
        return keysWithApps(csrf, principal, {
          message: 'The application’s access was revoked; its tokens stopped working at once.',
        })
      }),
      { parse: 'none' },
    )
    // OAuth consent for an application connecting through the authorization server (MCP clients):
    // sign in first (the sign-in forms bring the person back here), then allow or deny.
    .get('/console/oauth/:uid', async ({ request, params }) => {
      const csrf = csrfTokenOf(app, request)
      const principal = await consoleCaller(app, request)
      if (!principal)
        return redirect(`/console/sign-in?next=${encodeURIComponent(`/console/oauth/${params.uid}`)}`, [
          csrf.setCookie,
        ])
      let response: Response
      try {
        response = consentPage(csrf.token, await consentRequest(app, request, params.uid))
      } catch (error) {
        if (!(error instanceof ProblemError)) throw error
        response = failurePage(csrf.token, error, true)
      }
      if (csrf.setCookie) response.headers.append('set-cookie', csrf.setCookie)
      return response
    })
    .post(
      '/console/oauth/:uid',
      signedInForm(app, async ({ principal, form, params, request }) =>
        redirect(
          await answerConsent(app, request, params.uid, principal, {
            approve: form.get('decision') === 'allow',
            allowed: form.getAll('scope'),
          }),
        ),
      ),
      { parse: 'none' },
    )
    // Upload: the page, the import of a small file, and upload sessions for large genetics files.
    .get(
      '/console/upload',
      signedInPage(app, ({ csrf }) =>
        uploadPage(csrf, { importMaxBytes: app.config.importMaxBytes, sessionFromBytes: SESSION_FROM_BYTES }),
      ),
    )
    .post(
      '/console/import',
      signedInJson(
        app,
        ({ principal, body }) => {
          if (!Value.Check(service.ImportFileBody, body))
            throw new ProblemError(
              'validation',
              'The import needs a file name and the content as data_base64.',
            )
          return service.importForConsole(app, principal, body)
        },
        { status: 201, bodyLimit: app.config.importMaxBytes },
      ),
      { parse: 'none' },
    )
    .post(
      '/console/uploads',
      signedInJson(
        app,
        ({ principal, body }) => {
          const b = body as {
            filename?: unknown
            size_bytes?: unknown
            content_type?: unknown
            sample?: unknown
          }
          if (
            typeof b.filename !== 'string' ||
            b.filename.length === 0 ||
            b.filename.length > 255 ||
            !Number.isSafeInteger(b.size_bytes) ||
            (b.size_bytes as number) < 1
          )
            throw new ProblemError('validation', 'An upload needs the file name and its size in bytes.')
          // The same rule as the API's `sample`: a VCF header cannot hold a tab, a line break or a control.
          if (b.sample !== undefined && !Value.Check(SampleName, b.sample))
            throw new ProblemError(
              'validation',
              `The sample name must be 1 to ${MAX_SAMPLE_NAME_LENGTH} characters, without tabs or line breaks, exactly as on the file's #CHROM line.`,
            )
          return service.startConsoleUpload(app, principal, {
            ...(b.sample !== undefined ? { sample: b.sample as string } : {}),
            filename: b.filename,
            size_bytes: b.size_bytes as number,
            content_type:
              typeof b.content_type === 'string' && b.content_type
                ? b.content_type.slice(0, 255)
                : 'application/octet-stream',
          })
        },
        { status: 201 },
      ),
      { parse: 'none' },
    )
    .post(
      '/console/uploads/:id/complete',
      signedInJson(app, ({ principal, params }) => service.completeConsoleUpload(app, principal, params.id), {
        status: 200,
      }),
      { parse: 'none' },
    )
    // Genetics jobs, with their live progress.
    .get(
      '/console/jobs',
      signedInPage(app, async ({ principal, csrf }) =>
        jobsPage(csrf, (await service.listJobs(app, scopeOf(principal), { limit: 50 })).data),
      ),
    )
    .get(
      '/console/jobs/:id',
      signedInPage(app, async ({ principal, csrf, params }) => {
        const job = await service.getJob(app, scopeOf(principal), params.id)
        return jobPage(csrf, job, await service.jobResult(app, principal, job))
      }),
    )
    .get('/console/jobs/:id/events', async ({ request, params }) => {
      const principal = await consoleCaller(app, request)
      if (!principal) throw new ProblemError('unauthorized', 'Sign in to the console first.')
      return jobEventStream(app, scopeOf(principal), params.id, request.signal)
    })
    // Sources.
    .get(
      '/console/sources',
      signedInPage(app, async ({ principal, csrf }) =>
        sourcesPage(csrf, (await service.listSources(app, scopeOf(principal), { limit: 100 })).data),
      ),
    )
    .get(
      '/console/sources/:id',
      signedInPage(app, async ({ principal, csrf, params, request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor') ?? undefined
        const { source, observations } = await service.sourceWithObservations(
          app,
          principal,
          params.id,
          cursor,
        )
        return sourcePage(csrf, source, observations, { firstPage: cursor === undefined })
      }),
    )
    .post(
      '/console/sources/:id/delete',
      signedInForm(app, async ({ principal, csrf, form, params }) => {
        if (form.get('confirm') !== 'yes')
          throw new ProblemError('validation', 'Tick the box to confirm the deletion; nothing was deleted.')
        const deleted = await service.deleteConsoleSource(app, principal, params.id)
        const sources = (await service.listSources(app, scopeOf(principal), { limit: 100 })).data
        return sourcesPage(
          csrf,
          sources,
          `Deleted the source and its ${deleted.observations_deleted} observations.${deleted.analyses_citing.length ? ` ${deleted.analyses_citing.length} analyses that used it now say it was deleted.` : ''}`,
        )
      }),
      { parse: 'none' },
    )
    // Analyses and dashboard links.
    .get(
      '/console/analyses',
      signedInPage(app, async ({ principal, csrf }) =>
        analysesPage(csrf, (await service.analysesOf(app, principal)).data),
      ),
    )
    .post(
      '/console/analyses',
      signedInForm(app, async ({ principal, csrf }) => {
        try {
          const analysis = await service.analyseAll(app, principal)
          return redirect(`/console/analyses/${analysis.id}`)
        } catch (error) {
          if (error instanceof ProblemError && error.status === 422)
            return analysesPage(csrf, (await service.analysesOf(app, principal)).data, error.detail)
          throw error
        }
      }),
      { parse: 'none' },
    )
    .get(
      '/console/analyses/:id',
      signedInPage(app, async ({ principal, csrf, params }) => {
        const { analysis, links, designs } = await service.analysisWithLinks(app, principal, params.id)
        return analysisPage(csrf, analysis, links, designs)
      }),
    )
    .post(
      '/console/analyses/:id/links',
      signedInForm(app, async ({ principal, csrf, form, params }) => {
        const days = Number(form.get('expires_in_days') ?? 7)
        if (!Number.isInteger(days) || days < 1 || days > 90)
          throw new ProblemError('validation', 'A dashboard link is valid for 1 to 90 days.')
        const created = await service.createLink(app, principal, {
          analysis_id: params.id,
          design_id: form.get('design_id') ?? '',
          expires_in_days: days,
        })
        const { analysis, links, designs } = await service.analysisWithLinks(app, principal, params.id)
        return analysisPage(csrf, analysis, links, designs, { created })
      }),
      { parse: 'none' },
    )
    .post(
      '/console/links/:id/revoke',
      signedInForm(app, async ({ principal, csrf, params, request }) => {
        const revoked = await asOperation(
          app,
          'dashboards.links.revoke',
          principal,
          request,
          { params },
          () => service.revokeLink(app, principal, params.id),
        )
        const { analysis, links, designs } = await service.analysisWithLinks(
          app,
          principal,
          revoked.analysis_id,
        )
        return analysisPage(csrf, analysis, links, designs, {
          message: 'The link was revoked; it stopped working at once.',
        })
      }),
      { parse: 'none' },
    )
  plugin.get(
    '/console/billing',
    signedInPage(app, async ({ principal, csrf }) =>
      billingPage(csrf, await subscriptionStatus(app, principal)),
    ),
  )
  plugin.get(
    '/console/profile',
    signedInPage(app, async ({ principal, csrf }) =>
      profilePage(csrf, await getProfile(app, scopeOf(principal))),
    ),
  )
  plugin.post(
    '/console/profile',
    signedInForm(app, async ({ principal, csrf, form }) => {
      // An empty field clears what the person set, so the value from their data (if any) applies again.
      const sex = form.get('sex')
      const birth = (form.get('birth_date') ?? '').trim()
      if (sex && sex !== 'female' && sex !== 'male')
        throw new ProblemError('validation', 'Sex must be female, male or not set.')
      if (birth && !/^\d{4}-\d{2}-\d{2}$/.test(birth))
        throw new ProblemError('validation', 'Birth date must be a date (YYYY-MM-DD).')
      const saved = await putProfile(app, scopeOf(principal), {
        sex: sex ? (sex as 'female' | 'male') : null,
        birth_date: birth || null,
      })
      return profilePage(csrf, saved, 'Profile saved.')
    }),
    { parse: 'none' },
  )
  // Wearable connections: the list with disconnect, the WHOOP redirect's landing, and the Health Connect
  // companion pairing (approve, then the connection code).
  const wearables = async (principal: Principal, csrf: string, message?: string) =>
    wearablesPage(csrf, await listConnections(app, scopeOf(principal)), { message })
  plugin.get(
    '/console/wearables',
    signedInPage(app, async ({ principal, csrf, request }) => {
      const query = new URL(request.url).searchParams
      const code = query.get('code')
      const state = query.get('state')
      // The provider sends the person back here with code and state; the signed, user-bound, single-use
      // state is what makes completing on this GET safe.
      if (code && state) {
        const done = await completeOAuthRedirect(app, scopeOf(principal), code, state)
        return wearables(
          principal,
          csrf,
          `Connected ${done.connection.source_provider === 'whoop' ? 'WHOOP' : 'Oura'}.`,
        )
      }
      const error = query.get('error')
      if (error)
        throw new ProblemError('forbidden', 'The provider did not grant access, so nothing was connected.')
      return wearables(principal, csrf)
    }),
  )
  plugin.post(
    '/console/wearables/:provider/disconnect',
    signedInForm(app, async ({ principal, csrf, params }) => {
      const provider = params.provider
      if (provider !== 'whoop' && provider !== 'oura' && provider !== 'health_connect')
        throw new ProblemError('notFound', 'There is no such wearable provider.')
      const done = await disconnect(app, scopeOf(principal), provider)
      return wearables(
        principal,
        csrf,
        `Disconnected ${provider === 'health_connect' ? 'the Health Connect app; its credential stopped working' : provider === 'whoop' ? 'WHOOP' : 'Oura'}${done.revoked_at_provider ? ' and revoked its access' : ''}.`,
      )
    }),
    { parse: 'none' },
  )
  plugin.post(
    '/console/wearables/health-connect/start',
    signedInForm(app, async ({ principal }) => {
      const started = await startConnection(app, scopeOf(principal), {
        user_id: principal.user_id,
        source_provider: 'health_connect',
      })
      const url = new URL(started.authorization_url)
      return redirect(`${url.pathname}${url.search}`)
    }),
    { parse: 'none' },
  )
  plugin.get(
    approvalPath,
    signedInPage(app, async ({ principal, csrf, request }) => {
      const state = new URL(request.url).searchParams.get('request')
      const pending = await pendingApproval(app, scopeOf(principal), state)
      return healthConnectApprovalPage(csrf, state as string, pending.expires_at)
    }),
  )
  plugin.post(
    `${approvalPath}/approve`,
    signedInForm(app, async ({ principal, csrf, form }) =>
      healthConnectCodePage(csrf, await approveHealthConnect(app, scopeOf(principal), form.get('request'))),
    ),
    { parse: 'none' },
  )
  for (const path of PLACEHOLDER_PATHS)
    plugin.get(
      path,
      signedInPage(app, ({ csrf }) => placeholderPage(path, csrf)),
    )
  return plugin
}

export const consoleModule: DomainModule = { name: 'console', operations: [], plugin: consolePlugin }

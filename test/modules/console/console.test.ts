// The console over HTTP, in-process: sign-in by code and by link into an HttpOnly cookie session,
// CSRF and Origin checks on every form, sign-out, expiry, keys, and the small-file import — with the
// bodies and headers a browser would see. The browser-driven run is test/e2e/console.test.ts.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { createClient } from '@libsql/client'
import { billingPage } from '../../../modules/console/pages/billing'
import { humanUnit } from '../../../modules/console/pages/sources'
import { type TestApp, testApp } from '../../support/app'

let t: TestApp
beforeAll(async () => {
  t = await testApp()
})
afterAll(() => t.cleanup())

/** A browser-like client: keeps cookies, follows nothing, reads the CSRF token from pages. */
function browser(origin = 'http://localhost') {
  const jar = new Map<string, string>()
  let ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`
  async function request(
    method: string,
    path: string,
    form?: Record<string, string>,
    headers: Record<string, string> = {},
  ) {
    const h: Record<string, string> = { 'x-forwarded-for': ip, ...headers }
    if (jar.size) h.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
    let body: string | undefined
    if (form) {
      body = new URLSearchParams(form).toString()
      h['content-type'] ??= 'application/x-www-form-urlencoded'
      h.origin ??= origin
    }
    const response = await t.app.handle(new Request(`http://localhost${path}`, { method, headers: h, body }))
    for (const c of response.headers.getSetCookie()) {
      const [pair] = c.split(';')
      const at = pair.indexOf('=')
      const value = pair.slice(at + 1)
      if (/Max-Age=0/.test(c)) jar.delete(pair.slice(0, at))
      else jar.set(pair.slice(0, at), value)
    }
    const text = await response.text()
    return { status: response.status, headers: response.headers, text }
  }
  const csrf = () => jar.get('wds_csrf') ?? ''
  return {
    jar,
    request,
    csrf,
    get: (path: string) => request('GET', path),
    post: (path: string, form: Record<string, string>, headers?: Record<string, string>) =>
      request('POST', path, { csrf: csrf(), ...form }, headers),
    newIp() {
      ip = `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`
    },
  }
}

const codeIn = (email: string) =>
  t.context.outbox!.latestFor(email)[0].text.match(/sign-in code is (\d{8})/)![1]
const linkIn = (email: string) =>
  new URL(t.context.outbox!.latestFor(email)[0].text.match(/(http:\/\/\S+\/console\/link\?token=\S+)/)![1])

async function signedIn(email = `c${Math.random().toString(36).slice(2)}@example.com`) {
  const b = browser()
  await b.get('/console/sign-in')
  await b.post('/console/sign-in', { email })
  const done = await b.post('/console/sign-in/code', { email, code: codeIn(email) })
  expect(done.status).toBe(303)
  return b
}

describe('console sign-in', () => {
  it('sends a signed-out visitor to the sign-in page, which sets an HttpOnly CSRF cookie', async () => {
    const b = browser()
    const home = await b.get('/console')
    expect([home.status, home.headers.get('location')]).toEqual([303, '/console/sign-in'])
    const page = await b.get('/console/sign-in')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(page.text).toContain('<label for="email">E-mail address</label>')
    const csp = page.headers.get('content-security-policy')!
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("form-action 'self'")
    expect(csp).toContain("default-src 'none'")
    expect(page.headers.get('cache-control')).toBe('no-store')
    // The first response of the visit (the redirect) already set it.
    const cookie = home.headers.getSetCookie().find((c) => c.startsWith('wds_csrf='))!
    expect(cookie).toMatch(/^wds_csrf=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=604800$/)
  })

  it('signs in by e-mailed code into an HttpOnly SameSite cookie session, and never shows the token', async () => {
    const b = browser()
    await b.get('/console/sign-in')
    const sent = await b.post('/console/sign-in', { email: 'Code@Example.com' })
    expect(sent.status).toBe(200)
    expect(sent.text).toContain('<strong>Code@Example.com</strong>')
    const done = await b.post('/console/sign-in/code', {
      email: 'Code@Example.com',
      code: codeIn('code@example.com'),
    })
    expect([done.status, done.headers.get('location')]).toEqual([303, '/console'])
    const session = done.headers.getSetCookie().find((c) => c.startsWith('wds_console='))!
    expect(session).toMatch(
      /^wds_console=wds_ses_[A-Za-z0-9_-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200$/,
    )
    const home = await b.get('/console')
    expect(home.status).toBe(200)
    expect(home.text).toContain('<h1>Your data</h1>')
    expect(home.text).not.toContain('wds_ses_')
  })

  it('sends a signed-in person from the sign-in page to the console', async () => {
    const b = await signedIn()
    const again = await b.get('/console/sign-in')
    expect([again.status, again.headers.get('location')]).toEqual([303, '/console'])
  })

  it('marks the cookies Secure with the __Host- prefix when PUBLIC_BASE_URL is https', async () => {
    const secure = await testApp({ publicBaseUrl: 'https://wellness.example' })
    try {
      const first = await secure.app.handle(new Request('https://wellness.example/console/sign-in'))
      const csrf = first.headers.getSetCookie()[0]
      expect(csrf).toMatch(
        /^__Host-wds_csrf=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=604800; Secure$/,
      )
      const token = csrf.split(';')[0].split('=')[1]
      const cookie = `__Host-wds_csrf=${token}`
      const post = (path: string, form: Record<string, string>) =>
        secure.app.handle(
          new Request(`https://wellness.example${path}`, {
            method: 'POST',
            headers: {
              cookie,
              'content-type': 'application/x-www-form-urlencoded',
              origin: 'https://wellness.example',
            },
            body: new URLSearchParams({ csrf: token, ...form }).toString(),
          }),
        )
      await post('/console/sign-in', { email: 'secure@example.com' })
      const code = secure.context.outbox!.latestFor('secure@example.com')[0].text.match(/code is (\d{8})/)![1]
      const done = await post('/console/sign-in/code', { email: 'secure@example.com', code })
      expect(done.status).toBe(303)
      expect(done.headers.getSetCookie()[0]).toMatch(
        /^__Host-wds_console=wds_ses_[A-Za-z0-9_-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200; Secure$/,
      )
    } finally {
      await secure.cleanup()
    }
  })

  it('refuses a wrong code with the reason and keeps the person signed out', async () => {
    const b = browser()
    await b.get('/console/sign-in')
    await b.post('/console/sign-in', { email: 'wrong@example.com' })
    const wrong = await b.post('/console/sign-in/code', { email: 'wrong@example.com', code: '00000000' })
    expect(wrong.status).toBe(401)
    expect(wrong.text).toContain('The code is wrong or has expired; request a new one.')
    expect(b.jar.has('wds_console')).toBe(false)
    const short = await b.post('/console/sign-in/code', { email: 'wrong@example.com', code: '123' })
    expect(short.status).toBe(422)
    expect(short.text).toContain('The code has 8 digits.')
  })

  it('signs in by the e-mailed link: the link opens a page with one button, the button signs in once', async () => {
    const b = browser()
    await b.get('/console/sign-in')
    await b.post('/console/sign-in', { email: 'link@example.com' })
    const link = linkIn('link@example.com')
    expect(link.pathname).toBe('/console/link')
    const landing = await b.get(link.pathname + link.search)
    expect(landing.status).toBe(200)
    // Opening the link (as a mail scanner would) does not sign in.
    expect(b.jar.has('wds_console')).toBe(false)
    expect(landing.text).toContain('<button type="submit">Sign in</button>')
    const token = link.searchParams.get('token')!
    const done = await b.post('/console/link', { token })
    expect([done.status, done.headers.get('location')]).toEqual([303, '/console'])
    expect(b.jar.get('wds_console')).toStartWith('wds_ses_')
    const again = await browser()
      .request('GET', '/console/sign-in')
      .then(() => b.post('/console/link', { token }))
    expect(again.status).toBe(401)
    expect(again.text).toContain('This sign-in link was already used or has expired.')
  })

  it('shows no form for a link token of the wrong shape, and never echoes it', async () => {
    const b = browser()
    const hostile = '"><script>alert(1)</script>'
    const page = await b.get(`/console/link?token=${encodeURIComponent(hostile)}`)
    expect(page.status).toBe(200)
    expect(page.text).toContain('This sign-in link is incomplete.')
    expect(page.text).not.toContain('<script>alert')
  })

  it('refuses a form without the CSRF token, with a wrong one, or from another origin (403)', async () => {
    const b = browser()
    await b.get('/console/sign-in')
    const missing = await b.request('POST', '/console/sign-in', { email: 'x@example.com' })
    expect(missing.status).toBe(403)
    expect(missing.text).toContain('The form is missing its security token')
    const wrong = await b.post('/console/sign-in', { email: 'x@example.com', csrf: 'A'.repeat(43) })
    expect(wrong.status).toBe(403)
    const foreign = await b.post(
      '/console/sign-in',
      { email: 'x@example.com' },
      { origin: 'https://evil.example' },
    )
    // The service-wide Origin guard answers first, before the console's own check.
    expect(foreign.status).toBe(403)
    expect(foreign.text).toContain('Requests from this web origin are not allowed')
    const crossSite = await b.post(
      '/console/sign-in',
      { email: 'x@example.com' },
      { 'sec-fetch-site': 'cross-site' },
    )
    expect(crossSite.status).toBe(403)
    expect(t.context.outbox!.latestFor('x@example.com')).toEqual([])
    const person = await signedIn()
    const forged = await person.request('POST', '/console/keys', { name: 'forged' })
    expect(forged.status).toBe(403)
    expect((await person.get('/console/keys')).text).not.toContain('forged')
  })

  it('signs out: the session is revoked on the server and the cookie cleared', async () => {
    const b = await signedIn()
    const token = b.jar.get('wds_console')!
    const out = await b.post('/console/sign-out', {})
    expect([out.status, out.headers.get('location')]).toEqual([303, '/console/sign-in'])
    expect(out.headers.getSetCookie().find((c) => c.startsWith('wds_console='))).toContain('Max-Age=0')
    expect(b.jar.has('wds_console')).toBe(false)
    // The old token no longer works, even if someone kept the cookie.
    const replay = await t.app.handle(
      new Request('http://localhost/console', { headers: { cookie: `wds_console=${token}` } }),
    )
    expect(replay.status).toBe(303)
    expect((await t.call('GET', '/me', { token })).status).toBe(401)
  })

  it('ends the session after 12 hours', async () => {
    const b = await signedIn()
    expect((await b.get('/console/keys')).status).toBe(200)
    t.clock.advance(12 * 3600 * 1000 + 1000)
    const later = await b.get('/console/keys')
    expect([later.status, later.headers.get('location')]).toEqual([303, '/console/sign-in'])
  })
})

describe('console API keys', () => {
  it('creates a key shown once with a copy button, lists it without the secret, and revokes it', async () => {
    const b = await signedIn()
    const created = await b.post('/console/keys', { name: 'laptop' })
    expect(created.status).toBe(200)
    const key = created.text.match(/value="(wds_sk_[A-Za-z0-9_-]+)"/)![1]
    expect(created.text).toContain('it is shown only once')
    expect(created.text).toContain('data-copy="new-key"')
    expect((await t.call('GET', '/me', { token: key })).body.kind).toBe('api_key')
    const list = await b.get('/console/keys')
    expect(list.text).toContain('laptop')
    expect(list.text).not.toContain(key)
    const id = list.text.match(/action="\/console\/keys\/(key_[a-z0-9]+)\/revoke"/)![1]
    const revoked = await b.post(`/console/keys/${id}/revoke`, {})
    expect(revoked.status).toBe(200)
    expect(revoked.text).toContain('it stopped working at once')
    expect((await t.call('GET', '/me', { token: key })).status).toBe(401)
  })

  it("answers 404 in words for someone else's key", async () => {
    const owner = await signedIn()
    const created = await owner.post('/console/keys', { name: 'mine' })
    expect(created.status).toBe(200)
    const id = (await owner.get('/console/keys')).text.match(/\/console\/keys\/(key_[a-z0-9]+)\/revoke/)![1]
    const other = await signedIn()
    const attempt = await other.post(`/console/keys/${id}/revoke`, {})
    expect(attempt.status).toBe(404)
    expect(attempt.text).toContain(`API key ${id} was not found.`)
  })
})

describe('console import', () => {
  it('imports a small lab file for the signed-in person, with the CSRF header', async () => {
    const b = await signedIn()
    const csv = 'Marker,Value,Unit,Date\nLDL-C,128,mg/dL,2026-01-10\nHbA1c,5.4,%,2026-01-10\n'
    const body = JSON.stringify({ filename: 'labs.csv', data_base64: Buffer.from(csv).toString('base64') })
    const headers = {
      'content-type': 'application/json',
      'x-csrf-token': b.csrf(),
      origin: 'http://localhost',
    }
    const refused = await b.request('POST', '/console/import', undefined, {
      ...headers,
      'x-csrf-token': 'nope',
    })
    expect(refused.status).toBe(403)
    expect(refused.headers.get('content-type')).toStartWith('application/problem+json')
    const h = { ...headers, cookie: [...b.jar].map(([k, v]) => `${k}=${v}`).join('; ') }
    const r = await t.app.handle(
      new Request('http://localhost/console/import', { method: 'POST', headers: h, body }),
    )
    expect(r.status).toBe(201)
    const result = (await r.json()) as { source_id: string }
    expect(result).toMatchObject({ modality: 'biomarkers', filename: 'labs.csv', observation_count: 2 })
    const source = await b.get(`/console/sources/${result.source_id}`)
    expect(source.status).toBe(200)
    expect(source.text).toContain('LDL-C')
    expect(source.text).toContain('128 mg/dL')
    expect(source.text).toContain('<time datetime="2026-01-10">2026-01-10</time>')
  })

  it('refuses an import without a session with 401 problem details', async () => {
    const b = browser()
    await b.get('/console/sign-in')
    const r = await b.request('POST', '/console/import', undefined, {
      'content-type': 'application/json',
      'x-csrf-token': b.csrf(),
    })
    expect(r.status).toBe(401)
    expect(JSON.parse(r.text)).toMatchObject({ status: 401, detail: 'Sign in to the console first.' })
  })
})

describe('console placeholders', () => {
  it('says plainly what is not available yet', async () => {
    const b = await signedIn()
    for (const [path, words] of [
      ['/console/data', 'deleting everything held about you are not available yet'],
    ]) {
      const r = await b.get(path)
      expect(r.status).toBe(200)
      expect(r.text).toContain('Not available yet.')
      expect(r.text).toContain(words)
    }
  })
})

describe('console profile', () => {
  it('sets and clears sex and birth date, which the API profile then names as set by the person', async () => {
    const b = await signedIn()
    const empty = await b.get('/console/profile')
    expect(empty.status).toBe(200)
    expect(empty.text).toContain('<label for="birth-date">Birth date</label>')
    expect(empty.text).toContain('Not known')
    const saved = await b.post('/console/profile', { sex: 'female', birth_date: '1980-04-12' })
    expect(saved.status).toBe(200)
    expect(saved.text).toContain('Profile saved.')
    expect(saved.text).toContain('<option value="female" selected>')
    expect(saved.text).toContain('value="1980-04-12"')
    expect(saved.text).toContain('Set by you.')
    const cleared = await b.post('/console/profile', { sex: '', birth_date: '' })
    expect(cleared.text).toContain('<option value="" selected>')
    const bad = await b.post('/console/profile', { sex: 'other', birth_date: '1980-04-12' })
    expect(bad.status).toBe(422)
    const future = await b.post('/console/profile', { sex: 'male', birth_date: '2999-01-01' })
    expect(future.status).toBe(422)
    expect(future.text).toContain('not a real date')
  })
})

describe('console billing page', () => {
  it('shows the plan and says a self-hosted deployment has no quotas', async () => {
    const b = await signedIn()
    const r = await b.get('/console/billing')
    expect(r.status).toBe(200)
    expect(r.text).toContain('Plan: Free.')
    expect(r.text).toContain('This deployment is self-hosted: no plan quotas or billing apply.')
    expect(r.text).not.toContain('Not available yet.')
  })

  it('lists this month’s usage beside what the plan includes when billing is on', () => {
    const html = billingPage('csrf', {
      billing_enabled: true,
      tier: 'free',
      effective_tier: 'enterprise',
      billing_admin: true,
      subscription: null,
      allowance: { limit: 100, used: 4, remaining: 96, bypassed: true },
      usage: {
        period: '2026-01',
        resets_at: '2026-02-01T00:00:00.000Z',
        quotas: {
          uploads: { used: 3, limit: null },
          analyses: { used: 1, limit: null },
          wearable_syncs: { used: 0, limit: null },
          uploads_and_analyses: null,
        },
      },
    })
    return html.text().then((text) => {
      expect(text).toContain('Plan: Enterprise (billing_admin entitlement granted by the operator')
      expect(text).toContain('This month (2026-01, UTC); counts start again at 2026-02-01T00:00:00.000Z')
      expect(text).toContain('<tr><th scope="row">Uploads</th><td>3</td><td>custom</td></tr>')
      expect(text).not.toContain('Introductory allowance')
    })
  })

  it('shows Free’s shared uploads-and-analyses cap and the introductory allowance left', () => {
    const html = billingPage('csrf', {
      billing_enabled: true,
      tier: 'free',
      effective_tier: 'free',
      billing_admin: false,
      subscription: null,
      allowance: { limit: 100, used: 40, remaining: 60, bypassed: false },
      usage: {
        period: '2026-01',
        resets_at: '2026-02-01T00:00:00.000Z',
        quotas: {
          uploads: { used: 3, limit: 25 },
          analyses: { used: 2, limit: 25 },
          wearable_syncs: { used: 0, limit: 0 },
          uploads_and_analyses: { used: 5, limit: 25 },
        },
      },
    })
    return html.text().then((text) => {
      expect(text).toContain(
        '<tr><th scope="row">Uploads and analyses together</th><td>5</td><td>25</td></tr>',
      )
      expect(text).toContain('Introductory allowance: 40 of 100 free protected requests used (60 left).')
    })
  })
})

describe('console genetics upload and job', () => {
  it('uploads a genetics file in parts through the console, and the finished job shows findings and an ancestry chart with intervals', async () => {
    await t.context.queue.start()
    const b = await signedIn()
    const { readFileSync } = await import('node:fs')
    const { join } = await import('node:path')
    const bytes = new Uint8Array(
      readFileSync(
        join(import.meta.dir, '..', '..', 'fixtures', 'genetics-uploads', 'kidd.aisnp.1kg.train.vcf.gz'),
      ),
    )
    const cookie = [...b.jar].map(([k, v]) => `${k}=${v}`).join('; ')
    const json = (path: string, body: unknown) =>
      t.app.handle(
        new Request(`http://localhost${path}`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json', 'x-csrf-token': b.csrf() },
          body: JSON.stringify(body),
        }),
      )
    const created = await json('/console/uploads', { filename: 'kidd.vcf.gz', size_bytes: bytes.byteLength })
    expect(created.status).toBe(201)
    const session = (await created.json()) as { upload_id: string; upload_path: string; part_size: number }
    expect(session.upload_path).toStartWith(`/genetics/uploads/${session.upload_id}/content?token=ut_`)
    // Two parts, as the page's script sends them; the second after asking how much arrived.
    const half = Math.floor(bytes.byteLength / 2)
    const put = (from: number, to: number) =>
      t.app.handle(
        new Request(`http://localhost${session.upload_path}`, {
          method: 'PUT',
          headers: { 'content-range': `bytes ${from}-${to - 1}/${bytes.byteLength}` },
          body: bytes.slice(from, to),
        }),
      )
    expect((await put(0, half)).status).toBe(200)
    const probe = await t.app.handle(
      new Request(`http://localhost${session.upload_path}`, {
        method: 'PUT',
        headers: { 'content-range': `bytes */${bytes.byteLength}` },
      }),
    )
    expect(((await probe.json()) as { received_bytes: number }).received_bytes).toBe(half)
    expect((await put(half, bytes.byteLength)).status).toBe(200)
    const completed = await json(`/console/uploads/${session.upload_id}/complete`, {})
    expect(completed.status).toBe(200)
    const { job_id } = (await completed.json()) as { job_id: string }
    const events = await b.get(`/console/jobs/${job_id}/events`)
    expect(events.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect(events.text).toContain('event: end\ndata: {"state":"succeeded"')
    const page = await b.get(`/console/jobs/${job_id}`)
    expect(page.status).toBe(200)
    expect(page.text).toContain('<strong>Finished</strong>')
    expect(page.text).toContain('<h2>Findings</h2>')
    expect(page.text).toContain('<svg role="img" aria-labelledby="ancestry-title"')
    expect(page.text).toMatch(/<li>[A-Za-z ]+: \d+ % \(interval \d+ % to \d+ %\)<\/li>/)
    // A finished job's page needs no script.
    expect(page.text).not.toContain('<script')
  })

  it('reads the person named in the sample field of a multi-sample VCF, even a small one', async () => {
    await t.context.queue.start()
    const b = await signedIn()
    const { readFileSync } = await import('node:fs')
    const { join } = await import('node:path')
    const form = await b.get('/console/upload')
    expect(form.text).toContain('<label for="sample">')
    expect(form.text).toContain('<input id="sample" name="sample" type="text" maxlength="255"')
    const bytes = new Uint8Array(
      readFileSync(
        join(import.meta.dir, '..', '..', 'fixtures', 'genetics-uploads', 'synthetic_trio_grch37.vcf'),
      ),
    )
    const cookie = [...b.jar].map(([k, v]) => `${k}=${v}`).join('; ')
    const post = (path: string, body: unknown) =>
      t.app.handle(
        new Request(`http://localhost${path}`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json', 'x-csrf-token': b.csrf() },
          body: JSON.stringify(body),
        }),
      )
    const created = await post('/console/uploads', {
      filename: 'trio.vcf',
      size_bytes: bytes.byteLength,
      sample: 'SYNTH_MOTHER',
    })
    expect(created.status).toBe(201)
    const session = (await created.json()) as { upload_id: string; upload_path: string }
    const put = await t.app.handle(
      new Request(`http://localhost${session.upload_path}`, {
        method: 'PUT',
        headers: { 'content-range': `bytes 0-${bytes.byteLength - 1}/${bytes.byteLength}` },
        body: bytes,
      }),
    )
    expect(put.status).toBe(200)
    const completed = await post(`/console/uploads/${session.upload_id}/complete`, {})
    const { job_id } = (await completed.json()) as { job_id: string }
    const events = await b.get(`/console/jobs/${job_id}/events`)
    expect(events.text).toContain('event: end\ndata: {"state":"succeeded"')
    const page = await b.get(`/console/jobs/${job_id}`)
    expect(page.text).toContain('SYNTH_MOTHER')
    expect(page.text).not.toContain('MULTIPLE_SAMPLES')

    const refused = await post('/console/uploads', { filename: 'trio.vcf', size_bytes: 10, sample: 'A\tB' })
    expect(refused.status).toBe(422)
    expect(((await refused.json()) as { detail: string }).detail).toContain('without tabs or line breaks')
  })

  it("answers 404 for someone else's job, on the page and on its event stream", async () => {
    const b = await signedIn()
    const page = await b.get('/console/jobs/job_01kf0e44m0f4g1nhgsxsq7w4y9')
    expect(page.status).toBe(404)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(page.text).toContain('Job job_01kf0e44m0f4g1nhgsxsq7w4y9 was not found.')
    const events = await b.get('/console/jobs/job_01kf0e44m0f4g1nhgsxsq7w4y9/events')
    expect(events.status).toBe(404)
    expect(events.headers.get('content-type')).toStartWith('application/problem+json')
  })
})

describe('console units', () => {
  it('writes UCUM codes as people write units', () => {
    expect(['m[IU]/L', 'u[IU]/mL', '{steps}', '10*3/uL', 'mg/dL'].map(humanUnit)).toEqual([
      'mIU/L',
      'uIU/mL',
      'steps',
      '10^3/uL',
      'mg/dL',
    ])
  })
})

describe('console bad input', () => {
  const jsonHeaders = (b: Awaited<ReturnType<typeof signedIn>>) => ({
    cookie: [...b.jar].map(([k, v]) => `${k}=${v}`).join('; '),
    'content-type': 'application/json',
    'x-csrf-token': b.csrf(),
  })
  const send = (path: string, headers: Record<string, string>, body: string) =>
    t.app.handle(new Request(`http://localhost${path}`, { method: 'POST', headers, body }))

  it('answers a form that is too large (413) or not a form (415) with a page that says so', async () => {
    const b = await signedIn()
    const big = await b.post('/console/keys', { name: 'x'.repeat(20_000) })
    expect(big.status).toBe(413)
    expect(big.text).toContain('The form is too large.')
    const json = await b.request('POST', '/console/keys', undefined, {
      'content-type': 'application/json',
      origin: 'http://localhost',
    })
    expect(json.status).toBe(415)
    expect(json.text).toContain('Console forms are sent as application/x-www-form-urlencoded.')
  })

  it('answers bad upload and import requests with problem details naming what is wrong', async () => {
    const b = await signedIn()
    const h = jsonHeaders(b)
    const noSize = await send('/console/uploads', h, JSON.stringify({ filename: 'g.vcf.gz' }))
    expect(noSize.status).toBe(422)
    expect(((await noSize.json()) as { detail: string }).detail).toBe(
      'An upload needs the file name and its size in bytes.',
    )
    const tooBig = await send(
      '/console/uploads',
      h,
      JSON.stringify({ filename: 'g.vcf.gz', size_bytes: t.config.genetics.maxUploadBytes + 1 }),
    )
    expect(tooBig.status).toBe(413)
    const broken = await send('/console/import', h, '{"filename":')
    expect(broken.status).toBe(400)
    expect(broken.headers.get('content-type')).toStartWith('application/problem+json')
    const unreadable = await send(
      '/console/import',
      h,
      JSON.stringify({
        filename: 'x.csv',
        data_base64: Buffer.from('not a lab file at all').toString('base64'),
      }),
    )
    expect(unreadable.status).toBe(422)
    expect(((await unreadable.json()) as { detail: string }).detail.length).toBeGreaterThan(10)
    const unknownUpload = await send('/console/uploads/upl_01kf0e44m0f4g1nhgsxsq7w4y8/complete', h, '{}')
    expect(unknownUpload.status).toBe(404)
  })

  it('says there is nothing to analyse yet instead of failing', async () => {
    const b = await signedIn()
    const r = await b.post('/console/analyses', {})
    expect(r.status).toBe(422)
    expect(r.text).toContain(
      'There is no data to analyse: import lab results, wearable data or a genotype file first.',
    )
  })
})

describe('console sources', () => {
  it("shows a source's observations with the lab's own critical flag first, then deletes the source", async () => {
    const b = await signedIn()
    const csv =
      'Marker,Value,Unit,Reference Range,Flag,Date\nPotassium,6.9,mmol/L,3.5-5.1,HH,2026-01-10\nSodium,140,mmol/L,135-145,,2026-01-10\n'
    const cookie = [...b.jar].map(([k, v]) => `${k}=${v}`).join('; ')
    const imported = await t.app.handle(
      new Request('http://localhost/console/import', {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', 'x-csrf-token': b.csrf() },
        body: JSON.stringify({ filename: 'panel.csv', data_base64: Buffer.from(csv).toString('base64') }),
      }),
    )
    expect(imported.status).toBe(201)
    const { source_id } = (await imported.json()) as { source_id: string }
    const page = await b.get(`/console/sources/${source_id}`)
    expect(page.text).toContain(
      'The lab marked one value as critical: Potassium.\nContact your clinician or the lab promptly about it; if you feel unwell, seek urgent care.',
    )
    expect(page.text).toContain('CRITICAL high (lab flag)')
    expect(page.text).toContain('<td>3.5-5.1</td>')
    const unconfirmed = await b.post(`/console/sources/${source_id}/delete`, {})
    expect(unconfirmed.status).toBe(422)
    expect(unconfirmed.text).toContain('Tick the box to confirm the deletion; nothing was deleted.')
    expect((await b.get(`/console/sources/${source_id}`)).status).toBe(200)
    const deleted = await b.post(`/console/sources/${source_id}/delete`, { confirm: 'yes' })
    expect(deleted.status).toBe(200)
    expect(deleted.text).toContain('Deleted the source and its 2 observations.')
    expect(deleted.text).not.toContain(source_id)
    const gone = await b.get(`/console/sources/${source_id}`)
    expect(gone.status).toBe(404)
    expect(gone.text).toContain(`Source ${source_id} was not found.`)
  })
})

describe('console actions in the audit trail', () => {
  it('records the console sign-in, key creation and sign-out like their API operations', async () => {
    const email = `audited${Math.random().toString(36).slice(2)}@example.com`
    const b = await signedIn(email)
    await b.get('/console/keys')
    expect((await b.post('/console/keys', { name: 'from the console' })).status).toBe(200)
    await b.post('/console/sign-out', {})
    const db = createClient({ url: t.config.databaseUrl })
    const rows = await db.execute({
      sql: 'select a.event, a.actor_kind from audit_events a join users u on u.id = a.user_id where u.email = ? order by a.id',
      args: [email],
    })
    db.close()
    expect(rows.rows.map((r) => `${r.event}:${r.actor_kind}`)).toEqual([
      'auth.signed_in:anonymous',
      'api_key.created:session',
      'auth.signed_out:session',
    ])
  })
})

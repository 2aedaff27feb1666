// The sign-in link page under attack, in a real headless Chromium: links on the service's own domain
// carrying hostile `token` values must not run any script of the caller's choosing, and a genuine link
// must still work under the page's strict CSP (its one script runs by nonce and signs in).

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type BrowserContext, chromium, type Page } from 'playwright-core'
import { type TestApp, testApp } from '../support/app'

const CHROMIUM = '/usr/bin/chromium'
const hasChromium = existsSync(CHROMIUM)
if (!hasChromium)
  console.warn(`sign-in-link-page: skipped, ${CHROMIUM} is missing (apt-get install chromium)`)

const FLAGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking']

/** Each payload, if it ran, would set window.__pwned or open a dialog. */
const HOSTILE_TOKENS = [
  '</script><script>window.__pwned=1;alert(1)</script><!--',
  '"});window.__pwned=1;alert(1);({"a":"',
  '"><img src=x onerror="window.__pwned=1;alert(1)">',
  "';window.__pwned=1;alert(1);//",
  '</script><svg onload=window.__pwned=1>',
  'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA</script><script>window.__pwned=1</script>',
]

let t: TestApp
let server: ReturnType<typeof Bun.serve>
let profileDir: string
let browser: BrowserContext

async function watched(): Promise<{ page: Page; dialogs: string[] }> {
  const page = await browser.newPage()
  const dialogs: string[] = []
  page.on('dialog', (d) => {
    dialogs.push(d.message())
    d.dismiss().catch(() => {})
  })
  return { page, dialogs }
}

describe.skipIf(!hasChromium)('sign-in link page in Chromium', () => {
  beforeAll(async () => {
    t = await testApp()
    server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (request) => t.app.handle(request) })
    profileDir = mkdtempSync(join(tmpdir(), 'wds-chromium-'))
    browser = await chromium.launchPersistentContext(profileDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: FLAGS,
    })
  })

  afterAll(async () => {
    await browser?.close()
    server?.stop(true)
    if (profileDir) rmSync(profileDir, { recursive: true, force: true })
    await t?.cleanup()
  })

  const base = () => `http://127.0.0.1:${server.port}`

  for (const hostile of HOSTILE_TOKENS) {
    it(`runs no injected script for token ${JSON.stringify(hostile)}`, async () => {
      const { page, dialogs } = await watched()
      const response = await page.goto(`${base()}/auth/otp/link?token=${encodeURIComponent(hostile)}`)
      // The token is not of the format the service mints: refused before any page is built.
      expect(response?.status()).toBe(422)
      expect(response?.headers()['content-type']).toStartWith('application/problem+json')
      expect(await response?.text()).not.toContain('<script')
      // Clicking anything there might be gives an injected handler its chance too.
      await page
        .locator('button')
        .click({ timeout: 200 })
        .catch(() => {})
      expect(await page.evaluate('window.__pwned')).toBeUndefined()
      expect(dialogs).toEqual([])
      await page.close()
    })
  }

  it('serves the page with a nonce CSP that forbids framing, and its one script still signs in', async () => {
    await t.call('POST', '/auth/otp/start', { body: { email: 'chromium@example.com' } })
    const mail = t.context.outbox!.latestFor('chromium@example.com')[0].text
    // The mail's link opens the console; the API's own link page takes the same token.
    const link = new URL(mail.match(/(http:\/\/\S+\/console\/link\?token=\S+)/)![1])
    link.pathname = '/auth/otp/link'
    const { page, dialogs } = await watched()
    const blocked: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error') blocked.push(m.text())
    })
    const response = await page.goto(`${base()}${link.pathname}${link.search}`)
    expect(response?.status()).toBe(200)
    const csp = response!.headers()['content-security-policy']
    expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]{20,}'/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("default-src 'none'")
    expect(csp.match(/script-src [^;]*/)![0]).not.toContain('unsafe')
    const html = await response!.text()
    const nonce = csp.match(/'nonce-([^']+)'/)![1]
    expect(html).toContain(`<script nonce="${nonce}">`)
    // The token is read from the page's own address, never written into the HTML.
    expect(html).not.toContain(link.searchParams.get('token')!)
    await page.locator('#go').click()
    await page.locator('pre').waitFor({ timeout: 10_000 })
    expect(await page.locator('#out p').textContent()).toStartWith('Signed in.')
    expect(await page.locator('pre').textContent()).toMatch(/Authorization: Bearer wds_ses_/)
    expect(blocked).toEqual([])
    expect(dialogs).toEqual([])
    await page.close()
  })

  it('is not shown inside a frame of another page', async () => {
    const { page } = await watched()
    await page.goto(`${base()}/health`)
    const frameUrl = `${base()}/auth/otp/link?token=${'A'.repeat(43)}`
    // about:blank is a different origin from the service, as an attacker's page would be.
    await page.goto('about:blank')
    await page.setContent(`<iframe id="f" src="${frameUrl}"></iframe>`)
    await page.waitForTimeout(500)
    const frame = page.frames().find((f) => f.url() === frameUrl)
    const framedButton = frame
      ? await frame
          .locator('#go')
          .count()
          .catch(() => 0)
      : 0
    expect(framedButton).toBe(0)
    await page.close()
  })
})

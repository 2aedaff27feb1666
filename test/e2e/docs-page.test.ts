// The API reference as a developer opens it: headless Chromium (Debian's, via playwright-core) loads
// /docs, Swagger UI renders every operation of the live /openapi.json with its examples, every request
// stays on this service's origin, the page's CSP is never violated, and axe finds no serious or critical
// accessibility violation. Screenshots go to test-output/screenshots/ (git-ignored).

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { BrowserContext } from 'playwright-core'
import { type TestApp, testApp } from '../support/app'
import { axeViolations, chromiumOrSkip, launchChromium, SCREENSHOTS } from '../support/chromium'

const hasChromium = chromiumOrSkip('docs-page')

let t: TestApp
let server: ReturnType<typeof Bun.serve>
let closeBrowser: (() => Promise<void>) | undefined
let browser: BrowserContext
let origin: string
let operationCount: number

async function openDocs(width: number, height: number) {
  const page = await browser.newPage()
  await page.setViewportSize({ width, height })
  const requested: string[] = []
  const consoleErrors: string[] = []
  page.on('request', (r) => requested.push(r.url()))
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text())
  })
  const response = await page.goto(`${origin}/docs`)
  await page.locator('.opblock').first().waitFor({ timeout: 30_000 })
  return { page, response, requested, consoleErrors }
}

describe.skipIf(!hasChromium)('API reference in Chromium', () => {
  beforeAll(async () => {
    t = await testApp()
    server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (request) => t.app.handle(request) })
    origin = `http://127.0.0.1:${server.port}`
    const doc = await t.call('GET', '/openapi.json')
    operationCount = Object.values(doc.body.paths as Record<string, object>).reduce(
      (n, methods) => n + Object.keys(methods).length,
      0,
    )
    mkdirSync(SCREENSHOTS, { recursive: true })
    ;({ browser, close: closeBrowser } = await launchChromium())
  })

  afterAll(async () => {
    await closeBrowser?.()
    server?.stop(true)
    await t?.cleanup()
  })

  it('renders every operation of /openapi.json with nothing loaded from elsewhere', async () => {
    const { page, response, requested, consoleErrors } = await openDocs(1280, 900)
    expect(response?.status()).toBe(200)
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'nonce-[^']+'/)
    expect(await page.locator('.opblock').count()).toBe(operationCount)
    expect(requested.length).toBeGreaterThanOrEqual(3)
    for (const url of requested) expect(url.startsWith(`${origin}/`) || url.startsWith('data:')).toBe(true)
    expect(consoleErrors).toEqual([])
    await Bun.write(join(SCREENSHOTS, 'docs-desktop.png'), await page.screenshot())
    await page.close()
  })

  it('shows an operation’s declared request and response examples', async () => {
    const { page } = await openDocs(1280, 900)
    const block = page.locator('.opblock', { has: page.locator('[data-path="/auth/otp/start"]') })
    await block.locator('.opblock-summary').click()
    await block.locator('.opblock-section-request-body').waitFor()
    const text = (await block.textContent()) ?? ''
    expect(text).toContain('ada@example.com')
    expect(text).toContain('sent_if_allowed')
    await page.close()
  })

  for (const [name, width, height] of [
    ['phone', 390, 844],
    ['desktop', 1280, 900],
  ] as const)
    it(`passes an axe accessibility check at ${name} width`, async () => {
      const { page } = await openDocs(width, height)
      expect(await axeViolations(page)).toEqual([])
      await Bun.write(join(SCREENSHOTS, `docs-${name}.png`), await page.screenshot())
      await page.close()
    })
})

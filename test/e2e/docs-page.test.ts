// The API reference as a developer opens it: headless Chromium (Debian's, via playwright-core) loads
// /docs, Swagger UI renders every operation of the live /openapi.json with its examples, every request
// stays on this service's origin, the page's CSP is never violated, and axe finds no serious or critical
// accessibility violation. Screenshots go to test-output/screenshots/ (git-ignored).

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type BrowserContext, chromium, type Page } from 'playwright-core'
import { type TestApp, testApp } from '../support/app'

const CHROMIUM = '/usr/bin/chromium'
const hasChromium = existsSync(CHROMIUM)
if (!hasChromium) console.warn(`docs-page: skipped, ${CHROMIUM} is missing (apt-get install chromium)`)

const SCREENSHOTS = join(import.meta.dir, '../../test-output/screenshots')
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

let t: TestApp
let server: ReturnType<typeof Bun.serve>
let profileDir: string
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

async function axeViolations(page: Page) {
  const source = await Bun.file(require.resolve('axe-core/axe.min.js')).text()
  const result = (await page.evaluate(
    `${source}; axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 12).map((n) => n.target) })))`,
  )) as { id: string; impact: string }[]
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical')
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

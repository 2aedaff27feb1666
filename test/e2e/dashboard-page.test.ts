// The dashboard page as a person sees it, on a realistic analysis (two lab panels of 21 and 31
// results, six weeks of Oura data that are eight months old by the test's clock) imported over HTTP:
// a real headless Chromium (Debian's, driven by playwright-core) opens the dashboard URL over a socket
// at phone (390×844) and desktop (1280×900) width. The phone's first screen holds the summary and the
// focus list, the page is at most a third of the old page's height, nothing loads from elsewhere, axe
// finds no serious or critical accessibility violation, dark and print styles apply, and the URL stops
// working once the link expires. Screenshots go to test-output/screenshots/ (git-ignored).

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type BrowserContext, chromium, type Locator, type Page } from 'playwright-core'
import { ManualClock } from '../../modules/shared/clock'
import { type TestApp, testApp } from '../support/app'

const CHROMIUM = '/usr/bin/chromium'
const hasChromium = existsSync(CHROMIUM)
if (!hasChromium) console.warn(`dashboard-page: skipped, ${CHROMIUM} is missing (apt-get install chromium)`)

/** The old page's height at 390 px for a realistic analysis, as measured in issue 14. */
const OLD_PHONE_HEIGHT = 20_576
const FIXTURES = join(import.meta.dir, '../fixtures/dashboard')
const SCREENSHOTS = join(import.meta.dir, '../../test-output/screenshots')
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

let t: TestApp
let server: ReturnType<typeof Bun.serve>
let profileDir: string
let browser: BrowserContext
let dashboardPath: string
let expiresAt: string

async function importFile(token: string, filename: string, provider: string) {
  const text = await Bun.file(join(FIXTURES, filename)).text()
  const r = await t.call('POST', '/imports/file', { token, body: { filename, provider, text } })
  expect(r.status).toBe(201)
}

/** An element's text with its whitespace collapsed, whether or not it is folded away. */
const textOf = async (l: Locator) => ((await l.textContent()) ?? '').replace(/\s+/g, ' ').trim()

/** Evaluated in the page (a string, since this project's TypeScript has no DOM types). */
const inPage = <T>(page: Page, script: string) => page.evaluate(script) as Promise<T>

async function open(width: number, height: number) {
  const page = await browser.newPage()
  await page.setViewportSize({ width, height })
  const requested: string[] = []
  page.on('request', (r) => requested.push(r.url()))
  const response = await page.goto(url())
  return { page, response, requested }
}

async function axeViolations(page: Page) {
  const source = await Bun.file(require.resolve('axe-core/axe.min.js')).text()
  // Runtime evaluation is not subject to the page's CSP, which (rightly) forbids every script.
  const result = await inPage<{ id: string; impact: string; nodes: unknown[] }[]>(
    page,
    `${source}; axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target) })))`,
  )
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical')
}

const url = () => `http://127.0.0.1:${server.port}${dashboardPath}`

describe.skipIf(!hasChromium)('dashboard page in Chromium', () => {
  beforeAll(async () => {
    t = await testApp({}, { clock: new ManualClock('2026-11-20T09:00:00.000Z') })
    server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (request) => t.app.handle(request) })
    const owner = await t.userWithKey()
    await importFile(owner.key, 'labs-panel-2025-06.csv', 'LabCorp')
    await importFile(owner.key, 'labs-panel-2026-01.csv', 'LabCorp')
    await importFile(owner.key, 'oura-2026-02-to-03.json', 'oura')
    const analysis = await t.call('POST', '/analyses', { token: owner.key, body: {} })
    await t.call('POST', `/analyses/${analysis.body.id}/action-plan`, { token: owner.key, body: {} })
    const link = await t.call('POST', '/dashboard-links', {
      token: owner.key,
      body: { analysis_id: analysis.body.id, design_id: 'clinical_summary', expires_in_days: 2 },
    })
    dashboardPath = new URL(link.body.dashboard_url).pathname
    expiresAt = link.body.expires_at
    mkdirSync(SCREENSHOTS, { recursive: true })
    profileDir = mkdtempSync(join(tmpdir(), 'wds-chromium-'))
    browser = await chromium.launchPersistentContext(profileDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: FLAGS,
      viewport: { width: 1280, height: 900 },
    })
  })

  afterAll(async () => {
    await browser?.close()
    server?.stop(true)
    if (profileDir) rmSync(profileDir, { recursive: true, force: true })
    await t?.cleanup()
  })

  it('fits the summary and the focus list on a phone’s first screen, at a third of the old height', async () => {
    const { page, response, requested } = await open(390, 844)
    expect(response?.status()).toBe(200)
    expect(response?.headers()['cache-control']).toBe('no-store')
    expect(response?.headers()['content-security-policy']).not.toContain('script-src')
    const layout = await inPage<{
      summary: number
      focus: number
      height: number
      scroll: number
      client: number
    }>(
      page,
      `({
        summary: document.querySelector('#summary').getBoundingClientRect().bottom,
        focus: document.querySelector('#focus').getBoundingClientRect().bottom,
        height: document.documentElement.scrollHeight,
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      })`,
    )
    expect(layout.focus).toBeLessThanOrEqual(844)
    expect(layout.summary).toBeLessThan(layout.focus)
    expect(layout.height).toBeLessThanOrEqual(OLD_PHONE_HEIGHT / 3)
    expect(layout.scroll).toBeLessThanOrEqual(layout.client)
    console.info(`dashboard-page: phone height ${layout.height} px (old page ${OLD_PHONE_HEIGHT} px)`)
    const summary = await textOf(page.locator('#summary'))
    expect(summary).toMatch(/^\d+ results need attention: .+\(high\)/)
    expect(await page.locator('#focus li').count()).toBeLessThanOrEqual(5)
    expect(await page.locator('#focus li').count()).toBeGreaterThan(0)
    expect(requested).toEqual([url()])
    await Bun.write(join(SCREENSHOTS, 'dashboard-phone.png'), await page.screenshot({ fullPage: true }))
    await page.close()
  })

  it('groups the markers by body system with human units, zone bars, sparklines and readable sources', async () => {
    const { page } = await open(1280, 900)
    const systems = await page.locator('#markers details.system > summary').allInnerTexts()
    expect(systems.map((s) => s.split(' ·')[0].trim())).toEqual([
      'Heart and lipids',
      'Metabolic',
      'Kidney',
      'Liver',
      'Thyroid',
      'Blood count',
      'Iron',
      'Vitamins',
      'Hormones',
      'Inflammation',
      'Other results',
    ])
    const ldl = page.locator('#m-ldl_cholesterol')
    expect(await ldl.locator('svg.zones').count()).toBe(1)
    expect(await ldl.locator('svg.spark polyline').count()).toBe(1)
    expect(await textOf(ldl)).toContain('Last tested 2026-01-10 · 2 tests')
    // Folded groups (all within range) still hold their text for whoever opens them.
    expect(await page.locator('#m-insulin .value').textContent()).toBe('12.1 µIU/mL')
    expect(await page.locator('#m-wbc .value').textContent()).toBe('6.2 ×10³/µL')
    const body = await textOf(page.locator('main'))
    for (const code of ['u[IU]/mL', '{steps}', '10*3/uL', 'src_']) expect(body).not.toContain(code)
    await page.locator('#m-ldl_cholesterol summary').click()
    expect(await textOf(ldl.locator('.from'))).toBe(
      'From labs-panel-2026-01.csv (collected 2026-01-10, LabCorp); labs-panel-2025-06.csv (collected 2025-06-12, LabCorp)',
    )
    await page.close()
  })

  it('labels eight-month-old wearable data as stale and keeps it out of the summary', async () => {
    const { page } = await open(1280, 900)
    const fold = page.locator('#wearables > details > summary')
    // 12 measurements plus Oura's own activity and readiness scores, kept as Oura metrics (issue 13).
    expect(await textOf(fold)).toBe(
      'Stale Wearable data ends 2026-03-14, 8 months ago; not current · 14 metrics',
    )
    await fold.click()
    const steps = page.locator('#w-steps')
    expect(await textOf(steps.locator('.badge'))).toBe('Stale')
    expect(await textOf(steps.locator('.when'))).toBe('Not current: last reading 2026-03-14, 8 months ago.')
    expect(await textOf(page.locator('#summary'))).not.toMatch(/steps|sleep|heart rate/i)
    expect(await textOf(page.locator('#focus'))).not.toMatch(/steps|sleep|heart rate|activity/i)
    // Advice resting only on the old data says so.
    const sleepAction = page.locator('#plan li', { hasText: 'Protect 7 or more hours of sleep' })
    expect(await textOf(sleepAction.locator('.badge'))).toBe('Old data')
    expect(await textOf(sleepAction.locator('.note'))).toBe(
      'Based on wearable data that ends 2026-03-15 (8 months ago); check it against recent data before acting on it.',
    )
    // Advice resting partly on it (labs and old steps) stays, with a note.
    const glucoseAction = page.locator('#plan li', { hasText: 'Improve glucose control (Glucose (fasting))' })
    expect(await glucoseAction.locator('.badge').count()).toBe(0)
    expect(await textOf(glucoseAction.locator('.note'))).toStartWith(
      'Partly based on wearable data that ends 2026-03-15',
    )
    await page.close()
  })

  for (const [name, width, height] of [
    ['phone', 390, 844],
    ['desktop', 1280, 900],
  ] as const)
    it(`passes an axe accessibility check at ${name} width, in light and dark mode`, async () => {
      const { page } = await open(width, height)
      expect(await axeViolations(page)).toEqual([])
      await page.emulateMedia({ colorScheme: 'dark' })
      const background = await inPage<string>(page, 'getComputedStyle(document.body).backgroundColor')
      expect(background).toBe('rgb(13, 17, 23)')
      expect(await axeViolations(page)).toEqual([])
      await Bun.write(
        join(SCREENSHOTS, `dashboard-${name}-dark.png`),
        await page.screenshot({ fullPage: true }),
      )
      await page.emulateMedia({ colorScheme: 'light' })
      await Bun.write(
        join(SCREENSHOTS, `dashboard-${name}.png`),
        await page.screenshot({ fullPage: name === 'desktop' }),
      )
      await page.close()
    })

  it('prints every collapsed part and no navigation', async () => {
    const { page } = await open(1280, 900)
    const hidden = `document.querySelector('#sys-thyroid .card').checkVisibility()`
    expect(await inPage<boolean>(page, hidden)).toBe(false)
    await page.emulateMedia({ media: 'print' })
    expect(await inPage<boolean>(page, hidden)).toBe(true)
    expect(await page.locator('nav').isVisible()).toBe(false)
    await Bun.write(join(SCREENSHOTS, 'dashboard-print.pdf'), await page.pdf({ format: 'A4' }))
    await page.close()
  })

  it('stops showing the dashboard once the link has expired', async () => {
    t.clock.set(expiresAt)
    const page = await browser.newPage()
    const response = await page.goto(url())
    expect(response?.status()).toBe(410)
    expect(await page.locator('#summary').count()).toBe(0)
    expect(await page.content()).toContain('expired')
    await page.close()
  })
})

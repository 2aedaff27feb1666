// The dashboard page as a person sees it: a real headless Chromium (Debian's, driven by playwright-core)
// opens the dashboard URL over a socket, at desktop and phone width. The screenshot must be the
// expected size and not blank, the chart SVGs must be drawn, nothing may load from elsewhere, and the
// same URL must stop working once the link expires.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type BrowserContext, chromium } from 'playwright-core'
import { scopeOf, seedLabs, seedWearables } from '../modules/analyses/seed'
import { type TestApp, testApp } from '../support/app'

const CHROMIUM = '/usr/bin/chromium'
const hasChromium = existsSync(CHROMIUM)
if (!hasChromium) console.warn(`dashboard-page: skipped, ${CHROMIUM} is missing (apt-get install chromium)`)

const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer) {
  expect(png.subarray(1, 4).toString('ascii')).toBe('PNG')
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) }
}

let t: TestApp
let server: ReturnType<typeof Bun.serve>
let profileDir: string
let browser: BrowserContext
let dashboardPath: string
let expiresAt: string

describe.skipIf(!hasChromium)('dashboard page in Chromium', () => {
  beforeAll(async () => {
    t = await testApp()
    server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (request) => t.app.handle(request) })
    const owner = await t.userWithKey()
    await seedLabs(t, scopeOf(owner))
    await seedWearables(t, scopeOf(owner))
    const analysis = await t.call('POST', '/analyses', { token: owner.key, body: {} })
    await t.call('POST', `/analyses/${analysis.body.id}/action-plan`, { token: owner.key, body: {} })
    const link = await t.call('POST', '/dashboard-links', {
      token: owner.key,
      body: { analysis_id: analysis.body.id, design_id: 'clinical_summary', expires_in_days: 2 },
    })
    dashboardPath = new URL(link.body.dashboard_url).pathname
    expiresAt = link.body.expires_at
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

  const url = () => `http://127.0.0.1:${server.port}${dashboardPath}`

  it('renders the dashboard with its charts at desktop width, loading nothing from elsewhere', async () => {
    const page = await browser.newPage()
    const requested: string[] = []
    page.on('request', (r) => requested.push(r.url()))
    const response = await page.goto(url())
    expect(response?.status()).toBe(200)
    expect(response?.headers()['cache-control']).toBe('no-store')
    expect(await page.title()).toBe('Health dashboard')
    expect(await page.locator('svg.chart').count()).toBeGreaterThanOrEqual(4)
    const box = await page.locator('svg.chart[data-chart="chart_resting_heart_rate"]').boundingBox()
    expect(box!.width).toBeGreaterThan(200)
    expect(box!.height).toBeGreaterThan(40)
    expect(
      await page.locator('svg.chart[data-chart="chart_resting_heart_rate"] polyline.series').count(),
    ).toBe(1)
    expect(await page.locator('#flags .badge.bad').count()).toBeGreaterThan(0)
    expect(requested).toEqual([url()])

    const shot = await page.screenshot({ fullPage: false })
    expect(pngSize(shot)).toEqual({ width: 1280, height: 900 })
    await page.goto('about:blank')
    const blank = await page.screenshot({ fullPage: false })
    // A blank page of the same size compresses to almost nothing; the dashboard does not.
    expect(shot.length).toBeGreaterThan(blank.length * 5)
    if (process.env.DASHBOARD_SCREENSHOT_DIR)
      await Bun.write(join(process.env.DASHBOARD_SCREENSHOT_DIR, 'desktop.png'), shot)
    await page.close()
  })

  it('fits a phone screen: one column, no sideways scrolling, charts within the width', async () => {
    const page = await browser.newPage()
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(url())
    // Measure after the page has laid out at the new width (one animation frame).
    await page.evaluate('new Promise((done) => requestAnimationFrame(() => done(null)))')
    // Evaluated in the page (a string, since this project's TypeScript has no DOM types).
    const widths = (await page.evaluate(`({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
      charts: [...document.querySelectorAll('svg.chart')].map((s) => s.getBoundingClientRect().right),
    })`)) as { scroll: number; client: number; charts: number[] }
    expect(widths.scroll).toBeLessThanOrEqual(widths.client)
    for (const right of widths.charts) expect(right).toBeLessThanOrEqual(390)
    const shot = await page.screenshot({ fullPage: true })
    const size = pngSize(shot)
    expect(size.width).toBe(390)
    expect(size.height).toBeGreaterThan(844)
    const chart = await page.locator('svg.chart').first().screenshot()
    expect(pngSize(chart).width).toBeGreaterThan(300)
    if (process.env.DASHBOARD_SCREENSHOT_DIR)
      await Bun.write(join(process.env.DASHBOARD_SCREENSHOT_DIR, 'phone.png'), shot)
    await page.close()
  })

  it('stops showing the dashboard once the link has expired', async () => {
    t.clock.set(expiresAt)
    const page = await browser.newPage()
    const response = await page.goto(url())
    expect(response?.status()).toBe(410)
    expect(await page.locator('svg.chart').count()).toBe(0)
    expect(await page.content()).toContain('expired')
    await page.close()
  })
})

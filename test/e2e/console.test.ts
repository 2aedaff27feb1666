// The console in a real headless Chromium, at phone (390×844) and desktop (1280×900) sizes: sign in by
// e-mailed link and by code, create and revoke an API key, upload a small lab file and a multi-MB
// VCF.GZ (generated here) whose first part PUT is cut off to prove the resume, watch the bar reach
// 100 %, see the genetics job finish live over server-sent events, analyse, create a dashboard link
// and open the dashboard, delete a source. Every page passes axe-core with no serious or critical violation, and a
// screenshot of each page at each size is written to test-output/screenshots/ (git-ignored).

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser, chromium, type Page } from 'playwright-core'
import { type TestApp, testApp } from '../support/app'

const CHROMIUM = '/usr/bin/chromium'
const hasChromium = existsSync(CHROMIUM)
if (!hasChromium) console.warn(`console e2e: skipped, ${CHROMIUM} is missing (apt-get install chromium)`)

const SCREENSHOTS = join(import.meta.dir, '..', '..', 'test-output', 'screenshots')
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')
const FLAGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking']

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
] as const

/**
 * A VCF.GZ of a few MB: a GRCh38 header (contig lengths let the reader call the build) and one sample
 * with sorted SNVs on chr1 from a seeded generator, so the file is the same every run.
 */
function generateVcfGz(path: string, records: number): number {
  let seed = 42
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed / 2147483648
  }
  const bases = ['A', 'C', 'G', 'T']
  const lines = [
    '##fileformat=VCFv4.2',
    '##contig=<ID=chr1,length=248956422>',
    '##contig=<ID=chr2,length=242193529>',
    '##contig=<ID=chr3,length=198295559>',
    '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">',
    '#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tSAMPLE1',
  ]
  let pos = 10_000
  for (let i = 0; i < records; i++) {
    pos += 1 + Math.floor(random() * 400)
    const ref = bases[Math.floor(random() * 4)]
    const alt = bases[(bases.indexOf(ref) + 1 + Math.floor(random() * 3)) % 4]
    const gt = random() < 0.6 ? '0/1' : '1/1'
    lines.push(`chr1\t${pos}\t.\t${ref}\t${alt}\t${30 + Math.floor(random() * 60)}\tPASS\t.\tGT\t${gt}`)
  }
  const bytes = Bun.gzipSync(new TextEncoder().encode(`${lines.join('\n')}\n`))
  writeFileSync(path, bytes)
  return bytes.byteLength
}

let t: TestApp
let server: ReturnType<typeof Bun.serve>
let browser: Browser
let dir: string
let vcfPath: string
let vcfBytes: number
let labPath: string

const base = () => `http://127.0.0.1:${server.port}`

/** No serious or critical axe-core violation on the page as it is now. */
async function assertAccessible(page: Page, what: string) {
  await page.evaluate(AXE)
  const violations = await page.evaluate(async () => {
    // @ts-expect-error axe is injected above
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return result.violations
      .filter((v: { impact: string }) => v.impact === 'serious' || v.impact === 'critical')
      .map((v: { id: string; impact: string; nodes: { target: string[] }[] }) => ({
        id: v.id,
        impact: v.impact,
        targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 3),
      }))
  })
  expect({ page: what, violations }).toEqual({ page: what, violations: [] })
}

async function visit(page: Page, viewport: string, name: string) {
  await assertAccessible(page, name)
  await page.screenshot({ path: join(SCREENSHOTS, `${name}-${viewport}.png`), fullPage: true })
}

const latestMail = (email: string) => t.context.outbox!.latestFor(email)[0].text

describe.skipIf(!hasChromium)('the console in Chromium', () => {
  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true })
    dir = mkdtempSync(join(tmpdir(), 'wds-console-e2e-'))
    vcfPath = join(dir, 'genome.vcf.gz')
    vcfBytes = generateVcfGz(vcfPath, 400_000)
    labPath = join(dir, 'labs.csv')
    writeFileSync(
      labPath,
      'Marker,Value,Unit,Reference Range,Date\nLDL-C,128,mg/dL,0-100,2026-01-10\nHbA1c,5.4,%,4.0-5.6,2026-01-10\nTSH,2.1,mIU/L,0.4-4.0,2026-01-10\n',
    )
    // Each job's first attempt waits 1.5 s before reading (modules/genetics/test-pause.ts), so the job
    // page opens while the job is still queued or running and must follow it over the event stream.
    process.env.WDS_TEST_JOB_PAUSE = 'before_read:1500'
    t = await testApp({
      genetics: {
        maxUploadBytes: 50 * 1024 * 1024,
        uploadTtlSeconds: 3600,
        maxOpenUploads: 1000,
        maxOpenUploadBytes: 2 ** 50,
      },
    })
    await t.context.queue.start()
    server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (request) => t.app.handle(request) })
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS })
  })

  afterAll(async () => {
    delete process.env.WDS_TEST_JOB_PAUSE
    await browser?.close()
    server?.stop(true)
    await t?.cleanup()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it('generates a multi-MB VCF.GZ for the upload', () => {
    expect(vcfBytes).toBeGreaterThan(2 * 1024 * 1024)
  })

  for (const viewport of VIEWPORTS) {
    it(`works end to end at ${viewport.width}×${viewport.height}`, async () => {
      const context = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
      })
      const page = await context.newPage()
      const external: string[] = []
      page.on('request', (r) => {
        if (!r.url().startsWith(base()) && !r.url().startsWith('data:')) external.push(r.url())
      })
      const email = `${viewport.name}@example.com`
      const v = viewport.name

      // Sign in by the e-mailed link.
      await page.goto(`${base()}/console`)
      expect(new URL(page.url()).pathname).toBe('/console/sign-in')
      await visit(page, v, 'sign-in')
      await page.getByLabel('E-mail address').fill(email)
      await page.getByRole('button', { name: 'Send code' }).click()
      await page.getByLabel('8-digit code').waitFor()
      await visit(page, v, 'sign-in-code')
      const link = new URL(latestMail(email).match(/(http:\/\/\S+\/console\/link\?token=\S+)/)![1])
      await page.goto(`${base()}${link.pathname}${link.search}`)
      await visit(page, v, 'sign-in-link')
      await page.getByRole('button', { name: 'Sign in' }).click()
      await page.getByRole('heading', { name: 'Your data' }).waitFor()
      expect(new URL(page.url()).search).toBe('')
      expect(await page.content()).not.toContain('wds_ses_')
      const cookies = await context.cookies()
      expect(cookies.find((c) => c.name === 'wds_console')).toMatchObject({ httpOnly: true, sameSite: 'Lax' })
      await visit(page, v, 'overview')

      // Sign out, then in again by code.
      await page.getByRole('button', { name: 'Sign out' }).click()
      await page.getByLabel('E-mail address').fill(email)
      await page.getByRole('button', { name: 'Send code' }).click()
      await page.getByLabel('8-digit code').fill(latestMail(email).match(/sign-in code is (\d{8})/)![1])
      await page.getByRole('button', { name: 'Sign in' }).click()
      await page.getByRole('heading', { name: 'Your data' }).waitFor()

      // Create an API key (shown once, copyable) and revoke it.
      await page.goto(`${base()}/console/keys`)
      await visit(page, v, 'keys')
      await page.getByLabel('Name (optional)').fill('phone script')
      await page.getByRole('button', { name: 'Create API key' }).click()
      const key = await page.locator('#new-key').inputValue()
      expect(key).toStartWith('wds_sk_')
      await context.grantPermissions(['clipboard-read', 'clipboard-write'])
      await page.getByRole('button', { name: 'Copy' }).click()
      await page.getByText('Copied.').waitFor()
      await visit(page, v, 'keys-created')
      expect((await t.call('GET', '/me', { token: key })).status).toBe(200)
      await page.getByRole('button', { name: 'Revoke phone script' }).click()
      await page.getByText('it stopped working at once').waitFor()
      expect((await t.call('GET', '/me', { token: key })).status).toBe(401)

      // Upload a small lab file through the import.
      await page.goto(`${base()}/console/upload`)
      await visit(page, v, 'upload')
      await page.setInputFiles('#file', labPath)
      await page.getByRole('button', { name: 'Upload', exact: true }).click()
      await page.getByText(/Imported 3 observations/).waitFor()
      expect(await page.locator('#bar').getAttribute('value')).toBe('100')
      await page.getByRole('link', { name: 'Open the source' }).click()
      await page.getByRole('cell', { name: 'LDL-C' }).waitFor()
      await visit(page, v, 'source')
      await page.goto(`${base()}/console/sources`)
      await visit(page, v, 'sources')

      // Upload the VCF.GZ through an upload session; the first part's connection is cut once.
      await page.goto(`${base()}/console/upload`)
      let cut = false
      await page.route('**/genetics/uploads/*/content*', async (route) => {
        if (!cut && route.request().headers()['content-range']?.startsWith('bytes 2097152-')) {
          cut = true
          return route.abort('connectionreset')
        }
        return route.continue()
      })
      const percents: number[] = []
      await page.exposeFunction('reportPercent', (p: number) => percents.push(p))
      // Runs in the page: record every value the bar takes.
      await page.evaluate(`
        const bar = document.getElementById('bar')
        new MutationObserver(() => window.reportPercent(bar.value)).observe(bar, { attributes: true })
      `)
      await page.setInputFiles('#file', vcfPath)
      await page.getByRole('button', { name: 'Upload', exact: true }).click()
      await page.waitForURL(/\/console\/jobs\/job_/, { timeout: 60_000 })
      expect(cut).toBe(true)
      expect(Math.max(...percents)).toBe(100)
      expect(percents.some((p) => p > 0 && p < 100)).toBe(true)
      const jobId = new URL(page.url()).pathname.split('/').at(-1)!

      // The job finishes live: the page opened before the job ended, follows the event stream (the
      // status line turns to running, then to the result), and then shows the result.
      expect(await page.locator('#job-text').textContent()).not.toStartWith('succeeded')
      await page.locator('#job-text', { hasText: /^running · / }).waitFor({ timeout: 30_000 })
      await page.getByRole('heading', { name: 'Findings' }).waitFor({ timeout: 60_000 })
      const job = (
        await t.call('GET', `/genetics/jobs/${jobId}`, { token: (await t.userWithKey(email)).key })
      ).body
      expect(job).toMatchObject({ state: 'succeeded', progress: { percent: 100 } })
      await page.getByRole('heading', { name: 'Ancestry' }).waitFor()
      await visit(page, v, 'job')
      await page.goto(`${base()}/console/jobs`)
      await visit(page, v, 'jobs')

      // Analyse, create a dashboard link, open the dashboard, revoke the link.
      await page.goto(`${base()}/console/analyses`)
      await visit(page, v, 'analyses')
      await page.getByRole('button', { name: 'Analyse my data' }).click()
      await page.getByRole('heading', { name: 'Analysis' }).waitFor()
      await page.getByRole('button', { name: 'Create a dashboard link' }).click()
      const dashboardUrl = await page.locator('#dash-url').inputValue()
      expect(dashboardUrl).toContain('/dashboards/wds_dash_')
      await visit(page, v, 'analysis')
      const dashboard = await context.newPage()
      const opened = await dashboard.goto(`${base()}${new URL(dashboardUrl).pathname}`)
      expect(opened?.status()).toBe(200)
      await dashboard.screenshot({ path: join(SCREENSHOTS, `dashboard-${v}.png`), fullPage: true })
      await dashboard.close()
      await page.getByRole('button', { name: /^Revoke the / }).click()
      await page.getByText('The link was revoked').waitFor()
      expect((await fetch(`${base()}${new URL(dashboardUrl).pathname}`)).status).toBe(410)

      // Delete the lab source: confirm, delete, and it is gone from the list.
      await page.goto(`${base()}/console/sources`)
      await page.getByRole('link', { name: 'labs.csv' }).click()
      await page.getByLabel('Yes, delete labs.csv').check()
      await page.getByRole('button', { name: 'Delete source' }).click()
      await page.getByText('Deleted the source and its 3 observations.').waitFor()
      expect(await page.getByRole('link', { name: 'labs.csv' }).count()).toBe(0)
      await visit(page, v, 'sources-after-delete')

      await page.goto(`${base()}/console/wearables`)
      await page.getByText('No wearable is connected yet.').waitFor()
      await visit(page, v, 'wearables')
      await page.goto(`${base()}/console/data`)
      await page.getByText('Not available yet.').waitFor()
      await visit(page, v, 'data')
      await page.goto(`${base()}/console/profile`)
      await page.getByLabel('Sex (for reference ranges)').selectOption('female')
      await page.getByLabel('Birth date').fill('1980-04-12')
      await page.getByRole('button', { name: 'Save profile' }).click()
      await page.getByText('Profile saved.').waitFor()
      await visit(page, v, 'profile')
      await page.goto(`${base()}/console/billing`)
      await page.getByText('Plan: Free.').waitFor()
      await visit(page, v, 'billing')
      expect(external).toEqual([])
      await context.close()
    }, 180_000)
  }
})

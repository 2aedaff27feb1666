// Headless Chromium for the page tests: Debian's `chromium` driven by playwright-core, skipped with a
// message where it is missing (CI installs it). One set of flags, one screenshots folder (git-ignored)
// and one accessibility check, so every page test launches and judges pages alike.

import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type BrowserContext, chromium, type Page } from 'playwright-core'

export const CHROMIUM = '/usr/bin/chromium'

/** True when Chromium is there; otherwise says which test is skipped and what to install. */
export function chromiumOrSkip(testName: string): boolean {
  const present = existsSync(CHROMIUM)
  if (!present) console.warn(`${testName}: skipped, ${CHROMIUM} is missing (apt-get install chromium)`)
  return present
}

/** No sandbox (tests run as root), no GPU, and nothing that reaches the network on its own. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export const SCREENSHOTS = join(import.meta.dir, '../../test-output/screenshots')

/** A browser context in a fresh profile folder; `close` also removes the folder. */
export async function launchChromium(viewport?: { width: number; height: number }) {
  const profileDir = mkdtempSync(join(tmpdir(), 'wds-chromium-'))
  const browser: BrowserContext = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
    ...(viewport ? { viewport } : {}),
  })
  return {
    browser,
    async close() {
      await browser.close()
      rmSync(profileDir, { recursive: true, force: true })
    },
  }
}

/**
 * axe-core's serious and critical violations on the page. Evaluated through the driver, which the
 * page's CSP (rightly forbidding every other script) does not govern.
 */
export async function axeViolations(page: Page) {
  const source = await Bun.file(require.resolve('axe-core/axe.min.js')).text()
  const result = (await page.evaluate(
    `${source}; axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 12).map((n) => n.target) })))`,
  )) as { id: string; impact: string; nodes: unknown[] }[]
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical')
}

/**
 * Signs the browser in to the console by e-mailed code, as a person does: the address, the code read
 * from the test app's outbox, then the console's home page.
 */
export async function signInByCode(
  page: Page,
  base: string,
  outbox: { latestFor(email: string): { text: string }[] },
  email: string,
) {
  await page.goto(`${base}/console/sign-in`)
  await page.getByLabel('E-mail address').fill(email)
  await page.getByRole('button', { name: 'Send code' }).click()
  const code = outbox.latestFor(email)[0].text.match(/sign-in code is (\d{8})/)![1]
  await page.getByLabel('8-digit code').fill(code)
  await Promise.all([
    page.waitForURL(`${base}/console`),
    page.getByRole('button', { name: 'Sign in', exact: true }).click(),
  ])
}

/** The test app served on a local socket, and a browser for it: what each console page test starts with. */
export async function serveInChromium(
  app: { handle(request: Request): Response | Promise<Response> },
  viewport = { width: 1024, height: 800 },
) {
  const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (request) => app.handle(request) })
  const { browser, close } = await launchChromium(viewport)
  return {
    base: `http://127.0.0.1:${server.port}`,
    browser,
    async close() {
      await close()
      server.stop(true)
    },
  }
}

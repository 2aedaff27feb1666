// The Health Connect companion pairing as a person does it, in headless Chromium against the service on a
// socket: the app's start gives an authorization URL; the person, signed in to the console by e-mail
// code, opens it, approves, and reads the connection code off the page; the app (plain HTTP, no bearer
// token) sends that code to the callback and gets a device credential that uploads records. The
// console's Wearables page then lists the connection, and disconnecting it there stops the credential.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import type { BrowserContext } from 'playwright-core'
import { type TestApp, testApp } from '../support/app'
import { axeViolations, chromiumOrSkip, serveInChromium, signInByCode } from '../support/chromium'

const hasChromium = chromiumOrSkip('health-connect-approval')
const EMAIL = 'hc-pairing@example.com'

let t: TestApp
let browser: BrowserContext
let closeAll: (() => Promise<void>) | undefined
let base: string

async function http(method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  })
  return { status: response.status, body: (await response.json()) as any }
}

describe.skipIf(!hasChromium)('Health Connect approval in Chromium', () => {
  beforeAll(async () => {
    t = await testApp({ tokenEncryptionKeys: [new Uint8Array(32).fill(9)] })
    ;({ base, browser, close: closeAll } = await serveInChromium(t.app))
  })
  afterAll(async () => {
    await closeAll?.()
    await t?.cleanup()
  })

  it('approve → connection code → callback → device credential that uploads; disconnect in the console stops it', async () => {
    const person = await t.userWithKey(EMAIL)
    const started = await http(
      'POST',
      '/connections/wearables/start',
      { user_id: person.userId, source_provider: 'health_connect' },
      person.key,
    )
    expect(started.status).toBe(200)
    // The app opens the URL in the browser; the deployment's base URL is this test server's.
    const approval = new URL(started.body.authorization_url)
    expect(approval.pathname).toBe('/console/wearables/health-connect')

    const page = await browser.newPage()
    await signInByCode(page, base, t.context.outbox!, EMAIL)
    await page.goto(`${base}${approval.pathname}${approval.search}`)
    await expect(page.locator('h1').textContent()).resolves.toBe('Connect the Health Connect app')
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Approve and show the connection code' }).click()
    await page.waitForSelector('#connection-code')
    const code = (await page.locator('#connection-code').textContent())!.trim()
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/)
    expect(await page.locator('#connection-user').textContent()).toBe(person.userId)
    expect(await axeViolations(page)).toEqual([])

    // The same approval link cannot be approved twice.
    await page.goto(`${base}${approval.pathname}${approval.search}`)
    expect(await page.locator('.error').textContent()).toContain('already approved')

    // The app: the code, typed in lower case with a space, exchanged without any bearer token.
    const typed = code.toLowerCase().replace('-', ' ')
    const callback = await http('POST', '/connections/wearables/callback', {
      user_id: person.userId,
      organization_id: person.organizationId,
      source_provider: 'health_connect',
      code: typed,
    })
    expect(callback.status).toBe(200)
    const device = callback.body.device_credential.token as string
    expect(device).toStartWith('wds_dev_')
    expect(callback.body.device_credential.grants).toEqual(['wearable_uploads'])
    expect(callback.body.connection).toMatchObject({ source_provider: 'health_connect', status: 'active' })
    // Single use.
    const again = await http('POST', '/connections/wearables/callback', {
      user_id: person.userId,
      organization_id: person.organizationId,
      source_provider: 'health_connect',
      code,
    })
    expect(again.status).toBe(422)
    // The credential may upload but not read.
    const read = await http('GET', '/sources', undefined, device)
    expect(read.status).toBe(403)

    // The console lists the connection; disconnecting there ends the credential.
    await page.goto(`${base}/console/wearables`)
    await expect(page.locator('table').textContent()).resolves.toContain('Health Connect (companion app)')
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Disconnect Health Connect (companion app)' }).click()
    await page.waitForSelector('p.ok')
    expect(await page.locator('p.ok').textContent()).toContain('its credential stopped working')
    const after = await http('GET', '/connections/wearables', undefined, person.key)
    expect(after.body.data).toEqual([])
    const me = await http('GET', '/me', undefined, device)
    expect(me.status).toBe(401)
    await page.close()
  })
})

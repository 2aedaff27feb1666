// The single-binary deployment: `bun run build` makes one executable that starts on embedded defaults
// from any directory (no node_modules, no migrations folder) and serves the API and its reference (/docs).

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { repoRoot, startServer } from '../support/server'

const binary = join(repoRoot, 'dist', 'wellness-data-service')
let server: Awaited<ReturnType<typeof startServer>>

beforeAll(async () => {
  const build = Bun.spawnSync(['bun', 'run', 'build'], { cwd: repoRoot, stdout: 'pipe', stderr: 'pipe' })
  if (build.exitCode !== 0) throw new Error(`build failed: ${build.stderr.toString()}`)
  // Run from an empty directory so nothing from the checkout can be picked up.
  server = await startServer([binary], {}, mkdtempSync(join(tmpdir(), 'wds-bin-cwd-')))
}, 120_000)
afterAll(() => server?.stop())

describe('compiled binary', () => {
  it('is one executable file', () => {
    expect(existsSync(binary)).toBe(true)
  })

  it('serves the OpenAPI document', async () => {
    const response = await fetch(`${server.base}/openapi.json`)
    expect(response.status).toBe(200)
    const doc = (await response.json()) as any
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.info.version).toBe('0.5.2')
  })

  it('serves the API reference with the renderer embedded in the binary', async () => {
    const page = await fetch(`${server.base}/docs`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<script src="/docs/assets/swagger-ui-bundle.js"')
    const script = await fetch(`${server.base}/docs/assets/swagger-ui-bundle.js`)
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    const bundled = await Bun.file(join(repoRoot, 'node_modules/swagger-ui-dist/swagger-ui-bundle.js')).text()
    expect(await script.text()).toBe(bundled)
    const css = await fetch(`${server.base}/docs/assets/swagger-ui.css`)
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8')
    expect((await css.text()).length).toBeGreaterThan(100_000)
  })

  it('runs its migrations on its own database file and signs a person in', async () => {
    await fetch(`${server.base}/auth/otp/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bin@example.com' }),
    })
    const outbox = (await (await fetch(`${server.base}/dev/outbox?email=bin@example.com`)).json()) as any
    const verify = await fetch(`${server.base}/auth/otp/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bin@example.com', token: outbox.messages[0].code }),
    })
    expect(verify.status).toBe(200)
    expect(existsSync(join(server.dataDir, 'wellness.db'))).toBe(true)
  })
})

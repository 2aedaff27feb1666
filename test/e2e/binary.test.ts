// The single-binary deployment: `bun run build` makes one executable that starts on embedded defaults
// from any directory (no node_modules, no migrations folder) and serves the API and its reference (/docs).

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@libsql/client'
import { repoRoot, startServer } from '../support/server'

const binary = join(repoRoot, 'dist', 'wellness-data-service')
let server: Awaited<ReturnType<typeof startServer>>
let session = ''

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
    session = ((await verify.json()) as any).access_token
  })

  it('parses an import on its embedded worker thread', async () => {
    const created = await fetch(`${server.base}/api-keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session}` },
      body: '{}',
    })
    const key = ((await created.json()) as any).api_key
    const response = await fetch(`${server.base}/imports/file`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ text: 'Marker,Value,Unit,Date\nLDL-C,128,mg/dL,2026-01-10\n' }),
    })
    expect(response.status).toBe(201)
    expect(((await response.json()) as any).markers).toEqual(['ldl_cholesterol'])
  })

  it('runs the OAuth authorization server from the binary (oidc-provider bundled, loaded on first use)', async () => {
    const metadata = await fetch(`${server.base}/.well-known/oauth-authorization-server`)
    expect(metadata.status).toBe(200)
    expect(
      ((await metadata.json()) as { code_challenge_methods_supported: string[] })
        .code_challenge_methods_supported,
    ).toEqual(['S256'])
    const registered = await fetch(`${server.base}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'binary',
        redirect_uris: ['http://127.0.0.1:8976/cb'],
        token_endpoint_auth_method: 'none',
      }),
    })
    expect(registered.status).toBe(201)
  })

  it('serves the console from the binary, pages and scripts inline, nothing from elsewhere', async () => {
    const signIn = await fetch(`${server.base}/console/sign-in`)
    expect(signIn.status).toBe(200)
    const html = await signIn.text()
    expect(html).toContain('<h1>Sign in</h1>')
    expect(html).not.toMatch(/(src|href)="https?:/)
    expect(signIn.headers.get('content-security-policy')).toContain("default-src 'none'")
  })
})

/** Run the binary to completion with exactly these variables (no NODE_ENV unless given). */
function runBinary(args: string[], env: Record<string, string>) {
  const base: Record<string, string | undefined> = { ...process.env }
  for (const name of ['NODE_ENV', 'PORT', 'HOST', 'DATA_DIR', 'DATABASE_URL', 'SMTP_URL', 'PUBLIC_BASE_URL'])
    delete base[name]
  const cwd = mkdtempSync(join(tmpdir(), 'wds-bin-run-'))
  const run = Bun.spawnSync([binary, ...args], {
    cwd,
    env: { ...base, DATA_DIR: join(cwd, 'data'), LOG_LEVEL: 'warn', ...env },
    stdout: 'pipe',
    stderr: 'pipe',
    timeout: 20_000,
  })
  return { exitCode: run.exitCode, stdout: run.stdout.toString(), stderr: run.stderr.toString() }
}

describe('compiled binary, safe by default', () => {
  it('runs as production unless told otherwise, and refuses to start without SMTP_URL, saying what to set', () => {
    const run = runBinary([], {})
    expect(run.exitCode).toBe(1)
    expect(run.stderr.trim()).toBe(
      'Configuration error: SMTP_URL is required when NODE_ENV=production (the compiled binary runs as production unless told otherwise): set SMTP_URL and PUBLIC_BASE_URL, or NODE_ENV=development to try it on this machine with the development outbox.',
    )
  })

  it('answers each bad configuration value with one line naming the variable, and exit status 1', () => {
    const table: [Record<string, string>, string][] = [
      [{ SMTP_URL: 'smtp://mail.example.com:587' }, 'Configuration error: PUBLIC_BASE_URL is required'],
      [
        { NODE_ENV: 'development', DATABASE_URL: 'garbage' },
        'Configuration error: DATABASE_URL must be a URL.',
      ],
      [
        { NODE_ENV: 'development', DATABASE_URL: 'postgres://wds@127.0.0.1/wds' },
        'Configuration error: DATABASE_URL must be a file:',
      ],
      [
        { NODE_ENV: 'development', DATA_DIR: '/proc/wds-data' },
        'Configuration error: DATA_DIR /proc/wds-data is not a writable directory',
      ],
      [{ NODE_ENV: 'development', HOST: 'not-a-host' }, 'Configuration error: HOST must be an IP address'],
      [{ NODE_ENV: 'development', PORT: '70000' }, 'Configuration error: PORT must be between 1 and 65535.'],
      [
        { NODE_ENV: 'development', HOST: '198.51.100.7' },
        'Configuration error: HOST 198.51.100.7 is not an address of this machine; set HOST to one that is.',
      ],
      [
        { NODE_ENV: 'development', PUBLIC_BASE_URL: 'ftp://x.example.com' },
        'Configuration error: PUBLIC_BASE_URL must be a http:, https: URL',
      ],
      [
        { NODE_ENV: 'development', SMTP_URL: 'mail.example.com' },
        'Configuration error: SMTP_URL must be a URL.',
      ],
      [
        { NODE_ENV: 'development', QUEUE_DATABASE_URL: 'mysql://db/x' },
        'Configuration error: QUEUE_DATABASE_URL must be a postgres:',
      ],
      [
        { NODE_ENV: 'development', ALLOWED_ORIGINS: 'app.example.com' },
        'Configuration error: ALLOWED_ORIGINS must list origins',
      ],
      [
        { NODE_ENV: 'development', WHOOP_CLIENT_ID: 'id', WHOOP_CLIENT_SECRET: 'x' },
        'Configuration error: WHOOP_CLIENT_SECRET is too short',
      ],
      [
        { NODE_ENV: 'development', DATABASE_URL: 'libsql://wds:hunter2secret@127.0.0.1:1' },
        'Configuration error: DATABASE_URL could not be opened:',
      ],
    ]
    for (const [env, message] of table) {
      const run = runBinary([], env)
      const lines = run.stderr.trim().split('\n')
      expect({ env, exitCode: run.exitCode, lines: lines.length }).toEqual({ env, exitCode: 1, lines: 1 })
      expect(lines[0]).toStartWith(message)
      expect(run.stderr).not.toContain('hunter2')
      expect(run.stderr.length).toBeLessThan(400)
    }
  })

  it('refuses a port already in use, naming it, instead of sharing the socket', () => {
    const run = runBinary([], { NODE_ENV: 'development', PORT: String(server.port) })
    expect(run.exitCode).toBe(1)
    expect(run.stderr.trim()).toBe(
      `Configuration error: PORT ${server.port} is already in use on 127.0.0.1: another process listens there. Stop it or set PORT to a free port.`,
    )
  })

  it('backs up the running database with `backup FILE`, and the copy holds the data', async () => {
    const target = join(mkdtempSync(join(tmpdir(), 'wds-backup-')), 'copy.db')
    const run = runBinary(['backup', target], { NODE_ENV: 'development', DATA_DIR: server.dataDir })
    expect(run.stderr).toBe('')
    expect(run.exitCode).toBe(0)
    expect(run.stdout).toStartWith(`Backed up the database to ${target} (`)
    const copy = createClient({ url: `file:${target}` })
    const users = await copy.execute("select count(*) as n from users where email = 'bin@example.com'")
    copy.close()
    expect(Number(users.rows[0]!.n)).toBe(1)
    const again = runBinary(['backup', target], { NODE_ENV: 'development', DATA_DIR: server.dataDir })
    expect(again.exitCode).toBe(1)
    expect(again.stderr.trim()).toBe(
      `Backup failed: ${target} already exists; name a new file for the backup.`,
    )
  })

  it('runs in production with SMTP_URL and PUBLIC_BASE_URL, and `healthcheck` reports it up, then down', async () => {
    const production = await startServer(
      [binary],
      {
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://127.0.0.1:1',
        PUBLIC_BASE_URL: 'https://health.example.com',
      },
      mkdtempSync(join(tmpdir(), 'wds-bin-prod-')),
    )
    const env = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:1',
      PUBLIC_BASE_URL: 'https://health.example.com',
      PORT: String(production.port),
    }
    try {
      // Production never serves the outbox; a foreign Host is refused even from this machine.
      expect((await fetch(`${production.base}/dev/outbox?email=a@example.com`)).status).toBe(404)
      const foreign = await fetch(`${production.base}/health`, { headers: { host: 'rebind.example' } })
      expect(foreign.status).toBe(403)
      expect(runBinary(['healthcheck'], env).exitCode).toBe(0)
    } finally {
      await production.stop()
    }
    expect(runBinary(['healthcheck'], env).exitCode).toBe(1)
  }, 60_000)
})

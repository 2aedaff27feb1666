// The Dockerfile: builds the image, starts it as production with SMTP_URL and PUBLIC_BASE_URL, and the
// container answers /health, becomes healthy by its own HEALTHCHECK, and runs as a non-root user. Needs
// a running Docker daemon; without one the test says so and skips.

import { afterAll, describe, expect, it } from 'bun:test'
import { repoRoot } from '../support/server'

function docker(args: string[], timeout = 600_000) {
  const run = Bun.spawnSync(['docker', ...args], { cwd: repoRoot, stdout: 'pipe', stderr: 'pipe', timeout })
  return {
    exitCode: run.exitCode,
    stdout: run.stdout.toString().trim(),
    stderr: run.stderr.toString().trim(),
  }
}

function dockerMissing(): string | null {
  if (!Bun.which('docker')) return 'the docker command is not installed'
  const info = docker(['info', '--format', '{{.ServerVersion}}'], 20_000)
  return info.exitCode === 0 ? null : 'no Docker daemon answers (docker info failed)'
}

const missing = dockerMissing()
if (missing) console.warn(`skipped Docker image test: ${missing}`)

const image = `wellness-data-service-test:${process.pid}`
const container = `wds-test-${process.pid}`
afterAll(() => {
  if (missing) return
  docker(['rm', '-f', container])
  docker(['rmi', '-f', image])
})

describe.skipIf(missing !== null)('Docker image', () => {
  it('builds, starts as production, answers /health and turns healthy, as a non-root user', async () => {
    const build = docker(['build', '-t', image, '.'])
    if (build.exitCode !== 0) throw new Error(`docker build failed: ${build.stderr.slice(-2000)}`)
    const run = docker([
      'run',
      '-d',
      '--name',
      container,
      '-p',
      '127.0.0.1::3000',
      '-e',
      'SMTP_URL=smtp://mail.example.com:587',
      '-e',
      'PUBLIC_BASE_URL=https://health.example.com',
      image,
    ])
    expect(run.exitCode).toBe(0)
    const port = docker(['port', container, '3000/tcp']).stdout.split(':').at(-1)
    let health: Response | null = null
    for (let i = 0; i < 60 && !health?.ok; i++) {
      health = await fetch(`http://127.0.0.1:${port}/health`, {
        headers: { host: 'health.example.com' },
      }).catch(() => null)
      if (!health?.ok) await Bun.sleep(500)
    }
    expect(health?.status).toBe(200)
    expect(docker(['exec', container, 'id', '-u']).stdout).toBe('10001')
    let state = ''
    for (let i = 0; i < 90 && state !== 'healthy'; i++) {
      state = docker(['inspect', '--format', '{{.State.Health.Status}}', container]).stdout
      if (state !== 'healthy') await Bun.sleep(1000)
    }
    expect(state).toBe('healthy')
  }, 900_000)

  it('refuses to start without SMTP_URL, with one line saying what to set', () => {
    const run = docker(['run', '--rm', image])
    expect(run.exitCode).toBe(1)
    expect(run.stderr).toStartWith('Configuration error: SMTP_URL is required when NODE_ENV=production')
  }, 120_000)
})

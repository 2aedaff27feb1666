// `bun run backup FILE`: a consistent copy of the embedded database taken while the service runs; the
// copy, put in place of the database, serves the same people, keys and data.

import { afterAll, describe, expect, it } from 'bun:test'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { testApp } from '../support/app'
import { repoRoot } from '../support/server'

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

function backup(args: string[], databaseUrl: string) {
  const run = Bun.spawnSync(['bun', 'run', 'backup', ...args], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: databaseUrl },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  return { exitCode: run.exitCode, stdout: run.stdout.toString(), stderr: run.stderr.toString() }
}

describe('bun run backup', () => {
  it('copies the live database, and a service started on the copy has the same data', async () => {
    const live = await testApp()
    const person = await live.userWithKey()
    const imported = await live.call('POST', '/imports/file', {
      token: person.key,
      body: { filename: 'labs.csv', text: 'Marker,Value,Unit,Date\nLDL-C,128,mg/dL,2026-01-10\n' },
    })
    expect(imported.status).toBe(201)

    const dir = mkdtempSync(join(tmpdir(), 'wds-backup-test-'))
    dirs.push(dir)
    const target = join(dir, 'wellness-backup.db')
    // Taken while `live` still holds the database open, as on a running service.
    const run = backup([target], live.config.databaseUrl)
    expect(run.stderr.replace(/^\$ .*\n/gm, '')).toBe('')
    expect(run.exitCode).toBe(0)
    expect(run.stdout).toContain(`Backed up the database to ${target} (`)

    // Restore: a service whose database is the copy.
    const restored = await testApp({ databaseUrl: `file:${target}` })
    const sources = await restored.call('GET', '/sources', { token: person.key })
    expect(sources.status).toBe(200)
    expect(sources.body.data.map((s: { id: string }) => s.id)).toEqual([imported.body.source_id])
    const trends = await restored.call('POST', `/users/${person.userId}/trends`, {
      token: person.key,
      body: {},
    })
    expect(trends.status).toBe(200)
    expect(JSON.stringify(trends.body)).toContain('128')
    await restored.cleanup()
    await live.cleanup()
  })

  it('refuses to overwrite a file, to back up a remote database, and a missing argument', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wds-backup-test-'))
    dirs.push(dir)
    const existing = join(dir, 'exists.db')
    Bun.spawnSync(['touch', existing])
    const over = backup([existing], `file:${join(dir, 'none.db')}`)
    expect(over.exitCode).toBe(1)
    expect(over.stderr).toContain(`Backup failed: There is no database at ${join(dir, 'none.db')} to back up`)
    const remote = backup([join(dir, 'x.db')], 'libsql://db.example.com')
    expect(remote.exitCode).toBe(1)
    expect(remote.stderr).toContain('Backup failed: Backup copies the embedded database')
    const usage = backup([], `file:${existing}`)
    expect(usage.exitCode).toBe(2)
    expect(usage.stderr).toContain('Usage: backup FILE')
    expect(existsSync(join(dir, 'x.db'))).toBe(false)
  })
})

// Loading lab draw sites (`bun run labs:import FILE`): a good file is stored and searchable, a bad one
// is refused whole with the line and column of each problem, and --replace swaps the dataset.

import { describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readLabSitesCsv } from '../../../modules/providers/lab-csv'
import { repoRoot } from '../../support/server'

const HEADER = 'id,name,address,city,country,lat,lon,source_url,checked_at'

describe('reading a lab site file', () => {
  it('reads quoted fields, a BOM and optional columns', () => {
    const r = readLabSitesCsv(
      `\uFEFF${HEADER}\nx1,"Draw Site, North",1 Main St,Boston,us,42.35,-71.06,https://example.org/sites/x1,2026-11-01\n`,
      '2026-11-24T00:00:00.000Z',
    )
    expect(r).toEqual({
      ok: true,
      sites: [
        expect.objectContaining({
          id: 'x1',
          name: 'Draw Site, North',
          country: 'US',
          lat: 42.35,
          lon: -71.06,
          synthetic: false,
          checked_at: '2026-11-01',
        }),
      ],
    })
  })

  it('names every bad line and column and stores nothing', () => {
    const r = readLabSitesCsv(
      `${HEADER}\na,A,1 St,X,USA,91,0,,\na,B,2 St,Y,US,10,abc,ftp://x,24/11/2026\nc,,3 St,Z,US,1,1,,\n`,
      'now',
    )
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.problems.map((p) => [p.line, p.column])).toEqual([
      [2, 'lat'],
      [2, 'country'],
      [3, 'id'],
      [3, 'lon'],
      [3, 'checked_at'],
      [3, 'source_url'],
      [4, 'name'],
    ])
  })

  it('refuses a missing column, an unknown column, a header alone and broken quoting', () => {
    const missing = readLabSitesCsv('id,name\nx,y\n', 'now')
    expect(missing.ok || missing.problems.map((p) => p.column)).toEqual([
      'address',
      'city',
      'country',
      'lat',
      'lon',
    ])
    const unknown = readLabSitesCsv(`${HEADER},colour\n`, 'now')
    expect(unknown.ok || unknown.problems[0].message).toBe('Unknown column "colour".')
    const empty = readLabSitesCsv(`${HEADER}\n`, 'now')
    expect(empty.ok || empty.problems[0].message).toBe('The file has a header but no sites.')
    const broken = readLabSitesCsv(`${HEADER}\n"x,1,2\n`, 'now')
    expect(broken.ok || broken.problems[0].message).toStartWith('The file is not valid CSV')
  })
})

describe('bun run labs:import', () => {
  it('loads the sample, refuses a bad file with exit 1, and replaces with --replace', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wds-labs-'))
    try {
      const env = { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'silent' }
      const run = (...args: string[]) =>
        Bun.spawnSync(['bun', 'run', 'scripts/labs-import.ts', ...args], {
          cwd: repoRoot,
          env,
          stdout: 'pipe',
          stderr: 'pipe',
        })
      const sample = run('modules/providers/data/lab-sites.sample.csv')
      expect(sample.exitCode).toBe(0)
      expect(sample.stdout.toString()).toContain('Imported 6 lab draw sites')
      writeFileSync(join(dir, 'bad.csv'), `${HEADER}\nz,Z,1 St,X,US,95,0,,\n`)
      const bad = run(join(dir, 'bad.csv'))
      expect(bad.exitCode).toBe(1)
      expect(bad.stderr.toString()).toContain('bad.csv:2 (lat): Latitude must be a number from -90 to 90.')
      expect(bad.stderr.toString()).toContain('Nothing was imported.')
      writeFileSync(join(dir, 'one.csv'), `${HEADER}\nonly,Only Site,1 St,Boston,US,42.35,-71.06,,\n`)
      expect(run(join(dir, 'one.csv'), '--replace').exitCode).toBe(0)
      const check = Bun.spawnSync(
        [
          'bun',
          '-e',
          `import { createClient } from '@libsql/client'; const c = createClient({ url: 'file:${join(dir, 'wellness.db')}' }); console.log(JSON.stringify((await c.execute('select id from lab_sites')).rows.map(r => r.id)))`,
        ],
        { cwd: repoRoot, stdout: 'pipe' },
      )
      expect(JSON.parse(check.stdout.toString())).toEqual(['only'])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})

// A wider sweep where the shared data directory exists: every genotype file and every small VCF in
// shared/data/genetics goes through POST /imports/file, and each answers 201 or a typed problem (never a
// 5xx). Skipped on a clone without shared/.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { type TestApp, testApp } from '../../support/app'
import { repoRoot } from '../../support/server'

const shared = process.env.SHARED_DIR ?? join(repoRoot, '..', 'shared')
const genetics = join(shared, 'data', 'genetics')
const available = existsSync(genetics)

function filesUnder(dir: string, maxBytes: number): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => join(dir, f))
    .filter(
      (f) => statSync(f).isFile() && statSync(f).size <= maxBytes && !/\.(tbi|csi|gzi|md|mediawiki)$/.test(f),
    )
    .sort()
}

let t: TestApp
beforeAll(async () => {
  if (available) t = await testApp()
})
afterAll(() => t?.cleanup())

describe.skipIf(!available)('imports over shared/data/genetics', () => {
  it('answers every genotype file and small VCF with 201 or a typed 4xx problem', async () => {
    const p = await t.userWithKey()
    const files = [
      ...filesUnder(join(genetics, 'genotype'), 3_000_000),
      ...filesUnder(join(genetics, 'vcf', 'htslib'), 100_000),
    ]
    expect(files.length).toBeGreaterThan(10)
    const outcomes: string[] = []
    for (const file of files) {
      const r = await t.call('POST', '/imports/file', {
        token: p.key,
        body: { filename: file.split('/').at(-1), data_base64: readFileSync(file).toString('base64') },
      })
      outcomes.push(`${r.status} ${file.slice(genetics.length + 1)}`)
      if (r.status !== 201) expect(r.headers.get('content-type')).toStartWith('application/problem+json')
    }
    expect(outcomes.filter((o) => !/^(201|413|422) /.test(o))).toEqual([])
  }, 120_000)
})

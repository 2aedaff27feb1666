// Rebuilds the compact catalog from the public sources in shared/data (where that folder exists)
// and checks the committed JSON is exactly what the build script produces. Skipped on a fresh clone
// without shared/; catalog-sources.test.ts covers the same checks from small fixtures.

import { describe, expect, test } from 'bun:test'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { assembleCatalog, catalogJson } from '../../genetics-core/catalog/build/assemble-catalog'
import { curatedEntries } from '../../genetics-core/catalog/build/curated-entries'
import {
  loadCatalogSources,
  sharedDataDir,
  sourcesAvailable,
} from '../../genetics-core/catalog/build/sources'
import { CURATED_FACTS } from '../../genetics-core/catalog/curated'
import type { CuratedFact } from '../../genetics-core/catalog/curated-fact'

const repoRoot = join(import.meta.dir, '..', '..')
const dataDir = sharedDataDir(repoRoot)
const haveShared = sourcesAvailable(dataDir)
const sharedTest = haveShared ? test : test.skip
const committedPath = join(repoRoot, 'genetics-core', 'catalog', 'compact-catalog.json')

function fact(id: string): CuratedFact {
  const found = CURATED_FACTS.find((f) => f.id === id)
  if (!found) throw new Error(`no curated fact ${id}`)
  return structuredClone(found)
}

describe('catalog build from shared/data', () => {
  if (!haveShared) test.skip(`shared sources not found under ${dataDir}: build checks skipped`, () => {})

  sharedTest('regenerating the catalog reproduces the committed JSON byte for byte', () => {
    const { catalog, problems } = assembleCatalog(loadCatalogSources(dataDir))
    expect(problems).toEqual([])
    expect(catalogJson(catalog)).toBe(readFileSync(committedPath, 'utf8'))
  })

  sharedTest('two builds from the same inputs give identical bytes', () => {
    const first = catalogJson(assembleCatalog(loadCatalogSources(dataDir)).catalog)
    const second = catalogJson(assembleCatalog(loadCatalogSources(dataDir)).catalog)
    expect(second).toBe(first)
  })

  sharedTest('every source recorded in the catalog carries the SHA-256 of the shipped file', () => {
    const committed = JSON.parse(readFileSync(committedPath, 'utf8')) as {
      sources: { path: string; sha256: string }[]
    }
    expect(committed.sources.length).toBeGreaterThanOrEqual(10)
    for (const source of committed.sources) {
      const digest = createHash('sha256')
        .update(readFileSync(join(dataDir, source.path)))
        .digest('hex')
      expect({ path: source.path, sha256: digest }).toEqual(source)
    }
  })

  sharedTest('a documented position that contradicts a shipped file is reported, not written', () => {
    const wrong = fact('cyp2c9-star2')
    wrong.grch37.sources = [
      { from: 'gwas' },
      { from: 'documented', pos: 96702048, checked: { source: 'x', locator: 'y', note: 'z' } },
    ]
    const { entries, problems } = curatedEntries([wrong], loadCatalogSources(dataDir))
    expect(problems).toEqual(['cyp2c9-star2: grch37 sources disagree: 96702047 vs 96702048'])
    expect(entries[0].grch37).toBeNull()
  })

  sharedTest('alleles that differ from PharmCAT are reported', () => {
    const wrong = fact('cyp2c19-star2')
    wrong.alt = 'T'
    const { problems } = curatedEntries([wrong], loadCatalogSources(dataDir))
    expect(problems).toContain('cyp2c19-star2: grch38 from pharmcat: alleles G>A do not include G>T')
    expect(problems).toContain('cyp2c19-star2: PharmCAT CYP2C19 *2 is not defined by rs4244285 T')
  })

  sharedTest('a build with no source and no stated reason is reported', () => {
    const wrong = fact('hfe-h63d')
    wrong.grch38 = { sources: [] }
    const { problems } = curatedEntries([wrong], loadCatalogSources(dataDir))
    expect(problems).toEqual(['hfe-h63d: grch38 has no source and no reason for being empty'])
  })

  sharedTest(
    'GRCh37 positions read from the GWAS export are cross-checked with the PyPGx values recorded',
    () => {
      const { entries, problems } = curatedEntries([fact('vkorc1-1639')], loadCatalogSources(dataDir))
      expect(problems).toEqual([])
      expect(entries[0].grch37).toEqual({ chrom: '16', pos: 31107689 })
      expect(entries[0].grch38).toEqual({ chrom: '16', pos: 31096368 })
      expect(entries[0].citations.map((c) => c.id)).toEqual([
        'Clin Pharmacol Ther 2017;102(3):397-404',
        'VKORC1 rs9923231 variant (T)',
        '19300499',
        '20833655',
      ])
    },
  )

  sharedTest('the build script in --check mode agrees that the committed file is up to date', () => {
    const run = Bun.spawnSync(['bun', 'run', join(repoRoot, 'scripts', 'build-catalog.ts'), '--check'], {
      env: { ...process.env, SHARED_DIR: join(dataDir, '..') },
    })
    expect(run.stderr.toString()).toBe('')
    expect(run.stdout.toString()).toContain('compact-catalog.json is up to date (39 entries')
    expect(run.exitCode).toBe(0)
  })
})

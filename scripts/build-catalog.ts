// Rebuilds genetics-core/catalog/compact-catalog.json from the public sources in shared/data/genetics
// (PharmCAT/CPIC, GWAS Catalog, PGS Catalog, ClinVar and dbSNP excerpts) and the curated facts in
// genetics-core/catalog/curated.ts. Refuses to write when any check fails.
//
//   bun run scripts/build-catalog.ts            write the catalog
//   bun run scripts/build-catalog.ts --check    exit 1 if the committed file differs

import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { assembleCatalog, catalogJson } from '../genetics-core/catalog/build/assemble-catalog'
import { loadCatalogSources, sharedDataDir, sourcesAvailable } from '../genetics-core/catalog/build/sources'

const repoRoot = join(import.meta.dir, '..')
const target = join(repoRoot, 'genetics-core', 'catalog', 'compact-catalog.json')
const dataDir = sharedDataDir(repoRoot)

if (!sourcesAvailable(dataDir)) {
  console.error(`catalog sources not found under ${dataDir} (set SHARED_DIR to the shared folder)`)
  process.exit(2)
}

const { catalog, problems } = assembleCatalog(loadCatalogSources(dataDir))
if (problems.length > 0) {
  console.error(`catalog not written: ${problems.length} problem(s)`)
  for (const problem of problems) console.error(`  - ${problem}`)
  process.exit(1)
}

const json = catalogJson(catalog)
if (process.argv.includes('--check')) {
  let committed = ''
  try {
    committed = readFileSync(target, 'utf8')
  } catch {}
  if (committed !== json) {
    console.error('compact-catalog.json is out of date: run bun run scripts/build-catalog.ts')
    process.exit(1)
  }
  console.log(
    `compact-catalog.json is up to date (${catalog.entries.length} entries, version ${catalog.version})`,
  )
} else {
  writeFileSync(target, json)
  const counts = Object.entries(
    catalog.entries.reduce<Record<string, number>>((acc, e) => {
      acc[e.category] = (acc[e.category] ?? 0) + 1
      return acc
    }, {}),
  )
    .map(([category, n]) => `${category} ${n}`)
    .join(', ')
  console.log(`wrote ${catalog.entries.length} entries (${counts}), version ${catalog.version}`)
}

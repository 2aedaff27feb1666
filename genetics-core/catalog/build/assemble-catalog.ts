// Builds the whole compact catalog from the loaded sources: curated facts, ClinVar excerpt variants
// and polygenic score components, sorted, versioned by a hash of their content and validated.
// Deterministic: the same inputs always give the same bytes.

import { createHash } from 'node:crypto'
import { CURATED_FACTS, CURATED_RELEASE } from '../curated'
import type { CatalogEntry, CompactCatalog } from '../types'
import { validateCatalog } from '../validate'
import { clinvarEntries } from './clinvar-entries'
import { curatedEntries } from './curated-entries'
import { pgsEntries } from './pgs-entries'
import type { CatalogSources } from './sources'

const CATEGORY_ORDER = { pharmacogenomic: 0, clinical: 1, trait: 2 } as const

function compareEntries(a: CatalogEntry, b: CatalogEntry): number {
  const byCategory = CATEGORY_ORDER[a.category] - CATEGORY_ORDER[b.category]
  if (byCategory !== 0) return byCategory
  const ga = a.gene ?? '~'
  const gb = b.gene ?? '~'
  if (ga !== gb) return ga < gb ? -1 : 1
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

export function assembleCatalog(sources: CatalogSources): { catalog: CompactCatalog; problems: string[] } {
  const parts = [curatedEntries(CURATED_FACTS, sources), clinvarEntries(sources), pgsEntries(sources)]
  const entries = parts.flatMap((p) => p.entries).sort(compareEntries)
  const hash = createHash('sha256').update(JSON.stringify(entries)).digest('hex').slice(0, 12)
  const catalog: CompactCatalog = { version: `${CURATED_RELEASE}+${hash}`, sources: sources.files, entries }
  const problems = [...parts.flatMap((p) => p.problems), ...validateCatalog(catalog)]
  return { catalog, problems }
}

/** The exact bytes written to compact-catalog.json. */
export function catalogJson(catalog: CompactCatalog): string {
  return `${JSON.stringify(catalog, null, 2)}\n`
}

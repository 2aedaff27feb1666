// The compact catalog shipped in the repo (compact-catalog.json, built by scripts/build-catalog.ts),
// loaded once and frozen so no caller can change it for the others.

import catalogData from './compact-catalog.json'
import type { CatalogEntry, CompactCatalog } from './types'

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const child of Object.values(value)) deepFreeze(child)
  }
  return value
}

const CATALOG: CompactCatalog = deepFreeze(catalogData as unknown as CompactCatalog)
const BY_ID = new Map(CATALOG.entries.map((entry) => [entry.id, entry]))

/** The whole catalog: version, the source files it was built from (with SHA-256) and its entries. */
export function compactCatalog(): CompactCatalog {
  return CATALOG
}

/** One entry by id, or undefined. */
export function catalogEntry(id: string): CatalogEntry | undefined {
  return BY_ID.get(id)
}

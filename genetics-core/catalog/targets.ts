// The sites the reader engine should fetch for the compact catalog: one target per entry, keyed by
// the entry id, with the rsID and whichever build positions the entry has.

import type { SiteTarget } from '../types'
import { compactCatalog } from './catalog'
import type { CompactCatalog } from './types'

export function catalogTargets(catalog: CompactCatalog = compactCatalog()): SiteTarget[] {
  return catalog.entries.map((entry) => {
    const target: SiteTarget = { key: entry.id }
    if (entry.rsid) target.rsid = entry.rsid
    if (entry.grch37) target.grch37 = { chrom: entry.grch37.chrom, pos: entry.grch37.pos }
    if (entry.grch38) target.grch38 = { chrom: entry.grch38.chrom, pos: entry.grch38.pos }
    return target
  })
}

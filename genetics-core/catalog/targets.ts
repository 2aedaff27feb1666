// The sites the reader engine should fetch for the compact catalog: one target per entry, keyed by
// the entry id, with the rsID and whichever build positions the entry has. Each target also gives
// the entry's REF and ALT as allele hints, so a reader can classify consumer calls (which state no
// REF) against them; the interpretation does not depend on it.

import type { SiteTarget } from '../types'
import { compactCatalog } from './catalog'
import type { CompactCatalog } from './types'

/** A SiteTarget with the entry's alleles on the plus strand as hints. */
export type CatalogTarget = SiteTarget & { ref: string; alts: string[] }

export function catalogTargets(catalog: CompactCatalog = compactCatalog()): CatalogTarget[] {
  return catalog.entries.map((entry) => {
    const target: CatalogTarget = { key: entry.id, ref: entry.ref, alts: [entry.alt] }
    if (entry.rsid) target.rsid = entry.rsid
    if (entry.grch37) target.grch37 = { chrom: entry.grch37.chrom, pos: entry.grch37.pos }
    if (entry.grch38) target.grch38 = { chrom: entry.grch38.chrom, pos: entry.grch38.pos }
    return target
  })
}

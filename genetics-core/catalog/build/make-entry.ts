// Builds a CatalogEntry with its keys in one fixed order, so the generated JSON is byte-identical
// whenever the inputs are the same.

import type { CatalogEntry } from '../types'

export function makeEntry(e: CatalogEntry): CatalogEntry {
  return {
    id: e.id,
    rsid: e.rsid,
    gene: e.gene,
    label: e.label,
    category: e.category,
    ref: e.ref,
    alt: e.alt,
    grch37: e.grch37 ? { chrom: e.grch37.chrom, pos: e.grch37.pos } : null,
    grch38: e.grch38 ? { chrom: e.grch38.chrom, pos: e.grch38.pos } : null,
    positionNotes: [...e.positionNotes],
    interpretation: {
      homRef: e.interpretation.homRef,
      het: e.interpretation.het,
      homAlt: e.interpretation.homAlt,
      ...(e.interpretation.hemizygousRef !== undefined
        ? { hemizygousRef: e.interpretation.hemizygousRef }
        : {}),
      ...(e.interpretation.hemizygousAlt !== undefined
        ? { hemizygousAlt: e.interpretation.hemizygousAlt }
        : {}),
    },
    evidence: { level: e.evidence.level, summary: e.evidence.summary },
    citations: e.citations.map((c) => ({
      kind: c.kind,
      id: c.id,
      ...(c.title !== undefined ? { title: c.title } : {}),
    })),
    provenance: e.provenance.map((p) => ({ source: p.source, locator: p.locator, note: p.note })),
  }
}

// Catalog entries for the pathogenic and likely pathogenic variants of the shipped ClinVar excerpts
// (GRCh37). The newest file holding a variant gives its accession and review status; every other
// file holding it must agree on position and alleles and is recorded as corroborating provenance.
// GRCh38 positions come from the hand-verified table in verified-grch38.ts.

import type { CatalogEntry, EvidenceLevel, Provenance } from '../types'
import { type ClinvarAssertion, clinvarAssertions } from './clinvar-assertions'
import { crossCheckGrch37 } from './cross-check-grch37'
import { makeEntry } from './make-entry'
import { type CatalogSources, sharedSource } from './sources'
import { VERIFIED_GRCH38, type VerifiedPosition, verifiedGrch38 } from './verified-grch38'

/** Why an entry has no GRCh38 position when verified-grch38.ts has none for it. */
export const NO_GRCH38 =
  'GRCh38: the ClinVar excerpts shipped with the project are GRCh37 only and no GRCh38 position was verified; GRCh38 sources are matched by rsID only.'

function evidenceLevel(reviewStatus: string): EvidenceLevel {
  if (reviewStatus === 'reviewed by expert panel' || reviewStatus === 'practice guideline') return 'strong'
  if (reviewStatus.startsWith('criteria provided, multiple submitters')) return 'moderate'
  return 'limited'
}

function interpretation(a: ClinvarAssertion) {
  const claim = `a variant that ClinVar lists as ${a.significance} for ${a.conditions.join(' / ')} (review status: ${a.reviewStatus})`
  return {
    homRef: 'No copy of this variant.',
    het: `One copy of ${claim}. What one copy means depends on how the condition is inherited; confirm with a clinical-grade test and a genetics professional before drawing conclusions.`,
    homAlt: `Two copies of ${claim}. This is not a diagnosis; confirm with a clinical-grade test and a genetics professional.`,
  }
}

export function clinvarEntries(
  sources: CatalogSources,
  verified: readonly VerifiedPosition[] = VERIFIED_GRCH38,
): { entries: CatalogEntry[]; problems: string[] } {
  const problems: string[] = []
  const groups = new Map<string, ClinvarAssertion[]>()
  for (const file of sources.clinvar) {
    for (const site of file.sites) {
      for (const a of clinvarAssertions(site, file.path)) {
        const key = `${a.rsid}>${a.alt}`
        groups.set(key, [...(groups.get(key) ?? []), a])
      }
    }
  }
  const entries: CatalogEntry[] = []
  for (const group of groups.values()) {
    const primary = group[0]
    const id = `clinvar-${(primary.gene ?? 'intergenic').toLowerCase()}-${primary.rsid}`
    const provenance: Provenance[] = []
    for (const a of group) {
      if (a.chrom !== primary.chrom || a.pos !== primary.pos || a.ref !== primary.ref) {
        problems.push(
          `${id}: ${sharedSource(a.path)} line ${a.line} places it at ${a.chrom}:${a.pos} ${a.ref}>${a.alt}`,
        )
        continue
      }
      provenance.push({
        source: sharedSource(a.path),
        locator: `line ${a.line}`,
        note: `${a.significance} for ${a.conditions.join(' / ')} (${a.reviewStatus}; ${a.accessions.join(', ')}); GRCh37 ${a.chrom}:${a.pos} ${a.ref}>${a.alt}`,
      })
    }
    const grch37 = { chrom: primary.chrom, pos: primary.pos }
    const cross = crossCheckGrch37(id, primary.rsid, grch37, primary.ref, primary.alt, sources.dbsnp)
    problems.push(...cross.problems)
    provenance.push(...cross.provenance)
    const grch38 = verifiedGrch38(id, primary, verified)
    problems.push(...grch38.problems)
    provenance.push(...grch38.provenance)
    entries.push(
      makeEntry({
        id,
        rsid: primary.rsid,
        gene: primary.gene,
        label: `${primary.gene ?? 'intergenic'} ${primary.hgvs ?? `${primary.chrom}:${primary.pos}${primary.ref}>${primary.alt}`}`,
        category: 'clinical',
        ref: primary.ref,
        alt: primary.alt,
        grch37,
        grch38: grch38.position,
        positionNotes: grch38.position ? [] : [NO_GRCH38],
        interpretation: interpretation(primary),
        evidence: {
          level: evidenceLevel(primary.reviewStatus),
          summary: `ClinVar: ${primary.significance} for ${primary.conditions.join(' / ')}; review status ${primary.reviewStatus}.`,
        },
        citations: primary.accessions.map((acc) => ({
          kind: 'clinvar' as const,
          id: acc,
          title: `${primary.significance} for ${primary.conditions.join(' / ')}`,
        })),
        provenance,
      }),
    )
  }
  return { entries, problems }
}

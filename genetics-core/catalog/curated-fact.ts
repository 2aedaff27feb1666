// The shape of a hand-curated catalog fact (see curated.ts). A fact says where each of its numbers
// comes from: a shipped source file the build script reads, or public documentation that was
// checked by hand and is recorded as provenance. The build script resolves and cross-checks them.

import type { CatalogCategory, Citation, EvidenceLevel, GenotypeInterpretation, Provenance } from './types'

/**
 * One source for a position. Every source listed for a build must give the same position; a build
 * with no source stays null and needs a `missing` reason.
 * - pharmcat: GRCh38 row of pharmcat_positions.vcf with this rsID (REF/ALT are checked too).
 * - gwas: GRCh37 Chr_id/Chr_pos of the GWAS Catalog 2013 export rows with this rsID.
 * - ancestry_reference: the GRCh37 or GRCh38 column of ancestry/aisnp_reference_train.tsv (REF/ALT checked).
 * - documented: a position read from public documentation, with how it was checked.
 */
export type PositionSource =
  | { from: 'pharmcat' }
  | { from: 'gwas' }
  | { from: 'ancestry_reference' }
  | { from: 'documented'; pos: number; checked: Provenance }

export interface BuildPositionSources {
  sources: PositionSource[]
  /** Required when sources is empty: why this build has no position. */
  missing?: string
}

export interface CuratedFact {
  id: string
  rsid: string
  gene: string
  label: string
  category: CatalogCategory
  /** Canonical chromosome, the same on both builds for every fact here. */
  chrom: string
  ref: string
  alt: string
  grch37: BuildPositionSources
  grch38: BuildPositionSources
  interpretation: GenotypeInterpretation
  evidence: { level: EvidenceLevel; summary: string }
  citations: Citation[]
  /** How each citation (and any fact in the wording that no shipped file holds) was checked. */
  checks: Provenance[]
  /**
   * PharmCAT named alleles this variant defines, e.g. ['*2']; the build script checks that the
   * gene's translation file lists the rsID with the ALT allele in each of them.
   */
  pharmcatAlleles?: string[]
  /** Add the genome-wide significant GWAS Catalog 2013 rows for this rsID as PMID citations. */
  citeGwas?: boolean
}

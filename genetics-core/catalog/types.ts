// Types of the compact annotation catalog and of its interpretation result. The catalog itself is
// data (compact-catalog.json, produced by scripts/build-catalog.ts); these types describe it.

import type { GenomeBuild } from '../types'

export type CatalogCategory = 'pharmacogenomic' | 'clinical' | 'trait'

/**
 * How much weight the interpretation can bear.
 * - strong: a clinical guideline (CPIC) or a well-reviewed clinical assertion uses this variant.
 * - moderate: replicated genome-wide associations or a reviewed clinical record.
 * - limited: a single association, an unreviewed assertion, or one small weight of a polygenic score.
 */
export type EvidenceLevel = 'strong' | 'moderate' | 'limited'

/** A position on one genome build; chrom is canonical ('1'..'22', 'X', 'Y', 'MT'). */
export interface GenomicPosition {
  chrom: string
  pos: number
}

/** What a genotype suggests, in our own words, for each number of copies of the entry's ALT allele. */
export interface GenotypeInterpretation {
  homRef: string
  het: string
  homAlt: string
  /** Only for X-linked entries, where one copy is the whole genotype of a person with one X. */
  hemizygousRef?: string
  hemizygousAlt?: string
}

export type CitationKind = 'clinvar' | 'cpic_guideline' | 'pmid' | 'pgs' | 'pharmcat_allele'

export interface Citation {
  kind: CitationKind
  /** ClinVar accession (RCV/VCV), PMID digits, PGS id, or the PharmCAT named allele ('CYP2C19 *2'). */
  id: string
  /** Title or short description, as published (for guidelines: the guideline title). */
  title?: string
}

/** Where a fact in an entry came from, or how it was checked. */
export interface Provenance {
  /** 'shared:<path under shared/data>' for shipped files, otherwise a public URL. */
  source: string
  /** Line number, row key or section inside the source. */
  locator: string
  /** Which fact this supports and how it was checked. */
  note: string
}

export interface CatalogEntry {
  id: string
  rsid: string | null
  /** Gene symbol, or null for an intergenic variant (e.g. a polygenic score component). */
  gene: string | null
  /** Short human name, e.g. 'CYP2C19*2 (c.681G>A)'. */
  label: string
  category: CatalogCategory
  /** REF and ALT on the plus strand, identical on both builds (the build script checks this). */
  ref: string
  alt: string
  grch37: GenomicPosition | null
  grch38: GenomicPosition | null
  /** Why a build's position is null, when it is. */
  positionNotes: string[]
  interpretation: GenotypeInterpretation
  evidence: { level: EvidenceLevel; summary: string }
  citations: Citation[]
  provenance: Provenance[]
}

export interface CatalogSourceFile {
  /** Path under shared/data. */
  path: string
  sha256: string
}

export interface CompactCatalog {
  /** '<release>+<first 12 hex of the sha256 of the entries>'. */
  version: string
  sources: CatalogSourceFile[]
  entries: CatalogEntry[]
}

/** What happened to one catalog entry for one source. */
export type AssessmentStatus =
  /** Genotype read and compared: carrier or not. */
  | 'assessed'
  /** The source has no record at the site (for a variant-only VCF that is unknown, not reference). */
  | 'not_in_source'
  /** The source has the site but no genotype (./., --, 00). */
  | 'no_call'
  /** A call is at the site but its alleles are not the entry's REF/ALT: a different variant. */
  | 'different_variant'
  /** The call matched by rsID sits at another position than the entry has for this build. */
  | 'position_mismatch'
  /** The genotype cannot be compared (indel in array data, unusual ploidy, half call). */
  | 'not_comparable'
  /** The genotype was imputed with an estimated R² below the cut-off (MIN_IMPUTATION_R2): not read. */
  | 'low_imputation_quality'

/** An imputed genotype: estimated from a reference panel, not measured, with the tool's accuracy estimate. */
export interface ImputedGenotype {
  imputed: true
  /** Minimac's R2 or Beagle's DR2 for the site; null when the file gave none that could be read. */
  r2: number | null
  measure: 'R2' | 'DR2'
}

/**
 * What falls short in a sequencing call (thresholds and their basis in call-quality.ts): GQ below 20,
 * fewer than 10 reads, or an ALT read share unlike a germline genotype (het outside 0.2-0.8, hom-alt
 * below 0.8).
 */
export type CallQualityConcern = 'low_gq' | 'low_depth' | 'allele_balance'

/** The caller's own measures of a call (FORMAT GQ, DP, AD) and what falls short in them. */
export interface CallQuality {
  /** Genotype quality (Phred); null when the file gave none. */
  gq: number | null
  /** Reads at the site (DP, else the sum of AD); null when the file gave neither. */
  depth: number | null
  /** Share of the reads showing the ALT the genotype carries (from AD); null when AD cannot say. */
  altFraction: number | null
  /** Empty when the call is confident on every measure the file gave. */
  concerns: CallQualityConcern[]
}

export type CompactGenotype = 'hom_ref' | 'het' | 'hom_alt' | 'hemizygous_ref' | 'hemizygous_alt'

export interface CompactAssessment {
  entryId: string
  status: AssessmentStatus
  /** Only when status is 'assessed'. */
  genotype?: CompactGenotype
  /** Observed alleles on the plus strand, e.g. ['G', 'A']. */
  alleles?: string[]
  altCopies?: number
  /** Only when status is 'assessed': the interpretation for this genotype. */
  interpretation?: string
  /** Human-readable reason for any status other than 'assessed', or the caveat on an assessed call
   * whose other copy carries a different ALT (a 1/2 genotype). */
  reason?: string
  /** Only when the call read (or not read, for 'low_imputation_quality') was imputed. */
  imputation?: ImputedGenotype
  /** Only for an assessed call whose record has GQ, DP or AD: the caller's measures and their concerns. */
  callQuality?: CallQuality
}

export interface CompactFinding {
  entryId: string
  rsid: string | null
  gene: string | null
  label: string
  category: CatalogCategory
  /** e.g. 'G/A' or 'T' for a hemizygous call. */
  observedGenotype: string
  alleles: string[]
  zygosity: 'het' | 'hom_alt' | 'hemizygous'
  altCopies: number
  interpretation: string
  evidence: { level: EvidenceLevel; summary: string }
  citations: Citation[]
  provenance: Provenance[]
  /** How the source record was tied to the entry. */
  matchedBy: 'rsid' | 'position' | 'rsid_and_position'
  /** The source record's FILTER when it is not PASS, so a reader can weigh the call. */
  filter: string | null
  /** Set when the genotype was imputed rather than measured (null: measured, or the file does not say). */
  imputation: ImputedGenotype | null
  /**
   * The sequencing call's quality (GQ, depth, ALT read share) and what falls short; null for consumer
   * arrays and calls without any of these fields. A finding with concerns is kept, and marked.
   */
  callQuality: CallQuality | null
}

/** APOE ε genotype derived from rs429358 and rs7412, for the cross-modality link with LDL/ApoB. */
export interface ApoeGenotype {
  /** e.g. 'e3/e4'. */
  genotype: string
  /** True when unphased data allow two genotypes (e2/e4 or the rare e1/e3). */
  ambiguous: boolean
  alternatives: string[]
  e4Copies: number
  e2Copies: number
  note: string
  /** True when either defining site was imputed rather than measured (the note says so too). */
  imputed?: boolean
}

export interface CompactAnnotationResult {
  catalogVersion: string
  build: GenomeBuild
  findings: CompactFinding[]
  assessments: CompactAssessment[]
  coverage: {
    entries: number
    /** Entries whose genotype was read and compared. */
    assessed: number
    /** Entries the source had a record for (assessed, no-call, different variant, ...). */
    presentInSource: number
    /** Entries the source has no record for. */
    notCovered: number
    noCall: number
    carriers: number
  }
  apoe: ApoeGenotype | null
  notes: string[]
}

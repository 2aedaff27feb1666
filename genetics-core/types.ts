// Shared types of genetics-core: the contract between the reader (detection, streaming, parsing),
// the compact catalog, ancestry and the job workers that call the library. No HTTP, no database.

export type GenomeBuild = 'NCBI36' | 'GRCh37' | 'GRCh38'

/** How the build was decided, so a user can see why we believe it. */
export interface BuildCall {
  build: GenomeBuild | 'unknown'
  /** e.g. 'header', 'contig_lengths', 'known_positions', 'provider_header_text' */
  method: string
  /** Human-readable evidence, e.g. '##reference=GRCh38' or 'chr1 length 248956422'. */
  evidence: string
}

export type SourceFormat =
  | 'vcf'
  | 'gvcf'
  | 'bcf'
  | '23andme'
  | 'ancestrydna'
  | 'myheritage'
  | 'ftdna'
  | 'livingdna'
  | 'decodeme'

export type Compression = 'none' | 'gzip' | 'bgzf' | 'zip'

export type Zygosity = 'hom_ref' | 'het' | 'hom_alt' | 'hemizygous' | 'no_call'

/**
 * A place in the genome the caller wants a genotype for (a catalog entry, an ancestry marker).
 * Matched by rsID or by build-specific position, whichever the source can offer.
 */
export interface SiteTarget {
  /** The caller's own key for this target; calls come back keyed by it. */
  key: string
  rsid?: string
  grch37?: { chrom: string; pos: number }
  grch38?: { chrom: string; pos: number }
}

/** One sample's genotype at one site, normalised the same way for VCF and consumer files. */
export interface SiteCall {
  /** Canonical chromosome: '1'..'22', 'X', 'Y', 'MT' (other contigs keep their own name). */
  chrom: string
  /** 1-based position in the source's build. */
  pos: number
  /** rsID as 'rs123', or null. */
  id: string | null
  /** Reference allele, or null where the source does not state it (consumer arrays). */
  ref: string | null
  /** ALT alleles of the record (symbolic <NON_REF>/<*> removed). Empty for consumer arrays. */
  alts: string[]
  /** Called alleles as bases on the plus strand, one per chromosome copy; '.' for a missing allele. */
  alleles: string[]
  zygosity: Zygosity
  /** FILTER value ('PASS', a filter list, or null when absent or '.'). */
  filter: string | null
  /** True when the call comes from a gVCF reference block covering the site rather than a variant line. */
  fromReferenceBlock?: boolean
  dp?: number
  gq?: number
  ad?: number[]
}

/** Progress reported while a file is read. */
export interface Progress {
  stage: 'detecting' | 'reading' | 'annotating' | 'ancestry' | 'done'
  bytesRead: number
  totalBytes: number | null
  records: number
}

export interface GeneticsWarning {
  code: string
  message: string
  line?: number
}

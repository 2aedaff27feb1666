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
  /**
   * VCF records written by an imputation tool: whether this genotype was estimated from a reference
   * panel rather than measured, and the tool's own estimate of its accuracy (Minimac INFO `R2`, Beagle
   * INFO `DR2`; null when absent or unreadable). Absent for files that carry neither.
   */
  imputation?: { imputed: boolean; r2: number | null; measure: 'R2' | 'DR2' }
  /**
   * Consumer files: the different genotypes the file gives this site on separate rows (two downloads
   * joined into one file, or two probes that disagree). The call is then a no-call: neither is read.
   */
  conflictingGenotypes?: string[]
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

// ---------------------------------------------------------------------------------------------
// Reader engine (detection, scanning, dbSNP). Appended by the reader; fields above are unchanged.
// ---------------------------------------------------------------------------------------------

/**
 * Optional allele hints on a target. Consumer genotype files do not state the reference base, so a
 * homozygous call ('AA') cannot be told hom-ref from hom-alt by the file alone; when a target gives
 * its REF (and ALT) the reader classifies such calls against them. VCF calls ignore the hints.
 */
export interface SiteTargetAlleleHints {
  ref?: string
  alts?: string[]
}

/** What a file is, decided from its bytes (never its name). */
export interface Detection {
  format: SourceFormat
  compression: Compression
  /** For a zip archive: the entry that holds the genotype file. */
  archiveEntry: string | null
  /** 'VCFv4.2' etc. for VCF, null otherwise. */
  vcfVersion: string | null
  /** True for a gVCF (GVCFBlock headers, or reference blocks with END seen at the start of the body). */
  isGvcf: boolean
  /**
   * For a VCF made from genotyping-chip data (one record per probe, hom-ref and no-calls included): the
   * header line that shows it (detect/chip-vcf.ts). Null otherwise, and for consumer files, which are
   * chip data by their format.
   */
  chipEvidence: string | null
  /** For a VCF of imputed genotypes (a reference panel's sites): the header sign of it (detect/imputed-vcf.ts). */
  imputedEvidence: string | null
  /**
   * For a VCF whose REF is not read from the genome: the header line (PLINK's INFO PR,
   * detect/provisional-reference.ts), or after analysis the REF bases that differ from the genome's at
   * catalog and panel sites (detect/reference-mismatch.ts); its calls are read as letters, as a chip's.
   */
  provisionalReference: string | null
  /** VCF sample names in column order; consumer files have one unnamed sample: []. */
  samples: string[]
  build: BuildCall
  /** Contig names declared in the VCF header (##contig), in order. */
  contigs: string[]
  /** Header lines (## and #CHROM for VCF, comment lines for consumer files). */
  headerLines: number
  fileBytes: number
  warnings: GeneticsWarning[]
}

/** Counts by genotype class for the sample that was read. */
export interface GenotypeCounts {
  hom_ref: number
  het: number
  hom_alt: number
  hemizygous: number
  /** Fully or partly missing calls ('./.', '0/.', '--'). */
  no_call: number
  /** Of no_call: calls with one copy called and another missing ('0/.', './1'). */
  partial: number
  /** Consumer files: two equal letters ('AA'); the file does not say whether that is REF or ALT. */
  homozygous_unknown_ref: number
}

/** What genetic sex is inferred from: X heterozygosity outside the PARs and calls on Y. */
export interface SexChromosomeCounts {
  /** Called X sites: heterozygous, homozygous (two equal alleles), one allele only. */
  xHet: number
  xHom: number
  xHaploid: number
  /** Y sites with a call, and Y sites listed but not called ('--', './.'). */
  yCalled: number
  yNoCall: number
  /**
   * VCF records without a real ALT, not in the fields above: called on X outside the PARs, and called or
   * missing on Y. gVCF reference blocks, all-sites reference calls, a chip VCF's hom-ref rows; each
   * block counts once, however many positions it spans.
   */
  xReference: number
  yReferenceCalled: number
  yReferenceNoCall: number
}

/** Summary statistics of one streaming pass. */
export interface ScanSummary {
  format: SourceFormat
  build: BuildCall
  isGvcf: boolean
  /** VCF sample whose genotypes were counted, or null (consumer files, sites-only VCF). */
  sample: string | null
  /** Data lines (VCF records or consumer rows). */
  records: number
  /** VCF records whose ALT holds only placeholders (gVCF reference blocks, `.`, `<*>`); never variants. */
  referenceBlocks: number
  /** VCF records with at least one real ALT allele. */
  variantRecords: number
  /** Records by type, with the meaning `bcftools stats` gives its SN lines (a record may count twice). */
  recordTypes: { snv: number; mnv: number; indel: number; other: number; noAlt: number }
  /** Records with more than one ALT listed (`bcftools stats` "multiallelic sites"). */
  multiallelicRecords: number
  /** ALT alleles by class after splitting multi-allelic records. */
  alleleTypes: {
    snv: number
    mnv: number
    insertion: number
    deletion: number
    complex: number
    symbolic: number
    breakend: number
    overlap: number
  }
  /** Records (or rows) carrying an rsID. */
  withRsid: number
  /** VCF records with FILTER PASS; records with another filter value; records with '.'. */
  filters: { pass: number; failed: number; missing: number }
  genotypes: GenotypeCounts
  /** Consumer rows with indel calls (I/D letters). */
  indelCalls: number
  /** Calls of the counted sample on the sex chromosomes (X outside the pseudoautosomal regions). */
  sexChromosomes: SexChromosomeCounts
  /** Records per canonical chromosome, in first-seen order. */
  chromosomes: Record<string, number>
  /** True when records are grouped by chromosome and positions never decrease within one. */
  sorted: boolean
  /** Decompressed bytes read and compressed bytes consumed. */
  bytes: { compressed: number; text: number }
}

export interface ScanResult {
  detection: Detection
  summary: ScanSummary
  /** Calls of the selected sample keyed by SiteTarget.key; targets not seen in the file are absent. */
  calls: Map<string, SiteCall>
  /**
   * With allSamples: sample name -> calls keyed by SiteTarget.key. Each sample's calls are built when
   * read and not kept, so memory does not grow with the sample count; read each sample once.
   */
  callsBySample?: ReadonlyMap<string, Map<string, SiteCall>>
  warnings: GeneticsWarning[]
}

export interface ScanOptions {
  targets?: (SiteTarget & SiteTargetAlleleHints)[]
  /** VCF sample to read (default: the first). Unknown names are an error. */
  sample?: string
  /** Multi-sample VCF: calls for every sample in callsBySample. */
  allSamples?: boolean
  onProgress?: (p: Progress) => void
  /** Cancellation: the scan rejects with GeneticsCancelledError and releases workers and files. */
  signal?: AbortSignal
  /** Inflate workers for BGZF input: default 2 for files over 8 MiB, else 0 (main thread). */
  workers?: number
  /** Compressed bytes handed to a worker at a time (tuning and tests; default 1 MiB). */
  segmentBytes?: number
}

/** Coverage of a full-dbSNP annotation. */
export interface DbsnpResult {
  /**
   * 'index': lookups in the provisioned index (`index-dbsnp`); 'merge_join': both files streamed in
   * coordinate order; 'tabix': region reads per input site.
   */
  method: 'index' | 'merge_join' | 'tabix'
  /** ALT alleles examined (multi-allelic records split; placeholders and symbolic alleles skipped). */
  alleles: number
  /** Alleles given an rsID (alleles matched exactly after trimming). */
  assigned: number
  /** assigned / alleles (0 when there are no alleles). */
  coverage: number
  /** Alleles whose position had dbSNP entries but none with the same alleles. */
  alleleMismatches: number
  /** Assigned alleles whose input record already carried that same rsID / a different rsID. */
  agreedWithInputId: number
  differedFromInputId: number
  /** Alleles that matched more than one dbSNP rsID (the record at the input POS is assigned, else the first in reference order). */
  multipleRsids: number
  /** Input contig name -> reference contig name, for contigs that were joined. */
  contigMapping: Record<string, string>
  /** Input contigs with no counterpart in the reference (their alleles stay unassigned). */
  unmatchedContigs: string[]
  build: BuildCall
  referenceBuild: BuildCall
  warnings: GeneticsWarning[]
}

export interface DbsnpOptions {
  onProgress?: (p: Progress) => void
  signal?: AbortSignal
  /**
   * Called once per assigned allele, in input order, with the allele in trimmed (minimal) form and the
   * dbSNP rs number (the ID is `rs${rs}`). A number, not text: a whole genome assigns millions, and a
   * consumer that stores them (or counts them) should not pay for four million strings it never reads.
   */
  onAssigned?: (chrom: string, pos: number, ref: string, alt: string, rs: number) => void
  /** Force a method instead of choosing from the input's size and order. */
  method?: 'merge_join' | 'tabix'
  /** Inflate workers for the two BGZF streams (default 2). */
  workers?: number
}

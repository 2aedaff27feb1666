// GRCh38 positions of the ClinVar and PGS entries, whose shipped files are GRCh37 only. Each was read
// by hand from a public GRCh38 file or page (never computed from the GRCh37 position) and its REF/ALT
// checked there; the build joins them to the entries by rsID and ALT and refuses any that disagree
// with the entry's chromosome or alleles. An entry missing here keeps its GRCh38 reason.

import type { Provenance } from '../types'

export interface VerifiedPosition {
  rsid: string
  chrom: string
  pos: number
  /** REF and ALT as the source gives them on GRCh38; must equal the entry's. */
  ref: string
  alt: string
  /** Every source read for this position, each giving the same one. */
  checks: Provenance[]
}

/** A GRCh38 VCF of GIAB HG002 calls annotated with ClinVar (CLNHGVS on NC_000001.11) and VEP rsIDs. */
const CGAP_TEST_VCF =
  'https://github.com/dbmi-bgm/cgap-portal/blob/306bd1248b0a1f600fbfb3442b4e5749bd9c7bff/src/encoded/tests/data/sample_vcfs/test_vcf.vcf'

/** Bioconductor's build of the AnnotationHub HOWTO vignette, which prints the first records of a dbSNP/ClinVar VCF. */
const ANNOTATIONHUB_HOWTO =
  'https://bioconductor.org/packages/3.22/bioc/vignettes/AnnotationHub/inst/doc/AnnotationHub-HOWTO.html'

/** The PGS Catalog harmonized GRCh38 scoring file of PGS001229 (no rsID column), as pgscatalog tests ship it. */
const PGS001229_HM_GRCH38 =
  'https://github.com/PGScatalog/pygscatalog/blob/4500a75b8424cc8f93b1f62511ea11d5f6fbc2eb/pgscatalog.utils/packages/pgscatalog.calc/tests/data/structured/PGS001229_hmPOS_GRCh38.txt.gz'

/** A 1000 Genomes GRCh38 excerpt used by the same pgscatalog tests, positions matching the harmonized file. */
const TINY_1000G_GRCH38 =
  'https://github.com/PGScatalog/pygscatalog/blob/4500a75b8424cc8f93b1f62511ea11d5f6fbc2eb/pgscatalog.utils/packages/pgscatalog.calc/tests/data/vcf/tiny1000G.vcf.gz'

function cgap(line: number, rsid: string, hgvs: string, site: string): Provenance {
  return {
    source: CGAP_TEST_VCF,
    locator: `line ${line}`,
    note: `GRCh38 ${site} (##reference GRCh38_full_analysis_set_plus_decoy_hla.fa, line 45); VEP names ${rsid}; ClinVar CLNHGVS ${hgvs}`,
  }
}

function annotationHub(rsid: string, row: string): Provenance {
  return {
    source: ANNOTATIONHUB_HOWTO,
    locator: `section 1.5 "Working with dbSNP Variants", rowRanges(variants): ${row}`,
    note: `GRCh38 position of ${rsid}. The VCF is AnnotationHub record AH57960, chosen by query(ah, c("GRCh38", "dbSNP", "VCF")) in vignettes/AnnotationHub-HOWTO.Rmd (Bioconductor/AnnotationHub @ 1a5de0dfdf73a277756d44e7dc04e78e154ab5b9); readVcf labels it hg19, but its rs786201005 (1014143) and rs672601312 (1014359) equal the GRCh38 records of dbmi-bgm/cgap-portal test_vcf.vcf`,
  }
}

function pgsHarmonized(line: number, rowNr: number, site: string, weight: string, rsid: string): Provenance {
  return {
    source: PGS001229_HM_GRCH38,
    locator: `line ${line} of the decompressed file (row_nr ${rowNr})`,
    note: `GRCh38 ${site}, weight ${weight}: the same effect/other alleles and weight as the GRCh37 scoring file's row for ${rsid}, a weight that occurs once in the file; four rows of the file fall exactly on PharmCAT GRCh38 positions with matching alleles (rs776746, rs34671512, rs2108622, rs3745274), so the file is GRCh38`,
  }
}

export const VERIFIED_GRCH38: readonly VerifiedPosition[] = [
  {
    rsid: 'rs786201005',
    chrom: '1',
    pos: 1014143,
    ref: 'C',
    alt: 'T',
    checks: [
      cgap(89, 'rs786201005', 'NC_000001.11:g.1014143C>T', 'chr1:1014143 C>T'),
      annotationHub('rs786201005', 'rs786201005 1 1014143 C T'),
    ],
  },
  {
    rsid: 'rs672601345',
    chrom: '1',
    pos: 1014316,
    ref: 'C',
    alt: 'CG',
    checks: [annotationHub('rs672601345', 'rs672601345 1 1014316 C CG')],
  },
  {
    rsid: 'rs672601312',
    chrom: '1',
    pos: 1014359,
    ref: 'G',
    alt: 'T',
    checks: [
      cgap(90, 'rs672601312', 'NC_000001.11:g.1014359G>T', 'chr1:1014359 G>T'),
      annotationHub('rs672601312', 'rs672601312 1 1014359 G T'),
    ],
  },
  {
    rsid: 'rs756623659',
    chrom: '1',
    pos: 1022225,
    ref: 'G',
    alt: 'A',
    checks: [cgap(91, 'rs756623659', 'NC_000001.11:g.1022225G>A', 'chr1:1022225 G>A')],
  },
  {
    rsid: 'rs199476396',
    chrom: '1',
    pos: 1050575,
    ref: 'G',
    alt: 'C',
    checks: [cgap(96, 'rs199476396', 'NC_000001.11:g.1050575G>C', 'chr1:1050575 G>C')],
  },
  {
    rsid: 'rs35665085',
    chrom: '22',
    pos: 17145025,
    ref: 'G',
    alt: 'A',
    checks: [pgsHarmonized(28840, 28838, '22:17145025 effect A, other G', '-0.1172964', 'rs35665085')],
  },
  {
    rsid: 'rs9680797',
    chrom: '22',
    pos: 20426009,
    ref: 'G',
    alt: 'A',
    checks: [pgsHarmonized(28923, 28921, '22:20426009 effect A, other G', '0.06735311', 'rs9680797')],
  },
  {
    rsid: 'rs2298428',
    chrom: '22',
    pos: 21628603,
    ref: 'C',
    alt: 'T',
    checks: [pgsHarmonized(28940, 28938, '22:21628603 effect T, other C', '-0.06373335', 'rs2298428')],
  },
  {
    rsid: 'rs77885044',
    chrom: '22',
    pos: 28105426,
    ref: 'C',
    alt: 'T',
    checks: [pgsHarmonized(29118, 29116, '22:28105426 effect T, other C', '-0.2304747', 'rs77885044')],
  },
  {
    rsid: 'rs13057352',
    chrom: '22',
    pos: 46699338,
    ref: 'C',
    alt: 'A',
    checks: [
      pgsHarmonized(29535, 29533, '22:46699338 effect A, other C', '-0.1156013', 'rs13057352'),
      {
        source: TINY_1000G_GRCH38,
        locator: 'line 987 of the decompressed file',
        note: 'GRCh38 22:46699338 C>A (ID 22:46699338:C:A): REF C on GRCh38',
      },
    ],
  },
]

/**
 * The verified GRCh38 position for an entry, with its provenance, or null when none was verified.
 * A verified position whose chromosome or alleles differ from the entry's is a problem, not a position.
 */
export function verifiedGrch38(
  id: string,
  entry: { rsid: string; chrom: string; ref: string; alt: string },
  table: readonly VerifiedPosition[] = VERIFIED_GRCH38,
): { position: { chrom: string; pos: number } | null; provenance: Provenance[]; problems: string[] } {
  const found = table.filter((v) => v.rsid === entry.rsid && v.alt === entry.alt)
  if (found.length === 0) return { position: null, provenance: [], problems: [] }
  const problems: string[] = []
  if (found.length > 1) problems.push(`${id}: ${found.length} verified GRCh38 positions for ${entry.rsid}`)
  const v = found[0]
  if (v.chrom !== entry.chrom)
    problems.push(`${id}: verified GRCh38 chromosome ${v.chrom} differs from ${entry.chrom}`)
  if (v.ref !== entry.ref)
    problems.push(`${id}: GRCh38 REF ${v.ref} differs from the entry's REF ${entry.ref}`)
  if (v.checks.length === 0) problems.push(`${id}: verified GRCh38 position has no source`)
  if (problems.length > 0) return { position: null, provenance: [], problems }
  return { position: { chrom: v.chrom, pos: v.pos }, provenance: [...v.checks], problems: [] }
}

// Deciding the genome build, with the evidence kept so a user can see why: VCF ##reference/##assembly
// text and contig assembly tags, contig lengths, consumer header prose ("build 37"), and known
// marker positions seen while reading (KnownMarkerVotes).
//
// Contig lengths: GRCh37 values appear in the ##contig lines of the real b37 files in the shared
// test data (htslib index.vcf, cyvcf2 test.snpeff.vcf, bcftools view.GT.vcf, ...); GRCh38 values are
// the primary-assembly lengths used by the shared WGS generator (shared/tools/gen-wgs-vcf.ts);
// NCBI36 chr20 appears with assembly=B36 in the vcftools examples. Mitochondrial lengths are left
// out for GRCh37/GRCh38 (16569 in both), except UCSC hg19's chrM (16571), which only hg19 has.

import { canonicalChromosome } from '../normalize/chromosome'
import type { BuildCall, GenomeBuild } from '../types'
import { clipHeaderText } from './clip-header-text'

/** Header text quoted as a build's evidence, cut to this length. */
const clip = (text: string) => clipHeaderText(text, 120)

const GRCH37_LENGTHS: Record<string, number> = {
  '1': 249250621,
  '2': 243199373,
  '3': 198022430,
  '4': 191154276,
  '5': 180915260,
  '6': 171115067,
  '7': 159138663,
  '8': 146364022,
  '9': 141213431,
  '10': 135534747,
  '11': 135006516,
  '12': 133851895,
  '13': 115169878,
  '14': 107349540,
  '15': 102531392,
  '16': 90354753,
  '17': 81195210,
  '18': 78077248,
  '19': 59128983,
  '20': 63025520,
  '21': 48129895,
  '22': 51304566,
  X: 155270560,
  Y: 59373566,
}
const GRCH38_LENGTHS: Record<string, number> = {
  '1': 248956422,
  '2': 242193529,
  '3': 198295559,
  '4': 190214555,
  '5': 181538259,
  '6': 170805979,
  '7': 159345973,
  '8': 145138636,
  '9': 138394717,
  '10': 133797422,
  '11': 135086622,
  '12': 133275309,
  '13': 114364328,
  '14': 107043718,
  '15': 101991189,
  '16': 90338345,
  '17': 83257441,
  '18': 80373285,
  '19': 58617616,
  '20': 64444167,
  '21': 46709983,
  '22': 50818468,
  X: 156040895,
  Y: 57227415,
}
const NCBI36_LENGTHS: Record<string, number> = { '20': 62435964 }

const LENGTH_TABLES: [GenomeBuild, Record<string, number>][] = [
  ['GRCh37', GRCH37_LENGTHS],
  ['GRCh38', GRCH38_LENGTHS],
  ['NCBI36', NCBI36_LENGTHS],
]

export const UNKNOWN_BUILD: BuildCall = {
  build: 'unknown',
  method: 'none',
  evidence: 'no reference name, contig lengths or known marker positions to decide from',
}

// Names of assemblies as they appear in ##reference lines, FASTA paths and consumer headers.
// RefSeq's GCF_000001405 versions: .13 (GRCh37) to .25 (GRCh37.p13), .26 (GRCh38) onwards (GRCh38
// patches; .40 is GRCh38.p14), as NCBI's own dbSNP files write them since build 155.
const NAME_PATTERNS: [GenomeBuild, RegExp][] = [
  ['GRCh38', /GRCh38|hg38|hs38|\bb38\b|build[\s_-]*38|GCA_000001405\.15|GCF_000001405\.(2[6-9]|[3-9]\d)\b/i],
  [
    'GRCh37',
    /GRCh37|hg19|hs37|\bb37\b|human_g1k_v37|NCBI[\s_-]*37|G1K\.37|build[\s_-]*37|GCA_000001405\.1\b|GCF_000001405\.(1[3-9]|2[0-5])\b/i,
  ],
  ['NCBI36', /NCBI[\s_-]*36|hg18|\bb36\b|build[\s_-]*36/i],
]

/** The build a piece of text names (a ##reference value, a FASTA path, a header sentence), if any. */
export function buildNamedIn(text: string): GenomeBuild | null {
  for (const [build, pattern] of NAME_PATTERNS) if (pattern.test(text)) return build
  return null
}

/** Build from header text fields, e.g. ##reference and ##contig assembly= tags. */
export function buildFromHeaderText(fields: { label: string; value: string }[]): BuildCall | null {
  for (const { label, value } of fields) {
    const build = buildNamedIn(value)
    if (build) return { build, method: 'header', evidence: `${label}=${clip(value)}` }
  }
  return null
}

/** Build from ##contig lengths: every primary contig with a length must agree with one assembly. */
export function buildFromContigLengths(contigs: { id: string; length: number | null }[]): BuildCall | null {
  const votes = new Map<GenomeBuild, string[]>()
  let conflicting = 0
  for (const contig of contigs) {
    if (contig.length === null) continue
    const name = canonicalChromosome(contig.id)
    if (/^chrM$/i.test(contig.id) && contig.length === 16571) {
      push(votes, 'GRCh37', `${contig.id} length ${contig.length} (UCSC hg19)`)
      continue
    }
    let matched = false
    let known = false
    for (const [build, table] of LENGTH_TABLES) {
      const expected = table[name]
      if (expected === undefined) continue
      known = true
      if (expected === contig.length) {
        push(votes, build, `${contig.id} length ${contig.length}`)
        matched = true
      }
    }
    if (known && !matched && name.length <= 2) conflicting++
  }
  if (votes.size !== 1) return null
  const [[build, evidence]] = [...votes.entries()]
  if (conflicting > evidence.length) return null
  return { build, method: 'contig_lengths', evidence: evidence.slice(0, 3).join(', ') }
}

// T2T-CHM13 (UCSC hs1, GenBank GCA_009914755) is recognised only to be named in a refusal: the catalog
// and the ancestry panel hold GRCh37 and GRCh38 positions, and a CHM13 position read as either would
// point at another base. Without this, a CHM13 VCF whose header also names GRCh38 (a pipeline's stale
// ##reference) was read by the header's word, since no length table knew its contigs. Lengths are those
// of T2T-CHM13v2.0 (chrY from HG002), as NCBI and UCSC list them.
const T2T_CHM13_LENGTHS: Record<string, number> = {
  '1': 248387328,
  '2': 242696752,
  '3': 201105948,
  '4': 193574945,
  '5': 182045439,
  '6': 172126628,
  '7': 160567428,
  '8': 146259331,
  '9': 150617247,
  '10': 134758134,
  '11': 135127769,
  '12': 133324548,
  '13': 113566686,
  '14': 101161492,
  '15': 99753195,
  '16': 96330374,
  '17': 84276897,
  '18': 80542538,
  '19': 61707364,
  '20': 66210255,
  '21': 45090682,
  '22': 51324926,
  X: 154259566,
  Y: 62460029,
}
const T2T_CHM13_NAME = /chm13|\bt2t\b|\bhs1\b|GC[AF]_009914755/i

/** An assembly the file is on that no catalog position can be matched against, and how we know. */
export interface UnsupportedAssembly {
  name: 'T2T-CHM13'
  method: 'contig_lengths' | 'header'
  evidence: string
}

/**
 * T2T-CHM13, told by its contig lengths (every primary contig with a length agrees, and none has a
 * GRCh37/GRCh38 length) or, without lengths, by a header text that names it and no supported build.
 */
export function unsupportedAssembly(
  referenceTexts: { label: string; value: string }[],
  contigs: { id: string; length: number | null }[],
): UnsupportedAssembly | null {
  const matched: string[] = []
  let other = 0
  for (const contig of contigs) {
    if (contig.length === null) continue
    const name = canonicalChromosome(contig.id)
    const expected = T2T_CHM13_LENGTHS[name]
    if (expected === undefined) continue
    if (expected === contig.length) matched.push(`${contig.id} length ${contig.length}`)
    else other++
  }
  if (matched.length > 0 && other === 0)
    return { name: 'T2T-CHM13', method: 'contig_lengths', evidence: matched.slice(0, 3).join(', ') }
  if (matched.length > 0 || other > 0) return null
  for (const { label, value } of referenceTexts) {
    if (T2T_CHM13_NAME.test(value) && buildNamedIn(value) === null)
      return { name: 'T2T-CHM13', method: 'header', evidence: `${label}=${clip(value)}` }
  }
  return null
}

/** RefSeq versions of NC_000001..NC_000024 (1..22, X, Y) in GRCh37; GRCh38 raised every one by one. */
const GRCH37_VERSIONS = [
  10, 11, 11, 11, 9, 11, 13, 10, 11, 10, 9, 11, 10, 8, 9, 9, 10, 9, 9, 10, 8, 10, 10, 9,
]

/** GRCh37 or GRCh38 for a primary-chromosome RefSeq accession with its version (NC_000001.10), else null. */
export function refseqAccessionBuild(name: string): GenomeBuild | null {
  const match = /^NC_0000(\d\d)\.(\d+)$/i.exec(name.trim())
  if (!match) return null
  const grch37 = GRCH37_VERSIONS[Number(match[1]) - 1]
  if (grch37 === undefined) return null
  const version = Number(match[2])
  if (version === grch37) return 'GRCh37'
  if (version === grch37 + 1) return 'GRCh38'
  return null
}

/**
 * Build from contigs named by RefSeq accession (NC_000001.11): the version states the build, with or
 * without a length. Names of both builds in one header decide nothing.
 */
export function buildFromContigNames(contigs: { id: string }[]): BuildCall | null {
  const votes = new Map<GenomeBuild, string[]>()
  for (const contig of contigs) {
    const build = refseqAccessionBuild(contig.id)
    if (build) push(votes, build, `${contig.id} (RefSeq accession)`)
  }
  if (votes.size !== 1) return null
  const [[build, evidence]] = [...votes.entries()]
  return { build, method: 'contig_names', evidence: evidence.slice(0, 3).join(', ') }
}

/** Build from the prose of a consumer file's comment header ("We are using ... build 37"). */
export function buildFromConsumerComments(comments: string[]): BuildCall | null {
  for (const line of comments) {
    const build = buildNamedIn(line)
    if (build) return { build, method: 'provider_header_text', evidence: clip(line.replace(/^#+\s*/, '')) }
  }
  return null
}

function push(votes: Map<GenomeBuild, string[]>, build: GenomeBuild, evidence: string): void {
  const list = votes.get(build) ?? []
  list.push(evidence)
  votes.set(build, list)
}

// Files of a sequencing or genotyping delivery that are not genotype calls, named when one is sent
// instead of the calls. A WGS delivery (Nebula, Dante, a clinic) holds reads (FASTQ), alignments (BAM or
// CRAM), indexes (.tbi, .csi, .bai) and the VCF beside them, and a research array comes as a PLINK set:
// "binary data" or "not a recognised file" leaves a person guessing which of them to send. Each refusal
// says what the file is and what would answer instead. No VCF, BCF or consumer export starts with any of
// these signs (the reader looks for them only after those formats have said no; an upload's first part
// and the console's page look for the unambiguous ones before any of it is read).

import { unopenedArchive } from './archives'
import { documentInsteadOfData } from './documents'
import { officeCompoundFile } from './office-documents'

const CALL_VARIANTS =
  'upload the VCF (.vcf.gz) delivered with it, or call variants from it first (for example with GATK HaplotypeCaller, DeepVariant, or bcftools mpileup and call)'

/** Magic bytes at the start of the (decompressed) file, and what such a file is. */
export const MAGIC: { bytes: number[]; message: string }[] = [
  {
    bytes: [0x42, 0x41, 0x4d, 0x01], // BAM\1, inside BGZF
    message: `the file is a BAM file: aligned sequencing reads, not genotype calls; ${CALL_VARIANTS}`,
  },
  {
    bytes: [0x43, 0x52, 0x41, 0x4d], // CRAM
    message: `the file is a CRAM file: aligned sequencing reads, not genotype calls; ${CALL_VARIANTS}`,
  },
  {
    bytes: [0x42, 0x41, 0x49, 0x01], // BAI\1
    message:
      'the file is a BAM index (.bai), which only points into a BAM file and holds no genotypes; upload the VCF (.vcf.gz) of the same sequencing',
  },
  {
    bytes: [0x54, 0x42, 0x49, 0x01], // TBI\1, inside BGZF
    message:
      'the file is a tabix index (.tbi), which only points into the file it indexes and holds no genotypes; upload the .vcf.gz it belongs to',
  },
  {
    bytes: [0x43, 0x53, 0x49, 0x01], // CSI\1, inside BGZF
    message:
      'the file is a CSI index (.csi), which only points into the file it indexes and holds no genotypes; upload the .vcf.gz (or .bcf) it belongs to',
  },
  {
    bytes: [0x6c, 0x1b, 0x01], // PLINK 1 .bed, SNP-major
    message:
      'the file is a PLINK binary genotype file (.bed), which cannot be read without its .bim and .fam; convert the set with `plink --bfile NAME --recode vcf bgz --out NAME` and upload NAME.vcf.gz',
  },
]

/** PLINK 2 .pgen: 0x6c 0x1b, then a storage mode byte of 0x10 or more. */
export const PGEN_MESSAGE =
  'the file is a PLINK 2 genotype file (.pgen), which cannot be read without its .pvar and .psam; convert the set with `plink2 --pfile NAME --export vcf bgz --out NAME` and upload NAME.vcf.gz'

/** What the file is, from its first (decompressed) bytes, when it is one of the files above. */
export function otherGenomicsBinary(bytes: Uint8Array): string | null {
  for (const { bytes: magic, message } of MAGIC) {
    if (magic.every((b, i) => bytes[i] === b)) return message
  }
  if (bytes[0] === 0x6c && bytes[1] === 0x1b && bytes[2] >= 0x10 && bytes[2] <= 0x20) return PGEN_MESSAGE
  return null
}

/** SAM header record types: a SAM file opens with them. */
export const SAM_HEADER = /^@(HD|SQ|RG|PG|CO)\t/

export const TEXT_MESSAGES = {
  sam: `the file is a SAM file: aligned sequencing reads, not genotype calls; ${CALL_VARIANTS}`,
  fastq:
    'the file is FASTQ: raw sequencing reads, not genotype calls; they need aligning and variant calling first, so upload the VCF (.vcf.gz) of the same sequencing',
  fasta:
    'the file is a FASTA sequence (a reference genome or contig), not anyone’s genotype calls; upload a VCF or a consumer genotype export',
  bim: 'the file is a PLINK variant list (.bim): it names variants but holds no genotypes; convert the .bed/.bim/.fam set with `plink --bfile NAME --recode vcf bgz --out NAME` and upload NAME.vcf.gz',
  fai: 'the file is a FASTA index (.fai), which only describes a reference sequence and holds no genotypes; upload a VCF or a consumer genotype export',
  crai: 'the file is a CRAM index (.crai), which only points into a CRAM file and holds no genotypes; upload the VCF (.vcf.gz) of the same sequencing',
}

/**
 * What a text file is, from its first lines that are not comments, when it is reads, alignments, a
 * sequence or a PLINK variant list rather than genotype calls.
 */
export function otherGenomicsText(lines: readonly string[]): string | null {
  const reads = readsOrSequence(lines)
  if (reads) return reads
  if (lines.length === 0) return null
  if (lines.every(isBimLine)) return TEXT_MESSAGES.bim
  // samtools' indexes are tab-separated whole numbers: a .fai names its sequence first, a .crai does not.
  if (lines.every((line) => /^[^\t\s]+(\t\d+){4}$/.test(line))) return TEXT_MESSAGES.fai
  if (lines.every((line) => /^\d+(\t\d+){5}$/.test(line))) return TEXT_MESSAGES.crai
  return null
}

/** SAM, FASTQ or FASTA, told by the first lines alone (so also from an upload's first part). */
function readsOrSequence(lines: readonly string[]): string | null {
  const [first = '', , third = ''] = lines
  if (SAM_HEADER.test(first)) return TEXT_MESSAGES.sam
  if (first.startsWith('@') && third.startsWith('+')) return TEXT_MESSAGES.fastq
  if (first.startsWith('>')) return TEXT_MESSAGES.fasta
  return null
}

/** chromosome, variant ID, position in centimorgans, base-pair position, allele 1, allele 2. */
function isBimLine(line: string): boolean {
  const fields = line.trim().split(/\s+/)
  return (
    fields.length === 6 &&
    /^-?\d+(\.\d+)?(e-?\d+)?$/i.test(fields[2]) &&
    /^\d+$/.test(fields[3]) &&
    /^([ACGTNID0.-]+|\*)$/i.test(fields[4]) &&
    /^([ACGTNID0.-]+|\*)$/i.test(fields[5])
  )
}

/**
 * What the first bytes of a file being uploaded show it to be, when they are enough to tell: the magic
 * bytes of the (first gzip block of the) file, a SAM, FASTQ or FASTA first line, an archive the reader
 * does not open, or a document, page or picture (documents.ts). Used on an upload's first part, so a
 * BAM or a tar bundle is refused before the rest of its tens of GB arrive.
 */
export function otherGenomicsStart(head: Uint8Array): string | null {
  let bytes = head
  const gzipped = head[0] === 0x1f && head[1] === 0x8b
  if (gzipped) {
    try {
      // The first gzip member of a part: a cut-off stream gives what inflated so far. node:zlib is loaded
      // here, on an upload's first part, not by every scan that imports this file (see nodeStreams).
      const { gunzipSync, constants: zlibConstants } = import.meta.require(
        'node:zlib',
      ) as typeof import('node:zlib')
      bytes = gunzipSync(head.subarray(0, 1 << 16), { finishFlush: zlibConstants.Z_SYNC_FLUSH })
    } catch {
      return null
    }
  }
  return (
    otherGenomicsBinary(bytes) ??
    readsOrSequence(new TextDecoder().decode(bytes.subarray(0, 4096)).split(/\r?\n/)) ??
    // A tar bundle of a whole delivery, or a 7-Zip, RAR, bzip2, xz or zstd file, is as sure a refusal.
    unopenedArchive(bytes, gzipped ? 'gzip' : 'none') ??
    officeCompoundFile(bytes) ??
    // A PDF report, a saved web page, an RTF re-save or a screenshot: the raw data is what to send.
    documentInsteadOfData(bytes)
  )
}

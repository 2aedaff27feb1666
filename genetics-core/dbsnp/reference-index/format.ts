// The provisioned dbSNP reference index: what `bun run genetics index-dbsnp` writes once per
// deployment and every full-dbSNP job reads. Documented in genetics-core/dbsnp/reference-index/FORMAT.md.
//
// Per chromosome, one `.alleles` file of fixed 16-byte records sorted by trimmed position (then by
// reference order) and one `.fence` file with the trimmed position of every BLOCK_RECORDS-th record;
// `index.json` lists the chromosomes and where the index came from. A join reads whole blocks with
// positioned reads into a few fixed buffers, so its memory does not depend on the reference's size.

export const INDEX_FORMAT = 'wds-dbsnp-index'
export const INDEX_VERSION = 1
export const MANIFEST_FILE = 'index.json'
/** 'WDSDBSI1' */
export const ALLELES_MAGIC = Uint8Array.from([0x57, 0x44, 0x53, 0x44, 0x42, 0x53, 0x49, 0x31])
export const HEADER_BYTES = 32
export const RECORD_BYTES = 16
/** Records per block: one positioned read of 8 KiB. */
export const BLOCK_RECORDS = 512
/** Record fields, as u32 words (little-endian). */
export const F_TPOS = 0
export const F_CODE = 1
export const F_RS = 2
/** (second hash of the trimmed text, 24 bits) << 8 | min(tpos - POS, 255). */
export const F_AUX = 3

export interface IndexedChromosome {
  /** Name as the reference writes it. */
  name: string
  /** Canonical chromosome ('1'..'22', 'X', 'Y', 'MT', or the name itself). */
  canonical: string
  alleles: number
  allelesFile: string
  fenceFile: string
  /**
   * Size in bytes and CRC-32 (8 hex digits, see checksum.ts) of each data file, recorded while it was
   * written. Absent in indexes written before they were recorded, which stay readable: optional fields
   * keep the manifest at version 1, so readers of version 1 still open these indexes.
   */
  allelesBytes?: number
  allelesCrc32?: string
  fenceBytes?: number
  fenceCrc32?: string
}

export interface IndexManifest {
  format: typeof INDEX_FORMAT
  version: number
  blockRecords: number
  source: { file: string; bytes: number; modified: string }
  referenceBuild: { build: string; method: string; evidence: string }
  records: number
  alleles: number
  /** Alleles left out because the record had no rsID. */
  withoutRsid: number
  chromosomes: IndexedChromosome[]
  createdAt: string
}

/** 24-bit second hash of a non-SNV's trimmed text (djb2), so a first-hash collision is not a match. */
export function secondHash(text: string | null): number {
  if (text === null) return 0
  let h = 5381
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 33) ^ text.charCodeAt(i)) >>> 0
  return h & 0xffffff
}

export function auxWord(text: string | null, tpos: number, pos: number): number {
  return ((secondHash(text) << 8) | Math.min(255, Math.max(0, tpos - pos))) >>> 0
}

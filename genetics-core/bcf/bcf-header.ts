// The BCF header: the VCF header text a BCF carries after its magic, and the two dictionaries its
// records index into. Built as htslib 1.16 builds them (bcf_hdr_parse), since htslib writes nearly every
// BCF there is: the string dictionary holds PASS at 0, then every new ID of the ##FILTER, ##INFO and
// ##FORMAT lines in header order (an ID in both INFO and FORMAT, such as DP, takes one index); the
// contig dictionary the ##contig IDs in order. An IDX= attribute sets an entry's index explicitly and
// may leave gaps. The text handed on is the header as `bcftools view` prints it: IDX attributes dropped.

import { parseStructuredValue } from '../vcf/vcf-header'
import { corruptHeader } from './bcf-problems'

export interface BcfHeader {
  /** The header as VCF text, one '\n' after every line, #CHROM last. */
  vcfText: string
  /** FILTER/INFO/FORMAT IDs by dictionary index, as UTF-8; undefined where IDX left a gap. */
  strings: (Uint8Array | undefined)[]
  /** Contig names by dictionary index, as UTF-8. */
  contigs: (Uint8Array | undefined)[]
  /** Sample columns on the #CHROM line. */
  sampleCount: number
  /** Dictionary index of the GT key, -1 when the header declares none. */
  gtKey: number
}

/** IDX values beyond this are refused: no header has that many lines, and the arrays would be huge. */
const MAX_IDX = 1 << 24

const DICTIONARY_KEYS = new Set(['FILTER', 'INFO', 'FORMAT'])

class Dictionary {
  readonly names: (Uint8Array | undefined)[] = []
  private readonly indexOf = new Map<string, number>()
  private readonly encoder = new TextEncoder()

  constructor(private readonly what: string) {}

  /** Adds an ID unless it is already there; idx -1 takes the next free index, as htslib does. */
  add(id: string, idx: number): void {
    if (this.indexOf.has(id)) return
    let index = idx
    if (index < 0) index = this.names.length
    else if (this.names[index] !== undefined) {
      throw corruptHeader(`gives IDX=${index} to two ${this.what} (${this.nameAt(index)} and ${id})`)
    }
    while (this.names.length < index) this.names.push(undefined)
    this.names[index] = this.encoder.encode(id)
    this.indexOf.set(id, index)
  }

  get(id: string): number {
    return this.indexOf.get(id) ?? -1
  }

  private nameAt(index: number): string {
    return new TextDecoder().decode(this.names[index])
  }
}

/** Parses the header text of a BCF (everything before its first NUL). */
export function parseBcfHeader(text: string): BcfHeader {
  const strings = new Dictionary('header IDs')
  const contigs = new Dictionary('contigs')
  strings.add('PASS', -1)
  const lines = text.split('\n')
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop()
  const out: string[] = []
  let sampleCount = -1
  for (const raw of lines) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw
    if (line.startsWith('#CHROM')) {
      sampleCount = Math.max(0, line.split('\t').length - 9)
      out.push(line)
      break
    }
    // htslib passes over lines that are not header lines (a blank line, stray text), and so does this.
    if (!line.startsWith('##')) {
      if (line.startsWith('#')) out.push(line)
      continue
    }
    const eq = line.indexOf('=')
    const key = line.slice(2, eq)
    const value = line.slice(eq + 1)
    if (eq < 0 || !value.startsWith('<')) {
      out.push(line)
      continue
    }
    const fields = parseStructuredValue(value)
    if (fields?.has('IDX')) out.push(withoutIdx(line, eq))
    else out.push(line)
    // htslib passes over a line it cannot parse, and one whose IDX is not a number.
    const id = fields?.get('ID')
    if (!fields || id === undefined) continue
    const idxText = fields.get('IDX')
    if (idxText !== undefined && !/^\d{1,9}$/.test(idxText)) continue
    const idx = idxText === undefined ? -1 : Number(idxText)
    if (idx >= MAX_IDX) throw corruptHeader(`gives ${id} an IDX of ${idx}, beyond any real header`)
    if (DICTIONARY_KEYS.has(key)) strings.add(id, idx)
    else if (key === 'contig' && contigLengthReadable(fields.get('length'))) contigs.add(id, idx)
  }
  if (sampleCount < 0) {
    throw corruptHeader('has no #CHROM line, so its columns and samples are unknown')
  }
  return {
    vcfText: `${out.join('\n')}\n`,
    strings: strings.names,
    contigs: contigs.names,
    sampleCount,
    gtKey: strings.get('GT'),
  }
}

/** htslib registers a contig whose length is absent or starts with a number, and no other. */
function contigLengthReadable(length: string | undefined): boolean {
  return length === undefined || /^\s*\+?\d/.test(length)
}

/** The line with its IDX attribute taken out of the <...> list (commas inside quotes are text). */
function withoutIdx(line: string, eq: number): string {
  const open = eq + 1
  const close = line.lastIndexOf('>')
  const inner = line.slice(open + 1, close)
  const attributes: string[] = []
  let start = 0
  let quoted = false
  for (let i = 0; i <= inner.length; i++) {
    const c = inner[i]
    if (quoted) {
      if (c === '\\') i++
      else if (c === '"') quoted = false
      continue
    }
    if (c === '"') quoted = true
    else if (c === ',' || i === inner.length) {
      attributes.push(inner.slice(start, i))
      start = i + 1
    }
  }
  const kept = attributes.filter((attribute) => !attribute.startsWith('IDX='))
  return `${line.slice(0, open + 1)}${kept.join(',')}${line.slice(close)}`
}

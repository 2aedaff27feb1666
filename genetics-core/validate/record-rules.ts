// Checks of VCF data lines against the specification and the file's own declarations: CHROM names,
// IDs, REF/ALT syntax (bases, symbolic alleles, breakends), QUAL, FILTER, INFO and FORMAT keys and
// their typed values and counts, genotypes, and duplicated variants. Run on the first lines of a
// file (all of a small file); the hot path checks only structure.

import { trimAlleles } from '../normalize/alleles'
import { parseGenotype } from '../normalize/genotype'
import type { VcfHeader } from '../vcf/vcf-header'
import { CONTIG_NAME, type Problem } from './header-rules'
import { type FieldDefinition, NON_NEGATIVE_INFO, RESERVED_FORMAT, RESERVED_INFO } from './reserved-fields'

const KEY = /^[A-Za-z_][0-9A-Za-z_.]*$|^1000G$/
const BASES = /^[ACGTNacgtn]+$/
const SYMBOLIC = /^<[^<>\s,]+>$/
const BREAKEND = /^([ACGTNacgtn]*)([[\]])([^[\]\s]+):(\d+)([[\]])([ACGTNacgtn]*)$/
const SINGLE_BREAKEND = /^(\.[ACGTNacgtn]+|[ACGTNacgtn]+\.)$/
const INTEGER = /^[+-]?\d+$/
const FLOAT =
  /^[+-]?(\d+\.?\d*([eE][+-]?\d+)?|\.\d+([eE][+-]?\d+)?|nan|NaN|NAN|inf|Inf|INF|infinity|Infinity)$/
const CIGAR = /^(\d+[MIDNSHP=X])+$/
const INT32_MAX = 2147483647
const INT32_MIN = -2147483648
/** Integers -2^31 .. -2^31+7 are reserved by BCF for missing and end-of-vector markers. */
const INT32_RESERVED_MAX = -2147483641

export function checkRecords(
  header: VcfHeader,
  lines: { text: string; line: number }[],
  version: number,
): Problem[] {
  const problems: Problem[] = []
  const add = (code: string, message: string, line: number) => problems.push({ code, message, line })
  const info = declarations(header, 'INFO')
  const format = declarations(header, 'FORMAT')
  const sampleCount = header.samples.length
  const variants = new Set<string>()

  for (const { text, line } of lines) {
    if (text === '' || text.startsWith('#')) continue
    const cols = text.split('\t')
    if (cols.length < 8 || !/^\d+$/.test(cols[1])) continue // the scanner reports these as errors
    const [chrom, posText, id, ref, alt, qual, filter, infoText] = cols
    const pos = Number(posText)

    const validName =
      CONTIG_NAME.test(chrom) && !chrom.includes(':') && !(version >= 4.3 && chrom.includes('*'))
    if (!(SYMBOLIC.test(chrom) || validName)) {
      add('VCF_CONTIG_NAME', `CHROM "${chrom.slice(0, 40)}" has characters VCF does not allow`, line)
    }
    if (id !== '.') {
      const ids = id.split(';')
      if (ids.some((x) => x === '' || /\s/.test(x)))
        add('VCF_ID', 'ID holds an empty entry or whitespace', line)
      else if (new Set(ids).size !== ids.length) add('VCF_ID', 'ID lists the same identifier twice', line)
    }
    if (!BASES.test(ref)) add('VCF_REF', 'REF is not a run of A, C, G, T, N', line)
    const alts = alt === '.' ? [] : alt.split(',')
    for (const a of alts) {
      if (!validAlt(a)) {
        add('VCF_ALT', "an ALT allele is not bases, '*', a <symbolic> allele or a breakend", line)
        break
      }
    }
    if (qual !== '.' && (!FLOAT.test(qual) || Number(qual) < 0))
      add('VCF_QUAL', `QUAL "${qual.slice(0, 20)}" is not a non-negative number`, line)
    if (filter !== '.' && filter !== 'PASS') {
      const parts = filter.split(';')
      if (parts.some((f) => f === '' || /\s/.test(f) || f === '0' || f === '.')) {
        add('VCF_FILTER', 'FILTER has an empty, reserved or whitespace-containing entry', line)
      } else if (new Set(parts).size !== parts.length)
        add('VCF_FILTER', 'FILTER lists the same filter twice', line)
    }
    checkInfo(infoText, alts.length, info, (message) => add('VCF_INFO', message, line))
    if (cols.length > 8) {
      checkSamples(cols, alts.length, format, sampleCount, version, (code, message) =>
        add(code, message, line),
      )
    }

    for (const a of alts) {
      if (!BASES.test(a)) continue
      const t = trimAlleles(pos, ref, a)
      const key = `${chrom}:${t.pos}:${t.ref}>${t.alt}`
      if (variants.has(key)) {
        add(
          'VCF_DUPLICATE_VARIANT',
          'a variant appears more than once (after multi-allelic splitting and trimming)',
          line,
        )
        break
      }
      variants.add(key)
    }
  }
  return problems
}

function validAlt(a: string): boolean {
  if (a === '*' || BASES.test(a)) return true
  if (a.startsWith('<')) return SYMBOLIC.test(a)
  if (SINGLE_BREAKEND.test(a)) return true
  const m = BREAKEND.exec(a)
  if (!m) return false
  // Brackets must match and the bases must sit on exactly one side.
  return m[2] === m[5] && (m[1] === '') !== (m[6] === '')
}

function declarations(header: VcfHeader, key: 'INFO' | 'FORMAT'): Map<string, Partial<FieldDefinition>> {
  const map = new Map<string, Partial<FieldDefinition>>(
    Object.entries(key === 'INFO' ? RESERVED_INFO : RESERVED_FORMAT),
  )
  for (const meta of header.structured) {
    if (meta.key !== key) continue
    const id = meta.fields.get('ID')
    if (id) map.set(id, { number: meta.fields.get('Number'), type: meta.fields.get('Type') })
  }
  return map
}

function checkInfo(
  text: string,
  altCount: number,
  declared: Map<string, Partial<FieldDefinition>>,
  report: (m: string) => void,
) {
  if (text === '.') return
  if (/\s/.test(text)) return report('INFO holds whitespace')
  const keys = new Set<string>()
  for (const entry of text.split(';')) {
    if (entry === '') continue
    const eq = entry.indexOf('=')
    const key = eq < 0 ? entry : entry.slice(0, eq)
    if (!KEY.test(key)) return report(`INFO key "${key.slice(0, 20)}" is not a valid key`)
    if (keys.has(key)) return report(`INFO key ${key} appears twice`)
    keys.add(key)
    const definition = declared.get(key)
    if (!definition) continue
    if (definition.type === 'Flag') {
      // BCF-style 0/1 values are tolerated; anything else is not a flag.
      if (eq >= 0 && entry.slice(eq + 1) !== '0' && entry.slice(eq + 1) !== '1')
        return report(`INFO ${key} is a Flag but has a value`)
      continue
    }
    if (eq < 0) {
      if (definition.type !== undefined) return report(`INFO ${key} has no value`)
      continue
    }
    const value = entry.slice(eq + 1)
    const problem = checkValues(key, value, definition, altCount, -1)
    if (problem) return report(`INFO ${problem}`)
    if (NON_NEGATIVE_INFO.has(key) && value.split(',').some((v) => v.startsWith('-')))
      return report(`INFO ${key} is negative`)
    if (key === 'CIGAR' && value.split(',').some((v) => v !== '.' && !CIGAR.test(v)))
      return report('INFO CIGAR is not a CIGAR string')
  }
}

function checkSamples(
  cols: string[],
  altCount: number,
  declared: Map<string, Partial<FieldDefinition>>,
  sampleCount: number,
  version: number,
  report: (code: string, message: string) => void,
) {
  const format = cols[8]
  if (format === '.' || format === '') return
  const keys = format.split(':')
  // VCF 4.3 allows '_' and '.' in FORMAT keys; earlier versions only letters and digits. A key the header
  // declares is accepted in the 4.3 form whatever the version: GATK's gVCFs say VCFv4.2, declare MIN_DP
  // and put it on every reference block, which would otherwise warn once per block.
  const formatKey = (k: string) =>
    version >= 4.3 || declared.has(k) ? KEY.test(k) : /^[A-Za-z0-9]+$/.test(k)
  if (keys.some((k) => k === '' || !formatKey(k)))
    return report('VCF_FORMAT', 'FORMAT has an empty or invalid key')
  if (new Set(keys).size !== keys.length) return report('VCF_FORMAT', 'FORMAT lists a key twice')
  const gtAt = keys.indexOf('GT')
  if (gtAt > 0) return report('VCF_FORMAT', 'GT is not the first FORMAT key')
  for (let s = 9; s < cols.length && s < 9 + Math.max(sampleCount, 1); s++) {
    const values = cols[s].split(':')
    if (values.length > keys.length) return report('VCF_SAMPLE', 'a sample has more fields than FORMAT lists')
    let ploidy = -1
    if (gtAt === 0) {
      const gt = values[0]
      const parsed = parseGenotype(gt)
      if (parsed === null) return report('VCF_SAMPLE', 'a GT value is not a genotype')
      if (altCount > 0 && parsed.indices.some((i) => i !== null && i > altCount)) {
        return report('VCF_SAMPLE', 'GT refers to an allele the record does not list')
      }
      ploidy = parsed.indices.length
    }
    for (let k = gtAt === 0 ? 1 : 0; k < values.length; k++) {
      const definition = declared.get(keys[k])
      if (!definition || values[k] === '.' || values[k] === '') continue
      const problem = checkValues(keys[k], values[k], definition, altCount, ploidy)
      if (problem) return report('VCF_SAMPLE', `sample ${problem}`)
    }
  }
}

/** A problem with one key's value(s) against its declared Number and Type, or null. */
function checkValues(
  key: string,
  value: string,
  definition: Partial<FieldDefinition>,
  altCount: number,
  ploidy: number,
): string | null {
  const parts = value.split(',')
  const number = definition.number
  // A declared String may hold commas in free text; only reserved String keys are counted.
  if (definition.type === 'String' && !reservedString(key)) return null
  let expected = -1
  if (number !== undefined && /^\d+$/.test(number)) expected = Number(number)
  else if (number === 'A' && altCount > 0) expected = altCount
  else if (number === 'R' && altCount > 0) expected = altCount + 1
  else if (number === 'G' && ploidy > 0 && altCount > 0) expected = choose(altCount + ploidy, ploidy)
  if (expected >= 0 && parts.length !== expected && !(parts.length === 1 && parts[0] === '.')) {
    return `${key} has ${parts.length} values where its Number (${number}) means ${expected}`
  }
  for (const part of parts) {
    if (part === '.') continue
    if (definition.type === 'Integer') {
      if (!INTEGER.test(part)) return `${key} has a value that is not an integer`
      const n = Number(part)
      if (n > INT32_MAX || n < INT32_MIN) return `${key} value is outside the 32-bit integer range`
      if (n <= INT32_RESERVED_MAX) return `${key} value is one of the reserved integers`
    } else if (definition.type === 'Float') {
      if (!FLOAT.test(part)) return `${key} has a value that is not a number`
    } else if (definition.type === 'Character' && part.length !== 1) {
      return `${key} value is not a single character`
    }
  }
  return null
}

function reservedString(key: string): boolean {
  return RESERVED_INFO[key]?.type === 'String' || RESERVED_FORMAT[key]?.type === 'String'
}

function choose(n: number, k: number): number {
  let result = 1
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i
  return Math.round(result)
}

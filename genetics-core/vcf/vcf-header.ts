// Parses VCF meta-information lines and the #CHROM line into what the reader needs: version,
// samples, contigs (for build detection and chromosome order), reference text, gVCF markers, and
// the structured INFO/FORMAT/FILTER/ALT declarations the validator checks records against.

export interface StructuredMeta {
  key: string
  /** Attributes in the order written; values unquoted and unescaped. */
  fields: Map<string, string>
  /** The text inside <...> as written. */
  raw: string
  line: number
}

export interface VcfHeader {
  fileformat: string | null
  contigs: { id: string; length: number | null; assembly: string | null }[]
  /** ##reference, ##assembly and contig assembly= values, for build detection. */
  referenceTexts: { label: string; value: string }[]
  /**
   * True for GATK (##GVCFBlock) and gvcftools (##gvcftools_version) gVCF headers. An ##ALT line for
   * <NON_REF> or <*> is not enough: joint-called VCFs and every bcftools mpileup output keep it.
   */
  gvcfHeader: boolean
  /** All ##KEY=<...> lines, keyed by KEY. */
  structured: StructuredMeta[]
  /** Plain ##key=value lines (key, value, line). */
  plain: { key: string; value: string; line: number }[]
  /** Meta lines that were neither; the validator reports them. */
  malformed: { text: string; line: number }[]
  /** Columns of the #CHROM line as written (empty when the file has none). */
  columns: string[]
  samples: string[]
  hasFormatColumn: boolean
  /** Lines the header took, #CHROM included. */
  lineCount: number
  /** 1-based line of #CHROM, or 0 when there is none. */
  chromLine: number
}

/** Meta-information keys whose values VCF defines as <key=value,...> lists. */
const STRUCTURED_KEYS = new Set(['INFO', 'FORMAT', 'FILTER', 'ALT', 'contig', 'SAMPLE', 'PEDIGREE', 'META'])

/** The IDs a header declares under one structured key (`INFO`, `FORMAT` …). */
export function declaredIds(header: VcfHeader, key: string): Set<string> {
  return new Set(header.structured.filter((m) => m.key === key).map((m) => m.fields.get('ID') ?? ''))
}

export function emptyVcfHeader(): VcfHeader {
  return {
    fileformat: null,
    contigs: [],
    referenceTexts: [],
    gvcfHeader: false,
    structured: [],
    plain: [],
    malformed: [],
    columns: [],
    samples: [],
    hasFormatColumn: false,
    lineCount: 0,
    chromLine: 0,
  }
}

/** Adds one header line (without newline) to the header being built. */
export function addVcfHeaderLine(header: VcfHeader, text: string, line: number): void {
  header.lineCount++
  if (text.startsWith('#CHROM')) {
    header.chromLine = line
    header.columns = text.slice(1).split('\t')
    header.hasFormatColumn = header.columns.length > 8
    header.samples = header.columns.slice(9)
    return
  }
  if (!text.startsWith('##')) return
  const body = text.slice(2)
  const eq = body.indexOf('=')
  if (eq <= 0) {
    header.malformed.push({ text, line })
    return
  }
  const key = body.slice(0, eq)
  const value = body.slice(eq + 1)
  if (key === 'fileformat' && header.fileformat === null) header.fileformat = value
  if (key === 'reference' || key === 'assembly') header.referenceTexts.push({ label: `##${key}`, value })
  if (key === 'GVCFBlock' || key === 'gvcftools_version' || key === 'GVCFBlocks') header.gvcfHeader = true
  if (value.startsWith('<')) {
    const fields = parseStructuredValue(value)
    if (fields === null || fields.size === 0) {
      // Only the keys VCF defines as structured must parse; other '<...>' values are free text.
      if (STRUCTURED_KEYS.has(key) || fields?.size === 0) header.malformed.push({ text, line })
      else header.plain.push({ key, value, line })
      return
    }
    header.structured.push({ key, fields, raw: value, line })
    if (key === 'contig') {
      const id = fields.get('ID') ?? ''
      const lengthText = fields.get('length')
      const length = lengthText !== undefined && /^\d+$/.test(lengthText) ? Number(lengthText) : null
      const assembly = fields.get('assembly') ?? null
      header.contigs.push({ id, length, assembly })
      if (assembly) header.referenceTexts.push({ label: `##contig=<ID=${id},assembly`, value: assembly })
    }
    return
  }
  header.plain.push({ key, value, line })
}

/**
 * Parses '<ID=x,Number=1,Description="a, \"b\"">' into ordered fields. Returns null when the value
 * is not closed by '>' or a quoted string is not terminated.
 */
export function parseStructuredValue(value: string): Map<string, string> | null {
  const trimmed = value.trimEnd()
  if (!trimmed.startsWith('<') || !trimmed.endsWith('>')) return null
  const fields = new Map<string, string>()
  const inner = trimmed.slice(1, -1)
  let i = 0
  while (i < inner.length) {
    const eq = inner.indexOf('=', i)
    const comma = inner.indexOf(',', i)
    if (eq < 0 || (comma >= 0 && comma < eq)) {
      // A key without a value ('<ID=x,Flag>') is not well formed.
      return null
    }
    const key = inner.slice(i, eq)
    let j = eq + 1
    let fieldValue = ''
    if (inner[j] === '"') {
      j++
      let closed = false
      while (j < inner.length) {
        const c = inner[j]
        if (c === '\\' && j + 1 < inner.length) {
          fieldValue += inner[j + 1]
          j += 2
          continue
        }
        if (c === '"') {
          closed = true
          j++
          break
        }
        fieldValue += c
        j++
      }
      if (!closed) return null
      if (j < inner.length && inner[j] !== ',') return null
    } else if (inner[j] === '[') {
      const close = inner.indexOf(']', j)
      if (close < 0) return null
      fieldValue = inner.slice(j, close + 1)
      j = close + 1
    } else {
      const next = inner.indexOf(',', j)
      const end = next < 0 ? inner.length : next
      fieldValue = inner.slice(j, end)
      j = end
    }
    if (fields.has(key)) return null
    fields.set(key, fieldValue)
    i = j + 1
    if (j >= inner.length) break
  }
  return fields
}

/** '##fileformat=VCFv4.2' -> '4.2'; null when absent or not a VCF version. */
export function vcfVersionNumber(fileformat: string | null): string | null {
  const m = fileformat?.match(/^VCFv(\d+\.\d+)$/)
  return m ? m[1] : null
}

// Numbers as lab documents print them, with the decimal mark decided once per document. "1,250" is
// one thousand two hundred and fifty in a US report and one point two five in a German one; only the
// other numbers of the same document can tell. A value that stays ambiguous is kept as text with a
// warning: guessing would silently store a result a thousand times off.

export type DecimalMark = '.' | ','

/** Spaces used as thousands separators ("1 250", narrow no-break space). */
const SPACE_GROUPS = /^(-?\d{1,3}(?:[ \u00a0\u202f]\d{3})+)([.,]\d+)?$/

/** The evidence one number gives about its document's decimal mark, or null when it gives none. */
export function markEvidence(token: string): DecimalMark | null {
  const n = token.replace(/^[-+]/, '')
  if (/^\d{1,3}(,\d{3})+\.\d+$/.test(n)) return '.'
  if (/^\d{1,3}(\.\d{3})+,\d+$/.test(n)) return ','
  if (/^\d{1,3}(,\d{3}){2,}$/.test(n)) return '.'
  if (/^\d{1,3}(\.\d{3}){2,}$/.test(n)) return ','
  // A single mark is a decimal mark unless it is followed by exactly three digits after a non-zero
  // integer part ("1,250", "2.500"), which could be either.
  if (/^\d+,\d+$/.test(n)) return /^[1-9]\d{0,2},\d{3}$/.test(n) ? null : ','
  if (/^\d+\.\d+$/.test(n)) return /^[1-9]\d{0,2}\.\d{3}$/.test(n) ? null : '.'
  return null
}

/** The first number-like token of a cell ("<0,5 L" → "0,5"). */
export function numericToken(cell: unknown): string | null {
  if (typeof cell !== 'string') return null
  return /\d[\d.,]*\d|\d/.exec(cell)?.[0] ?? null
}

export interface MarkVerdict {
  mark: DecimalMark | null
  /** Both marks were seen as decimal marks in one document. */
  mixed: boolean
}

/** The decimal mark of a document, from all its numbers. */
export function decimalMarkOf(cells: Iterable<unknown>): MarkVerdict {
  let dot = 0
  let comma = 0
  for (const cell of cells) {
    if (typeof cell === 'number') {
      if (!Number.isInteger(cell)) dot++
      continue
    }
    const token = numericToken(cell)
    const evidence = token ? markEvidence(token) : null
    if (evidence === '.') dot++
    else if (evidence === ',') comma++
  }
  if (dot > 0 && comma > 0) return { mark: dot >= comma ? '.' : ',', mixed: true }
  return { mark: dot > 0 ? '.' : comma > 0 ? ',' : null, mixed: false }
}

export type ParsedNumber = { value: number } | { ambiguous: true } | null

/** A number written with the document's decimal mark (null mark: not known). */
export function parseNumber(text: string, mark: DecimalMark | null): ParsedNumber {
  let s = text.trim()
  const spaced = SPACE_GROUPS.exec(s)
  if (spaced) s = spaced[1].replace(/[ \u00a0\u202f]/g, '') + (spaced[2] ?? '')
  if (!/^-?\d[\d.,]*$|^-?[.,]\d+$/.test(s)) return null
  const hasComma = s.includes(',')
  const hasDot = s.includes('.')
  let plain: string
  if (!hasComma && !hasDot) plain = s
  else if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(s) && mark !== ',') {
    // US grouping; a lone "1,250" in a document without a known mark could be 1.25.
    if (mark === null && !hasDot && (s.match(/,/g) ?? []).length === 1) return { ambiguous: true }
    plain = s.replace(/,/g, '')
  } else if (/^-?\d{1,3}(\.\d{3})+(,\d+)?$/.test(s) && mark === ',')
    plain = s.replace(/\./g, '').replace(',', '.')
  else if (hasComma && hasDot) return null
  else if (hasComma) {
    if ((s.match(/,/g) ?? []).length > 1) return null
    if (mark === '.') return { ambiguous: true }
    plain = s.replace(',', '.')
  } else {
    if ((s.match(/\./g) ?? []).length > 1) return null
    plain = s
  }
  const value = Number(plain)
  return Number.isFinite(value) ? { value } : null
}

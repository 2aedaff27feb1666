// A result cell as labs print it: an optional comparator of a censored result ("<0.5", "> 2000",
// "≤5"), the number in the document's decimal mark, and a flag glued on ("162 H", "105*", "5.9 (H)",
// "7.1 HH"). The flag is returned as printed; lab-flag.ts normalizes it.

import { type DecimalMark, parseNumber } from './number-format'

export type Comparator = '<' | '<=' | '>' | '>='

export interface ResultValue {
  value: number
  comparator?: Comparator
  /** A flag printed in the same cell, as written. */
  flag?: string
}

export type ReadResult = ResultValue | { ambiguous: string } | null

const CELL =
  /^\s*(<=?|>=?|≤|≥|=)?\s*([-+]?[\d.,][\d.,\s\u00a0\u202f]*?)\s*(?:\(\s*([A-Za-z*!]{1,8})\s*\)|\s([A-Za-z]{1,8}\*?)|(\*+|!+|[HL]{1,2}\*?))?\s*$/
const FLAG_WORDS = /^(h|l|hh|ll|a|aa|n|hi|lo|high|low|abn|abnormal|crit|critical|panic|alert|\*+|!+)\*?$/i

const COMPARATORS: Record<string, Comparator> = {
  '<': '<',
  '<=': '<=',
  '≤': '<=',
  '>': '>',
  '>=': '>=',
  '≥': '>=',
}

/** Read a result; `{ ambiguous }` when the number could be read two ways; null when it is not a number. */
export function readResultValue(raw: unknown, mark: DecimalMark | null = null): ReadResult {
  if (typeof raw === 'number') return Number.isFinite(raw) ? { value: raw } : null
  if (typeof raw !== 'string') return null
  const m = CELL.exec(raw)
  if (!m) return null
  const flag = m[3] ?? m[4] ?? m[5]
  if (flag !== undefined && !FLAG_WORDS.test(flag)) return null
  const parsed = parseNumber(m[2], mark)
  if (parsed === null) return null
  if ('ambiguous' in parsed) return { ambiguous: m[2].trim() }
  const out: ResultValue = { value: parsed.value }
  const comparator = m[1] && m[1] !== '=' ? COMPARATORS[m[1]] : undefined
  if (comparator) out.comparator = comparator
  if (flag) out.flag = flag
  return out
}

// Reference ranges as reports print them: "70-99", "3.5 - 5.0", "3,5 - 5,0", "<200", "> 40", "≤ 5.6",
// "200 to 1100", Quest's "> OR = 50", read with the document's decimal mark.

import { type DecimalMark, parseNumber } from './number-format'

export interface RawRange {
  low?: number
  high?: number
}

const NUMBER = String.raw`(-?\d[\d.,]*)`

export function parseReferenceRange(
  raw: string | null | undefined,
  mark: DecimalMark | null = null,
): RawRange | null {
  if (!raw) return null
  const s = raw
    .trim()
    .replace(/[–—]/g, '-')
    .replace(/([<>])\s*or\s*=\s*/i, '$1=')
  const num = (t: string) => {
    const parsed = parseNumber(t.replace(/[.,]$/, ''), mark)
    return parsed && 'value' in parsed ? parsed.value : undefined
  }
  let m = new RegExp(`^${NUMBER}\\s*(?:-|to|bis|à|a)\\s*${NUMBER}`, 'i').exec(s)
  if (m) {
    const low = num(m[1])
    const high = num(m[2])
    return low === undefined || high === undefined ? null : { low, high }
  }
  m = new RegExp(`^(<=?|≤|less than|under)\\s*${NUMBER}`, 'i').exec(s)
  if (m) {
    const high = num(m[2])
    return high === undefined ? null : { high }
  }
  m = new RegExp(`^(>=?|≥|greater than|over)\\s*${NUMBER}`, 'i').exec(s)
  if (m) {
    const low = num(m[2])
    return low === undefined ? null : { low }
  }
  return null
}

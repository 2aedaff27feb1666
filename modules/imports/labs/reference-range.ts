// Reference ranges as reports print them: "70-99", "3.5 - 5.0", "<200", "> 40", "≤ 5.6".

export interface RawRange {
  low?: number
  high?: number
}

const NUMBER = String.raw`(-?\d+(?:[.,]\d+)?)`

export function parseReferenceRange(raw: string | null | undefined): RawRange | null {
  if (!raw) return null
  const s = raw.trim().replace(/[–—]/g, '-')
  const num = (t: string) => Number(t.replace(',', '.'))
  let m = new RegExp(`^${NUMBER}\\s*(?:-|to)\\s*${NUMBER}`).exec(s)
  if (m) return { low: num(m[1]), high: num(m[2]) }
  m = new RegExp(`^(<=?|≤|less than)\\s*${NUMBER}`, 'i').exec(s)
  if (m) return { high: num(m[2]) }
  m = new RegExp(`^(>=?|≥|greater than)\\s*${NUMBER}`, 'i').exec(s)
  if (m) return { low: num(m[2]) }
  return null
}

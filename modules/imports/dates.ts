// Dates and times as exports and lab reports write them: ISO 8601 with or without time and offset,
// Apple Health's "2026-03-01 07:30:00 -0800", US "03/01/2026", European "01.03.2026", and epoch
// seconds or milliseconds. Each keeps its local calendar day, which daily series group by.

export interface ParsedDate {
  /** UTC instant, ISO 8601. */
  iso: string
  /** The calendar day as written (local to the person), YYYY-MM-DD. */
  local_date: string
  /** True when day and month could be read either way and month-first was assumed. */
  ambiguous?: boolean
}

const pad = (n: number) => String(n).padStart(2, '0')

function validDay(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1900 || y > 2200) return false
  const date = new Date(Date.UTC(y, m - 1, d))
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d
}

function build(
  y: number,
  m: number,
  d: number,
  time: string | undefined,
  offset: string | undefined,
): ParsedDate | null {
  if (!validDay(y, m, d)) return null
  const local = `${y}-${pad(m)}-${pad(d)}`
  const t = time ? (time.length === 5 ? `${time}:00` : time) : '00:00:00'
  const zone = offset ? (offset === 'Z' ? 'Z' : offset.replace(/^([+-]\d{2}):?(\d{2})$/, '$1:$2')) : 'Z'
  const instant = new Date(`${local}T${t}${zone}`)
  if (Number.isNaN(instant.getTime())) return null
  return { iso: instant.toISOString(), local_date: local }
}

/** Day-first or month-first, for slash and dash dates such as 02/03/2026. */
export type DateOrder = 'dmy' | 'mdy'

const NUMERIC_DATE = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})(?:[ T,]+(\d{1,2}:\d{2}(?::\d{2})?))?$/

/**
 * The date order of a whole file, from all its dates: one date whose first part is above 12 proves
 * day-first, one whose second part is above 12 proves month-first. Null when nothing decides (or the
 * file contradicts itself); `conflict` says which.
 */
export function dateOrderOf(cells: Iterable<unknown>): { order: DateOrder | null; conflict: boolean } {
  let dayFirst = false
  let monthFirst = false
  for (const cell of cells) {
    if (typeof cell !== 'string') continue
    const m = NUMERIC_DATE.exec(cell.trim())
    if (!m || m[2] === '.') continue
    if (+m[1] > 12 && +m[3] <= 12) dayFirst = true
    if (+m[3] > 12 && +m[1] <= 12) monthFirst = true
  }
  if (dayFirst && monthFirst) return { order: null, conflict: true }
  return { order: dayFirst ? 'dmy' : monthFirst ? 'mdy' : null, conflict: false }
}

/** Parse a date or date-time; null when it is not one. `order` is the file's date order, when known. */
export function parseDate(raw: unknown, order?: DateOrder | null): ParsedDate | null {
  if (typeof raw === 'number') return fromEpoch(raw)
  if (typeof raw !== 'string') return null
  const s = raw.trim()
  if (!s) return null
  let m =
    /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)\s*(Z|[+-]\d{2}:?\d{2})?)?$/.exec(s)
  if (m) return build(+m[1], +m[2], +m[3], m[4]?.replace(/(\.\d{3})\d+$/, '$1'), m[5])
  m = /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/.exec(s)
  if (m) return build(+m[1], +m[2], +m[3], undefined, undefined)
  m = NUMERIC_DATE.exec(s)
  if (m) {
    const a = +m[1]
    const b = +m[3]
    const time = m[5]?.padStart(m[5].indexOf(':') === 1 ? m[5].length + 1 : m[5].length, '0')
    // Dots are day-first (European); slashes are month-first (US) unless the first part cannot be a month.
    // The file's order, when known, decides.
    const dayFirst = m[2] === '.' || a > 12 || (order === 'dmy' && b <= 12)
    const parsed = dayFirst ? build(+m[4], b, a, time, undefined) : build(+m[4], a, b, time, undefined)
    if (parsed && m[2] !== '.' && !order && a <= 12 && b <= 12 && a !== b) parsed.ambiguous = true
    return parsed
  }
  if (/^\d{10}(\d{3})?$/.test(s)) return fromEpoch(Number(s))
  return null
}

function fromEpoch(n: number): ParsedDate | null {
  // Seconds since 2001 or milliseconds: small numbers are values, not times.
  if (!Number.isFinite(n) || n < 1e9) return null
  const ms = n > 1e12 ? n : n * 1000
  const d = new Date(ms)
  if (Number.isNaN(d.getTime()) || d.getUTCFullYear() < 1970 || d.getUTCFullYear() > 2200) return null
  return { iso: d.toISOString(), local_date: d.toISOString().slice(0, 10) }
}

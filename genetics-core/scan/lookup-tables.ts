// The sites a scan must stop at, in a form a worker thread can receive (plain arrays) and test in a
// few nanoseconds per record (Sets of numbers, sorted typed arrays for range checks). A record that
// hits is sent back as text and resolved on the main thread, so this side may over-match.

/** Structured-clone friendly description of what to look for. */
export interface LookupTables {
  /** rs numbers (rs123 -> 123) of targets and build markers. */
  rsids: number[]
  /** Position keys, see positionKey. */
  positionKeys: number[]
}

const CHROM_STRIDE = 4294967296 // 2^32: positions on human chromosomes are far below this

/** One number per (canonical chromosome code, position); only for codes 1..25. */
export function positionKey(code: number, pos: number): number {
  return code * CHROM_STRIDE + pos
}

// Bit filters in front of the Sets: almost every record misses every lookup, and one bit test is far
// cheaper than a hash lookup. 2^20 bits (128 KiB) keep false hits rare for a few thousand keys.
const FILTER_BITS = 20
const FILTER_MASK = (1 << FILTER_BITS) - 1

function bitFilter(values: Iterable<number>): Uint8Array {
  const bits = new Uint8Array(1 << (FILTER_BITS - 3))
  for (const v of values) {
    const k = v & FILTER_MASK
    bits[k >>> 3] |= 1 << (k & 7)
  }
  return bits
}

export class Lookup {
  readonly rs: Set<number>
  readonly positions: Set<number>
  private readonly rsBits: Uint8Array
  private readonly positionBits: Uint8Array
  /** Sorted positions per chromosome code, for "does this reference block cover a target?" */
  private readonly byChrom: Float64Array[] = []
  readonly empty: boolean

  constructor(tables: LookupTables) {
    this.rs = new Set(tables.rsids)
    this.positions = new Set(tables.positionKeys)
    const lists: number[][] = []
    for (const key of tables.positionKeys) {
      const code = Math.floor(key / CHROM_STRIDE)
      const list = lists[code] ?? []
      list.push(key - code * CHROM_STRIDE)
      lists[code] = list
    }
    for (let code = 0; code < lists.length; code++) {
      if (lists[code]) this.byChrom[code] = Float64Array.from(lists[code]).sort()
    }
    this.empty = this.rs.size === 0 && this.positions.size === 0
    this.rsBits = bitFilter(this.rs)
    // Positions are filtered on their low bits (the chromosome part of the key is above them).
    this.positionBits = bitFilter([...this.positions].map((key) => key % CHROM_STRIDE))
  }

  hasRs(rs: number): boolean {
    const k = rs & FILTER_MASK
    return (this.rsBits[k >>> 3] & (1 << (k & 7))) !== 0 && this.rs.has(rs)
  }

  hasPosition(code: number, pos: number): boolean {
    const k = pos & FILTER_MASK
    if ((this.positionBits[k >>> 3] & (1 << (k & 7))) === 0) return false
    return code !== 0 && this.positions.has(code * CHROM_STRIDE + pos)
  }

  /** True when some looked-for position on this chromosome lies in [start, end]. */
  anyInRange(code: number, start: number, end: number): boolean {
    const sorted = this.byChrom[code]
    if (!sorted) return false
    let lo = 0
    let hi = sorted.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (sorted[mid] < start) lo = mid + 1
      else hi = mid
    }
    return lo < sorted.length && sorted[lo] <= end
  }
}

/** 'rs123' (optionally followed by other text) -> 123; -1 when it is not an rsID. */
export function rsNumber(id: string): number {
  if (id.length < 3 || (id[0] !== 'r' && id[0] !== 'R') || (id[1] !== 's' && id[1] !== 'S')) return -1
  let n = 0
  let i = 2
  for (; i < id.length; i++) {
    const c = id.charCodeAt(i)
    if (c < 48 || c > 57) break
    n = n * 10 + (c - 48)
  }
  return i === 2 ? -1 : n
}

// Minimal allele representation for matching: a shared trailing suffix, then a shared leading
// prefix, is trimmed from REF and ALT (keeping one base each), moving the position with the prefix.
// 'CA'>'CGA' at 100 and 'C'>'CG' at 100 are the same insertion; 'AT'>'GT' at 5 is 'A'>'G' at 5.
// Left-alignment needs the reference sequence and is not done: differently shifted indels in
// repeats do not match.

export interface AlleleKey {
  pos: number
  ref: string
  alt: string
}

export function trimAlleles(pos: number, ref: string, alt: string): AlleleKey {
  let r = ref.toUpperCase()
  let a = alt.toUpperCase()
  let p = pos
  while (r.length > 1 && a.length > 1 && r[r.length - 1] === a[a.length - 1]) {
    r = r.slice(0, -1)
    a = a.slice(0, -1)
  }
  while (r.length > 1 && a.length > 1 && r[0] === a[0]) {
    r = r.slice(1)
    a = a.slice(1)
    p++
  }
  return { pos: p, ref: r, alt: a }
}

export function sameAllele(x: AlleleKey, y: AlleleKey, comparePositions: boolean): boolean {
  return x.ref === y.ref && x.alt === y.alt && (!comparePositions || x.pos === y.pos)
}

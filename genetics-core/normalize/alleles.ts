// REF/ALT handling shared by counting, target matching and dbSNP joining: what kind of change an
// ALT allele is, which ALT values mean "no variant" (gVCF reference blocks, mpileup placeholders),
// and the trimmed (minimal) form two differently written records of one allele both reduce to.

export type AlleleClass =
  | 'snv'
  | 'mnv'
  | 'insertion'
  | 'deletion'
  | 'complex'
  | 'symbolic'
  | 'breakend'
  | 'overlap'
  | 'reference'

/** ALT values that are placeholders, not alleles: gVCF `<NON_REF>`/`<*>`, mpileup `<X>`, and `.`. */
export function isReferencePlaceholder(alt: string): boolean {
  return alt === '.' || alt === '<NON_REF>' || alt === '<*>' || alt === '<X>' || alt === 'X'
}

export function isSymbolicAllele(alt: string): boolean {
  return alt.length > 2 && alt.charCodeAt(0) === 60 /* < */ && alt.charCodeAt(alt.length - 1) === 62
}

export function isBreakendAllele(alt: string): boolean {
  if (alt.includes('[') || alt.includes(']')) return true
  // Single breakends: '.A' or 'A.' (VCF 4.1+)
  return alt.length > 1 && (alt.charCodeAt(0) === 46 || alt.charCodeAt(alt.length - 1) === 46)
}

/** Minimal form of one allele: common suffix removed first, then common prefix (position moves). */
export interface TrimmedAllele {
  pos: number
  ref: string
  alt: string
}

/**
 * Trims REF/ALT to their minimal form. Suffix first, then prefix, so an allele written with extra
 * context ('CAA>CA') and its minimal left-aligned form ('CA>C') reduce to the same pos/ref/alt.
 * Comparison ignores case; the returned strings are upper case.
 */
export function trimAlleles(pos: number, ref: string, alt: string): TrimmedAllele {
  let r = ref.toUpperCase()
  let a = alt.toUpperCase()
  let end = 0
  while (end < r.length && end < a.length && r[r.length - 1 - end] === a[a.length - 1 - end]) end++
  if (end > 0) {
    r = r.slice(0, r.length - end)
    a = a.slice(0, a.length - end)
  }
  let start = 0
  while (start < r.length && start < a.length && r[start] === a[start]) start++
  if (start > 0) {
    r = r.slice(start)
    a = a.slice(start)
  }
  return { pos: pos + start, ref: r, alt: a }
}

/** What kind of change ALT is against REF, after trimming shared bases. */
export function classifyAllele(ref: string, alt: string): AlleleClass {
  if (isReferencePlaceholder(alt)) return 'reference'
  if (alt === '*') return 'overlap'
  if (isSymbolicAllele(alt)) return 'symbolic'
  if (isBreakendAllele(alt)) return 'breakend'
  if (ref.length === 1 && alt.length === 1) {
    return ref.toUpperCase() === alt.toUpperCase() ? 'reference' : 'snv'
  }
  const t = trimAlleles(0, ref, alt)
  if (t.ref.length === 0 && t.alt.length === 0) return 'reference'
  if (t.ref.length === 0) return 'insertion'
  if (t.alt.length === 0) return 'deletion'
  if (t.ref.length === 1 && t.alt.length === 1) return 'snv'
  if (t.ref.length === t.alt.length) return 'mnv'
  return 'complex'
}

/**
 * Record-level type bits with the meaning `bcftools stats` gives its SN counts: a record counts once
 * per kind of allele it carries (an SNV and an indel ALT on one line count as one SNP and one indel);
 * 'other' is complex, symbolic and breakend alleles; a record with only placeholders is a no-ALT.
 */
export const RecordType = { snv: 1, mnv: 2, indel: 4, other: 8, noAlt: 16 } as const

export function recordTypeBit(kind: AlleleClass): number {
  switch (kind) {
    case 'snv':
      return RecordType.snv
    case 'mnv':
      return RecordType.mnv
    case 'insertion':
    case 'deletion':
      return RecordType.indel
    case 'complex':
    case 'symbolic':
    case 'breakend':
      return RecordType.other
    default:
      return 0
  }
}

// VCF GT values to allele indices and zygosity, for every ploidy the test data holds: haploid ('1'),
// diploid phased or not ('0|1', '1/2'), polyploid ('0/0/0/1'), VCF 4.4 explicit phasing prefixes
// ('|0|1', '/1'), and partly missing calls ('0/.', './1').

import type { Zygosity } from '../types'

export interface ParsedGenotype {
  /** Allele index per chromosome copy; null for a missing allele ('.'). */
  indices: (number | null)[]
  phased: boolean
}

/** Parses one GT value. Returns null when it is not a genotype at all (e.g. 'A/B', '-1'). */
export function parseGenotype(gt: string): ParsedGenotype | null {
  const indices: (number | null)[] = []
  let phased = false
  let i = 0
  // VCF 4.4 allows a leading phasing marker on the first allele.
  if (gt[0] === '|' || gt[0] === '/') {
    phased = gt[0] === '|'
    i = 1
  }
  if (i >= gt.length) return null
  while (i < gt.length) {
    const c = gt.charCodeAt(i)
    if (c === 46 /* . */) {
      indices.push(null)
      i++
    } else if (c >= 48 && c <= 57) {
      let n = 0
      while (i < gt.length && gt.charCodeAt(i) >= 48 && gt.charCodeAt(i) <= 57) {
        n = n * 10 + (gt.charCodeAt(i) - 48)
        i++
      }
      indices.push(n)
    } else {
      return null
    }
    if (i < gt.length) {
      const sep = gt[i]
      if (sep === '|') phased = true
      else if (sep !== '/') return null
      i++
      if (i >= gt.length) return null
    }
  }
  return { indices, phased }
}

/**
 * Zygosity of a call. A haploid call is 'hemizygous' whichever allele it carries (read `alleles` to
 * see which); a partly missing call ('0/.', './1') is 'no_call' because the missing copy decides it.
 */
export function zygosityOf(indices: readonly (number | null)[]): Zygosity {
  if (indices.length === 0) return 'no_call'
  let first: number | null = null
  let mixed = false
  for (const index of indices) {
    if (index === null) return 'no_call'
    if (first === null) first = index
    else if (index !== first) mixed = true
  }
  if (indices.length === 1) return 'hemizygous'
  if (mixed) return 'het'
  return first === 0 ? 'hom_ref' : 'hom_alt'
}

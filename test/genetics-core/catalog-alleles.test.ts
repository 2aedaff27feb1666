// Allele trimming, chromosome names and the APOE dosage table used by the compact interpretation.

import { describe, expect, test } from 'bun:test'
import { apoeFromDosages } from '../../genetics-core/catalog'
import { sameAllele, trimAlleles } from '../../genetics-core/catalog/allele-key'
import { canonicalChrom } from '../../genetics-core/catalog/chrom'

describe('allele trimming', () => {
  test('removes a shared suffix, then a shared prefix, keeping one base and moving the position', () => {
    expect(trimAlleles(100, 'CA', 'CGA')).toEqual({ pos: 100, ref: 'C', alt: 'CG' })
    expect(trimAlleles(5, 'AT', 'GT')).toEqual({ pos: 5, ref: 'A', alt: 'G' })
    expect(trimAlleles(10, 'GATC', 'GTTC')).toEqual({ pos: 11, ref: 'A', alt: 'T' })
    expect(trimAlleles(7, 'c', 't')).toEqual({ pos: 7, ref: 'C', alt: 'T' })
  })

  test('compares positions only when asked', () => {
    const a = trimAlleles(100, 'CA', 'CGA')
    const b = trimAlleles(101, 'C', 'CG')
    expect(sameAllele(a, b, true)).toBe(false)
    expect(sameAllele(a, b, false)).toBe(true)
  })
})

describe('chromosome names', () => {
  test('are bare numbers, X, Y and MT', () => {
    expect(['chr10', '10', 'chrX', 'x', 'chrM', 'MT', 'M'].map(canonicalChrom)).toEqual([
      '10',
      '10',
      'X',
      'X',
      'MT',
      'MT',
      'MT',
    ])
  })
})

describe('APOE dosages', () => {
  test('map every combination of rs429358 C and rs7412 T copies to an e genotype', () => {
    const table = [0, 1, 2].flatMap((c) => [0, 1, 2].map((t) => `${c}${t}:${apoeFromDosages(c, t).genotype}`))
    expect(table).toEqual([
      '00:e3/e3',
      '01:e2/e3',
      '02:e2/e2',
      '10:e3/e4',
      '11:e2/e4',
      '12:e1/e2',
      '20:e4/e4',
      '21:e1/e4',
      '22:e1/e1',
    ])
  })

  test('returns unknown for impossible dosages', () => {
    expect(apoeFromDosages(3, 0).genotype).toBe('unknown')
  })
})

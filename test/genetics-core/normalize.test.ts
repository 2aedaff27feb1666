// Normalisation rules: chromosome names, allele classes and trimming, genotype parsing and zygosity,
// and the SiteCall built from a record.

import { describe, expect, test } from 'bun:test'
import { classifyAllele, trimAlleles } from '../../genetics-core/normalize/alleles'
import {
  canonicalChromosome,
  canonicalConsumerChromosome,
  chromosomeCode,
} from '../../genetics-core/normalize/chromosome'
import { parseGenotype, zygosityOf } from '../../genetics-core/normalize/genotype'
import { classifyAlleleBytes } from '../../genetics-core/vcf/body-scanner'
import { callFromRecord, parseVcfRecordLine } from '../../genetics-core/vcf/vcf-record'

describe('chromosome names', () => {
  test('UCSC, bare and RefSeq names of both builds reduce to one canonical name', () => {
    const names = ['chr1', '1', 'CHR1', 'NC_000001.10', 'NC_000001.11', 'NC_000001']
    expect(names.map(canonicalChromosome)).toEqual(['1', '1', '1', '1', '1', '1'])
    expect(['chrX', 'X', 'NC_000023.11', 'x'].map(canonicalChromosome)).toEqual(['X', 'X', 'X', 'X'])
    expect(['chrY', 'NC_000024.10'].map(canonicalChromosome)).toEqual(['Y', 'Y'])
  })

  test('every spelling of the mitochondrion is MT', () => {
    expect(['MT', 'M', 'chrM', 'chrMT', 'NC_012920.1', 'NC_001807.4'].map(canonicalChromosome)).toEqual(
      Array(6).fill('MT'),
    )
  })

  test('other contigs keep their names and have no chromosome code', () => {
    expect(canonicalChromosome('GL000192.1')).toBe('GL000192.1')
    expect(canonicalChromosome('chr6_cox_hap2')).toBe('chr6_cox_hap2')
    expect(canonicalChromosome('23')).toBe('23')
    expect(chromosomeCode('ctgA')).toBe(0)
    expect([
      chromosomeCode('chr22'),
      chromosomeCode('X'),
      chromosomeCode('Y'),
      chromosomeCode('chrM'),
    ]).toEqual([22, 23, 24, 25])
  })

  test('consumer chromosome codes 23-26 and XY map to X, Y, X (pseudo-autosomal) and MT', () => {
    expect(['23', '24', '25', '26', 'XY', '7'].map(canonicalConsumerChromosome)).toEqual([
      'X',
      'Y',
      'X',
      'MT',
      'X',
      '7',
    ])
  })
})

describe('alleles', () => {
  test('are classified after trimming shared bases, as bcftools does', () => {
    expect(classifyAllele('A', 'G')).toBe('snv')
    expect(classifyAllele('AAA', 'AGA')).toBe('snv')
    expect(classifyAllele('AAA', 'AGT')).toBe('mnv')
    expect(classifyAllele('GTTT', 'G')).toBe('deletion')
    expect(classifyAllele('G', 'GTT')).toBe('insertion')
    expect(classifyAllele('AACA', 'AGA')).toBe('complex')
    expect(classifyAllele('AACA', 'AACA')).toBe('reference')
    expect(classifyAllele('T', '<DEL>')).toBe('symbolic')
    expect(classifyAllele('T', 'T[chrA:5[')).toBe('breakend')
    expect(classifyAllele('G', '.CCCCCCG')).toBe('breakend')
    expect(classifyAllele('C', '*')).toBe('overlap')
    expect(['<NON_REF>', '<*>', '.'].map((alt) => classifyAllele('C', alt))).toEqual([
      'reference',
      'reference',
      'reference',
    ])
  })

  test('the byte classifier agrees with the string classifier', () => {
    const codes = [
      'reference',
      'snv',
      'mnv',
      'insertion',
      'deletion',
      'complex',
      'symbolic',
      'breakend',
      'overlap',
    ]
    const pairs: [string, string][] = [
      ['A', 'G'],
      ['a', 'G'],
      ['AAA', 'AGA'],
      ['AAA', 'AGT'],
      ['GTTT', 'G'],
      ['G', 'GTT'],
      ['AACA', 'AGA'],
      ['AACA', 'AACA'],
      ['T', '<DEL>'],
      ['T', 'T[chrA:5['],
      ['G', '.CCCCCCG'],
      ['C', '*'],
      ['C', '<NON_REF>'],
      ['C', '<*>'],
      ['C', '.'],
      ['CAA', 'CA'],
      ['TACACACAC', 'T'],
    ]
    for (const [ref, alt] of pairs) {
      const buf = new TextEncoder().encode(`${ref}\t${alt}`)
      const kind = codes[classifyAlleleBytes(buf, 0, ref.length, ref.length + 1, buf.length)]
      expect(`${ref}>${alt} ${kind}`).toBe(`${ref}>${alt} ${classifyAllele(ref, alt)}`)
    }
  })

  test('trimming removes the common suffix first, so two spellings of one deletion agree', () => {
    expect(trimAlleles(100, 'CAA', 'CA')).toEqual({ pos: 101, ref: 'A', alt: '' })
    expect(trimAlleles(100, 'CA', 'C')).toEqual({ pos: 101, ref: 'A', alt: '' })
    expect(trimAlleles(99, 'GCA', 'GC')).toEqual({ pos: 101, ref: 'A', alt: '' })
    expect(trimAlleles(10, 'aTg', 'ACG')).toEqual({ pos: 11, ref: 'T', alt: 'C' })
  })
})

describe('genotypes', () => {
  const zygosity = (gt: string) => zygosityOf(parseGenotype(gt)!.indices)

  test('diploid, phased and unphased, multi-allelic', () => {
    expect(['0/0', '0|1', '1/0', '1|1', '1/2', '2/2'].map(zygosity)).toEqual([
      'hom_ref',
      'het',
      'het',
      'hom_alt',
      'het',
      'hom_alt',
    ])
  })

  test('haploid calls are hemizygous whichever allele they carry', () => {
    expect(['0', '1', '2'].map(zygosity)).toEqual(['hemizygous', 'hemizygous', 'hemizygous'])
  })

  test('polyploid calls, and VCF 4.4 leading phase markers', () => {
    expect(['0/0/0/1', '3|2|1|0', '1/1/1', '|0|1', '/1', '/0|0'].map(zygosity)).toEqual([
      'het',
      'het',
      'hom_alt',
      'het',
      'hemizygous',
      'hom_ref',
    ])
    expect(parseGenotype('3|2|1|0')).toEqual({ indices: [3, 2, 1, 0], phased: true })
  })

  test('any missing copy makes a no-call, and non-genotypes are rejected', () => {
    expect(['./.', '.', '0/.', './1', '.|.'].map(zygosity)).toEqual(Array(5).fill('no_call'))
    expect(parseGenotype('A/B')).toBeNull()
    expect(parseGenotype('0/')).toBeNull()
    expect(parseGenotype('')).toBeNull()
  })

  test('a record and a sample become a SiteCall with bases, depth and quality', () => {
    // Made-up record (the rs number is beyond any real dbSNP id).
    const record = parseVcfRecordLine(
      'chr7\t1000\trs999999999999;x1\tATCT\tA\t.\tPASS\t.\tGT:AD:DP:GQ\t0/1:12,9:21:99',
    )!
    expect(callFromRecord(record, 0)).toEqual({
      chrom: '7',
      pos: 1000,
      id: 'rs999999999999',
      ref: 'ATCT',
      alts: ['A'],
      alleles: ['ATCT', 'A'],
      zygosity: 'het',
      filter: 'PASS',
      dp: 21,
      gq: 99,
      ad: [12, 9],
    })
  })

  test('a tetraploid phased record keeps all four alleles in order', () => {
    const record = parseVcfRecordLine('1\t100\t.\tA\tC,G,T\t.\t.\t.\tGT\t3|2|1|0')!
    expect(callFromRecord(record, 0)).toMatchObject({
      alleles: ['T', 'G', 'C', 'A'],
      zygosity: 'het',
      filter: null,
    })
  })
})

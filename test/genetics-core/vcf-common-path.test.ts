// The VCF body scanner reads the common one-sample record on a short path of its own and every other
// line on the general path. The two must count alike: every line, piece by piece, is scanned by a
// scanner using both paths and by one held to the general path, and everything they hand back
// (counters, chromosome runs, hit lines, warnings, the first error, edge lines) must be equal. Inputs:
// the one-sample VCF fixtures, and generated lines mixing each field's unusual forms.

import { describe, expect, spyOn, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { gunzipSync } from 'node:zlib'
import { createSeededRandom } from '../../genetics-core/ancestry/seeded-random'
import { chromosomeCode } from '../../genetics-core/normalize/chromosome'
import { C } from '../../genetics-core/scan/counters'
import { type LookupTables, positionKey } from '../../genetics-core/scan/lookup-tables'
import type { SegmentScan } from '../../genetics-core/scan/segment-scan'
import { VcfBodyScanner } from '../../genetics-core/vcf/body-scanner'
import { fixture } from './support/fixtures'

const ONE_SAMPLE_FIXTURES = [
  'breakends.vcf',
  'convert.gvcf.vcf',
  'gvcf.vcf.gz',
  'gvcfz_head300.vcf',
  'index.vcf.gz',
  'merge.gvcf.2.a.vcf',
  'na12878_chr21_head4000.vcf.gz',
  'norm.phased-split.vcf',
  'vcf44_spec.vcf',
]

function plain(scan: SegmentScan) {
  return {
    ...scan,
    counts: Array.from(scan.counts),
    head: Array.from(scan.head),
    tail: Array.from(scan.tail),
  }
}

/** Scans the text cut at the given offsets with both scanners; returns how many lines took part. */
function compareScanners(text: Uint8Array, cuts: number[], lookup: LookupTables | null): number {
  const config = { columns: 10, altColumns: 10, sampleColumn: 9, lookup }
  const both = new VcfBodyScanner(config)
  const general = new VcfBodyScanner({ ...config, commonPath: false })
  let lines = 0
  let from = 0
  for (const to of [...cuts, text.length]) {
    const piece = text.slice(from, to)
    const a = plain(both.scanPiece(piece))
    const b = plain(general.scanPiece(piece.slice()))
    expect(a).toEqual(b)
    lines += a.newlines
    from = to
  }
  return lines
}

/** Lookups that hit some of the file's own records by rsID and by position, and miss others. */
function lookupFrom(lines: string[], random: () => number): LookupTables {
  const rsids: number[] = []
  const positionKeys: number[] = []
  for (const line of lines) {
    if (line.startsWith('#') || random() > 0.05) continue
    const [chrom, pos, id] = line.split('\t')
    const rs = /^rs(\d+)/.exec(id ?? '')
    if (rs && random() < 0.5) rsids.push(Number(rs[1]))
    else if (Number(pos) > 0)
      positionKeys.push(positionKey(chromosomeCode(chrom ?? ''), Number(pos) + (random() < 0.3 ? 1 : 0)))
  }
  return { rsids, positionKeys }
}

function randomCuts(length: number, random: () => number, count: number): number[] {
  const cuts = new Set<number>()
  for (let i = 0; i < count; i++) cuts.add(1 + Math.floor(random() * (length - 1)))
  return [...cuts].sort((a, b) => a - b)
}

describe('VCF body scanner: the common-record path counts exactly as the general path', () => {
  test.each(ONE_SAMPLE_FIXTURES)('%s', (name) => {
    const raw = readFileSync(fixture('vcf', name))
    const text = new Uint8Array(name.endsWith('.gz') ? gunzipSync(raw) : raw)
    const random = createSeededRandom(name.length * 7919)
    const lines = new TextDecoder().decode(text).split('\n')
    const lookup = lookupFrom(lines, random)
    expect(compareScanners(text, randomCuts(text.length, random, 12), lookup)).toBeGreaterThan(0)
    expect(compareScanners(text, [], null)).toBeGreaterThan(0)
  })

  const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]

  /** A line whose every field is usually the common form and sometimes an unusual one. */
  function generatedLine(
    random: () => number,
    state: { chrom: string; pos: number },
    fatal: boolean,
  ): string {
    if (random() < 0.02)
      state.chrom = pick(random, ['1', 'chr1', '2', 'X', 'chrX', 'Y', 'MT', '22', 'GL000192.1'])
    state.pos += random() < 0.03 ? -50 : 1 + Math.floor(random() * 300)
    if (state.pos < 1) state.pos = 1
    const common = random() < 0.6
    const pos = fatal && random() < 0.01 ? pick(random, ['', '12a', '-5']) : String(state.pos)
    const id = common
      ? `rs${Math.floor(random() * 5000)}`
      : pick(random, ['.', 'rs7', 'rs12;rs34', 'RS5', 'rs', 'rs12x', 'abc', '.;rs9'])
    const ref = common ? 'A' : pick(random, ['A', 'C', 'ACT', 'a', 'N', 'GT'])
    const alt = common
      ? pick(random, ['C', 'G', 'T'])
      : pick(random, [
          'T',
          'A',
          'a',
          'c',
          '.',
          '*',
          'X',
          '<NON_REF>',
          '<DEL>',
          'C,T',
          'AT',
          'A',
          'TC',
          'G]17:198982]',
          '.A',
          'C,<NON_REF>',
          'C,T,G',
          'A,C',
          'AT,C',
          'C,*',
          'C,G,T,AC,AG,AT,CA,CG,CT,GA',
        ])
    const qual = pick(random, ['50', '.', '1075.13'])
    const filter = common ? 'PASS' : pick(random, ['PASS', '.', 'LowQual', 'PAS', 'q10;s50'])
    const info = pick(random, [
      'AC=1;AF=0.5;DP=30',
      'END=' + (state.pos + 40),
      'DP=3;END=' + (state.pos + 9),
      '.',
    ])
    const format = common
      ? 'GT:AD:DP'
      : pick(random, ['GT:AD:DP', 'GT', 'AD:GT', 'DP', 'GT:DP', 'G', 'GTX:DP'])
    const gt = common
      ? pick(random, ['0/1', '1/1', '0|1', '0/0'])
      : pick(random, [
          '0/1',
          '1|1',
          './.',
          '0',
          '1',
          '1/2',
          '2/2',
          '0/1/1',
          '1/',
          'A/B',
          '',
          '0|0',
          '.|1',
          '/1',
          '9/9',
          '00/1',
          '2/1',
          '2|0',
          '0/2',
          '3/3',
          '9/9:1',
        ])
    const sample = format.includes(':') && random() < 0.8 ? `${gt}:3,4:7` : gt
    const fields = [state.chrom, pos, id, ref, alt, qual, filter, info, format, sample]
    if (fatal && random() < 0.01) fields.pop()
    if (fatal && random() < 0.01) fields.push('extra')
    if (fatal && random() < 0.005) fields[3] = ''
    if (fatal && random() < 0.005) fields[4] = pick(random, ['C,', ',', 'A,,C']) // an empty allele
    const line = fields.join('\t')
    return random() < 0.02 ? `${line}\r` : line
  }

  function generatedText(seed: number, count: number, fatal: boolean): { text: Uint8Array; lines: string[] } {
    const random = createSeededRandom(seed)
    const state = { chrom: '1', pos: 1000 }
    const lines = ['##fileformat=VCFv4.2', '#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tS1']
    for (let i = 0; i < count; i++) {
      if (random() < 0.002) lines.push('')
      lines.push(generatedLine(random, state, fatal))
    }
    return { text: new TextEncoder().encode(`${lines.join('\n')}\n`), lines }
  }

  test('generated lines with every unusual field form, no fatal errors', () => {
    for (const seed of [1, 2, 3]) {
      const { text, lines } = generatedText(seed, 20_000, false)
      const random = createSeededRandom(seed + 100)
      const lookup = lookupFrom(lines, random)
      expect(compareScanners(text, randomCuts(text.length, random, 40), lookup)).toBeGreaterThan(19_000)
    }
  })

  test('generated lines with fatal errors: both stop at the same line with the same error', () => {
    let errors = 0
    for (const seed of [4, 5, 6, 7, 8]) {
      const { text } = generatedText(seed, 3_000, true)
      const random = createSeededRandom(seed + 100)
      const cuts = randomCuts(text.length, random, 60)
      compareScanners(text, cuts, null)
      const scanner = new VcfBodyScanner({ columns: 10, altColumns: 10, sampleColumn: 9, lookup: null })
      let from = 0
      for (const to of [...cuts, text.length]) {
        if (scanner.scanPiece(text.slice(from, to)).error) errors++
        from = to
      }
    }
    expect(errors).toBeGreaterThan(20)
  })

  test('the common records do take the common path: of 10,000 records only the first (which opens a chromosome run) does not', () => {
    const lines = ['#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tS1']
    for (let i = 0; i < 10_000; i++)
      lines.push(
        `chr2\t${1000 + i * 7}\t${i % 3 ? `rs${i}` : '.'}\tA\t${'CGT'[i % 3]}\t60\tPASS\tDP=9\tGT:DP\t${['0/1', '1/1', '0|1'][i % 3]}:9`,
      )
    const text = new TextEncoder().encode(`${lines.join('\n')}\n`)
    const general = spyOn(VcfBodyScanner.prototype as unknown as { anyLine: () => void }, 'anyLine')
    try {
      const scanner = new VcfBodyScanner({ columns: 10, altColumns: 10, sampleColumn: 9, lookup: null })
      const counts = scanner.scanPiece(text).counts
      expect([counts[C.records], counts[C.aSnv], counts[C.gHet] + counts[C.gHomAlt]]).toEqual([
        10_000, 10_000, 10_000,
      ])
      expect(general).toHaveBeenCalledTimes(1)
    } finally {
      general.mockRestore()
    }
    const lookup = { rsids: [7, 9_998], positionKeys: [positionKey(2, 1007)] }
    expect(compareScanners(text, [5_000, 200_000], lookup)).toBe(10_001)
  })
})

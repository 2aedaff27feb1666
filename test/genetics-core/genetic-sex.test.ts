// Genetic sex from X heterozygosity outside the pseudoautosomal regions and Y calls, and its use for
// X wording: a man's X call written as two letters (AncestryDNA does, and so do diploid VCF callers)
// is read as one copy, never as "both X chromosomes".

import { afterAll, describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { UNKNOWN_SEX_X_CAVEAT } from '../../genetics-core/catalog/assess-entry'
import { analyzeGeneticsSource, compactCatalog, inferGeneticSex } from '../../genetics-core/index'
import { tempDir } from './support/fixtures'
import { sexCounts } from './support/sex-counts'

const tmp = tempDir()
afterAll(() => tmp.remove())

const G6PD = compactCatalog().entries.find((e) => e.id === 'g6pd-a-minus-202')!
const LETTERS = ['A', 'C', 'G', 'T']

/** X rows outside the PARs (GRCh38), `hetShare` of them heterozygous, plus Y rows. */
function sexChromosomeRows(options: { x: number; hetShare: number; yCalled: number; yMissing: number }) {
  const rows: { chrom: string; pos: number; letters: string }[] = []
  for (let i = 0; i < options.x; i++) {
    const a = LETTERS[i % 4]
    const b = i < options.x * options.hetShare ? LETTERS[(i + 1) % 4] : a
    rows.push({ chrom: 'X', pos: 3_000_000 + i * 1_000, letters: `${a}${b}` })
  }
  for (let i = 0; i < options.yCalled; i++)
    rows.push({ chrom: 'Y', pos: 3_000_000 + i * 1_000, letters: 'A' })
  for (let i = 0; i < options.yMissing; i++)
    rows.push({ chrom: 'Y', pos: 9_000_000 + i * 1_000, letters: '--' })
  return rows
}

/** An AncestryDNA export on GRCh38 with one G6PD row; X letters always come in two columns. */
function ancestryDna(g6pd: string, rows: ReturnType<typeof sexChromosomeRows>): string {
  const body = [
    { chrom: 'X', pos: G6PD.grch38!.pos, letters: g6pd, id: G6PD.rsid! },
    ...rows.map((r, i) => ({ ...r, id: `rs${900_000_000 + i}` })),
  ]
    .sort((a, b) => (a.chrom === b.chrom ? a.pos - b.pos : a.chrom < b.chrom ? -1 : 1))
    .map((r) => {
      const [a1, a2] = r.letters === '--' ? ['0', '0'] : [r.letters[0], r.letters[1] ?? r.letters[0]]
      const code = r.chrom === 'X' ? '23' : '24'
      return `${r.id}\t${code}\t${r.pos}\t${a1}\t${a2}`
    })
  return [
    '#AncestryDNA raw data download',
    '#SYNTHETIC test file written by the test.',
    '#Positions are on the GRCh38 reference assembly (build 38).',
    'rsid\tchromosome\tposition\tallele1\tallele2',
    ...body,
    '',
  ].join('\n')
}

async function analyse(name: string, text: string) {
  writeFileSync(tmp.path(name), text)
  return analyzeGeneticsSource(tmp.path(name), { annotation: 'compact' })
}

const g6pdAssessment = (a: Awaited<ReturnType<typeof analyse>>) =>
  a.compact?.assessments.find((x) => x.entryId === G6PD.id)

describe('genetic sex', () => {
  test('a man whose X calls come as two letters gets one-copy (hemizygous) wording for G6PD', async () => {
    const analysis = await analyse(
      'male.txt',
      ancestryDna('TT', sexChromosomeRows({ x: 200, hetShare: 0, yCalled: 40, yMissing: 0 })),
    )
    expect(analysis.summary.build.build).toBe('GRCh38')
    expect(analysis.geneticSex).toMatchObject({
      sex: 'male',
      xHeterozygosity: 0,
      counts: { xHet: 0, xHom: 201, xHaploid: 0, yCalled: 40, yNoCall: 0 },
    })
    expect(analysis.geneticSex.evidence).toContain('0 of 201 called X sites')
    const finding = analysis.compact?.findings.find((f) => f.entryId === G6PD.id)
    expect(finding).toMatchObject({ zygosity: 'hemizygous', altCopies: 1, observedGenotype: 'T' })
    expect(finding?.interpretation).toBe(G6PD.interpretation.hemizygousAlt!)
    expect(finding?.interpretation).not.toBe(G6PD.interpretation.homAlt)
  })

  test("a man's heterozygous X call is not interpreted, with the reason", async () => {
    const analysis = await analyse(
      'male-het.txt',
      ancestryDna('CT', sexChromosomeRows({ x: 200, hetShare: 0, yCalled: 40, yMissing: 0 })),
    )
    expect(analysis.geneticSex.sex).toBe('male')
    const a = g6pdAssessment(analysis)
    expect(a?.status).toBe('not_comparable')
    expect(a?.reason).toContain('show one X chromosome')
    expect(analysis.compact?.findings.map((f) => f.entryId)).not.toContain(G6PD.id)
  })

  test('a woman keeps two-copy wording, and her Y rows are no-calls', async () => {
    const analysis = await analyse(
      'female.txt',
      ancestryDna('TT', sexChromosomeRows({ x: 200, hetShare: 0.2, yCalled: 0, yMissing: 40 })),
    )
    expect(analysis.geneticSex.sex).toBe('female')
    expect(analysis.geneticSex.xHeterozygosity).toBeCloseTo(40 / 201, 3)
    const finding = analysis.compact?.findings.find((f) => f.entryId === G6PD.id)
    expect(finding).toMatchObject({ zygosity: 'hom_alt', altCopies: 2 })
    expect(finding?.interpretation).toBe(G6PD.interpretation.homAlt!)
  })

  test('too few X calls leave the sex unknown and say how many there were', async () => {
    const analysis = await analyse(
      'few.txt',
      ancestryDna('TT', sexChromosomeRows({ x: 10, hetShare: 0, yCalled: 5, yMissing: 0 })),
    )
    expect(analysis.geneticSex).toMatchObject({ sex: 'unknown', xHeterozygosity: null })
    expect(analysis.geneticSex.evidence).toContain('only 11 X sites')
    // Two letters may be a man's one X written twice: the two-copy wording says so beside it.
    const finding = analysis.compact?.findings.find((f) => f.entryId === G6PD.id)
    expect(finding).toMatchObject({ zygosity: 'hom_alt' })
    expect(finding?.interpretation).toBe(`${G6PD.interpretation.homAlt} ${UNKNOWN_SEX_X_CAVEAT}`)
    expect(g6pdAssessment(analysis)?.interpretation).toBe(finding?.interpretation)
  })

  test('with the sex unknown, a heterozygous X call (two X chromosomes) keeps its wording alone', async () => {
    const rows = sexChromosomeRows({ x: 10, hetShare: 0, yCalled: 5, yMissing: 0 })
    const het = await analyse('few-het.txt', ancestryDna('CT', rows))
    expect(het.geneticSex.sex).toBe('unknown')
    expect(het.compact?.findings.find((f) => f.entryId === G6PD.id)?.interpretation).toBe(
      G6PD.interpretation.het!,
    )
  })

  test('a file without X or Y rows, or with one X row, says so in plain words', () => {
    const none = inferGeneticSex(
      sexCounts({ xHet: 0, xHom: 0, xHaploid: 0, yCalled: 0, yNoCall: 0 }),
      'array',
    )
    expect(none).toMatchObject({ sex: 'unknown', xHeterozygosity: null })
    expect(none.evidence).toBe(
      'no X sites outside the pseudoautosomal regions were called (at least 50 are needed); no Y sites',
    )
    const one = inferGeneticSex(sexCounts({ xHet: 0, xHom: 0, xHaploid: 1, yCalled: 0, yNoCall: 0 }), 'array')
    expect(one.evidence).toContain('only 1 X site outside the pseudoautosomal regions was called')
  })

  test('X without heterozygosity but Y never called is a conflict, not a guess', () => {
    const call = inferGeneticSex(
      sexCounts({ xHet: 0, xHom: 500, xHaploid: 0, yCalled: 1, yNoCall: 99 }),
      'array',
    )
    expect(call.sex).toBe('unknown')
    expect(call.evidence).toContain('Y is almost never called')
  })

  test('PAR rows (AncestryDNA code 25) do not count as X', async () => {
    const rows = sexChromosomeRows({ x: 60, hetShare: 0, yCalled: 40, yMissing: 0 })
    const text = ancestryDna('TT', rows).replace(/\t23\t(3\d{6})\t/g, '\t25\t$1\t')
    const analysis = await analyse('par.txt', text)
    expect(analysis.geneticSex.counts.xHom).toBe(1)
  })

  test('a diploid VCF from a man: 1/1 on X is read as one copy', async () => {
    const lines = [
      '##fileformat=VCFv4.2',
      '##reference=GRCh38',
      '##contig=<ID=chrX,length=156040895>',
      '##contig=<ID=chrY,length=57227415>',
      '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">',
      '#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tS1',
    ]
    const records: [number, string][] = []
    for (let i = 0; i < 120; i++) records.push([3_000_000 + i * 1_000, i < 5 ? '0/1' : '1/1'])
    records.push([G6PD.grch38!.pos, '1/1'])
    records.sort((a, b) => a[0] - b[0])
    for (const [pos, gt] of records) {
      const isG6pd = pos === G6PD.grch38!.pos
      const [ref, alt] = isG6pd ? [G6PD.ref, G6PD.alt] : ['A', 'G']
      lines.push(`chrX\t${pos}\t.\t${ref}\t${alt}\t50\tPASS\t.\tGT\t${gt}`)
    }
    for (let i = 0; i < 30; i++) lines.push(`chrY\t${3_000_000 + i * 1_000}\t.\tA\tG\t50\tPASS\t.\tGT\t1`)
    const analysis = await analyse('male.vcf', `${lines.join('\n')}\n`)
    expect(analysis.geneticSex).toMatchObject({
      sex: 'male',
      counts: { xHet: 5, xHom: 116, xHaploid: 0, yCalled: 30, yNoCall: 0 },
    })
    const finding = analysis.compact?.findings.find((f) => f.entryId === G6PD.id)
    expect(finding).toMatchObject({ zygosity: 'hemizygous', altCopies: 1 })
  })
})

/**
 * A HaplotypeCaller gVCF of X outside the PARs and Y on GRCh37: `blocksPerVariant` reference blocks
 * (`<NON_REF>` with END) before each of 1,000 variant records, G6PD c.202G>A (X:153764217 C>T) among them,
 * and Y as GATK writes a region no read maps to: `0/0` blocks with DP 0 and GQ 0 (DeepVariant: `./.`).
 */
function gvcf(options: { woman: boolean; blocksPerVariant: number; yBlock: '0/0' | './.' }): string {
  const lines = [
    '##fileformat=VCFv4.2',
    '##ALT=<ID=NON_REF,Description="Represents any possible alternative allele not already represented at this location by REF and ALT">',
    '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">',
    '##GVCFBlock0-1=minGQ=0(inclusive),maxGQ=1(exclusive)',
    '##INFO=<ID=END,Number=1,Type=Integer,Description="Stop position of the interval">',
    '##GATKCommandLine=<ID=HaplotypeCaller,CommandLine="SYNTHETIC file written by the test",Version="4.2.6.1">',
    '##contig=<ID=X,length=155270560,assembly=GRCh37>',
    '##contig=<ID=Y,length=59373566,assembly=GRCh37>',
    '#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tS1',
  ]
  const block = (chrom: string, pos: number, gt: string, dp: number, gq: number) =>
    `${chrom}\t${pos}\t.\tA\t<NON_REF>\t.\t.\tEND=${pos + 19}\tGT:DP:GQ:MIN_DP:PL\t${gt}:${dp}:${gq}:${dp}:0,${gq},${gq * 15}`
  let pos = 3_000_000
  for (let v = 0; v < 1_000; v++) {
    for (let b = 0; b < options.blocksPerVariant; b++, pos += 20) lines.push(block('X', pos, '0/0', 30, 60))
    // About 60 % of a woman's X variants are heterozygous; a man's are all one allele, written 1/1.
    const gt = options.woman && v % 5 < 3 ? '0/1' : '1/1'
    lines.push(
      `X\t${pos++}\t.\tA\tG,<NON_REF>\t500.6\t.\tDP=30\tGT:AD:DP:GQ:PL\t${gt}:15,15,0:30:99:500,0,500,545,590,1135`,
    )
  }
  const g6pd = options.woman ? '0/1' : '1/1'
  lines.push(
    `X\t153764217\trs1050828\tC\tT,<NON_REF>\t500.6\t.\tDP=30\tGT:AD:DP:GQ:PL\t${g6pd}:15,15,0:30:99:500,0,500,545,590,1135`,
  )
  for (let b = 0; b < 200; b++)
    lines.push(
      block('Y', 3_000_000 + b * 20, options.woman ? options.yBlock : '0/0', options.woman ? 0 : 30, 0),
    )
  if (!options.woman)
    for (let v = 0; v < 100; v++)
      lines.push(
        `Y\t${7_000_000 + v * 100}\t.\tA\tG,<NON_REF>\t500.6\t.\tDP=30\tGT:AD:DP:GQ:PL\t1/1:0,30,0:30:90:900,90,0,900,90,900`,
      )
  return `${lines.join('\n')}\n`
}

describe('genetic sex of a gVCF: its variant records decide, not its reference blocks', () => {
  test("a woman's HaplotypeCaller gVCF, 20 blocks for each variant and her Y written as 0/0 blocks: female, and her G6PD A- call is read", async () => {
    const analysis = await analyse('woman.g.vcf', gvcf({ woman: true, blocksPerVariant: 20, yBlock: '0/0' }))
    expect(analysis.geneticSex.sex).toBe('female')
    expect(analysis.geneticSex.evidence).toBe(
      '601 of 1001 called X sites outside the pseudoautosomal regions are heterozygous (60.0 %); no Y sites; 20200 X and Y records without a variant (reference blocks) not counted',
    )
    expect(analysis.geneticSex.counts).toMatchObject({ xReference: 20_000, yReferenceCalled: 200 })
    expect(analysis.compact?.findings.find((f) => f.entryId === G6PD.id)?.interpretation).toBe(
      G6PD.interpretation.het!,
    )
  })

  test("a woman's DeepVariant-style gVCF (Y blocks ./.): female", async () => {
    const analysis = await analyse(
      'woman-dv.g.vcf',
      gvcf({ woman: true, blocksPerVariant: 20, yBlock: './.' }),
    )
    expect(analysis.geneticSex.sex).toBe('female')
  })

  test("a man's gVCF (X variants 1/1, Y variants called): male", async () => {
    const analysis = await analyse('man.g.vcf', gvcf({ woman: false, blocksPerVariant: 20, yBlock: '0/0' }))
    expect(analysis.geneticSex.sex).toBe('male')
    expect(analysis.geneticSex.evidence).toStartWith(
      '0 of 1001 called X sites outside the pseudoautosomal regions are heterozygous (0.0 %); 100 of 100 Y sites called',
    )
  })

  test("a chip's hom-ref rows still count: a chip file is read with its reference rows", () => {
    const counts = sexCounts({ xHet: 200, xReference: 1_800, yReferenceNoCall: 500 })
    expect(inferGeneticSex(counts, 'array')).toMatchObject({ sex: 'female', xHeterozygosity: 0.1 })
    expect(inferGeneticSex(counts, 'sequencing').evidence).toContain(
      '200 of 200 called X sites outside the pseudoautosomal regions are heterozygous',
    )
  })
})

// The consumer scanner reads well-formed rows from their bytes and hands unusual ones to the string
// parser. Both must count alike: every consumer fixture, and a file of awkward but valid rows, is
// counted here once by scanSource and once row by row with the string parser, and the two must agree.

import { afterAll, describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { isRowProblem, parseConsumerRow } from '../../genetics-core/consumer/consumer-row'
import { inspectSource } from '../../genetics-core/detect/inspect-source'
import { detectSource, scanSource } from '../../genetics-core/index'
import { fixture, fixtures, tempDir } from './support/fixtures'

const tmp = tempDir()
afterAll(() => tmp.remove())

/** Genotype counts as the string parser alone gives them. */
async function countedByParser(path: string) {
  const { layout } = await inspectSource(path)
  const counts = {
    records: 0,
    withRsid: 0,
    no_call: 0,
    hemizygous: 0,
    het: 0,
    homozygous_unknown_ref: 0,
    indelCalls: 0,
  }
  for (const line of readFileSync(path, 'latin1').split(/\r?\n/)) {
    if (line === '' || line.startsWith('#')) continue
    if (
      layout!.headerRow !== null &&
      line.replace(/"/g, '').trim().toLowerCase().replace(/\s+/g, ' ') === layout!.headerRow
    )
      continue
    const parsed = parseConsumerRow(layout!, line)
    if (isRowProblem(parsed) && parsed.code !== 'BAD_GENOTYPE') continue
    const row = isRowProblem(parsed) ? (parsed as { row: { id: string; alleles: string[] } }).row : parsed
    counts.records++
    if (/^rs\d/i.test(row.id)) counts.withRsid++
    const n = isRowProblem(parsed) ? 0 : row.alleles.length
    if (n === 0) counts.no_call++
    else if (n === 1) counts.hemizygous++
    else if (row.alleles[0] !== row.alleles[1]) counts.het++
    else counts.homozygous_unknown_ref++
    if (row.alleles.some((a) => a === 'I' || a === 'D')) counts.indelCalls++
  }
  return counts
}

async function countedByScanner(path: string) {
  const { summary } = await scanSource(path)
  const g = summary.genotypes
  return {
    records: summary.records,
    withRsid: summary.withRsid,
    no_call: g.no_call,
    hemizygous: g.hemizygous,
    het: g.het,
    homozygous_unknown_ref: g.homozygous_unknown_ref,
    indelCalls: summary.indelCalls,
  }
}

describe('byte-level consumer rows', () => {
  const files = ['consumer', 'vendors'].flatMap((dir) =>
    readdirSync(join(fixtures, dir))
      .filter((f) => !f.endsWith('.zip'))
      .map((f) => [dir, f] as const),
  )
  for (const [dir, file] of files) {
    test(`${dir}/${file}: the scanner counts what the string parser counts`, async () => {
      const path = fixture(dir, file)
      const detection = await detectSource(path).catch(() => null)
      if (!detection || detection.format === 'vcf') return
      expect(await countedByScanner(path)).toEqual(await countedByParser(path))
    })
  }

  test('awkward but valid rows: quotes, spaces, lower case, one letter, no-calls, I/D, a bad genotype', async () => {
    const path = tmp.path('awkward.csv')
    writeFileSync(
      path,
      [
        '# MyHeritage DNA raw data. Build 37.',
        'RSID,CHROMOSOME,POSITION,RESULT',
        '"rs1", "1" ,"100","ag"',
        '"rs2","1","200","--"',
        ' "i3" ,"1","300","DI"',
        '"rs4","X","3000000","A"',
        '"rs5","1","400","AN"',
        '"rs6","Y","500",""',
        'rs7,MT,600,TT',
        '"rs8","1","700","0"',
        '',
      ].join('\n'),
    )
    const scanned = await countedByScanner(path)
    expect(scanned).toEqual(await countedByParser(path))
    expect(scanned).toEqual({
      records: 8,
      withRsid: 7,
      no_call: 4,
      hemizygous: 1,
      het: 2,
      homozygous_unknown_ref: 1,
      indelCalls: 1,
    })
  })
})

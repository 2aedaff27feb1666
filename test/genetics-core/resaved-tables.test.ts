// A vendor's download opened in a spreadsheet and saved again as CSV (commas) or, where a comma is the
// decimal mark, with semicolons: the same calls, strand and genetic sex as the original, and a warning
// that says the file was re-saved. The re-save below does what a spreadsheet does to the text: splits
// the vendor's columns into cells, writes them back with its own separator and CRLF, quotes a cell that
// holds the separator (23andMe's comment lines hold commas), and may pad short rows to the table's width.

import { afterAll, describe, expect, test } from 'bun:test'
import { readFileSync, writeFileSync } from 'node:fs'
import { zipSync } from 'fflate'
import { analyzeGeneticsSource, scanSource } from '../../genetics-core/index'
import { spreadsheetResave } from '../support/consumer-dna'
import { fixture, tempDir } from './support/fixtures'
import { catalogRows, HET_ID, sexChromosomeRows, sorted, VENDORS } from './support/vendor-files'

const tmp = tempDir()
afterAll(() => tmp.remove())

const analyse = (path: string) => analyzeGeneticsSource(path, { annotation: 'compact' })

function written(name: string, text: string): string {
  const path = tmp.path(name)
  writeFileSync(path, text)
  return path
}

/** What must not change when the table is re-saved. */
async function reading(path: string) {
  const a = await analyse(path)
  return {
    format: a.detection.format,
    headerLines: a.detection.headerLines,
    build: a.summary.build.build,
    records: a.summary.records,
    genotypes: a.summary.genotypes,
    strand: a.strand.orientation,
    sex: a.geneticSex.sex,
    findings: a.compact?.findings.map((f) => [f.entryId, f.zygosity]),
    resavedWarning: a.warnings.find((w) => w.code === 'RESAVED_TABLE')?.message ?? null,
  }
}

const withoutWarning = (r: Awaited<ReturnType<typeof reading>>) => ({ ...r, resavedWarning: null })

// The real 23andMe header (comment lines with commas in them) above the generated rows.
const REAL_23ANDME_HEADER = readFileSync(fixture('consumer', '23andme_header_v2_build37.txt'), 'utf8')
  .trimEnd()
  .split('\n')

const TAB_VENDORS: [string, (rows: ReturnType<typeof catalogRows>) => string[]][] = [
  ['23andme', VENDORS['23andme']],
  ['23andme (real header)', (rows) => [...REAL_23ANDME_HEADER, ...VENDORS['23andme'](rows).slice(3)]],
  ['ancestrydna', VENDORS.ancestrydna],
  ['livingdna', VENDORS.livingdna],
]

describe('vendor tables re-saved by a spreadsheet', () => {
  for (const [vendor, layout] of TAB_VENDORS) {
    for (const separator of [',', ';'] as const) {
      test(`${vendor} saved with '${separator}': the same reading as the download, and a warning`, async () => {
        const lines = layout(sorted([...catalogRows(), ...sexChromosomeRows('male')]))
        const original = await reading(written(`${vendor}.txt`, `${lines.join('\n')}\n`))
        expect(original.resavedWarning).toBeNull()
        expect(original).toMatchObject({ build: 'GRCh37', strand: 'plus', sex: 'male' })
        expect(original.findings).toEqual([[HET_ID, 'het']])
        for (const pad of [false, true]) {
          const name = `${vendor}-${separator === ',' ? 'comma' : 'semicolon'}-${pad}.csv`
          const again = await reading(written(name, spreadsheetResave(lines, '\t', separator, pad)))
          expect(withoutWarning(again)).toEqual(withoutWarning(original))
          expect(again.resavedWarning).toContain(
            `columns separated by ${separator === ',' ? 'comma' : 'semicolon'}s, not tabs`,
          )
        }
      })
    }
  }

  test("FamilyTreeDNA's and MyHeritage's comma tables saved with semicolons", async () => {
    for (const vendor of ['ftdna', 'myheritage'] as const) {
      const lines = VENDORS[vendor](sorted([...catalogRows(), ...sexChromosomeRows('female')]))
      const original = await reading(written(`${vendor}.csv`, `${lines.join('\n')}\n`))
      const again = await reading(
        written(`${vendor}-semicolon.csv`, spreadsheetResave(lines, ',', ';', false)),
      )
      expect(withoutWarning(again)).toEqual(withoutWarning(original))
      expect(again.resavedWarning).toContain('columns separated by semicolons, not commas')
    }
  })

  test('without a column header, zipped: the rows decide, as for a tab-separated file', async () => {
    const rows = sorted(catalogRows())
    const lines = VENDORS['23andme'](rows).slice(3)
    const zipped = tmp.path('headerless.zip')
    writeFileSync(
      zipped,
      zipSync({ 'genome.csv': new TextEncoder().encode(spreadsheetResave(lines, '\t', ',', false)) }),
    )
    const scan = await scanSource(zipped)
    expect(scan.summary).toMatchObject({ format: '23andme', records: rows.length })
    expect(scan.warnings.map((w) => w.code)).toEqual(
      expect.arrayContaining(['NO_PROVIDER_HEADER', 'RESAVED_TABLE']),
    )
  })

  test('a bad row in a re-saved table is refused with its line and the separator named', async () => {
    const lines = VENDORS['23andme'](sorted(catalogRows()))
    const text = `${spreadsheetResave(lines, '\t', ';', false)}rs1;1;12ab;AA\r\nrs2;1\r\n`
    const error = await scanSource(written('bad-row.csv', text)).catch((e) => e)
    expect([error.code, error.line]).toEqual(['BAD_POSITION', lines.length + 1])
    const short = await scanSource(
      written('short-row.csv', `${spreadsheetResave(lines, '\t', ';', false)}rs2;1\r\n`),
    ).catch((e) => e)
    expect([short.code, short.message]).toEqual([
      'COLUMN_COUNT',
      `line ${lines.length + 1}: expected 4 semicolon-separated columns, found 2`,
    ])
  })

  test('a comma table that is not a genotype table is still not recognised', async () => {
    const path = written('labs.csv', 'test,value,unit\r\nglucose,5.1,mmol/L\r\nhba1c,38,mmol/mol\r\n')
    const error = await scanSource(path).catch((e) => e)
    expect(error.code).toBe('UNRECOGNISED_FORMAT')
  })
})

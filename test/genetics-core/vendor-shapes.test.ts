// Consumer DNA files in the shapes vendors actually ship them: 23andMe, AncestryDNA, MyHeritage, FTDNA
// and Living DNA layouts, each from a man (X as one letter, or two identical letters where the vendor
// writes two) and a woman, plain, with CRLF + byte-order mark + trailing blank lines, and zipped. The
// same genotypes must give the same calls, strand and genetic sex whatever the packing. Then the
// quirks real downloads carry: extra-quoted MyHeritage rows, probes the vendor could not place
// ('--' chromosome or position), lines of spaces at the end, and strand votes from zipped files.

import { afterAll, describe, expect, test } from 'bun:test'
import { readFileSync, writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { zipSync } from 'fflate'
import { analyzeGeneticsSource, scanSource } from '../../genetics-core/index'
import { fixture, tempDir } from './support/fixtures'
import { catalogRows, G6PD_ID, HET_ID, sexChromosomeRows, sorted, VENDORS } from './support/vendor-files'

const tmp = tempDir()
afterAll(() => tmp.remove())

// 'bare-cr': lines ending in CR alone, as Excel's "CSV (Macintosh)" and classic Mac programs save them.
type Packing = 'plain' | 'crlf-bom-trailing-blank' | 'bare-cr' | 'zip'

/** Writes the lines as the vendor ships them (or as an editor leaves them) and returns the path. */
function write(name: string, lines: string[], packing: Packing): string {
  const eol = packing === 'plain' ? '\n' : packing === 'bare-cr' ? '\r' : '\r\n'
  let text = lines.join(eol) + eol
  if (packing === 'crlf-bom-trailing-blank') text = `\uFEFF${text}${eol}${eol}`
  const bytes = new TextEncoder().encode(text)
  const path = tmp.path(packing === 'zip' ? `${name}.zip` : `${name}.txt`)
  writeFileSync(path, packing === 'zip' ? zipSync({ [`${name}.txt`]: bytes }) : bytes)
  return path
}

const analyse = (path: string) => analyzeGeneticsSource(path, { annotation: 'compact' })
const assessment = (a: Awaited<ReturnType<typeof analyse>>, id: string) =>
  a.compact?.assessments.find((x) => x.entryId === id)

describe('vendor files as shipped: plain, CRLF with a byte-order mark, bare CR, zipped', () => {
  const packings: Packing[] = ['plain', 'crlf-bom-trailing-blank', 'bare-cr', 'zip']
  for (const [vendor, layout] of Object.entries(VENDORS)) {
    for (const sex of ['male', 'female'] as const) {
      test(`${vendor}, ${sex}: same calls, strand and genetic sex in every packing`, async () => {
        const lines = layout(sorted([...catalogRows(), ...sexChromosomeRows(sex)]))
        const results = []
        for (const packing of packings) {
          const analysis = await analyse(write(`${vendor}-${sex}-${packing}`, lines, packing))
          expect(analysis.detection.format).toBe(vendor.split(' ')[0] as never)
          expect(analysis.detection.compression).toBe(packing === 'zip' ? 'zip' : 'none')
          expect(analysis.summary.build.build).toBe('GRCh37')
          expect(analysis.strand).toMatchObject({ orientation: 'plus', minusSites: 0 })
          expect(analysis.geneticSex.sex).toBe(sex)
          expect(analysis.compact?.findings.map((f) => [f.entryId, f.zygosity])).toEqual([[HET_ID, 'het']])
          // X wording follows the inferred sex: one copy for a man however the vendor writes it.
          expect(assessment(analysis, G6PD_ID)).toMatchObject({
            status: 'assessed',
            genotype: sex === 'male' ? 'hemizygous_ref' : 'hom_ref',
          })
          results.push({
            records: analysis.summary.records,
            genotypes: analysis.summary.genotypes,
            counts: analysis.geneticSex.counts,
          })
        }
        for (const result of results.slice(1)) expect(result).toEqual(results[0])
      })
    }
  }
})

describe('strand votes in zipped vendor files', () => {
  const PALINDROMIC_IDS = ['dpyd-c2846', 'dpyd-hapb3', 'tpmt-star2', 'hfe-h63d']
  for (const [vendor, layout] of Object.entries(VENDORS)) {
    test(`${vendor}: a zipped minus-strand file is complemented; palindromic hom-ref stays hom-ref`, async () => {
      const rows = [...catalogRows(() => true), ...sexChromosomeRows('male')]
      const analysis = await analyse(write(`${vendor}-minus`, layout(sorted(rows)), 'zip'))
      expect(analysis.strand).toMatchObject({ orientation: 'minus', plusSites: 0 })
      expect(analysis.compact?.findings.map((f) => [f.entryId, f.zygosity])).toEqual([[HET_ID, 'het']])
      for (const id of PALINDROMIC_IDS)
        expect(assessment(analysis, id)).toMatchObject({ status: 'assessed', genotype: 'hom_ref' })
      expect(assessment(analysis, G6PD_ID)).toMatchObject({ genotype: 'hemizygous_ref' })
    })

    test(`${vendor}: a zipped file whose sites disagree 50/50 withholds palindromic sites`, async () => {
      const analysis = await analyse(
        write(`${vendor}-mixed`, layout(sorted(catalogRows((i) => i % 2 === 0))), 'zip'),
      )
      expect(analysis.strand.orientation).toBe('unknown')
      expect(analysis.strand.evidence).toContain('the sites disagree')
      for (const id of PALINDROMIC_IDS) expect(assessment(analysis, id)?.status).toBe('not_comparable')
      expect(analysis.warnings.map((w) => w.code)).toContain('STRAND_UNKNOWN')
    })

    test(`${vendor}: with two informative sites the strand is unknown and a palindromic site is withheld`, async () => {
      const few = catalogRows().filter((r) => ['rs4244285', 'rs1057910', 'rs67376798'].includes(r.id))
      const analysis = await analyse(write(`${vendor}-few`, layout(sorted(few)), 'zip'))
      expect(analysis.strand).toMatchObject({ orientation: 'unknown', informativeSites: 2 })
      expect(analysis.strand.evidence).toBe(
        'only 2 non-palindromic sites were called (at least 3 are needed)',
      )
      if (analysis.compact) expect(assessment(analysis, 'dpyd-c2846')?.status).toBe('not_comparable')
    })
  }
})

describe('quirks of real downloads', () => {
  test('extra-quoted MyHeritage rows ("rs1"",""1""...) are read like plain ones', async () => {
    const analysis = await analyse(fixture('vendors', 'myheritage_extra_quotes.csv'))
    expect(analysis.detection.format).toBe('myheritage')
    expect(analysis.summary).toMatchObject({ records: 9, withRsid: 9 })
    expect(analysis.summary.genotypes.no_call).toBe(1)
    expect(analysis.summary.chromosomes).toEqual({ '1': 2, '6': 1, '10': 5, '16': 1 })
    expect(analysis.strand).toMatchObject({ orientation: 'plus', plusSites: 6 })
    expect(analysis.compact?.findings.map((f) => [f.entryId, f.observedGenotype])).toEqual([[HET_ID, 'G/A']])
    expect(assessment(analysis, 'tpmt-star2')).toMatchObject({ status: 'assessed', genotype: 'hom_ref' })
    expect(assessment(analysis, 'vkorc1-1639')?.status).toBe('no_call')
  })

  test('23andMe probes without a chromosome or position ("--", 0) are passed over with a warning', async () => {
    const analysis = await analyse(fixture('vendors', '23andme_v5_unplaced_rows.txt'))
    expect(analysis.detection.format).toBe('23andme')
    // 17 rows, 3 unplaced: the placed ones are read, including an internal id, an indel and X/Y/MT.
    expect(analysis.summary.records).toBe(14)
    expect(analysis.summary.chromosomes).toEqual({ '1': 2, '6': 2, '10': 4, '19': 3, X: 1, Y: 1, MT: 1 })
    expect(analysis.summary.indelCalls).toBe(1)
    const warning = analysis.warnings.find((w) => w.code === 'UNPLACED_ROW')
    expect(warning?.message).toContain('3 times; first at line 22')
    expect(warning?.message).not.toMatch(/\b[ACGT]{2}\b/)
    // TPMT*2 appears only on an unplaced row: its letters are not read as a call there.
    expect(assessment(analysis, 'tpmt-star2')?.status).toBe('not_in_source')
    // TPMT*3C is on an internal id (i3000001): matched by its position.
    expect(assessment(analysis, 'tpmt-star3c')).toMatchObject({ status: 'assessed', genotype: 'hom_ref' })
    expect(analysis.compact?.findings.map((f) => [f.entryId, f.zygosity])).toEqual([
      ['cyp2c19-star17', 'het'],
    ])
    expect(assessment(analysis, G6PD_ID)).toMatchObject({ genotype: 'hemizygous_ref' })
  })

  for (const [vendor, layout] of Object.entries(VENDORS)) {
    test(`${vendor}: lines of spaces or tabs at the end (an editor's leftovers) are blank lines`, async () => {
      const lines = [...layout(sorted(catalogRows())), ' ', '\t', '  \t ']
      const path = write(`${vendor}-spaces`, lines, 'crlf-bom-trailing-blank')
      const { summary } = await scanSource(path)
      expect(summary.records).toBe(catalogRows().length)
    })
  }

  test('a download re-saved as UTF-16 with a byte-order mark (Notepad, Excel, PowerShell) is read as the text it holds', async () => {
    const text = VENDORS['23andme'](sorted(catalogRows())).join('\r\n')
    const plain = tmp.path('utf8.txt')
    writeFileSync(plain, text)
    const expected = await scanSource(plain)
    const littleEndian = new Uint8Array(Buffer.from(`\uFEFF${text}`, 'utf16le'))
    const bigEndian = new Uint8Array(Buffer.from(`\uFEFF${text}`, 'utf16le').swap16())
    for (const [name, bytes] of [
      ['utf16le.txt', littleEndian],
      ['utf16be.txt', bigEndian],
    ] as const) {
      const path = tmp.path(name)
      writeFileSync(path, bytes)
      const zipped = tmp.path(`${name}.zip`)
      writeFileSync(zipped, zipSync({ [name]: bytes }))
      const gzipped = tmp.path(`${name}.gz`)
      writeFileSync(gzipped, gzipSync(bytes))
      for (const file of [path, zipped, gzipped]) {
        const scan = await scanSource(file)
        expect(scan.summary.format).toBe('23andme')
        expect(scan.summary.records).toBe(catalogRows().length)
        expect(scan.summary.genotypes).toEqual(expected.summary.genotypes)
        expect([...scan.calls.entries()]).toEqual([...expected.calls.entries()])
      }
    }
  })

  test('UTF-16 without a byte-order mark is refused with what to do, not as binary', async () => {
    const text = VENDORS['23andme'](sorted(catalogRows())).join('\r\n')
    const bigEndianNoMark = new Uint8Array(Buffer.from(text, 'utf16le').swap16())
    const path = tmp.path('utf16be-no-mark.txt')
    writeFileSync(path, bigEndianNoMark)
    const zipped = tmp.path('utf16be-no-mark.zip')
    writeFileSync(zipped, zipSync({ 'utf16be-no-mark.txt': bigEndianNoMark }))
    const error = await scanSource(path).catch((e) => e)
    expect([error.code, error.message]).toEqual(['UNRECOGNISED_FORMAT', expect.stringContaining('UTF-16')])
    // In a zip the entry is passed over like any non-genotype file, and the refusal says why.
    const zipError = await scanSource(zipped).catch((e) => e)
    expect([zipError.code, zipError.message]).toEqual([
      'ZIP_ENTRY_INVALID',
      expect.stringContaining('utf16be-no-mark.txt: the file is UTF-16 text'),
    ])
  })

  test('two downloads joined into one file: a site they call differently is not interpreted, one they agree on is', async () => {
    const rows = sorted(catalogRows())
    const first = VENDORS['23andme'](rows)
    // The second download has every site hom-ref, so the het site disagrees; every other site agrees.
    const second = VENDORS['23andme'](rows.map((r) => ({ ...r, letters: [r.letters[0], r.letters[0]] })))
    const joined = await analyse(write('joined', [...first, ...second], 'plain'))
    expect(joined.compact?.findings).toEqual([])
    expect(assessment(joined, HET_ID)).toMatchObject({
      status: 'not_comparable',
      reason: expect.stringContaining('lists this site more than once with different genotypes'),
    })
    expect(assessment(joined, 'tpmt-star2')).toMatchObject({ status: 'assessed', genotype: 'hom_ref' })
    expect(joined.warnings.find((w) => w.code === 'CONFLICTING_ROWS')?.message).toBe(
      '1 of the sites looked up is listed more than once with different genotypes (two downloads joined into one file?); it was read as not called',
    )
    // The same download twice agrees with itself: read as once, without the warning.
    const twice = await analyse(write('twice', [...first, ...first], 'plain'))
    expect(twice.compact?.findings.map((f) => [f.entryId, f.zygosity])).toEqual([[HET_ID, 'het']])
    expect(twice.warnings.map((w) => w.code)).not.toContain('CONFLICTING_ROWS')
  })

  test("letters that are not a genotype ('NN', 'A/G') under the vendor's header: read as a no-call at that site, the first row too", async () => {
    const lines = VENDORS['23andme'](sorted(catalogRows()))
    const het = catalogRows().find((r) => r.letters[0] !== r.letters[1])!
    const bad = lines.map((line, i) => {
      if (i === 3) return line.replace(/\t[ACGT]{2}$/, '\tNN') // the first data row
      return line.startsWith(`${het.id}\t`) ? line.replace(/\t[ACGT]{2}$/, '\tA/G') : line
    })
    const analysis = await analyse(write('bad-letters', bad, 'plain'))
    expect(analysis.detection.format).toBe('23andme')
    expect(analysis.summary.records).toBe(catalogRows().length)
    expect(analysis.summary.genotypes.no_call).toBe(2)
    expect(analysis.warnings.find((w) => w.code === 'BAD_GENOTYPE')?.message).toContain('2 times')
    // The site was tested and its letters could not be read: not called, not "no record here".
    expect(assessment(analysis, HET_ID)).toMatchObject({ status: 'no_call' })
    expect(analysis.compact?.findings).toEqual([])
  })

  test('a 23andMe position that is not a number is still refused with its line', async () => {
    const text = readFileSync(fixture('vendors', '23andme_v5_unplaced_rows.txt'), 'utf8')
    const path = tmp.path('bad-position.txt')
    writeFileSync(path, `${text}rs2000003\t1\t12ab\tAA\n`)
    const error = await scanSource(path).catch((e) => e)
    expect([error.code, error.line]).toEqual(['BAD_POSITION', 25])
  })
})

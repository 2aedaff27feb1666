// Shapes real files arrive in that once were refused: a zip whose first entry is a README, and a
// UTF-8 byte-order mark (as Windows editors write) before '##fileformat' or a CSV column header.

import { afterAll, describe, expect, test } from 'bun:test'
import { readFileSync, writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { zipSync } from 'fflate'
import { scanSource } from '../../genetics-core/index'
import { fixture, tempDir } from './support/fixtures'

const tmp = tempDir()
afterAll(() => tmp.remove())
const BOM = Uint8Array.from([0xef, 0xbb, 0xbf])

function withBom(name: string, bytes: Uint8Array): string {
  const path = tmp.path(name)
  writeFileSync(path, Buffer.concat([BOM, bytes]))
  return path
}

describe('zip archives', () => {
  for (const [file, readme] of [
    ['23andme_readme_first.zip', 'README.txt'],
    ['23andme_markdown_readme_first.zip', 'README.md'],
  ]) {
    test(`the genotype file is found behind ${readme}, which is named as passed over`, async () => {
      const { detection, summary } = await scanSource(fixture('consumer', file))
      expect(detection).toMatchObject({
        format: '23andme',
        compression: 'zip',
        archiveEntry: 'genome_Full_20110101.txt',
      })
      expect(summary.records).toBe(985)
      expect(detection.warnings).toContainEqual({
        code: 'ZIP_MULTIPLE_ENTRIES',
        message: `the zip archive holds 2 files; reading genome_Full_20110101.txt; passed over ${readme} (not genotype data)`,
      })
    })
  }
})

describe('a zip of more than one genotype file', () => {
  const genome = readFileSync(fixture('vcf', 'ex2.vcf'))
  const table = readFileSync(fixture('consumer', 'ftdna_illumina_sample.csv'))

  test('two downloads zipped together are refused, naming both, not read by the first', async () => {
    for (const [entries, names] of [
      [{ 'genome_John.vcf': genome, 'genome_Jane.vcf': genome }, 'genome_John.vcf, genome_Jane.vcf'],
      [
        { 'README.txt': new TextEncoder().encode('read me\n'), 'a.csv': table, 'b.vcf': genome },
        'a.csv, b.vcf',
      ],
    ] as const) {
      const path = tmp.path('two.zip')
      writeFileSync(path, zipSync(entries))
      const error = await scanSource(path).catch((e) => e)
      expect(error.code).toBe('ZIP_ENTRY_INVALID')
      expect(error.message).toStartWith(`the zip archive holds more than one genotype file (${names})`)
      expect(error.message).toContain('send each file on its own')
    }
  })

  test('a genotype file beside its index, a README and an entry that cannot be read is read', async () => {
    const path = tmp.path('delivery.zip')
    const vcfGz = readFileSync(fixture('other-genomics', 'calls.vcf.gz'))
    const tbi = readFileSync(fixture('other-genomics', 'calls.vcf.gz.tbi'))
    writeFileSync(
      path,
      zipSync({
        'README.txt': new TextEncoder().encode('read me\n'),
        'calls.vcf.gz': vcfGz,
        'calls.vcf.gz.tbi': tbi,
        // A gzip header, then bytes that are no deflate data.
        'notes.txt.gz': Uint8Array.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, ...Array(64).fill(0xff)]),
      }),
    )
    const { detection } = await scanSource(path)
    expect([detection.format, detection.archiveEntry]).toEqual(['vcf', 'calls.vcf.gz'])
  })
})

describe('a UTF-8 byte-order mark', () => {
  test('before ##fileformat: the VCF reads as without it', async () => {
    const plain = readFileSync(fixture('vcf', 'ex2.vcf'))
    const expected = await scanSource(fixture('vcf', 'ex2.vcf'))
    const { detection, summary } = await scanSource(withBom('bom.vcf', plain))
    expect(detection.vcfVersion).toBe(expected.detection.vcfVersion)
    expect(summary.records).toBe(expected.summary.records)
    expect(summary.genotypes).toEqual(expected.summary.genotypes)
  })

  test('before ##fileformat inside gzip', async () => {
    const plain = readFileSync(fixture('vcf', 'ex2.vcf'))
    const path = tmp.path('bom.vcf.gz')
    writeFileSync(path, gzipSync(Buffer.concat([BOM, plain])))
    const { detection, summary } = await scanSource(path)
    expect([detection.format, detection.compression, summary.records]).toEqual(['vcf', 'gzip', 5])
  })

  test('before a CSV column header: the header row is recognised, not read as data', async () => {
    const csv = readFileSync(fixture('consumer', 'ftdna_illumina_sample.csv'))
    const expected = await scanSource(fixture('consumer', 'ftdna_illumina_sample.csv'))
    const { detection, summary, warnings } = await scanSource(withBom('bom.csv', csv))
    expect(detection.format).toBe('ftdna')
    expect(summary.records).toBe(expected.summary.records)
    expect(warnings).toEqual(expected.warnings)
  })
})

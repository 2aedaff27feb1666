// Bad input never crashes, hangs or throws an untyped error: each case below ends with a
// GeneticsInputError whose code, line and message say what is wrong.

import { afterAll, describe, expect, test } from 'bun:test'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { zipSync } from 'fflate'
import { detectSource, GeneticsInputError, scanSource } from '../../genetics-core/index'
import { fixture, tempDir } from './support/fixtures'

const tmp = tempDir()
afterAll(() => tmp.remove())

const HEADER =
  '##fileformat=VCFv4.2\n##contig=<ID=1,length=249250621>\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tS1\n'

async function failure(path: string, options: Parameters<typeof scanSource>[1] = {}) {
  const error = await scanSource(path, options).then(
    () => null,
    (e) => e,
  )
  expect(error).toBeInstanceOf(GeneticsInputError)
  return error as GeneticsInputError
}

function write(name: string, content: string | Uint8Array): string {
  const path = tmp.path(name)
  writeFileSync(path, content)
  return path
}

describe('files that cannot be read', () => {
  test('a missing path, a directory and an empty file', async () => {
    expect((await failure(tmp.path('nope.vcf'))).code).toBe('FILE_NOT_FOUND')
    const dir = tmp.path('a-directory')
    mkdirSync(dir)
    expect((await failure(dir)).code).toBe('FILE_UNREADABLE')
    const empty = await failure(write('empty.vcf', ''))
    expect([empty.code, empty.message]).toEqual(['EMPTY_FILE', 'the file is empty'])
  })

  test('garbage bytes and unrelated text are not a recognised format', async () => {
    const bytes = new Uint8Array(4096).map((_, i) => (i * 7919) % 256)
    expect((await failure(write('garbage.bin', bytes))).code).toBe('UNRECOGNISED_FORMAT')
    expect((await failure(write('prose.txt', 'Dear doctor,\nplease find my results attached.\n'))).code).toBe(
      'UNRECOGNISED_FORMAT',
    )
    expect((await failure(fixture('consumer', 'iyg_sample.tsv'))).code).toBe('UNRECOGNISED_FORMAT')
  })

  test('BCF is read (bcf.test.ts); one of a version it does not read is refused, naming the version', async () => {
    const detection = await detectSource(fixture('vcf', 'vcf_file.bcf'))
    expect(detection.format).toBe('bcf')
    expect((await scanSource(fixture('vcf', 'vcf_file.bcf'))).summary.records).toBe(15)
    const bcf1 = write('bcf1.bcf', Uint8Array.from([0x42, 0x43, 0x46, 4, ...new Uint8Array(60)]))
    const error = await failure(bcf1)
    expect(error.code).toBe('UNSUPPORTED_FORMAT')
    expect(error.message).toContain('BCF version 1 (samtools 0.1) is not supported')
    expect(error.message).toContain('bcftools view -Oz')
  })

  test('a damaged zip archive and a truncated one', async () => {
    const damaged = await failure(
      write('damaged.zip', Uint8Array.from([0x50, 0x4b, 3, 4, ...new Uint8Array(40)])),
    )
    expect(damaged.code).toBe('TRUNCATED_INPUT')
    expect(damaged.message).toBe('the zip archive is truncated or damaged (no central directory)')
    const zip = readFileSync(fixture('consumer', '23andme_2011_b36_first1000.zip'))
    const cut = await failure(write('cut.zip', zip.subarray(0, zip.length - 30)))
    expect(cut.code).toBe('TRUNCATED_INPUT')
  })

  test('a zip entry whose content does not match its declared size, said in plain words', async () => {
    const text = readFileSync(fixture('consumer', '23andme_2011_b36_first1000.txt'))
    const zip = Buffer.from(zipSync({ 'genome.txt': new Uint8Array(text) }))
    // The central directory's uncompressed size (offset 24 of its file header) claims 1,000 bytes more.
    const central = zip.indexOf(Buffer.from([0x50, 0x4b, 1, 2]))
    zip.writeUInt32LE(zip.readUInt32LE(central + 24) + 1000, central + 24)
    const error = await failure(write('lying-size.zip', zip))
    expect([error.code, error.message]).toEqual([
      'ZIP_ENTRY_INVALID',
      'the zip entry is damaged: its content does not match the size the archive declares for it',
    ])
  })

  test('a zip entry that would inflate hundreds of times its stored size is refused before reading', async () => {
    const header = '# rsid\tchromosome\tposition\tgenotype\n'
    const bomb = zipSync({
      'genome.txt': [Buffer.from(header + 'rs1\t1\t100\tAA\n'.repeat(2_000_000)), { level: 9 }],
    })
    const error = await failure(write('bomb.zip', bomb))
    expect(error.code).toBe('ZIP_ENTRY_INVALID')
    expect(error.message).toContain('decompression bomb')
  })
})

describe('compressed data that ends early or is damaged', () => {
  const vcf = readFileSync(fixture('vcf', 'ex2.vcf'))
  test('truncated plain gzip', async () => {
    const gz = gzipSync(vcf)
    const error = await failure(write('cut.vcf.gz', gz.subarray(0, Math.floor(gz.length * 0.7))))
    expect(error.code).toBe('TRUNCATED_INPUT')
    expect(error.message).toBe('the compressed data ends early; the file looks truncated')
  })

  const bgzf = readFileSync(fixture('vcf', 'na12878_chr21_head4000.vcf.gz'))
  for (const workers of [0, 2]) {
    test(`truncated BGZF (${workers} workers)`, async () => {
      const path = write(`cut-${workers}.vcf.gz`, bgzf.subarray(0, Math.floor(bgzf.length * 0.6)))
      expect((await failure(path, { workers })).code).toBe('TRUNCATED_INPUT')
    })

    test(`a damaged BGZF block (${workers} workers)`, async () => {
      const damaged = Uint8Array.from(bgzf)
      for (let i = 12_000; i < 12_400; i++) damaged[i] ^= 0x5a
      const error = await failure(write(`damaged-${workers}.vcf.gz`, damaged), { workers })
      expect(['CORRUPT_COMPRESSED_DATA', 'TRUNCATED_INPUT']).toContain(error.code)
    })
  }
})

describe('malformed VCF lines name their line', () => {
  test('a data line without tabs', async () => {
    const error = await failure(
      write('no-tabs.vcf', `${HEADER}1\t100\t.\tA\tG\t.\tPASS\t.\tGT\t0/1\nthis line has no tabs\n`),
    )
    expect([error.code, error.line]).toEqual(['COLUMN_COUNT', 5])
    expect(error.message).toBe('line 5: line has no tab-separated columns (a VCF data line has at least 8)')
  })

  test('a data line with a wrong number of columns', async () => {
    const error = await failure(write('columns.vcf', `${HEADER}1\t100\t.\tA\tG\t.\tPASS\t.\tGT\t0/1\t1/1\n`))
    expect([error.code, error.line]).toEqual(['COLUMN_COUNT', 4])
    expect(error.message).toContain('expected 10 tab-separated columns')
  })

  test('a position that is not a whole number', async () => {
    const error = await failure(write('pos.vcf', `${HEADER}1\t1e5\t.\tA\tG\t.\tPASS\t.\tGT\t0/1\n`))
    expect([error.code, error.line, error.message]).toEqual([
      'BAD_POSITION',
      4,
      'line 4: POS "1e5" is not a whole number',
    ])
  })

  test('a position longer than a number can hold exactly is refused; one past 32 bits is read, as bcftools does', async () => {
    const error = await failure(
      write('huge-pos.vcf', `${HEADER}1\t99999999999999999999\t.\tA\tG\t.\tPASS\t.\tGT\t0/1\n`),
    )
    expect([error.code, error.line, error.message]).toEqual([
      'BAD_POSITION',
      4,
      'line 4: POS "99999999999999999999" is larger than any position a sequence can have',
    ])
    const { summary } = await scanSource(
      write('long-pos.vcf', `${HEADER}1\t3000000000\t.\tA\tG\t.\tPASS\t.\tGT\t0/1\n`),
    )
    expect(summary.records).toBe(1)
  })

  test('an ALT listing an empty allele is refused, not read as a deletion of REF or as an SNV', async () => {
    // htslib reads an empty allele as missing ('A,.,C'); a byte classifier called it a deletion, and a
    // lone ',' took the one-ALT SNV shortcut. Each form on a line of its own, common path or general.
    for (const alt of [',', 'A,,C', 'G,', ',G', 'AC,,']) {
      const error = await failure(
        write(
          'empty-allele.vcf',
          `${HEADER}1\t100\t.\tA\tG\t.\tPASS\t.\tGT\t0/1\n1\t200\t.\tA\t${alt}\t.\tPASS\t.\tGT\t0/1\n`,
        ),
      )
      expect([alt, error.code, error.line, error.message]).toEqual([
        alt,
        'BAD_RECORD',
        5,
        'line 5: ALT lists an empty allele (two commas together, or one at either end)',
      ])
    }
  })

  test('the same errors come from worker threads with the right line number', async () => {
    const lines = Array.from({ length: 3000 }, (_, i) => `1\t${1000 + i}\t.\tA\tG\t.\tPASS\t.\tGT\t0/1`)
    lines[2500] = '1\t-5\t.\tA\tG\t.\tPASS\t.\tGT\t0/1'
    const text = `${HEADER + lines.join('\n')}\n`
    const proc = Bun.spawnSync(['bgzip', '-c'], { stdin: new TextEncoder().encode(text) })
    if (proc.exitCode !== 0) return // bgzip missing: the main-thread case above covers the rule
    const path = write('bad-pos.vcf.gz', proc.stdout)
    const error = await failure(path, { workers: 2, segmentBytes: 4096 })
    expect([error.code, error.line]).toEqual(['BAD_POSITION', 3 + 2501])
  })

  test('a header without a #CHROM line', async () => {
    const error = await failure(write('no-chrom.vcf', '##fileformat=VCFv4.2\n1\t100\t.\tA\tG\t.\tPASS\t.\n'))
    expect(error.code).toBe('MISSING_HEADER')
  })

  test('a line longer than the cap is refused instead of filling memory', async () => {
    const huge = 'A'.repeat(17 * 1024 * 1024)
    const error = await failure(write('huge.vcf', `${HEADER}1\t100\t.\tA\t${huge}`))
    expect(error.code).toBe('LINE_TOO_LONG')
    expect(error.line).toBe(4)
  })
})

describe('malformed consumer rows name their line', () => {
  test('a 23andMe row with a non-numeric position', async () => {
    const rows = readFileSync(fixture('consumer', '23andme_b36_5rows.tsv'), 'utf8')
    const error = await failure(write('bad-row.txt', `${rows}rs1\t1\tabc\tAA\n`))
    expect([error.code, error.line, error.message]).toEqual([
      'BAD_POSITION',
      6,
      'line 6: position "abc" is not a whole number',
    ])
  })

  test('a 23andMe row with a position longer than a number can hold exactly', async () => {
    const rows = readFileSync(fixture('consumer', '23andme_b36_5rows.tsv'), 'utf8')
    const error = await failure(write('huge-row.txt', `${rows}rs1\t1\t123456789012345678901\tAA\n`))
    expect([error.code, error.line, error.message]).toEqual([
      'BAD_POSITION',
      6,
      'line 6: position "123456789012345678901" is larger than any position a sequence can have',
    ])
  })

  test('a 23andMe header with no rows after it is an export without records, not an unknown file', async () => {
    const header = readFileSync(fixture('consumer', '23andme_header_v2_build37.txt'), 'utf8')
    const error = await failure(write('header-only.txt', header))
    expect(error.code).toBe('NO_RECORDS')
    expect(error.message).toContain("a consumer DNA export's header but no genotype rows")
  })

  test('a provider comment block without its column header and no rows is an export without records too', async () => {
    // Living DNA writes its name with a space ('Living DNA customer genotype data download file').
    for (const prose of [
      '# Living DNA customer genotype data download file version: 1.0.1\n# Build: 37\n',
      '# This data file generated by 23andMe at: Mon Jan 01 00:00:00 2024\n',
      '# MyHeritage DNA raw data.\n',
    ]) {
      const error = await failure(write('prose-only.txt', prose))
      expect([prose, error.code]).toEqual([prose, 'NO_RECORDS'])
    }
  })

  test('a row with too few columns', async () => {
    const rows = readFileSync(fixture('consumer', 'ftdna_illumina_sample.csv'), 'utf8')
    const error = await failure(write('short-row.csv', `${rows}"rs5","1"\n`))
    expect([error.code, error.line]).toEqual(['COLUMN_COUNT', 7])
  })
})

describe('FORMAT keys with _ or . before VCF 4.3', () => {
  const vcf = (formatLines: string[], key: string) =>
    [
      '##fileformat=VCFv4.2',
      '##contig=<ID=1,length=249250621>',
      '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">',
      ...formatLines,
      '#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tS1',
      `1\t10000\t.\tA\t<NON_REF>\t.\t.\tEND=10100\tGT:${key}\t0/0:12`,
      `1\t10101\t.\tC\tT,<NON_REF>\t50\t.\t.\tGT:${key}\t0/1:20`,
      '',
    ].join('\n')
  const formatWarnings = async (name: string, text: string) => {
    writeFileSync(tmp.path(name), text)
    const { warnings } = await scanSource(tmp.path(name))
    return warnings.filter((w) => w.code === 'VCF_FORMAT')
  }

  test("a declared key such as GATK's MIN_DP on a VCFv4.2 gVCF's reference blocks is accepted", async () => {
    const declared = [
      '##FORMAT=<ID=MIN_DP,Number=1,Type=Integer,Description="Minimum DP observed within the block">',
    ]
    expect(await formatWarnings('gatk-min-dp.g.vcf', vcf(declared, 'MIN_DP'))).toEqual([])
  })

  test('an undeclared one still gets the 4.2 warning (letters and digits only)', async () => {
    const warnings = await formatWarnings('undeclared-key.vcf', vcf([], 'G_S'))
    expect(warnings.map((w) => w.message)).toContainEqual(
      expect.stringContaining('FORMAT has an empty or invalid key'),
    )
  })
})

// VCFs in the shapes real callers and tools write, read and compared with bcftools 1.16 on the same
// file: DeepVariant VCF and gVCF (<*>, RefCall, MIN_DP, MED_DP), DRAGEN hard-filtered VCF and gVCF
// (<NON_REF>, DRAGENHardQUAL, alt/HLA/decoy contigs), Strelka2 germline and somatic, a GATK joint call of
// 300 samples ('./.', '.|.'), VCF 4.4/4.5 features (phasing prefixes, <*>, LAA/LPL, SVs, breakends) and
// chromosome names from several references. Then the packings files arrive in (CRLF, no final newline, a
// 1.5 MB INFO line, BGZF with empty blocks, two BGZF files joined, plain gzip, blocks of a few bytes so a
// record crosses a block and a segment edge at every offset, non-ASCII INFO), each of which must read
// exactly as the plain file does, on the main thread and on the workers. The fixtures are in
// test/fixtures/genetics/vcf-shapes/ (see SOURCES.md); the packings are written here.

import { afterAll, describe, expect, test } from 'bun:test'
import { readFileSync, writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { canonicalChromosome, type ScanResult, type SiteTarget, scanSource } from '../../genetics-core/index'
import { bcftoolsPath, bcftoolsView, classOf, genotypeClasses } from './support/bcftools'
import { bgzf } from './support/bgzf'
import { fixture, tempDir } from './support/fixtures'

const tmp = tempDir()
afterAll(() => tmp.remove())
const shape = (name: string) => fixture('vcf-shapes', name)
if (!bcftoolsPath) console.warn('bcftools is not installed: the comparisons with bcftools are skipped')

function write(name: string, bytes: Uint8Array | string): string {
  const path = tmp.path(name)
  writeFileSync(path, bytes)
  return path
}

/** The file split into its header and its data lines. */
function split(path: string): { header: string; lines: string[] } {
  const text = readFileSync(path, 'utf8')
  const chrom = text.indexOf('\n#CHROM')
  const bodyStart = text.indexOf('\n', chrom + 1) + 1
  return { header: text.slice(0, bodyStart), lines: text.slice(bodyStart).split('\n').filter(Boolean) }
}

const WORKERS = { workers: 2, segmentBytes: 4096 }

// --- what the reader and bcftools say -----------------------------------------------------------------

function bcftoolsSample(path: string, sample: string): string[] {
  const run = Bun.spawnSync(['bcftools', 'query', '-s', sample, '-f', '[%GT]\\n', path], { stderr: 'pipe' })
  if (run.exitCode !== 0) throw new Error(run.stderr.toString())
  return run.stdout.toString().split('\n').filter(Boolean)
}

/** What must be equal however a file is packed: the summary (less its byte counts), calls and warnings. */
function essentials(result: ScanResult, ignoreWarnings: string[] = []) {
  const { bytes: _bytes, ...summary } = result.summary
  return {
    summary,
    calls: [...result.calls].sort(([a], [b]) => a.localeCompare(b)),
    warnings: result.warnings.filter((w) => !ignoreWarnings.includes(w.code)),
  }
}

/** A target at every primary-chromosome position that holds a single record. */
function positionTargets(lines: string[]): SiteTarget[] {
  const perPosition = new Map<string, number>()
  for (const line of lines) {
    const [chrom, pos] = line.split('\t')
    perPosition.set(`${chrom}:${pos}`, (perPosition.get(`${chrom}:${pos}`) ?? 0) + 1)
  }
  const targets: SiteTarget[] = []
  for (const [key, n] of perPosition) {
    const [chrom, pos] = [key.slice(0, key.lastIndexOf(':')), Number(key.slice(key.lastIndexOf(':') + 1))]
    if (n === 1) targets.push({ key, grch37: { chrom, pos }, grch38: { chrom, pos } })
  }
  return targets
}

// --- caller outputs against bcftools ---------------------------------------------------------------------

const CALLER_FILES = [
  'deepvariant.vcf',
  'deepvariant.g.vcf',
  'dragen.hard-filtered.vcf',
  'dragen.g.vcf',
  'strelka2.genome.vcf',
  'strelka2.somatic.snvs.vcf',
  'chrom_zoo.vcf',
]

describe.skipIf(!bcftoolsPath)(
  'caller outputs: records, types, genotypes, chromosomes and calls as bcftools says',
  () => {
    for (const name of CALLER_FILES) {
      test(`${name}, plain on the main thread and as BGZF of small blocks on the workers`, async () => {
        const path = shape(name)
        const expected = bcftoolsView(path)
        const packed = write(
          `${name}.gz`,
          bgzf(readFileSync(path), (n) => 97 + ((n * 31) % 211), 5),
        )
        const { lines } = split(path)
        const targets = positionTargets(lines)
        for (const [file, options] of [
          [path, { workers: 0 }],
          [packed, WORKERS],
        ] as const) {
          const result = await scanSource(file, { ...options, targets })
          const { summary } = result
          expect({
            records: summary.records,
            noAlts: summary.recordTypes.noAlt,
            snps: summary.recordTypes.snv,
            mnps: summary.recordTypes.mnv,
            indels: summary.recordTypes.indel,
            others: summary.recordTypes.other,
            multiallelic: summary.multiallelicRecords,
          }).toEqual(expected.stats)

          const classes = { hom_ref: 0, het: 0, hom_alt: 0, hemizygous: 0, no_call: 0, partial: 0 }
          for (const record of expected.records) classes[classOf(record[4]) as keyof typeof classes]++
          expect(genotypeClasses(summary)).toEqual(classes)

          const chromosomes: Record<string, number> = {}
          for (const [chrom] of expected.records)
            chromosomes[canonicalChromosome(chrom)] = (chromosomes[canonicalChromosome(chrom)] ?? 0) + 1
          expect(summary.chromosomes).toEqual(chromosomes)

          // Calls at every single-record position of a primary chromosome carry bcftools' %TGT bases.
          let compared = 0
          for (const [chrom, pos, , , gt, tgt] of expected.records) {
            const key = `${chrom}:${pos}`
            const target = targets.find((t) => t.key === key)
            if (!target || !/^(\d+|X|Y|MT)$/.test(canonicalChromosome(chrom))) continue
            const call = result.calls.get(key)
            if (/^[./|]+$/.test(gt)) expect(`${key} ${call?.zygosity}`).toBe(`${key} no_call`)
            else
              expect(`${key} ${call?.alleles.join('/')}`).toBe(
                `${key} ${tgt.replace(/^[|/]/, '').replace(/\|/g, '/')}`,
              )
            compared++
          }
          expect(compared).toBeGreaterThan(10)
        }
      })
    }

    test('a GATK joint call of 300 samples: the classes of any sample match bcftools, on both paths', async () => {
      const path = write('joint300.vcf', jointCalled(300, 60))
      const packed = write('joint300.vcf.gz', bgzf(readFileSync(path)))
      for (const sample of ['S0000', 'S0001', 'S0150', 'S0299']) {
        const classes = { hom_ref: 0, het: 0, hom_alt: 0, hemizygous: 0, no_call: 0, partial: 0 }
        for (const gt of bcftoolsSample(path, sample)) classes[classOf(gt) as keyof typeof classes]++
        for (const [file, options] of [
          [path, { workers: 0 }],
          [packed, { workers: 2, segmentBytes: 16384 }],
        ] as const) {
          const { summary } = await scanSource(file, { ...options, sample })
          expect(summary.sample).toBe(sample)
          expect(genotypeClasses(summary)).toEqual(classes)
        }
      }
    })
  },
)

/** A GATK GenotypeGVCFs-like VCF: rsIDs, VQSR filters, PGT/PID/PS, '*' alleles, './.', '.|.', '0/.'. */
function jointCalled(samples: number, records: number): string {
  let seed = 12345
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    return seed / 0x7fffffff
  }
  const names = Array.from({ length: samples }, (_, i) => `S${String(i).padStart(4, '0')}`)
  const lines = [
    '##fileformat=VCFv4.2',
    '##FILTER=<ID=PASS,Description="All filters passed">',
    '##FILTER=<ID=VQSRTrancheSNP99.90to100.00,Description="Truth sensitivity tranche level">',
    '##FORMAT=<ID=AD,Number=R,Type=Integer,Description="Allelic depths">',
    '##FORMAT=<ID=DP,Number=1,Type=Integer,Description="Approximate read depth">',
    '##FORMAT=<ID=GQ,Number=1,Type=Integer,Description="Genotype Quality">',
    '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">',
    '##FORMAT=<ID=PGT,Number=1,Type=String,Description="Physical phasing haplotype">',
    '##FORMAT=<ID=PID,Number=1,Type=String,Description="Physical phasing ID">',
    '##FORMAT=<ID=PL,Number=G,Type=Integer,Description="Normalized, Phred-scaled likelihoods">',
    '##FORMAT=<ID=PS,Number=1,Type=Integer,Description="Phasing set">',
    '##INFO=<ID=AN,Number=1,Type=Integer,Description="Total number of alleles">',
    '##contig=<ID=chr1,length=248956422>',
    `#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\t${names.join('\t')}`,
  ]
  let pos = 10_000
  for (let r = 0; r < records; r++) {
    pos += 1 + Math.floor(random() * 200)
    const alt = r % 23 === 0 ? 'T,*' : r % 9 === 0 ? 'T,G' : 'T'
    const alts = alt.split(',').length
    const pl = Array((((alts + 1) * (alts + 2)) / 2) | 0)
      .fill('30')
      .join(',')
    const cells = names.map(() => {
      const x = random()
      const gt =
        x < 0.08
          ? './.'
          : x < 0.1
            ? '.|.'
            : x < 0.5
              ? '0/0'
              : x < 0.7
                ? '0|1'
                : x < 0.8
                  ? '1/1'
                  : x < 0.85
                    ? '0/.'
                    : alts > 1 && x < 0.9
                      ? '1/2'
                      : '0/1'
      if (gt.startsWith('.')) return random() < 0.5 ? gt : `${gt}:0,0${',0'.repeat(alts - 1)}:0:0:.:.:${pl}:.`
      if (gt.includes('|')) return `${gt}:5,5${',0'.repeat(alts - 1)}:10:30:0|1:${pos}_C_T:${pl}:${pos}`
      return `${gt}:5,5${',0'.repeat(alts - 1)}:10:30:.:.:${pl}:.`
    })
    lines.push(
      `chr1\t${pos}\trs${1000 + r}\tC\t${alt}\t${r}.5\t${r % 4 ? 'PASS' : 'VQSRTrancheSNP99.90to100.00'}\tAN=${2 * samples}\tGT:AD:DP:GQ:PGT:PID:PL:PS\t${cells.join('\t')}`,
    )
  }
  return `${lines.join('\n')}\n`
}

// --- VCF 4.4 / 4.5 ----------------------------------------------------------------------------------------

describe('VCF 4.4 and 4.5 features (bcftools 1.16 stops at the phasing prefixes, so the values are spelled out)', () => {
  test('phasing prefixes, <*>, local alleles, symbolic SVs and breakends', async () => {
    const path = shape('vcf45_features.vcf')
    for (const sample of ['A', 'B']) {
      const { summary, warnings, detection } = await scanSource(path, { sample })
      expect(detection.vcfVersion).toBe('4.5')
      expect(warnings).toEqual([])
      expect(summary.records).toBe(19)
      expect(summary.alleleTypes).toEqual({
        snv: 8,
        mnv: 0,
        insertion: 0,
        deletion: 1,
        complex: 0,
        symbolic: 5,
        breakend: 8,
        overlap: 1,
      })
      expect(summary.chromosomes).toEqual({ 1: 14, 2: 2, X: 1, Y: 1, MT: 1 })
      // A: |0|1 0/2 0/1 0/1 0/1 1/1 . 0/1 0/1 0/1 1 1/2 0|1 1/2 0/1 0/1 /1 1 1
      // B: /0/1 1/3 0/0 1/1 0/0 0/1 . 0/0 0/0 0/0 0 0/1 1|0 2/2 0/0 0/0 |0 . 0
      expect(genotypeClasses(summary)).toEqual(
        sample === 'A'
          ? { hom_ref: 0, het: 13, hom_alt: 1, hemizygous: 4, no_call: 1, partial: 0 }
          : { hom_ref: 7, het: 5, hom_alt: 2, hemizygous: 3, no_call: 2, partial: 0 },
      )
    }
  })
})

// --- packings -----------------------------------------------------------------------------------------------

describe('packings read exactly as the plain file', () => {
  const source = shape('dragen.hard-filtered.vcf')
  const { header, lines } = split(source)
  const targets = positionTargets(lines)
  const plainText = readFileSync(source)
  const plain = () => scanSource(source, { workers: 0, targets })
  const PACKING_WARNINGS = ['NO_FINAL_NEWLINE', 'BGZF_EOF_MISSING']

  const packings: [string, () => Uint8Array | string, string[]?][] = [
    ['CRLF line ends', () => plainText.toString().replace(/\n/g, '\r\n')],
    // The classic Mac line end, which some programs still write: BGZF never carries it (its blocks go to
    // the workers raw), plain and gzipped text do.
    ['bare CR line ends', () => plainText.toString().replace(/\n/g, '\r')],
    ['bare CR line ends, gzipped', () => gzipSync(Buffer.from(plainText.toString().replace(/\n/g, '\r')))],
    ['no newline after the last record', () => plainText.toString().replace(/\n$/, ''), ['NO_FINAL_NEWLINE']],
    [
      'CRLF without a final newline, in BGZF blocks of 997 bytes',
      () => bgzf(Buffer.from(plainText.toString().replace(/\n/g, '\r\n').replace(/\r\n$/, '')), () => 997),
      ['NO_FINAL_NEWLINE'],
    ],
    ['BGZF with an empty block after every other block', () => bgzf(plainText, () => 1500, 2)],
    [
      'two BGZF files joined, the second without header (cat a.vcf.gz b.vcf.gz)',
      () =>
        Buffer.concat([
          bgzf(Buffer.from(`${header + lines.slice(0, 50).join('\n')}\n`)),
          bgzf(Buffer.from(`${lines.slice(50).join('\n')}\n`)),
        ]),
    ],
    [
      'two BGZF files joined in the middle of a record',
      () => Buffer.concat([bgzf(plainText.subarray(0, 5017)), bgzf(plainText.subarray(5017))]),
    ],
    // Zero bytes after the end-of-file block, as tape and transfer tools pad files: read to the end, on
    // the workers too, and the end-of-file block before the padding is found.
    [
      'BGZF followed by 512 zero bytes',
      () => Buffer.concat([bgzf(plainText, () => 1500), new Uint8Array(512)]),
    ],
    ['BGZF followed by 7 zero bytes', () => Buffer.concat([bgzf(plainText, () => 1500), new Uint8Array(7)])],
    ['plain gzip (not BGZF)', () => gzipSync(plainText)],
    [
      'plain gzip of two members',
      () => Buffer.concat([gzipSync(plainText.subarray(0, 5017)), gzipSync(plainText.subarray(5017))]),
    ],
  ]
  for (const [what, make, expectedWarnings = []] of packings) {
    test(what, async () => {
      const expected = essentials(await plain())
      const path = write(
        `packed-${what.replace(/\W+/g, '-')}.vcf${typeof make() === 'string' ? '' : '.gz'}`,
        make(),
      )
      const runs = [await scanSource(path, { workers: 0, targets })]
      if (readFileSync(path).subarray(12, 14).toString() === 'BC')
        runs.push(await scanSource(path, { ...WORKERS, targets }))
      for (const result of runs) {
        expect(essentials(result, PACKING_WARNINGS)).toEqual(expected)
        expect(result.warnings.filter((w) => PACKING_WARNINGS.includes(w.code)).map((w) => w.code)).toEqual(
          expectedWarnings,
        )
      }
    })
  }

  test('a record crosses a BGZF block edge and a segment edge at every offset', async () => {
    const expected = essentials(await plain())
    // Blocks of 1 to 13 bytes and an empty block now and then; segments of 28 bytes of compressed data
    // upwards hold a few blocks each, so their edges fall at every offset of every line.
    const path = write(
      'tiny-blocks.vcf.gz',
      bgzf(plainText, (n) => 1 + ((n * 7) % 13), 9),
    )
    expect(essentials(await scanSource(path, { workers: 0, targets }))).toEqual(expected)
    for (let segmentBytes = 28; segmentBytes < 400; segmentBytes += 9)
      expect(essentials(await scanSource(path, { workers: 2, segmentBytes, targets }))).toEqual(expected)
  })

  test('INFO fields of 90 KiB and 1.5 MB (a VEP CSQ of thousands of transcripts)', async () => {
    const csq = (n: number) =>
      `CSQ=${Array.from({ length: n }, (_, i) => `A|missense_variant|MODERATE|GENE${i}|ENSG${String(i).padStart(11, '0')}|Transcript|ENST${String(i).padStart(11, '0')}|protein_coding|${i % 10}/10||||`).join(',')}`
    const long = lines.map((line, i) => {
      if (i !== 3 && i !== 20 && i !== 21) return line
      const f = line.split('\t')
      f[7] = csq(i === 20 ? 15_000 : 900)
      return f.join('\t')
    })
    expect(long[20].length).toBeGreaterThan(1_500_000)
    const text = `${header + long.join('\n')}\n`
    const shortPath = write('short-info.vcf', `${header + lines.join('\n')}\n`)
    const expected = essentials(await scanSource(shortPath, { workers: 0, targets }))
    const path = write('long-info.vcf.gz', bgzf(Buffer.from(text)))
    for (const options of [{ workers: 0 }, WORKERS, { workers: 2, segmentBytes: 100_000 }]) {
      const result = await scanSource(path, { ...options, targets })
      // The header's first 2,000 lines are validated only up to 2 MiB of text, which the long line reaches.
      expect(essentials(result, ['VCF_CONTIG_NAME']).summary).toEqual(expected.summary)
      expect(essentials(result).calls).toEqual(expected.calls)
    }
  })

  test('non-ASCII bytes in INFO (UTF-8 and Latin-1)', async () => {
    const expected = essentials(await plain())
    const text = Buffer.concat(
      lines.map((line, i) => {
        const bytes = Buffer.from(`${line}\n`)
        if (i % 7 !== 0) return bytes
        const tab = bytes.indexOf(9, bytes.indexOf(`\t${line.split('\t')[7]}\t`) + 1)
        const note =
          i % 2 ? Buffer.from(';NOTE=Größe_–_🧬') : Buffer.from([0x3b, 0x4e, 0x3d, 0x63, 0x61, 0x66, 0xe9])
        return Buffer.concat([bytes.subarray(0, tab), note, bytes.subarray(tab)])
      }),
    )
    const path = write('non-ascii.vcf', Buffer.concat([Buffer.from(header), text]))
    const packed = write(
      'non-ascii.vcf.gz',
      bgzf(readFileSync(path), () => 333),
    )
    for (const [file, options] of [
      [path, { workers: 0 }],
      [packed, WORKERS],
    ] as const) {
      const result = await scanSource(file, { ...options, targets })
      expect(essentials(result).summary).toEqual(expected.summary)
      expect(essentials(result).calls).toEqual(expected.calls)
    }
  })
})

// --- defects found with these shapes ----------------------------------------------------------------------

describe('data lines ending with a tab', () => {
  // htslib reads past a tab at the end of a data line; the reader refused the file ("expected 10
  // tab-separated columns ..., found 11"), even when the #CHROM line ended with a tab too, which it accepts.
  const source = shape('deepvariant.vcf')
  const { header, lines } = split(source)
  const withTabs = lines.map((line) => `${line}\t`).join('\n')
  const cases: [string, string, string][] = [
    ['data lines only', `${header + withTabs}\n`, source],
    ['the #CHROM line and the data lines', `${header.replace(/\n$/, '\t\n') + withTabs}\n`, source],
    [
      'a sites-only file',
      header.replace(/\tFORMAT\tHG002\n$/, '\n') +
        lines.map((l) => `${l.split('\t').slice(0, 8).join('\t')}\t`).join('\n') +
        '\n',
      '',
    ],
  ]
  for (const [what, text, same] of cases) {
    test(`${what}: read as without the tab, with one warning`, async () => {
      const path = write(`trailing-tab-${what.replace(/\W+/g, '-')}.vcf`, text)
      const packed = write(
        `trailing-tab-${what.replace(/\W+/g, '-')}.vcf.gz`,
        bgzf(Buffer.from(text), () => 1000),
      )
      const reference =
        same !== ''
          ? essentials(await scanSource(same, { workers: 0 }))
          : essentials(await scanSource(write('sites.vcf', text.replace(/\t\n/g, '\n')), { workers: 0 }))
      for (const [file, options] of [
        [path, { workers: 0 }],
        [packed, WORKERS],
      ] as const) {
        const result = await scanSource(file, options)
        expect(essentials(result).summary).toEqual(reference.summary)
        const tabWarning = result.warnings.find((w) => w.code === 'TRAILING_TAB')
        expect(tabWarning?.line).toBe(header.split('\n').length)
        expect(tabWarning?.message).toContain(`${lines.length} times`)
      }
    })
  }

  test('a line with one column too many that is not empty is still refused with its line', async () => {
    const text = `${header}${lines[0]}\n${lines[1]}\textra\n`
    await expect(scanSource(write('extra-column.vcf', text), { workers: 0 })).rejects.toMatchObject({
      code: 'COLUMN_COUNT',
      line: header.split('\n').length + 1,
    })
  })
})

describe('two complete VCFs joined end to end', () => {
  // `cat a.vcf.gz b.vcf.gz` where both files have a header: the reader skipped the second header without a
  // word and read b's records as a's sample (bcftools reads the header lines as records and fails).
  const source = shape('dragen.hard-filtered.vcf')
  const { header, lines } = split(source)
  const first = `${header + lines.slice(0, 60).join('\n')}\n`
  const second = `${header + lines.slice(60).join('\n')}\n`
  const repeatedAt = first.split('\n').length - 1 + header.split('\n').length - 1

  test('the second header is named with its line, on the main thread and on the workers', async () => {
    const joined = write(
      'joined.vcf.gz',
      Buffer.concat([bgzf(Buffer.from(first)), bgzf(Buffer.from(second))]),
    )
    const tiny = write(
      'joined-tiny.vcf.gz',
      Buffer.concat([
        bgzf(Buffer.from(first), (n) => 1 + ((n * 7) % 13)),
        bgzf(Buffer.from(second), (n) => 1 + ((n * 5) % 11)),
      ]),
    )
    const runs = [
      await scanSource(joined, { workers: 0 }),
      await scanSource(joined, WORKERS),
      ...(await Promise.all(
        [28, 61, 150, 333].map((segmentBytes) => scanSource(tiny, { workers: 2, segmentBytes })),
      )),
    ]
    for (const { warnings, summary } of runs) {
      expect(summary.records).toBe(lines.length)
      expect(warnings.filter((w) => w.code === 'REPEATED_HEADER')).toEqual([
        expect.objectContaining({ code: 'REPEATED_HEADER', line: repeatedAt }),
      ])
    }
  })

  test('a file with one header, joined from a header-only file and a body, gets no such warning', async () => {
    const path = write(
      'one-header.vcf.gz',
      Buffer.concat([bgzf(Buffer.from(header)), bgzf(Buffer.from(`${lines.join('\n')}\n`))]),
    )
    for (const options of [{ workers: 0 }, WORKERS]) {
      const { warnings } = await scanSource(path, options)
      expect(warnings.map((w) => w.code)).not.toContain('REPEATED_HEADER')
    }
  })
})

// BCF (binary VCF) is read by decoding it back into the VCF text bcftools prints (genetics-core/bcf/),
// so everything after detection is the text path. Each fixture under fixtures/genetics/bcf/ is a BCF
// written by `bcftools view -Ob` and, beside it, the VCF.GZ bcftools prints from that BCF: the decoded
// text must equal that VCF's text byte for byte, and `inspect --annotate compact --ancestry` must give
// the same JSON but for the fields that name the format and the compression. The same BCF uncompressed,
// gzipped, zipped, as BCF 2.1 and on standard input reads the same; damaged BCFs end in typed errors.

import { heapStats } from 'bun:jsc'
import { afterAll, describe, expect, test } from 'bun:test'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { zipSync } from 'fflate'
import { bcfToVcfText } from '../../genetics-core/bcf/bcf-to-vcf-text'
import { formatBcfFloat, writeBcfFloat } from '../../genetics-core/bcf/format-float'
import { openBcfText } from '../../genetics-core/bcf/open-bcf-text'
import { TextWriter } from '../../genetics-core/bcf/text-writer'
import { buildReferenceIndex } from '../../genetics-core/dbsnp/reference-index/build-index'
import {
  analyzeGeneticsSource,
  annotateWithDbsnp,
  type DbsnpOptions,
  detectSource,
  GeneticsInputError,
  scanSource,
} from '../../genetics-core/index'
import { bcftoolsPath } from './support/bcftools'
import { bgzf } from './support/bgzf'
import { fixture, repoRoot, tempDir } from './support/fixtures'
import { runGeneticsCli } from './support/run-cli'

const tmp = tempDir()
afterAll(() => tmp.remove())

/** BCF fixtures, each beside `NAME.vcf.gz` (bcftools' VCF of it): what each one covers. */
const FIXTURES: [string, string][] = [
  ['synthetic_variants_grch37', 'one sample, catalog and ancestry sites'],
  ['synthetic_haplotypecaller_grch37.g', 'gVCF with <NON_REF> and END reference blocks'],
  ['synthetic_trio_grch37', 'three samples'],
  ['kidd.aisnp.1kg.train', '1,252 samples: records cut across decompressed pieces'],
  ['na12878_chr21_head4000', 'a real genome excerpt, floats in INFO and FORMAT'],
  ['y-chrom-haploid', 'haploid Y calls, symbolic CNV alleles, many INFO fields'],
  ['fill-tags-hemi', 'haploid and partly missing calls (0/., ./1), multi-allelic'],
  [
    'test-genotypes',
    'missing values (., ./.) and haploid beside diploid in one record (end-of-vector padding)',
  ],
  ['norm.phased-split', 'phased GT with four alleles'],
  ['deepvariant', 'multi-allelic 1/2, ./. and ./1, chrX and chrM, RefCall/NoCall filters'],
  ['dragen.g', 'gVCF with ./. blocks and missing FORMAT values'],
  ['strelka2.genome', 'ALT "." blocks from POS 1, haploid 0 and 1, String FORMAT values'],
  ['vcf_file', "htslib's own test BCF: 2 samples, 34 ALTs (a long typed vector), FORMAT per record"],
  ['negative-values', 'negative integers of 8, 16 and 32 bits at their edges, in INFO and FORMAT vectors'],
]

const bcfPath = (name: string) => fixture('bcf', `${name}.bcf`)
const vcfPath = (name: string) => fixture('bcf', `${name}.vcf.gz`)

type Doc = Record<string, Record<string, unknown>>

async function inspectJson(path: string, ...options: string[]): Promise<Doc> {
  const { status, out, err } = await runGeneticsCli(['inspect', path, '--json', ...options])
  expect([status, err]).toEqual([0, []])
  return JSON.parse(out.join('\n'))
}

/**
 * The document without the fields that name the format, the compression and the file's sizes (a BCF's
 * decompressed bytes are its binary records', not the text bcftools prints from them).
 */
function withoutContainer(doc: Doc): Doc {
  const copy = structuredClone(doc)
  for (const key of ['format', 'compression', 'fileBytes', 'archiveEntry']) delete copy.detection[key]
  delete copy.summary.format
  delete copy.summary.bytes
  return copy
}

async function decodedText(path: string, compression: 'bgzf' | 'gzip' | 'none' = 'bgzf'): Promise<string> {
  const text = await openBcfText(path, compression)
  const pieces: string[] = []
  const decoder = new TextDecoder()
  for await (const piece of text.chunks) pieces.push(decoder.decode(piece, { stream: true }))
  return pieces.join('')
}

/** The BCF's bytes as htslib writes them before BGZF compression. */
const rawBcf = (name: string) => new Uint8Array(gunzipSync(readFileSync(bcfPath(name))))

function write(name: string, bytes: Uint8Array | string): string {
  const path = tmp.path(name)
  writeFileSync(path, bytes)
  return path
}

describe('BCF fixtures read as the VCF.GZ bcftools prints from them', () => {
  for (const [name, covers] of FIXTURES) {
    test(`${name} (${covers}): decoded text equals bcftools' VCF, byte for byte`, async () => {
      const expected = gunzipSync(readFileSync(vcfPath(name))).toString('utf8')
      const decoded = await decodedText(bcfPath(name))
      expect(decoded.split('\n')).toEqual(expected.split('\n'))
      // The committed VCF.GZ is what this machine's bcftools prints, when it is installed.
      if (bcftoolsPath) {
        const live = Bun.spawnSync(['bcftools', 'view', '--no-version', bcfPath(name)]).stdout.toString()
        expect(live).toBe(expected)
      }
    })

    test(`${name}: inspect --annotate compact --ancestry gives the VCF.GZ's JSON`, async () => {
      const bcf = await inspectJson(bcfPath(name), '--annotate', 'compact', '--ancestry')
      const vcf = await inspectJson(vcfPath(name), '--annotate', 'compact', '--ancestry')
      expect(bcf.detection.format).toBe('bcf')
      expect(bcf.summary.format).toBe('bcf')
      expect(['vcf', 'gvcf']).toContain(vcf.detection.format as string)
      expect(bcf.detection.isGvcf).toBe(vcf.detection.format === 'gvcf')
      expect(bcf.detection.compression).toBe('bgzf')
      expect((bcf.summary.records as number) > 0).toBe(true)
      expect((bcf.summary.bytes as { text: number }).text).toBe(rawBcf(name).length)
      expect(withoutContainer(bcf)).toEqual(withoutContainer(vcf))
    })
  }

  test('the calls at catalog and ancestry sites are found in a BCF (not only counted)', async () => {
    const doc = await inspectJson(bcfPath('synthetic_variants_grch37'), '--annotate', 'compact', '--ancestry')
    expect((doc.compact.findings as unknown[]).length).toBeGreaterThan(5)
    expect((doc.ancestry.coverage as { found: number }).found).toBeGreaterThan(30)
    expect(doc.strand).toMatchObject({ method: 'reference_allele', orientation: 'plus' })
  })

  test('--all-samples reads every sample of a multi-sample BCF as of its VCF.GZ', async () => {
    const lines = async (path: string) => {
      const { status, out } = await runGeneticsCli(['inspect', path, '--all-samples', '--ancestry'])
      expect(status).toBe(0)
      return out.map((line) => JSON.parse(line))
    }
    const bcf = await lines(bcfPath('synthetic_trio_grch37'))
    const vcf = await lines(vcfPath('synthetic_trio_grch37'))
    expect(bcf.map((l) => l.sample)).toEqual([undefined, 'SYNTH_CHILD', 'SYNTH_MOTHER', 'SYNTH_FATHER'])
    expect(bcf.slice(1)).toEqual(vcf.slice(1))
    expect(withoutContainer(bcf[0])).toEqual(withoutContainer(vcf[0]))
  })

  test('--sample picks a BCF sample; an unknown one is refused as for a VCF', async () => {
    const doc = await inspectJson(bcfPath('synthetic_trio_grch37'), '--sample', 'SYNTH_MOTHER')
    expect(doc.summary.sample).toBe('SYNTH_MOTHER')
    const error = await scanSource(bcfPath('synthetic_trio_grch37'), { sample: 'NOBODY' }).catch((e) => e)
    expect(error).toBeInstanceOf(GeneticsInputError)
    expect(error.code).toBe('UNKNOWN_SAMPLE')
  })
})

describe('the same BCF packed other ways reads the same', () => {
  const name = 'na12878_chr21_head4000'
  const reference = async () => withoutContainer(await inspectJson(bcfPath(name)))

  test('uncompressed (bcftools -Ou), plain gzip and zipped', async () => {
    const expected = await reference()
    const raw = write('raw.bcf', rawBcf(name))
    const gz = write('plain-gzip.bcf.gz', gzipSync(rawBcf(name)))
    const zip = write(
      'bcf.zip',
      zipSync({ 'README.txt': new TextEncoder().encode('read me\n'), 'x.bcf': readFileSync(bcfPath(name)) }),
    )
    const cases: [string, string][] = [
      [raw, 'none'],
      [gz, 'gzip'],
      [zip, 'zip'],
    ]
    for (const [path, compression] of cases) {
      const doc = await inspectJson(path)
      expect([doc.detection.format, doc.detection.compression]).toEqual(['bcf', compression])
      // The zip also says which entry it read; everything else is the BGZF file's.
      for (const part of [doc, doc.detection] as { warnings: { code: string }[] }[])
        part.warnings = part.warnings.filter((w) => w.code !== 'ZIP_MULTIPLE_ENTRIES')
      expect(withoutContainer(doc)).toEqual(expected)
    }
    expect((await inspectJson(zip)).detection.archiveEntry).toBe('x.bcf')
  })

  test('BCF 2.1 (the magic htsjdk writes) reads as 2.2', async () => {
    const bytes = rawBcf(name)
    bytes[4] = 1
    const path = write('v21.bcf', bytes)
    expect(withoutContainer(await inspectJson(path))).toEqual(await reference())
  })

  test('records cut across input pieces of every size decode the same', async () => {
    for (const fixtureName of ['kidd.aisnp.1kg.train', 'vcf_file', name]) {
      const bytes = rawBcf(fixtureName)
      const whole = await collect(bcfToVcfText(pieces([bytes])))
      let seed = 7
      const random = () => {
        seed = (seed * 1103515245 + 12345) % 2147483648
        return seed / 2147483648
      }
      for (const maxPiece of [1, 7, 300, 70_000]) {
        const parts: Uint8Array[] = []
        for (let at = 0; at < bytes.length; ) {
          const size = 1 + Math.floor(random() * maxPiece)
          parts.push(bytes.slice(at, at + size))
          at += size
        }
        expect(await collect(bcfToVcfText(pieces(parts)))).toBe(whole)
      }
    }
  })

  test('standard input gives the JSON the file gives (decoded on the workers as BGZF arrives)', async () => {
    // As bcftools writes it, and in blocks of 1 to 97 bytes, so records cross blocks and pipe reads.
    const tiny = write(
      'stdin-tiny-blocks.bcf',
      bgzf(rawBcf('na12878_chr21_head4000'), (n) => 1 + ((n * 31) % 97)),
    )
    for (const path of [bcfPath('synthetic_haplotypecaller_grch37.g'), tiny]) {
      const proc = Bun.spawn(
        ['bun', join(repoRoot, 'genetics-core', 'cli.ts'), 'inspect', '-', '--annotate', 'compact'],
        {
          stdin: readFileSync(path),
          stdout: 'pipe',
          stderr: 'pipe',
        },
      )
      const [out, err, status] = await Promise.all([
        new Response(proc.stdout).text(),
        new Response(proc.stderr).text(),
        proc.exited,
      ])
      expect([status, err]).toEqual([0, ''])
      expect(JSON.parse(out)).toEqual(await inspectJson(path, '--annotate', 'compact'))
    }
  })

  test('detectSource names a BCF bcf and reads its header: samples, contigs, version, build', async () => {
    const detection = await detectSource(bcfPath('synthetic_trio_grch37'))
    expect(detection).toMatchObject({
      format: 'bcf',
      compression: 'bgzf',
      vcfVersion: '4.2',
      isGvcf: false,
      samples: ['SYNTH_CHILD', 'SYNTH_MOTHER', 'SYNTH_FATHER'],
    })
    expect(detection.build.build).toBe('GRCh37')
    expect((await detectSource(bcfPath('dragen.g'))).isGvcf).toBe(true)
  })
})

describe('analyzeGeneticsSource (what HTTP uploads run) on a BCF', () => {
  test('compact findings, ancestry, strand and genetic sex equal the VCF.GZ', async () => {
    const name = 'synthetic_haplotypecaller_grch37.g'
    const bcf = await analyzeGeneticsSource(bcfPath(name), { annotation: 'compact', ancestry: true })
    const vcf = await analyzeGeneticsSource(vcfPath(name), { annotation: 'compact', ancestry: true })
    expect(bcf.detection.format).toBe('bcf')
    expect(bcf.detection.isGvcf).toBe(true)
    expect(bcf.compact).toEqual(vcf.compact)
    expect(bcf.ancestry).toEqual(vcf.ancestry)
    expect(bcf.strand).toEqual(vcf.strand)
    expect(bcf.geneticSex).toEqual(vcf.geneticSex)
    expect(bcf.warnings).toEqual(vcf.warnings)
    expect(bcf.compact?.findings.length).toBeGreaterThan(5)
  })

  test('full dbSNP annotation of a BCF assigns what the same records as VCF.GZ get, on every join path', async () => {
    const dbsnp = fixture('dbsnp', 'dbsnp_b144_grch37p13_chr1_head582.vcf.gz')
    const index = tmp.path('dbsnp-index')
    await buildReferenceIndex(dbsnp, index, { workers: 0 })
    const join = async (path: string, reference: string, options: DbsnpOptions = {}) => {
      const assigned: string[] = []
      const result = await annotateWithDbsnp(path, reference, {
        ...options,
        onAssigned: (chrom, pos, ref, alt, rs) => assigned.push(`${chrom}:${pos}:${ref}>${alt}=rs${rs}`),
      })
      return { result, assigned }
    }
    const name = 'dbsnp_b146_chr_names_noid'
    const uncompressed = write('join-uncompressed.bcf', rawBcf(name))
    const zip = write('join.zip', zipSync({ 'calls.bcf': readFileSync(bcfPath(name)) }))
    // BGZF blocks of 1 to 97 bytes: on the workers, records cross block and segment edges everywhere.
    const tinyBlocks = write(
      'join-tiny-blocks.bcf',
      bgzf(rawBcf(name), (n) => 1 + ((n * 31) % 97)),
    )
    for (const [reference, options] of [
      [dbsnp, { method: 'merge_join', workers: 0 }],
      [dbsnp, { method: 'merge_join', workers: 2 }],
      [dbsnp, { method: 'tabix', workers: 0 }],
      [dbsnp, { method: 'tabix', workers: 2 }],
      [index, { workers: 0 }],
      [index, { workers: 2 }],
    ] as [string, DbsnpOptions][]) {
      const expected = await join(vcfPath(name), reference, options)
      expect(expected.result.assigned).toBeGreaterThan(50)
      for (const path of [bcfPath(name), uncompressed, zip, tinyBlocks]) {
        const got = await join(path, reference, options)
        expect(got.assigned).toEqual(expected.assigned)
        expect(got.result).toEqual(expected.result)
      }
    }

    // Records in reverse order: the merge join finds the input unsorted and goes on by region reads,
    // reopening the BCF; the same assignments as the VCF.GZ in the same order.
    const bytes = rawBcf(name)
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    const headerEnd = 9 + view.getUint32(5, true)
    const records: Uint8Array[] = []
    for (let at = headerEnd; at < bytes.length; ) {
      const end = at + 8 + view.getUint32(at, true) + view.getUint32(at + 4, true)
      records.push(bytes.subarray(at, end))
      at = end
    }
    const reversedBcf = write(
      'join-reversed.bcf',
      bgzf(Buffer.concat([bytes.subarray(0, headerEnd), ...records.reverse()]), () => 300),
    )
    const vcfLines = new TextDecoder()
      .decode(gunzipSync(readFileSync(vcfPath(name))))
      .trimEnd()
      .split('\n')
    const headerLines = vcfLines.filter((l) => l.startsWith('#'))
    const reversedVcf = write(
      'join-reversed.vcf',
      `${[...headerLines, ...vcfLines.filter((l) => !l.startsWith('#')).reverse()].join('\n')}\n`,
    )
    for (const workers of [0, 2]) {
      const expected = await join(reversedVcf, dbsnp, { method: 'merge_join', workers })
      expect(expected.result.warnings.map((w) => w.code)).toContain('INPUT_UNSORTED')
      const got = await join(reversedBcf, dbsnp, { method: 'merge_join', workers })
      expect(got.assigned).toEqual(expected.assigned)
      expect(got.result).toEqual(expected.result)
    }

    // A file cut inside a record is the same error on the workers as on one thread.
    const raw = rawBcf(name)
    const cut = write(
      'join-cut.bcf',
      bgzf(raw.subarray(0, raw.length - 30), () => 200),
    )
    const failure = (workers: number) =>
      join(cut, index, { workers }).then(
        () => null,
        (error) => ({ code: error.code, message: error.message }),
      )
    const onWorkers = await failure(2)
    expect(onWorkers?.code).toBe('TRUNCATED_INPUT')
    expect(onWorkers).toEqual(await failure(0))

    const analysis = await analyzeGeneticsSource(bcfPath(name), {
      annotation: 'full_dbsnp',
      dbsnpPath: dbsnp,
    })
    expect(analysis.dbsnp).toMatchObject({ method: 'merge_join', alleles: 66, assigned: 62 })
    const { status, out } = await runGeneticsCli([
      'inspect',
      bcfPath(name),
      '--annotate',
      'full',
      '--dbsnp',
      index,
    ])
    expect(status).toBe(0)
    expect(JSON.parse(out.join('\n')).dbsnp).toMatchObject({ method: 'index', alleles: 66, assigned: 62 })
  })
})

// A BCF written by hand, byte by byte, for the records bcftools would never write.
const HEADER = [
  '##fileformat=VCFv4.2',
  '##FILTER=<ID=PASS,Description="All filters passed">',
  '##INFO=<ID=DP,Number=1,Type=Integer,Description="Depth">',
  '##INFO=<ID=NOTE,Number=1,Type=String,Description="Note">',
  '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">',
  '##contig=<ID=1,length=249250621>',
  '#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tS1',
].join('\n')
// String dictionary: PASS 0, DP 1, NOTE 2, GT 3. Contigs: 1 -> 0.

const u32 = (v: number) => [v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, (v >>> 24) & 0xff]
const typedString = (s: string) => [(s.length << 4) | 7, ...new TextEncoder().encode(s)]
const int8 = (v: number) => [0x11, v & 0xff]

interface RecordParts {
  rid?: number
  pos0?: number
  alleles?: string[]
  filters?: number[]
  info?: number[][]
  nInfo?: number
  gt?: number[]
  nSample?: number
  /** Bytes added to l_shared / l_indiv as written (the fields themselves unchanged). */
  sharedSlack?: number
  indivSlack?: number
}

function record(parts: RecordParts = {}): number[] {
  const {
    rid = 0,
    pos0 = 99,
    alleles = ['A', 'G'],
    filters = [0],
    info = [[...int8(1), ...int8(30)]],
    gt = [0x02, 0x04],
  } = parts
  const nInfo = parts.nInfo ?? info.length
  const nSample = parts.nSample ?? 1
  const shared = [
    ...u32(rid),
    ...u32(pos0),
    ...u32(1),
    ...u32(0x7f800001),
    ...u32((alleles.length << 16) | nInfo),
    ...u32(((gt.length > 0 ? 1 : 0) << 24) | nSample),
    ...typedString(''),
    ...alleles.flatMap(typedString),
    (filters.length << 4) | 1,
    ...filters,
    ...info.flat(),
  ]
  const indiv = gt.length > 0 ? [...int8(3), (gt.length << 4) | 1, ...gt] : []
  return [
    ...u32(shared.length + (parts.sharedSlack ?? 0)),
    ...u32(indiv.length + (parts.indivSlack ?? 0)),
    ...shared,
    ...indiv,
  ]
}

function bcfBytes(
  records: number[][],
  { header = HEADER, magic = [0x42, 0x43, 0x46, 2, 2] } = {},
): Uint8Array {
  const text = [...new TextEncoder().encode(`${header}\n`), 0]
  return Uint8Array.from([...magic, ...u32(text.length), ...text, ...records.flat()])
}

async function failure(bytes: Uint8Array, name = 'bad.bcf'): Promise<GeneticsInputError> {
  const error = await scanSource(write(name, bytes)).then(
    () => null,
    (e) => e,
  )
  expect(error).toBeInstanceOf(GeneticsInputError)
  return error as GeneticsInputError
}

describe('a BCF written by hand', () => {
  test('decodes to the VCF line it encodes', async () => {
    const path = write(
      'hand.bcf',
      bcfBytes([
        record(),
        record({ pos0: 199, info: [[...int8(2), ...typedString('a,b')]], gt: [0x04, 0x81] }),
      ]),
    )
    const text = await decodedText(path, 'none')
    expect(text.split('\n').slice(-3)).toEqual([
      '1\t100\t.\tA\tG\t.\tPASS\tDP=30\tGT\t0/1',
      '1\t200\t.\tA\tG\t.\tPASS\tNOTE=a,b\tGT\t1',
      '',
    ])
    expect(text).not.toContain('IDX=')
    const scan = await scanSource(path)
    expect(scan.summary.genotypes).toMatchObject({ het: 1, hemizygous: 1 })
  })

  test("BCF 2.1's haploid call padded with the missing value (0x80) reads as haploid", async () => {
    const text = await decodedText(
      write('v21-haploid.bcf', bcfBytes([record({ gt: [0x04, 0x80] })], { magic: [0x42, 0x43, 0x46, 2, 1] })),
      'none',
    )
    expect(text.trimEnd().split('\n').at(-1)).toBe('1\t100\t.\tA\tG\t.\tPASS\tDP=30\tGT\t1')
  })

  test('IDX attributes place dictionary entries and are dropped from the text', async () => {
    const header = HEADER.replace('Description="Depth">', 'Description="Depth",IDX=7>').replace(
      '##contig=<ID=1,',
      '##contig=<ID=1,IDX=2,',
    )
    // DP is entry 7; NOTE takes the next free one (8) and GT 9; contig 1 is entry 2.
    const path = write(
      'idx.bcf',
      bcfBytes([record({ rid: 2, info: [[...int8(7), ...int8(30)]], gt: [] })], { header }),
    )
    // Without FORMAT fields each sample is '.'.
    const text = await decodedText(path, 'none')
    expect(text).toContain('##INFO=<ID=DP,Number=1,Type=Integer,Description="Depth">\n')
    expect(text).toContain('##contig=<ID=1,length=249250621>\n')
    expect(text.trimEnd().split('\n').at(-1)).toBe('1\t100\t.\tA\tG\t.\tPASS\tDP=30\t.\t.')
  })
})

describe('a damaged BCF is a typed error, never a hang or a RangeError', () => {
  const expectError = async (
    bytes: Uint8Array,
    code: GeneticsInputError['code'],
    message: string | RegExp,
  ) => {
    const error = await failure(bytes)
    expect(error.code).toBe(code)
    if (typeof message === 'string') expect(error.message).toContain(message)
    else expect(error.message).toMatch(message)
  }

  test('truncated: inside a record, inside the header, at a BGZF block boundary and inside a block', async () => {
    const raw = rawBcf('na12878_chr21_head4000')
    await expectError(
      raw.subarray(0, raw.length - 10),
      'TRUNCATED_INPUT',
      /the BCF ends inside record 4000; the file looks truncated/,
    )
    await expectError(raw.subarray(0, 200), 'TRUNCATED_INPUT', 'the BCF ends inside its header')
    await expectError(raw.subarray(0, 7), 'TRUNCATED_INPUT', 'the BCF ends inside its header')
    // htslib starts a new BGZF block rather than split a record, so a BGZF BCF cut where a block ends
    // holds whole records: what tells it is the missing end-of-file block, as for a VCF.GZ.
    const bgzf = readFileSync(bcfPath('na12878_chr21_head4000'))
    const blockEnd = 1 + (bgzf[16] | (bgzf[17] << 8))
    const secondEnd = blockEnd + 1 + (bgzf[blockEnd + 16] | (bgzf[blockEnd + 17] << 8))
    const cut = await scanSource(write('cut-at-block.bcf', bgzf.subarray(0, secondEnd)))
    expect(cut.summary.records).toBeLessThan(4000)
    expect(cut.warnings.map((w) => w.code)).toContain('BGZF_EOF_MISSING')
    // Inside a block, the gzip layer says it.
    await expectError(bgzf.subarray(0, secondEnd - 100), 'TRUNCATED_INPUT', 'the compressed data ends early')
    // A complete gzip stream of a BCF cut mid-record: the BCF's own lengths tell.
    await expectError(
      gzipSync(raw.subarray(0, raw.length - 10)),
      'TRUNCATED_INPUT',
      'the BCF ends inside record 4000',
    )
  })

  test('a magic version other than 2.1 and 2.2', async () => {
    const raw = rawBcf('synthetic_variants_grch37')
    const v23 = raw.slice()
    v23[4] = 3
    await expectError(
      v23,
      'UNSUPPORTED_FORMAT',
      'BCF version 2.3 is not supported (BCF 2.1 and 2.2 are read)',
    )
    const v1 = raw.slice()
    v1[3] = 4
    await expectError(v1, 'UNSUPPORTED_FORMAT', 'BCF version 1 (samtools 0.1) is not supported')
    // Compressed too: the magic is looked for after inflating.
    await expectError(gzipSync(v23), 'UNSUPPORTED_FORMAT', 'BCF version 2.3')
  })

  test('a corrupted length: l_shared too long or too short, l_indiv too short', async () => {
    const raw = rawBcf('synthetic_variants_grch37')
    const firstRecord = 9 + new DataView(raw.buffer).getUint32(5, true)
    const view = new DataView(raw.buffer)
    const longer = raw.slice()
    new DataView(longer.buffer).setUint32(firstRecord, view.getUint32(firstRecord, true) + 4, true)
    await expectError(longer, 'BAD_RECORD', /BCF record 1: .*l_shared/)
    const shorter = raw.slice()
    new DataView(shorter.buffer).setUint32(firstRecord, view.getUint32(firstRecord, true) - 3, true)
    await expectError(shorter, 'BAD_RECORD', /BCF record 1: .*(runs past|l_shared)/)
    const indiv = raw.slice()
    new DataView(indiv.buffer).setUint32(firstRecord + 4, view.getUint32(firstRecord + 4, true) - 1, true)
    await expectError(indiv, 'BAD_RECORD', /BCF record 1: .*(runs past|l_indiv)/)
    await expectError(
      bcfBytes([record({ sharedSlack: -30 })]),
      'BAD_RECORD',
      'less than the 24 its fixed fields take',
    )
    await expectError(bcfBytes([record({ indivSlack: 2 }), record()]), 'BAD_RECORD', 'l_indiv says')
    await expectError(
      bcfBytes([[...u32(0x7fffffff), ...u32(0x7fffffff)]]),
      'BAD_RECORD',
      'beyond any real record',
    )
  })

  test('dictionary indices out of range: contig, FILTER, INFO and FORMAT keys', async () => {
    await expectError(
      bcfBytes([record({ rid: 5 })]),
      'BAD_RECORD',
      'its CHROM is contig 5, which the header does not declare',
    )
    await expectError(bcfBytes([record({ rid: -1 })]), 'BAD_RECORD', 'contig -1')
    await expectError(
      bcfBytes([record({ filters: [9] })]),
      'BAD_RECORD',
      'a FILTER key is dictionary entry 9',
    )
    await expectError(
      bcfBytes([record({ info: [[...int8(40), ...int8(1)]] })]),
      'BAD_RECORD',
      'an INFO key is dictionary entry 40',
    )
    const badFormatKey = record()
    badFormatKey[badFormatKey.length - 4] = 50
    await expectError(bcfBytes([badFormatKey]), 'BAD_RECORD', 'a FORMAT key is dictionary entry 50')
  })

  test('typed values that run past their record, unknown types, negative GT, a sample count the header denies', async () => {
    // NOTE claims 12 characters; 3 follow before the record's end.
    await expectError(
      bcfBytes([record({ info: [[...int8(2), 0xc7, 0x61, 0x62, 0x63]] })]),
      'BAD_RECORD',
      'runs past the end of its block',
    )
    // More INFO fields than the record holds.
    await expectError(bcfBytes([record({ nInfo: 3 })]), 'BAD_RECORD', 'runs past the end of its block')
    await expectError(
      bcfBytes([record({ info: [[...int8(1), 0x14, 0, 0, 0, 0, 0, 0, 0, 0]] })]),
      'BAD_RECORD',
      'unknown value type 4',
    )
    await expectError(bcfBytes([record({ gt: [0x02, 0xf0] })]), 'BAD_RECORD', 'a GT value is negative')
    await expectError(
      bcfBytes([record({ nSample: 2 })]),
      'BAD_RECORD',
      'it holds 2 samples but the header names 1',
    )
    await expectError(bcfBytes([record({ alleles: [] })]), 'BAD_RECORD', 'no REF allele')
  })

  test('a header without #CHROM, two entries given one IDX, a header length beyond reason', async () => {
    await expectError(bcfBytes([], { header: '##fileformat=VCFv4.2' }), 'BAD_HEADER', 'has no #CHROM line')
    const conflicting = HEADER.replace('Description="Depth">', 'Description="Depth",IDX=3>').replace(
      'Description="Note">',
      'Description="Note",IDX=3>',
    )
    await expectError(
      bcfBytes([], { header: conflicting }),
      'BAD_HEADER',
      'gives IDX=3 to two header IDs (DP and NOTE)',
    )
    await expectError(
      Uint8Array.from([0x42, 0x43, 0x46, 2, 2, ...u32(0xfffffff0)]),
      'BAD_HEADER',
      'beyond any real header',
    )
  })

  test('a length prefix claiming 200 MB in a small file takes no 200 MB buffer before the end', async () => {
    // Found while writing bcf-corruption.test.ts: the carry buffer was sized to the length the unit's
    // prefix claims as soon as its second piece arrived (up to 256 MiB for a header, 64 MiB a record).
    const raw = rawBcf('na12878_chr21_head4000')
    const firstRecord = 9 + new DataView(raw.buffer).getUint32(5, true)
    const header = raw.slice()
    new DataView(header.buffer).setUint32(5, 200 << 20, true)
    const record = raw.slice()
    new DataView(record.buffer).setUint32(firstRecord, 60 << 20, true)
    for (const [bytes, where] of [
      [header, 'inside its header'],
      [record, 'inside record 1'],
    ] as const) {
      let grown = 0
      async function* pieces() {
        const before = heapStats().extraMemorySize
        for (let at = 0; at < bytes.length; at += 1 << 16) {
          yield bytes.slice(at, at + (1 << 16))
          grown = Math.max(grown, heapStats().extraMemorySize - before)
        }
      }
      const error = await (async () => {
        for await (const _ of bcfToVcfText(pieces())) {
        }
      })().catch((e) => e)
      expect(error).toBeInstanceOf(GeneticsInputError)
      expect(error.message).toContain(`the BCF ends ${where}`)
      expect(grown).toBeLessThan(32 << 20)
    }
  })

  test('on the command line: status 2 and one line', async () => {
    const raw = rawBcf('synthetic_variants_grch37')
    const { status, out, err } = await runGeneticsCli([
      'inspect',
      write('cut.bcf', raw.subarray(0, raw.length - 5)),
    ])
    expect([status, out, err.length]).toEqual([2, [], 1])
    expect(err[0]).toMatch(
      /^error: TRUNCATED_INPUT: the BCF ends inside record \d+; the file looks truncated$/,
    )
  })
})

describe('floats are written as htslib 1.16 writes them', () => {
  test('kputd between 1e-4 and 999999, %g outside it, exact ties to even', () => {
    const cases: [number, string][] = [
      [0, '0'],
      [-0, '-0'],
      [0.5, '0.5'],
      [Math.fround(0.1), '0.1'],
      [Math.fround(30.1), '30.1'],
      [Math.fround(1 / 3), '0.333333'],
      [Math.fround(0.000123), '0.000123'],
      [Math.fround(-1.5e-5), '-1.5e-05'],
      [999999, '999999'],
      [1234567, '1.23457e+06'],
      [1234565, '1.23456e+06'],
      [1234575, '1.23458e+06'],
      [1e10, '1e+10'],
      [Number.POSITIVE_INFINITY, 'inf'],
      [Number.NaN, 'nan'],
    ]
    for (const [value, text] of cases) expect(formatBcfFloat(value)).toBe(text)
  })

  test('the byte writer agrees with the string form on a million float32 values', () => {
    const writer = new TextWriter()
    const view = new DataView(new ArrayBuffer(4))
    const decoder = new TextDecoder()
    let seed = 11
    for (let n = 0; n < 1_000_000; n++) {
      seed = (seed * 1103515245 + 12345) % 2147483648
      view.setUint32(0, (seed * 2) >>> 0)
      const value =
        n % 2 === 0 ? view.getFloat32(0) : Math.fround((seed / 2147483648 - 0.3) * 10 ** ((n % 13) - 5))
      if (Number.isNaN(value)) continue
      writer.length = 0
      writeBcfFloat(writer, value)
      const written = decoder.decode(writer.bytes.subarray(0, writer.length))
      if (written !== formatBcfFloat(value))
        expect(`${value}: ${written}`).toBe(`${value}: ${formatBcfFloat(value)}`)
    }
  })

  test.skipIf(!bcftoolsPath)(
    "and as this machine's bcftools prints them, over 20 orders of magnitude",
    () => {
      const values: string[] = []
      let seed = 5
      for (let n = 0; n < 4000; n++) {
        seed = (seed * 1103515245 + 12345) % 2147483648
        values.push(String((seed / 2147483648 - 0.3) * 10 ** ((n % 21) - 10)))
      }
      values.push('1234565', '12345650', '999999.5', '0.00009999996', '0.5', '2.5')
      const lines = [
        '##fileformat=VCFv4.2',
        '##INFO=<ID=F,Number=1,Type=Float,Description="f">',
        '##contig=<ID=1>',
        '#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO',
      ]
      for (const [i, v] of values.entries()) lines.push(`1\t${i + 1}\t.\tA\tC\t.\t.\tF=${v}`)
      const path = write('floats.vcf', `${lines.join('\n')}\n`)
      const out = Bun.spawnSync(['bcftools', 'view', '-H', path]).stdout.toString().trim().split('\n')
      expect(out.length).toBe(values.length)
      out.forEach((line, i) => {
        const printed = line.split('\t')[7].slice(2)
        expect(`${values[i]} -> ${formatBcfFloat(Math.fround(Number(values[i])))}`).toBe(
          `${values[i]} -> ${printed}`,
        )
      })
    },
  )
})

async function* pieces(parts: Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield part
}

async function collect(text: AsyncIterable<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder()
  let all = ''
  for await (const piece of text) all += decoder.decode(piece, { stream: true })
  return all
}

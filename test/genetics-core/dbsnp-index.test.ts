// The provisioned dbSNP index (`bun run genetics index-dbsnp`): built from the real dbSNP excerpts, it
// must assign exactly what the streaming merge join assigns, for sorted and unsorted input, with any
// block size (runs of records at one position crossing block edges), and refuse a damaged index.

import { afterAll, describe, expect, test } from 'bun:test'
import { copyFileSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { runCli } from '../../genetics-core/cli'
import { buildReferenceIndex } from '../../genetics-core/dbsnp/reference-index/build-index'
import type { IndexManifest } from '../../genetics-core/dbsnp/reference-index/format'
import { analyzeGeneticsSource, annotateWithDbsnp, GeneticsInputError } from '../../genetics-core/index'
import { fixture, tempDir } from './support/fixtures'

const tmp = tempDir()
afterAll(() => tmp.remove())

const reference = fixture('dbsnp', 'dbsnp_b144_grch37p13_chr1_head582.vcf.gz')
const refseqReference = fixture('dbsnp', 'dbsnp_b144_refseq_names.vcf.gz')
const input = fixture('dbsnp', 'dbsnp_b146_chr_names_noid.vcf')

async function assignments(path: string, ref: string, options: Parameters<typeof annotateWithDbsnp>[2] = {}) {
  const got: string[] = []
  const result = await annotateWithDbsnp(path, ref, {
    ...options,
    onAssigned: (chrom, pos, r, a, rs) => got.push(`${chrom}:${pos}:${r}>${a}=rs${rs}`),
  })
  return { result, got }
}

describe('the provisioned dbSNP index', () => {
  test('the CLI builds it and reports what it holds', async () => {
    const lines: string[] = []
    const status = await runCli(['index-dbsnp', reference, join(tmp.dir, 'cli-index')], (l) => lines.push(l))
    expect(status).toBe(0)
    expect(JSON.parse(lines.join('\n'))).toMatchObject({
      format: 'wds-dbsnp-index',
      version: 1,
      records: 582,
      alleles: 595,
      withoutRsid: 0,
      chromosomes: 1,
      referenceBuild: { build: 'GRCh37', method: 'header' },
      source: { file: 'dbsnp_b144_grch37p13_chr1_head582.vcf.gz' },
    })
  })

  for (const blockRecords of [512, 1, 2, 3, 7]) {
    test(`assigns what the merge join assigns (blocks of ${blockRecords})`, async () => {
      const dir = join(tmp.dir, `index-${blockRecords}`)
      await buildReferenceIndex(reference, dir, { blockRecords, workers: 0 })
      const merge = await assignments(input, reference, { method: 'merge_join' })
      const indexed = await assignments(input, dir)
      expect(indexed.got).toEqual(merge.got)
      const { method: _m, referenceBuild: _r, ...stats } = indexed.result
      const { method: _m2, referenceBuild: _r2, ...mergeStats } = merge.result
      expect(stats).toEqual(mergeStats)
      expect(indexed.result).toMatchObject({
        method: 'index',
        alleles: 66,
        assigned: 62,
        contigMapping: { chr1: '1' },
      })
    })
  }

  test('unsorted input is looked up the same way, without falling back to region reads', async () => {
    const dir = join(tmp.dir, 'index-unsorted')
    await buildReferenceIndex(reference, dir, { blockRecords: 4, workers: 0 })
    const lines = readFileSync(input, 'utf8').trimEnd().split('\n')
    const header = lines.filter((l) => l.startsWith('#'))
    const body = lines.filter((l) => !l.startsWith('#'))
    const path = tmp.path('unsorted.vcf')
    writeFileSync(path, `${[...header, ...body.slice(30), ...body.slice(0, 30)].join('\n')}\n`)
    const unsorted = await assignments(path, dir)
    const sorted = await assignments(input, dir)
    expect(unsorted.result.method).toBe('index')
    expect(unsorted.result.warnings.map((w) => w.code)).not.toContain('INPUT_UNSORTED')
    expect([...unsorted.got].sort()).toEqual([...sorted.got].sort())
  })

  test('contig names are matched through canonical chromosomes (RefSeq NC_ in the reference)', async () => {
    const dir = join(tmp.dir, 'index-refseq')
    await buildReferenceIndex(refseqReference, dir, { workers: 0 })
    const { result, got } = await assignments(input, dir)
    expect(result.contigMapping).toEqual({ chr1: 'NC_000001.10' })
    expect(got).toEqual((await assignments(input, reference)).got)
  })

  test('analyzeGeneticsSource accepts the index directory (or its index.json) as the dbSNP path', async () => {
    const dir = join(tmp.dir, 'index-analyze')
    await buildReferenceIndex(reference, dir, { workers: 0 })
    for (const dbsnpPath of [dir, join(dir, 'index.json')]) {
      const analysis = await analyzeGeneticsSource(input, { annotation: 'full_dbsnp', dbsnpPath })
      expect(analysis.dbsnp).toMatchObject({ method: 'index', alleles: 66, assigned: 62 })
    }
  })

  test('a damaged index is refused with a typed error', async () => {
    const dir = join(tmp.dir, 'index-damaged')
    await buildReferenceIndex(reference, dir, { workers: 0 })
    const manifest = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8'))
    writeFileSync(join(dir, 'index.json'), JSON.stringify({ ...manifest, version: 99 }))
    const wrongVersion = await assignments(input, dir).catch((e) => e)
    expect(wrongVersion).toBeInstanceOf(GeneticsInputError)
    expect(wrongVersion.code).toBe('DBSNP_REFERENCE_INVALID')
    expect(wrongVersion.message).toContain('rebuild it with index-dbsnp')
    writeFileSync(join(dir, 'index.json'), JSON.stringify(manifest))
    truncateSync(join(dir, manifest.chromosomes[0].allelesFile), 100)
    const truncated = await assignments(input, dir).catch((e) => e)
    expect(truncated.code).toBe('DBSNP_REFERENCE_INVALID')
    expect(truncated.message).toContain('shorter than its header says')
  })
})

// The shapes NCBI ships since dbSNP build 155 (GCF_ assembly accession in ##reference, RefSeq NC_ contigs,
// NT_/NW_ contigs, multi-allelic records, several rsIDs in ID, records repeated at one position,
// indels and MNVs), written for these tests (test/fixtures/SOURCES.md).
const ncbiReference = fixture('dbsnp-index', 'ncbi_b156_shapes_grch38.vcf')
const ncbiInput = fixture('dbsnp-index', 'ncbi_shapes_input_chr.vcf')

/** Trimmed position and alleles of a biallelic VCF record, as the joins key it (suffix first, then prefix). */
function trimmedKey(chrom: string, pos: number, ref: string, alt: string): string {
  let r = ref.toUpperCase()
  let a = alt.toUpperCase()
  while (r.length > 0 && a.length > 0 && r.at(-1) === a.at(-1)) {
    r = r.slice(0, -1)
    a = a.slice(0, -1)
  }
  let p = pos
  while (r.length > 0 && a.length > 0 && r[0] === a[0]) {
    r = r.slice(1)
    a = a.slice(1)
    p++
  }
  return `${chrom}:${p}:${r}>${a}`
}

/** A VCF's text (gzip and BGZF inflated) with its data lines and header lines edited. */
function withBody(path: string, edit: (body: string[]) => string[], header?: (lines: string[]) => string[]) {
  const bytes = readFileSync(path)
  const text = bytes[0] === 0x1f ? gunzipSync(bytes).toString('utf8') : bytes.toString('utf8')
  const lines = text.trimEnd().split('\n')
  const head = lines.filter((l) => l.startsWith('#'))
  return `${[...(header ? header(head) : head), ...edit(lines.filter((l) => !l.startsWith('#')))].join('\n')}\n`
}

describe('an NCBI dbSNP reference as shipped', () => {
  test('its build comes from the GCF_ accession, and an input of the other build is refused', async () => {
    const dir = join(tmp.dir, 'ncbi-build')
    const manifest = await buildReferenceIndex(ncbiReference, dir, { workers: 0 })
    expect(manifest.referenceBuild).toEqual({
      build: 'GRCh38',
      method: 'header',
      evidence: '##reference=GCF_000001405.40',
    })
    const grch37 = tmp.path('ncbi-input-grch37.vcf')
    writeFileSync(
      grch37,
      withBody(
        ncbiInput,
        (b) => b,
        (h) => [h[0], '##reference=GRCh37', ...h.slice(1)],
      ),
    )
    const error = await assignments(grch37, dir).catch((e) => e)
    expect([error.code, error.message]).toEqual([
      'BUILD_MISMATCH',
      'the input is GRCh37 (header) but the dbSNP reference is GRCh38; positions would not match',
    ])
    // No build in the header, but GRCh37's RefSeq accession for chromosome 1 as the contig name.
    const accession = tmp.path('ncbi-input-nc37.vcf')
    writeFileSync(
      accession,
      withBody(ncbiInput, (b) => b.map((l) => l.replace(/^chr1\t/, 'NC_000001.10\t'))),
    )
    const byName = await assignments(accession, dir).catch((e) => e)
    expect([byName.code, byName.message]).toEqual([
      'BUILD_MISMATCH',
      "the input's chromosome NC_000001.10 is GRCh37 but the dbSNP index is GRCh38; positions would not match",
    ])
  })

  test('without a build in the header, the RefSeq versions of its chromosomes decide', async () => {
    const path = tmp.path('ncbi-no-build.vcf')
    writeFileSync(
      path,
      withBody(
        ncbiReference,
        (b) => b,
        (h) => h.filter((l) => !l.startsWith('##reference')),
      ),
    )
    const manifest = await buildReferenceIndex(path, join(tmp.dir, 'ncbi-no-build'), { workers: 0 })
    expect(manifest.referenceBuild).toEqual({
      build: 'GRCh38',
      method: 'contig_names',
      evidence: 'NC_000001.11 (RefSeq accession)',
    })
    const mixed = tmp.path('ncbi-mixed.vcf')
    writeFileSync(
      mixed,
      withBody(path, (b) => b.map((l) => l.replace(/^NC_000023\.11\t/, 'NC_000023.10\t'))),
    )
    const error = await buildReferenceIndex(mixed, join(tmp.dir, 'ncbi-mixed'), { workers: 0 }).catch(
      (e) => e,
    )
    expect([error.code, error.message]).toEqual([
      'DBSNP_REFERENCE_INVALID',
      'the dbSNP reference mixes builds: NC_000001.11 is GRCh38 but NC_000023.10 is GRCh37',
    ])
  })

  test('every allele is matched by its trimmed form, on every chromosome and alt contig', async () => {
    const dir = join(tmp.dir, 'ncbi-shapes')
    const manifest = await buildReferenceIndex(ncbiReference, dir, { workers: 0, blockRecords: 2 })
    expect(manifest).toMatchObject({ records: 25, alleles: 32, withoutRsid: 1 })
    expect(manifest.chromosomes.map((c) => [c.name, c.canonical])).toEqual([
      ['NC_000001.11', '1'],
      ['NT_187361.1', 'NT_187361.1'],
      ['NC_000023.11', 'X'],
      ['NW_003315947.1', 'NW_003315947.1'],
      ['NC_000024.10', 'Y'],
      ['NC_012920.1', 'MT'],
    ])
    const { got, result } = await assignments(ncbiInput, dir)
    expect(result).toMatchObject({
      alleles: 40,
      assigned: 33,
      contigMapping: {
        chr1: 'NC_000001.11',
        chrX: 'NC_000023.11',
        chrY: 'NC_000024.10',
        chrM: 'NC_012920.1',
      },
    })
    const rsOf = new Map(got.map((a) => a.split('=') as [string, string]))
    const expectations: [string, string][] = [
      ['1:10001:T>C', 'rs1570391677'], // second ALT of a multi-allelic record
      ['1:10001:T>G', '.'],
      ['1:10014:AACCC>', 'rs1639538231'], // TAACCC>T, also as TAACCCAA>TAA (not normalized)
      ['1:10020:A>', 'rs775809821'], // TA>T at 10019, also written CTA>CT at 10018
      ['1:10056:>A', 'rs768019142'], // two records repeat the insertion: the first in file order
      ['1:10056:>AA', 'rs1326880612'],
      ['1:10108:C>T', 'rs62651026'], // ID rs62651026;rs1000002: the first rsID
      ['1:10111:AT>GG', 'rs1000003'], // MNV CAT>CGG
      ['1:10141:A>', 'rs1000006'], // CA>C of CA>TG,C
      ['1:10151:T>C', 'rs1000007'], // ATG>ACG, also written as the SNV T>C at 10151
      ['1:10160:G>A', '.'], // a record without an rsID is not indexed
      ['X:2781491:A>', 'rs3000002'],
      ['MT:150:C>T', 'rs62581312'],
    ]
    expect(expectations.map(([key]) => [key, rsOf.get(key) ?? '.'])).toEqual(expectations)
    // The alt contigs were indexed under their own names; the same names in an input find them.
    const alt = tmp.path('alt-contig.vcf')
    writeFileSync(
      alt,
      withBody(ncbiInput, () => ['NT_187361.1\t200\t.\tC\tT\t.\t.\t.']),
    )
    expect((await assignments(alt, dir)).got).toEqual(['NT_187361.1:200:C>T=rs2000002'])
  })

  const tools = ['bgzip', 'tabix', 'bcftools'].filter((t) => !Bun.which(t))
  if (tools.length > 0) console.warn(`skipping the bcftools comparison: ${tools.join(', ')} not installed`)

  test.skipIf(tools.length > 0)('agrees with bcftools annotate -c ID wherever bcftools assigns', async () => {
    // bcftools needs the reference's contig names in the input, a sorted input and tabix indexes.
    const refseq: Record<string, string> = {
      chr1: 'NC_000001.11',
      chrX: 'NC_000023.11',
      chrY: 'NC_000024.10',
      chrM: 'NC_012920.1',
    }
    const rank = Object.keys(refseq)
    const records = readFileSync(ncbiInput, 'utf8')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => l.split('\t'))
      .sort((a, b) => rank.indexOf(a[0]) - rank.indexOf(b[0]) || Number(a[1]) - Number(b[1]))
    const header = [
      '##fileformat=VCFv4.2',
      ...Object.values(refseq).map((id) => `##contig=<ID=${id}>`),
      '#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO',
    ]
    const input = tmp.path('bcftools-input.vcf')
    writeFileSync(
      input,
      `${[...header, ...records.map((r) => [refseq[r[0]], ...r.slice(1)].join('\t'))].join('\n')}\n`,
    )
    const reference = tmp.path('bcftools-reference.vcf')
    writeFileSync(reference, readFileSync(ncbiReference))
    for (const path of [input, reference]) {
      expect(Bun.spawnSync(['bgzip', '-f', path]).exitCode).toBe(0)
      expect(Bun.spawnSync(['tabix', '-f', '-p', 'vcf', `${path}.gz`]).exitCode).toBe(0)
    }
    const run = Bun.spawnSync(['bcftools', 'annotate', '-a', `${reference}.gz`, '-c', 'ID', `${input}.gz`])
    expect(run.exitCode).toBe(0)
    const bcftools = run.stdout
      .toString()
      .split('\n')
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => l.split('\t'))
    expect(bcftools.length).toBe(records.length)
    const dir = join(tmp.dir, 'ncbi-bcftools')
    await buildReferenceIndex(ncbiReference, dir, { workers: 0 })
    const { got } = await assignments(ncbiInput, dir)
    const ours = new Map(got.map((a) => a.split('=') as [string, string]))
    // Where bcftools finds nothing the index may: bcftools gives a dbSNP record to the first input
    // record at its position that shares an ALT (as written), and no other; the rule here is the
    // trimmed allele, whatever the record it was written in.
    const onlyOurs = new Set([
      '10001 T>C', // second ALT of T>A,C (T>A came first)
      '10008 A>T', // third ALT of A>C,G,T (A>G came first)
      '10013 TAACCCAA>TAA', // TAACCC>T, not normalized
      '10018 CTA>CT', // TA>T at 10019
      '10055 TC>TAC', // T>TA
      '10111 AT>GG', // CAT>CGG at 10110
      '10120 TAC>T', // TACG>TG
      '10130 G>GTT', // first ALT of G>GTT,GT (G>GT came first)
      '10140 CA>C', // second ALT of CA>TG,C (CA>TG came first)
      '10150 ATG>ACG', // second ALT of ATG>AG,ACG (ATG>AG came first)
      '10150 AT>A', // ATG>AG
      '10151 T>C', // ATG>ACG at 10150
    ])
    const canonical: Record<string, string> = {
      'NC_000001.11': '1',
      'NC_000023.11': 'X',
      'NC_000024.10': 'Y',
      'NC_012920.1': 'MT',
    }
    let agreed = 0
    for (const [chrom, pos, id, ref, alt] of bcftools) {
      const key = trimmedKey(canonical[chrom], Number(pos), ref, alt)
      const mine = ours.get(key) ?? '.'
      // bcftools copies the whole ID (rs62651026;rs1000002); the index keeps the first rs number.
      const theirs = id.split(';')[0]
      if (theirs !== '.') {
        expect(`${chrom}:${pos} ${ref}>${alt} ${mine}`).toBe(`${chrom}:${pos} ${ref}>${alt} ${theirs}`)
        agreed++
      } else if (mine !== '.') expect(onlyOurs).toContain(`${pos} ${ref}>${alt}`)
    }
    expect(agreed).toBeGreaterThan(20)
  })
})

describe('building the index as an operator', () => {
  const error = (promise: Promise<unknown>) => promise.then(() => null).catch((e) => e)

  test('a failed rebuild leaves the older index whole and in use', async () => {
    const dir = join(tmp.dir, 'rebuild-failed')
    await buildReferenceIndex(reference, dir, { workers: 0 })
    const before = readdirSync(dir).sort()
    // Chromosome 1 written in full, then a second run of it: refused once chromosome 1 is on disk.
    const shifted = tmp.path('two-runs.vcf')
    writeFileSync(
      shifted,
      withBody(reference, (b) => [
        ...b.map((l) => l.replace(/^1\t(\d+)/, (_, p) => `1\t${Number(p) + 5}`)),
        '2\t100\trs1\tA\tG\t.\t.\t.',
        '1\t100\trs2\tA\tG\t.\t.\t.',
      ]),
    )
    const failed = await error(buildReferenceIndex(shifted, dir, { workers: 0 }))
    expect([failed.code, failed.message]).toEqual([
      'DBSNP_REFERENCE_INVALID',
      'the dbSNP reference is not sorted: 1 appears in two separate runs (sort it with `bcftools sort`)',
    ])
    expect(readdirSync(dir).sort()).toEqual(before)
    const { result } = await assignments(input, dir)
    expect(result).toMatchObject({ method: 'index', alleles: 66, assigned: 62 })
  })

  test('a successful rebuild replaces the older index and removes its files', async () => {
    const dir = join(tmp.dir, 'rebuild')
    await buildReferenceIndex(reference, dir, { workers: 0 })
    const older = readdirSync(dir).filter((f) => f !== 'index.json')
    // An index of the earlier file naming (000.alleles) is replaced the same way.
    writeFileSync(join(dir, '000.alleles'), 'x')
    const manifest = await buildReferenceIndex(refseqReference, dir, { workers: 0 })
    const files = manifest.chromosomes.flatMap((c) => [c.allelesFile, c.fenceFile])
    expect(readdirSync(dir).sort()).toEqual(['index.json', ...files].sort())
    expect(files.some((f) => older.includes(f))).toBe(false)
    expect((await assignments(input, dir)).result.contigMapping).toEqual({ chr1: 'NC_000001.10' })
  })

  test('a bgzipped reference cut at a block boundary is refused as truncated', async () => {
    const bytes = readFileSync(reference)
    const path = tmp.path('no-eof.vcf.gz')
    writeFileSync(path, bytes.subarray(0, bytes.length - 28))
    const refused = await error(buildReferenceIndex(path, join(tmp.dir, 'no-eof'), { workers: 0 }))
    expect(refused.code).toBe('TRUNCATED_INPUT')
    expect(refused.message).toContain('no BGZF end-of-file block')
  })

  test('plain gzip and uncompressed references are indexed like bgzipped ones (no tabix index needed)', async () => {
    const text = gunzipSync(readFileSync(reference))
    const plain = tmp.path('plain-reference.vcf')
    const gzip = tmp.path('gzip-reference.vcf.gz')
    writeFileSync(plain, text)
    writeFileSync(gzip, gzipSync(text))
    const bgzipped = await assignments(input, reference)
    for (const path of [plain, gzip]) {
      const dir = join(tmp.dir, `index-of-${path.split('/').at(-1)}`)
      const manifest = await buildReferenceIndex(path, dir)
      expect(manifest).toMatchObject({ records: 582, alleles: 595, referenceBuild: { build: 'GRCh37' } })
      expect((await assignments(input, dir)).got).toEqual(bgzipped.got)
    }
  })

  test('one chromosome written under two names (1, then chr1) is indexed as one', async () => {
    // Enough lines that the two names fall into different read chunks.
    const body: string[] = []
    for (let i = 0; i < 40_000; i++) {
      const name = i < 20_000 ? '1' : 'chr1'
      body.push(`${name}\t${100 + i * 10}\trs${i + 1}\tA\tG\t.\t.\tRS=${i + 1};VC=SNV;dbSNPBuildID=150`)
    }
    const path = tmp.path('two-names.vcf')
    writeFileSync(
      path,
      withBody(reference, () => body),
    )
    const manifest = await buildReferenceIndex(path, join(tmp.dir, 'two-names'), { workers: 0 })
    expect(manifest.chromosomes.map((c) => [c.name, c.alleles])).toEqual([['1', 40_000]])
    const probe = tmp.path('two-names-input.vcf')
    writeFileSync(
      probe,
      withBody(input, () => ['chr1\t390090\t.\tA\tG\t.\t.\t.']),
    )
    expect((await assignments(probe, join(tmp.dir, 'two-names'))).got).toEqual(['1:390090:A>G=rs39000'])
  })

  test('bad references and output directories get one clear line from the CLI', async () => {
    const cli = async (args: string[]) => {
      const errors: string[] = []
      const status = await runCli(
        ['index-dbsnp', ...args],
        () => {},
        (l) => errors.push(l),
      )
      return { status, errors }
    }
    const file = tmp.path('in-the-way')
    writeFileSync(file, 'x')
    expect(await cli([reference, file])).toEqual({
      status: 1,
      errors: [
        `error: INDEX_NOT_WRITABLE: cannot write the dbSNP index in ${file}: a file of that name is in the way`,
      ],
    })
    expect(await cli([tmp.path('missing.vcf.gz'), join(tmp.dir, 'never')])).toEqual({
      status: 2,
      errors: ['error: FILE_NOT_FOUND: the dbSNP reference is unusable: file not found'],
    })
    expect(await cli([fixture('consumer', 'ftdna_illumina_sample.csv'), join(tmp.dir, 'never')])).toEqual({
      status: 2,
      errors: [
        'error: DBSNP_REFERENCE_INVALID: the dbSNP reference must be a VCF (bgzipped, gzipped or plain), not a ftdna file',
      ],
    })
  })
})

describe('a damaged or mismatched index is refused, never read', () => {
  async function damaged(name: string, damage: (dir: string, manifest: IndexManifest) => void) {
    const dir = join(tmp.dir, name)
    const manifest = await buildReferenceIndex(reference, dir, { workers: 0, blockRecords: 64 })
    damage(dir, manifest)
    const error = await assignments(input, dir).catch((e) => e)
    expect(error).toBeInstanceOf(GeneticsInputError)
    expect(error.code).toBe('DBSNP_REFERENCE_INVALID')
    return error.message as string
  }

  test('a manifest without its chromosomes or build', async () => {
    const message = await damaged('no-chromosomes', (dir) =>
      writeFileSync(join(dir, 'index.json'), '{"format":"wds-dbsnp-index","version":1}'),
    )
    expect(message).toBe(
      'the dbSNP index is unusable: index.json has no reference build; rebuild it with index-dbsnp',
    )
    const outside = await damaged('escaping-name', (dir, manifest) => {
      manifest.chromosomes[0].fenceFile = '../../etc/passwd'
      writeFileSync(join(dir, 'index.json'), JSON.stringify(manifest))
    })
    expect(outside).toContain('has a malformed chromosome entry (1)')
  })

  test('a missing fence file', async () => {
    const message = await damaged('no-fence', (dir, manifest) =>
      rmSync(join(dir, manifest.chromosomes[0].fenceFile)),
    )
    expect(message).toEndWith('.fence is missing; rebuild the index with index-dbsnp')
  })

  test('records zeroed inside the alleles file', async () => {
    const message = await damaged('zeroed', (dir, manifest) => {
      const path = join(dir, manifest.chromosomes[0].allelesFile)
      const bytes = readFileSync(path)
      bytes.fill(0, 32 + 16 * 10, 32 + 16 * 20)
      writeFileSync(path, bytes)
    })
    expect(message).toContain('is damaged (block 0 is out of order)')
  })

  test('data files of another index under this manifest', async () => {
    const other = join(tmp.dir, 'other-index')
    const manifest = await buildReferenceIndex(fixture('dbsnp', 'dbsnp_b151_grch37_brca1.vcf.bgz'), other, {
      workers: 0,
      blockRecords: 64,
    })
    const message = await damaged('swapped', (dir, own) => {
      copyFileSync(
        join(other, manifest.chromosomes[0].allelesFile),
        join(dir, own.chromosomes[0].allelesFile),
      )
      copyFileSync(join(other, manifest.chromosomes[0].fenceFile), join(dir, own.chromosomes[0].fenceFile))
    })
    expect(message).toContain('does not belong to this index.json')
  })
})

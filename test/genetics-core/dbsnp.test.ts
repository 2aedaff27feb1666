// Full dbSNP annotation against the real dbSNP excerpts: the rsIDs bcftools annotate assigns, both
// join methods, contig naming that differs between input and reference (chr vs RefSeq NC_), allele
// matching after splitting and trimming, unsorted input, and refusals.

import { afterAll, describe, expect, test } from 'bun:test'
import { readFileSync, writeFileSync } from 'node:fs'
import { buildReferenceIndex } from '../../genetics-core/dbsnp/reference-index/build-index'
import { annotateWithDbsnp, GeneticsCancelledError, GeneticsInputError } from '../../genetics-core/index'
import { fixture, tempDir } from './support/fixtures'

const tmp = tempDir()
afterAll(() => tmp.remove())

const reference = fixture('dbsnp', 'dbsnp_b144_grch37p13_chr1_head582.vcf.gz')
const refseqReference = fixture('dbsnp', 'dbsnp_b144_refseq_names.vcf.gz')
const input = fixture('dbsnp', 'dbsnp_b146_chr_names_noid.vcf')

type Assignment = string
async function assignments(path: string, ref: string, options: Parameters<typeof annotateWithDbsnp>[2] = {}) {
  const got: Assignment[] = []
  const result = await annotateWithDbsnp(path, ref, {
    ...options,
    onAssigned: (chrom, pos, r, a, rs) => got.push(`${chrom}:${pos}:${r}>${a}=rs${rs}`),
  })
  return { result, got }
}

describe('rsIDs from a dbSNP reference', () => {
  test('agree with bcftools annotate -c ID for every input record it annotates', async () => {
    const expected = readFileSync(fixture('dbsnp', 'bcftools-annotate-b146-on-b144.tsv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split('\t'))
    // SNV alleles keep their position and bases when trimmed, so they map back to input records.
    const byRecord = new Map<string, string[]>()
    const { got, result } = await assignments(input, reference)
    for (const a of got) {
      const [where, rsid] = a.split('=')
      const [chrom, pos, alleles] = where.split(':')
      byRecord.set(`${chrom}:${pos}:${alleles}`, [
        ...(byRecord.get(`${chrom}:${pos}:${alleles}`) ?? []),
        rsid,
      ])
    }
    // bcftools pairs duplicate positions its own way; compare records alone at their position.
    const positions = expected.map(([c, p]) => `${c}:${p}`)
    let compared = 0
    for (const [chrom, pos, ref, alt, id] of expected) {
      if (
        positions.filter((p) => p === `${chrom}:${pos}`).length > 1 ||
        alt.includes(',') ||
        ref.length !== 1 ||
        alt.length !== 1
      ) {
        continue
      }
      compared++
      const key = `${chrom}:${pos}:${ref}>${alt}`
      expect(`${key} ${byRecord.get(key)?.join(',') ?? '.'}`).toBe(`${key} ${id}`)
    }
    expect(compared).toBeGreaterThan(30)
    expect(result).toMatchObject({ method: 'merge_join', alleles: 66, assigned: 62, alleleMismatches: 0 })
    expect(result.coverage).toBeCloseTo(62 / 66, 10)
  })

  test('the merge join and tabix region reads assign the same rsIDs, also on worker threads', async () => {
    const merge = await assignments(input, reference, { method: 'merge_join' })
    const tabix = await assignments(input, reference, { method: 'tabix' })
    const workers = await assignments(input, reference, { method: 'merge_join', workers: 2 })
    expect(tabix.got).toEqual(merge.got)
    expect(workers.got).toEqual(merge.got)
    expect(tabix.result.method).toBe('tabix')
    expect(merge.got.slice(0, 3)).toEqual([
      '1:10020:A>=rs775809821',
      '1:10056:>A=rs768019142',
      '1:10108:C>T=rs62651026',
    ])
  })

  test('chr-prefixed input joins a reference with RefSeq accessions (NC_000001.10)', async () => {
    const bare = await assignments(input, reference)
    const refseq = await assignments(input, refseqReference)
    expect(refseq.got).toEqual(bare.got)
    expect(refseq.result.contigMapping).toEqual({ chr1: 'NC_000001.10' })
    expect(bare.result.contigMapping).toEqual({ chr1: '1' })
  })

  test('an allele is assigned only when REF and ALT match after trimming', async () => {
    const header = readFileSync(input, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('#'))
      .join('\n')
    const path = tmp.path('mismatch.vcf')
    // Same positions as dbSNP's rs62651026 (C>T) and rs775809821 (TA>T), other alleles; plus the
    // deletion written with one more base of context, which trims to the same allele.
    writeFileSync(path, `${header}\nchr1\t10018\t.\tCTA\tCT\t.\t.\t.\nchr1\t10108\t.\tC\tG\t.\t.\t.\n`)
    const { got, result } = await assignments(path, reference)
    expect(got).toEqual(['1:10020:A>=rs775809821'])
    expect(result).toMatchObject({ alleles: 2, assigned: 1, alleleMismatches: 1 })
  })

  test('an unsorted input falls back to region reads without reporting any allele twice', async () => {
    const lines = readFileSync(input, 'utf8').trimEnd().split('\n')
    const headerLines = lines.filter((l) => l.startsWith('#'))
    const body = lines.filter((l) => !l.startsWith('#'))
    const path = tmp.path('unsorted.vcf')
    writeFileSync(path, `${[...headerLines, ...body.slice(30), ...body.slice(0, 30)].join('\n')}\n`)
    const { got, result } = await assignments(path, reference, { method: 'merge_join' })
    const sorted = await assignments(input, reference)
    expect(result.method).toBe('tabix')
    expect(result.warnings.map((w) => w.code)).toContain('INPUT_UNSORTED')
    // Two input records of one allele (rs555500075 and rs145072688, T>TA at 10352) both get its rsID.
    expect(got.length).toBe(sorted.got.length)
    expect([...got].sort()).toEqual([...sorted.got].sort())
  })

  test('input contigs the reference lacks are listed and left unassigned', async () => {
    const path = tmp.path('other-contig.vcf')
    writeFileSync(
      path,
      '##fileformat=VCFv4.2\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\n2\t10108\t.\tC\tT\t.\t.\t.\n',
    )
    const { result } = await assignments(path, reference)
    expect(result).toMatchObject({ alleles: 1, assigned: 0, unmatchedContigs: ['2'] })
  })
})

describe('cancellation', () => {
  test('an aborted join rejects with the typed cancelled error and releases its workers', async () => {
    const controller = new AbortController()
    const pending = annotateWithDbsnp(input, reference, {
      workers: 2,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.stage === 'annotating') controller.abort()
      },
    })
    const error = await pending.catch((e) => e)
    expect(error).toBeInstanceOf(GeneticsCancelledError)
  })
})

describe('refusals', () => {
  const refuse = async (path: string, ref: string) => {
    const error = await annotateWithDbsnp(path, ref).catch((e) => e)
    expect(error).toBeInstanceOf(GeneticsInputError)
    return error as GeneticsInputError
  }

  test('a consumer file is not annotated (it has no REF/ALT)', async () => {
    expect((await refuse(fixture('consumer', 'ftdna_illumina_sample.csv'), reference)).code).toBe(
      'NOT_APPLICABLE',
    )
  })

  test('a reference without an index, or that is not bgzipped', async () => {
    const copy = tmp.path('no-index.vcf.gz')
    writeFileSync(copy, readFileSync(reference))
    const noIndex = await refuse(input, copy)
    expect([noIndex.code, noIndex.message]).toEqual([
      'DBSNP_REFERENCE_INVALID',
      'the dbSNP reference has no .tbi or .csi index beside it (create one with `tabix -p vcf`)',
    ])
    expect((await refuse(input, fixture('dbsnp', 'dbsnp_b146_grch37p13_66records.vcf'))).code).toBe(
      'DBSNP_REFERENCE_INVALID',
    )
  })

  test('builds that differ between input and reference', async () => {
    const path = tmp.path('grch38.vcf')
    writeFileSync(
      path,
      '##fileformat=VCFv4.2\n##reference=GRCh38\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\n1\t10108\t.\tC\tT\t.\t.\t.\n',
    )
    const error = await refuse(path, reference)
    expect(error.code).toBe('BUILD_MISMATCH')
    expect(error.message).toBe(
      'the input is GRCh38 (header) but the dbSNP reference is GRCh37; positions would not match',
    )
  })
})

describe('several reference records that trim to one allele', () => {
  const tools = ['bgzip', 'tabix'].filter((t) => !Bun.which(t))
  const maybe = tools.length === 0 ? test : test.skip
  if (tools.length > 0) console.warn(`skipping the exact-match join test: ${tools.join(', ')} not installed`)

  maybe('both join methods assign the record written at the input POS, as bcftools does', async () => {
    const header =
      '##fileformat=VCFv4.2\n##reference=GRCh37\n##contig=<ID=1,length=249250621>\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO'
    const ref = tmp.path('trim-same.vcf')
    // rs20 (POS 99, CAT>CA) and rs21 (POS 100, AT>A) both delete the T at 101.
    writeFileSync(ref, `${header}\n1\t99\trs20\tCAT\tCA\t.\t.\t.\n1\t100\trs21\tAT\tA\t.\t.\t.\n`)
    for (const command of [
      ['bgzip', '-f', ref],
      ['tabix', '-f', '-p', 'vcf', `${ref}.gz`],
    ]) {
      expect(Bun.spawnSync(command).exitCode).toBe(0)
    }
    const path = tmp.path('trim-same-input.vcf')
    writeFileSync(path, `${header}\n1\t100\t.\tAT\tA\t.\t.\t.\n`)
    for (const method of ['merge_join', 'tabix'] as const) {
      const { got, result } = await assignments(path, `${ref}.gz`, { method })
      expect(got).toEqual(['1:101:T>=rs21'])
      expect(result).toMatchObject({ method, assigned: 1, multipleRsids: 1 })
    }
    const index = tmp.path('trim-same-index')
    await buildReferenceIndex(`${ref}.gz`, index, { workers: 0 })
    const indexed = await assignments(path, index)
    expect(indexed.got).toEqual(['1:101:T>=rs21'])
    expect(indexed.result).toMatchObject({ method: 'index', assigned: 1, multipleRsids: 1 })
    if (Bun.which('bcftools')) {
      // bcftools annotate reads an indexed input when -a is given.
      for (const command of [
        ['bgzip', '-kf', path],
        ['tabix', '-f', '-p', 'vcf', `${path}.gz`],
      ]) {
        expect(Bun.spawnSync(command).exitCode).toBe(0)
      }
      const out = Bun.spawnSync(['bcftools', 'annotate', '-a', `${ref}.gz`, '-c', 'ID', `${path}.gz`])
      const record = out.stdout.toString().trim().split('\n').at(-1) ?? ''
      expect(record.split('\t')[2]).toBe('rs21')
    }
  })
})

describe('an NCBI reference read by region (GCF_ header, RefSeq contigs)', () => {
  const tools = ['bgzip', 'tabix'].filter((t) => !Bun.which(t))
  if (tools.length > 0) console.warn(`skipping the NCBI build test: ${tools.join(', ')} not installed`)

  test.skipIf(tools.length > 0)(
    'its build is read from the accessions and a GRCh37 input is refused',
    async () => {
      const ref = tmp.path('ncbi-grch38.vcf')
      writeFileSync(ref, readFileSync(fixture('dbsnp-index', 'ncbi_b156_shapes_grch38.vcf')))
      expect(Bun.spawnSync(['bgzip', '-f', ref]).exitCode).toBe(0)
      expect(Bun.spawnSync(['tabix', '-f', '-p', 'vcf', `${ref}.gz`]).exitCode).toBe(0)
      const path = tmp.path('grch37-input.vcf')
      writeFileSync(
        path,
        '##fileformat=VCFv4.2\n##reference=GRCh37\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\nchr1\t10108\t.\tC\tT\t.\t.\t.\n',
      )
      for (const method of ['merge_join', 'tabix'] as const) {
        const error = await annotateWithDbsnp(path, `${ref}.gz`, { method }).catch((e) => e)
        expect([error.code, error.message]).toEqual([
          'BUILD_MISMATCH',
          'the input is GRCh37 (header) but the dbSNP reference is GRCh38; positions would not match',
        ])
      }
    },
  )
})

describe("an hg19 input's chrM (NC_001807, 16,571 bp) against an rCRS reference", () => {
  const header = '#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO'
  const referenceLines = [
    '##fileformat=VCFv4.2',
    '##reference=GRCh37.p13',
    '##contig=<ID=1,length=249250621>',
    '##contig=<ID=MT,length=16569>',
    header,
    '1\t10039\trs978760828\tA\tC\t.\t.\t.',
    'MT\t150\trs62581312\tC\tT\t.\t.\t.',
    'MT\t16519\trs3937033\tT\tC\t.\t.\t.',
  ]
  // UCSC's hg19 lists chrM first, and its chrM is the Yoruba sequence, not the rCRS.
  const inputLines = (mtLength: number) => [
    '##fileformat=VCFv4.2',
    `##contig=<ID=chrM,length=${mtLength}>`,
    '##contig=<ID=chr1,length=249250621>',
    `${header}\tFORMAT\tS1`,
    'chrM\t150\t.\tC\tT\t.\tPASS\t.\tGT\t1',
    'chrM\t16519\t.\tT\tC\t.\tPASS\t.\tGT\t1',
    'chr1\t10039\t.\tA\tC\t.\tPASS\t.\tGT\t0/1',
  ]
  const write = (name: string, lines: string[]) => {
    writeFileSync(tmp.path(name), `${lines.join('\n')}\n`)
    return tmp.path(name)
  }
  const references = async (): Promise<[string, string][]> => {
    const plain = write('rcrs-reference.vcf', referenceLines)
    const dir = tmp.path('rcrs-index')
    await buildReferenceIndex(plain, dir)
    const found: [string, string][] = [['index', dir]]
    if (Bun.which('bgzip') && Bun.which('tabix')) {
      const bgzipped = write('rcrs-reference-bgzf.vcf', referenceLines)
      Bun.spawnSync(['bgzip', '-f', bgzipped])
      Bun.spawnSync(['tabix', '-p', 'vcf', `${bgzipped}.gz`])
      found.push(['merge_join', `${bgzipped}.gz`], ['tabix', `${bgzipped}.gz`])
    } else console.warn('skipping the merge and tabix joins here: bgzip or tabix is not installed')
    return found
  }

  test('leaves its alleles unannotated and says why, in every join', async () => {
    const hg19 = write('hg19-input.vcf', inputLines(16571))
    for (const [method, ref] of await references()) {
      const options = method === 'index' ? {} : { method: method as 'merge_join' | 'tabix' }
      const { got, result } = await assignments(hg19, ref, options)
      expect(`${method} ${got.join(' ')}`).toBe(`${method} 1:10039:A>C=rs978760828`)
      expect(result.warnings.map((w) => w.code)).toContain('MT_SEQUENCE_DIFFERS')
      expect(result.unmatchedContigs).toEqual(['chrM'])
    }
  })

  test('an rCRS chrM (16,569 bp, as GRCh37 and hg38 have it) is joined as before', async () => {
    const rcrs = write('rcrs-input.vcf', inputLines(16569))
    for (const [method, ref] of await references()) {
      const options = method === 'index' ? {} : { method: method as 'merge_join' | 'tabix' }
      const { got, result } = await assignments(rcrs, ref, options)
      expect(got.sort()).toEqual([
        '1:10039:A>C=rs978760828',
        'MT:150:C>T=rs62581312',
        'MT:16519:T>C=rs3937033',
      ])
      expect(result.warnings.map((w) => w.code)).not.toContain('MT_SEQUENCE_DIFFERS')
    }
  })
})

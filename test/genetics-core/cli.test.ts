// The genetics command line: JSON for a file, JSON lines per sample with --all-samples, annotation
// and ancestry flags, and one-line errors with a non-zero exit status (never a stack trace).

import { describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { runCli } from '../../genetics-core/cli'
import { fixture, repoRoot } from './support/fixtures'

async function cli(...argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const status = await runCli(
    argv,
    (l) => out.push(l),
    (l) => err.push(l),
  )
  return { status, out, err }
}

describe('genetics inspect', () => {
  test('prints detection, build evidence, samples, counts by class and warnings as one JSON document', async () => {
    const { status, out, err } = await cli('inspect', fixture('vcf', 'na12878_chr21_head4000.vcf.gz'))
    expect([status, err]).toEqual([0, []])
    const doc = JSON.parse(out.join('\n'))
    expect(doc.detection).toMatchObject({
      format: 'vcf',
      compression: 'bgzf',
      vcfVersion: '4.1',
      samples: ['NA12878'],
    })
    expect(doc.detection.build).toEqual({
      build: 'GRCh37',
      method: 'contig_lengths',
      evidence: 'chr1 length 249250621, chr2 length 243199373, chr3 length 198022430',
    })
    expect(doc.summary).toMatchObject({ records: 4000, recordTypes: { snv: 3661, indel: 350 }, sorted: true })
    // The Platinum Genomes file lists some alleles twice (e.g. chr21:9417961 T>G alone and in T>C,G).
    expect(doc.warnings).toEqual([
      {
        code: 'VCF_DUPLICATE_VARIANT',
        message:
          'a variant appears more than once (after multi-allelic splitting and trimming) (82 times in the first 2000 data lines)',
        line: 75,
      },
    ])
  })

  test('--annotate compact adds the catalog result and --ancestry the ancestry estimate', async () => {
    const { status, out } = await cli(
      'inspect',
      fixture('consumer', 'headerless_grch37_synthetic.txt'),
      '--annotate',
      'compact',
      '--ancestry',
    )
    expect(status).toBe(0)
    const doc = JSON.parse(out.join('\n'))
    expect(doc.compact.build).toBe('GRCh37')
    expect(Array.isArray(doc.compact.findings)).toBe(true)
    expect(doc.ancestry.coverage).toMatchObject({ panelSize: 169, found: 12 })
  })

  test('--annotate full joins the dbSNP reference and reports coverage', async () => {
    const { status, out } = await cli(
      'inspect',
      fixture('dbsnp', 'dbsnp_b146_chr_names_noid.vcf'),
      '--annotate',
      'full',
      '--dbsnp',
      fixture('dbsnp', 'dbsnp_b144_grch37p13_chr1_head582.vcf.gz'),
    )
    expect(status).toBe(0)
    expect(JSON.parse(out.join('\n')).dbsnp).toMatchObject({
      method: 'merge_join',
      alleles: 66,
      assigned: 62,
    })
  })

  test('--all-samples --ancestry prints a summary line and one JSON line per sample', async () => {
    const { status, out } = await cli('inspect', fixture('vcf', 'view.GT.vcf'), '--all-samples', '--ancestry')
    expect(status).toBe(0)
    const lines = out.map((l) => JSON.parse(l))
    expect(lines[0]).toMatchObject({ type: 'summary', summary: { records: 36 } })
    expect(lines.slice(1).map((l) => l.sample)).toEqual(['NA12890', 'NA12891', 'NA12892'])
    for (const line of lines.slice(1)) expect(line.type).toBe('sample')
  })

  test('bad input exits 2 with one line naming the problem', async () => {
    const { status, out, err } = await cli('inspect', fixture('vcf', 'vcf_file.bcf'))
    expect([status, out, err.length]).toEqual([2, [], 1])
    expect(err[0]).toStartWith('error: UNSUPPORTED_FORMAT: BCF (binary VCF) is not supported')
  })

  test('usage mistakes exit 64 with the usage line', async () => {
    const { status, err } = await cli('inspect', 'x.vcf', '--annotate', 'full')
    expect(status).toBe(64)
    expect(err[0]).toStartWith('--annotate full needs --dbsnp PATH')
  })

  test('run as a process, a missing file prints one line on stderr and no stack trace', () => {
    const proc = Bun.spawnSync(
      ['bun', join(repoRoot, 'genetics-core', 'cli.ts'), 'inspect', '/no/such/file.vcf'],
      { stderr: 'pipe' },
    )
    expect(proc.exitCode).toBe(2)
    expect(proc.stdout.toString()).toBe('')
    expect(proc.stderr.toString()).toBe('error: FILE_NOT_FOUND: file not found\n')
  })
})

// The genetics command line: JSON for a file, JSON lines per sample with --all-samples, annotation
// and ancestry flags, and one-line errors with a non-zero exit status (never a stack trace).

import { describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { runCli } from '../../genetics-core/cli'
import { fixture, repoRoot } from './support/fixtures'
import { runGeneticsCli } from './support/run-cli'

/** As from a script or a pipe: stdout is not a terminal, whatever runs the tests. */
const cli = (...argv: string[]) => runGeneticsCli(argv)

/** As on a terminal: returns what stdout got and everything drawn as the progress bar. */
const onTerminal = (...argv: string[]) => runGeneticsCli(argv, { tty: true, columns: 100 })

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
    const { status, out, err } = await cli('inspect', fixture('consumer', 'iyg_sample.tsv'))
    expect([status, out, err.length]).toEqual([2, [], 1])
    expect(err[0]).toStartWith('error: UNRECOGNISED_FORMAT: not a recognised genetics file')
  })

  test('a BCF is read like the VCF it holds', async () => {
    const { status, out, err } = await cli('inspect', fixture('vcf', 'vcf_file.bcf'))
    expect([status, err]).toEqual([0, []])
    const doc = JSON.parse(out.join('\n'))
    expect(doc.detection).toMatchObject({ format: 'bcf', compression: 'bgzf', samples: ['A', 'B'] })
    expect(doc.summary.records).toBe(15)
  })

  test('usage mistakes exit 64 with one line naming the mistake', async () => {
    const { status, err } = await cli('inspect', 'x.vcf', '--annotate', 'full')
    expect(status).toBe(64)
    expect(err).toEqual(['error: --annotate full needs --dbsnp PATH (genetics --help shows the usage)'])
  })

  test('run as a process, a missing file prints one line on stderr and no stack trace', () => {
    const proc = Bun.spawnSync(
      ['bun', join(repoRoot, 'genetics-core', 'cli.ts'), 'inspect', '/no/such/file.vcf'],
      { stderr: 'pipe' },
    )
    expect(proc.exitCode).toBe(2)
    expect(proc.stdout.toString()).toBe('')
    expect(proc.stderr.toString()).toBe('error: FILE_NOT_FOUND: /no/such/file.vcf: no such file\n')
  })

  test('--help prints the usage and the options and exits 0, on a terminal or not', async () => {
    for (const run of [cli, onTerminal]) {
      const { status, out, err } = await run('--help')
      expect([status, err]).toEqual([0, []])
      expect(out.join('\n')).toStartWith('usage: genetics inspect FILE [--json]')
      expect(out.join('\n')).toContain('--ancestry      estimate ancestry')
    }
    expect((await cli('inspect', 'x.vcf', '-h')).status).toBe(0)
    const proc = Bun.spawnSync(['bun', join(repoRoot, 'genetics-core', 'cli.ts'), '--help'])
    expect(proc.exitCode).toBe(0)
    expect(proc.stdout.toString()).toContain('-h, --help')
  })

  test('on a terminal it draws a progress bar up to 100% and prints a short human summary', async () => {
    const { status, out, err, drawn } = await onTerminal(
      'inspect',
      fixture('vcf', 'na12878_chr21_head4000.vcf.gz'),
    )
    expect([status, err]).toEqual([0, []])
    const bars = drawn.filter((d) => d.startsWith('\r['))
    expect(bars.length).toBeGreaterThan(1)
    for (const bar of bars) expect(bar).toMatch(/^\r\[[#-]+\] \w+ /)
    expect(bars.at(-1)).toContain('100%')
    expect(bars.at(-1)).toContain('4,000 records')
    // The bar is wiped before the summary is printed.
    expect(drawn.at(-1)).toBe('\r\x1b[K')
    const lines = out.join('\n').split('\n')
    expect(lines.slice(0, 6)).toEqual([
      `File:      ${fixture('vcf', 'na12878_chr21_head4000.vcf.gz')}`,
      'Format:    vcf, bgzf, 27 KB',
      'Build:     GRCh37 (from contig lengths)',
      'Sample:    NA12878',
      'Records:   4,000 (3,661 SNVs, 350 indels, 0 reference blocks)',
      'Warnings:  1',
    ])
    expect(lines[6]).toStartWith('  - VCF_DUPLICATE_VARIANT: ')
    expect(lines).toHaveLength(7)
  })

  test('--json on a terminal prints the JSON document and no progress bar in it', async () => {
    const { status, out } = await onTerminal(
      'inspect',
      fixture('vcf', 'na12878_chr21_head4000.vcf.gz'),
      '--json',
    )
    expect(status).toBe(0)
    const doc = JSON.parse(out.join('\n'))
    expect(doc.summary).toMatchObject({ records: 4000 })
    expect(out.join('\n')).not.toContain('[#')
  })

  test('with ancestry on a terminal the summary names the proportions with their intervals', async () => {
    const { status, out } = await onTerminal('inspect', fixture('vcf', 'view.GT.vcf'), '--ancestry')
    expect(status).toBe(0)
    expect(out.join('\n')).toMatch(/Ancestry: {2}(.+ \d+% \(\d+-\d+%\)|not estimated)/)
  })

  test('without a terminal nothing is drawn and stdout stays JSON', async () => {
    const drawn: string[] = []
    const out: string[] = []
    await runCli(
      ['inspect', fixture('vcf', 'na12878_chr21_head4000.vcf.gz')],
      (l) => out.push(l),
      () => {},
      {
        tty: false,
        progress: (t) => drawn.push(t),
      },
    )
    expect(drawn).toEqual([])
    expect(JSON.parse(out.join('\n')).summary.records).toBe(4000)
  })
})

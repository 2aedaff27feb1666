// The genetics command line used carelessly: every usage mistake is one line on stderr with status 64,
// paths that cannot be read are named before any work starts, the progress bar follows stderr (not
// stdout), Ctrl-C ends a run at once with status 130, and `| head` closing the pipe ends it quietly.

import { afterAll, describe, expect, test } from 'bun:test'
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { runCli } from '../../genetics-core/cli'
import { fixture, repoRoot, tempDir } from './support/fixtures'
import { runGeneticsCli } from './support/run-cli'

const tmp = tempDir()
afterAll(() => tmp.remove())
const CLI = join(repoRoot, 'genetics-core', 'cli.ts')

const cli = runGeneticsCli

const EX2 = fixture('vcf', 'ex2.vcf')

describe('usage mistakes: status 64, one line on stderr, nothing on stdout', () => {
  const cases: [string, string[], string][] = [
    ['no arguments', [], 'error: no command given'],
    ['an unknown command', ['inpsect', EX2], 'error: unknown command inpsect'],
    ['inspect without FILE', ['inspect'], 'error: inspect needs a FILE'],
    ['inspect with an empty FILE', ['inspect', ''], 'error: inspect needs a FILE'],
    ['an unknown long option', ['inspect', EX2, '--bogus'], 'error: unknown option --bogus'],
    ['an unknown short option', ['inspect', EX2, '-x'], 'error: unknown option -x'],
    ['a second FILE', ['inspect', EX2, 'extra.vcf'], 'error: unexpected argument extra.vcf'],
    ['an option without its value at the end', ['inspect', EX2, '--sample'], 'error: --sample needs a value'],
    [
      'an option followed by another option',
      ['inspect', EX2, '--sample', '--json'],
      'error: --sample needs a value',
    ],
    [
      '--dbsnp followed by another option',
      ['inspect', EX2, '--annotate', 'full', '--dbsnp', '--json'],
      'error: --dbsnp needs a value',
    ],
    ['--name= with an empty value', ['inspect', EX2, '--sample='], 'error: --sample needs a value'],
    ['a flag given a value', ['inspect', EX2, '--json=yes'], 'error: --json takes no value'],
    [
      'a bad --annotate value',
      ['inspect', EX2, '--annotate', 'fast'],
      'error: --annotate takes compact or full',
    ],
    [
      'a bad --assumption value',
      ['inspect', EX2, '--ancestry', '--assumption', 'x'],
      'error: --assumption takes',
    ],
    [
      '--annotate given twice differently',
      ['inspect', EX2, '--annotate', 'compact', '--annotate', 'full', '--dbsnp', EX2],
      'error: --annotate given twice',
    ],
    [
      '--annotate full without --dbsnp',
      ['inspect', EX2, '--annotate', 'full'],
      'error: --annotate full needs --dbsnp PATH',
    ],
    [
      '--dbsnp without --annotate full',
      ['inspect', EX2, '--dbsnp', EX2],
      'error: --dbsnp is only used by --annotate full',
    ],
    [
      '--dbsnp with --annotate compact',
      ['inspect', EX2, '--annotate', 'compact', '--dbsnp', EX2],
      'error: --dbsnp is only used by --annotate full',
    ],
    [
      '--assumption without --ancestry',
      ['inspect', EX2, '--assumption', 'genome_wide'],
      'error: --assumption only applies to --ancestry',
    ],
    [
      '--all-samples with --sample',
      ['inspect', EX2, '--all-samples', '--sample', 'NA00001'],
      'error: --sample and --all-samples cannot be used together',
    ],
    [
      '--all-samples with --annotate',
      ['inspect', EX2, '--all-samples', '--annotate', 'compact'],
      'error: --annotate cannot be used with --all-samples',
    ],
    ['index-dbsnp without arguments', ['index-dbsnp'], 'error: index-dbsnp needs REF.vcf.gz and OUT_DIR'],
    [
      'index-dbsnp without OUT_DIR',
      ['index-dbsnp', EX2],
      'error: index-dbsnp needs REF.vcf.gz and OUT_DIR (OUT_DIR is missing)',
    ],
    [
      'index-dbsnp with a third argument',
      ['index-dbsnp', EX2, tmp.path('i'), 'x'],
      'error: unexpected argument x',
    ],
    [
      'index-dbsnp with an option',
      ['index-dbsnp', '--bogus', tmp.path('i')],
      'error: unknown option --bogus for index-dbsnp',
    ],
  ]
  for (const [name, argv, start] of cases) {
    test(name, async () => {
      const { status, out, err } = await cli(argv)
      expect({ status, out, lines: err.length }).toEqual({ status: 64, out: [], lines: 1 })
      expect(err[0]).toStartWith(start)
      expect(err[0]).toEndWith('(genetics --help shows the usage)')
      expect(err[0]).not.toContain('\n')
    })
  }

  test('--help wins over other mistakes, but not as another option`s value', async () => {
    expect((await cli(['inspect', '--bogus', '--help'])).status).toBe(0)
    expect((await cli(['index-dbsnp', '-h'])).status).toBe(0)
    const asValue = await cli(['inspect', EX2, '--sample', '--help'])
    expect([asValue.status, asValue.err]).toEqual([
      64,
      ['error: --sample needs a value (genetics --help shows the usage)'],
    ])
  })

  test('--option=VALUE works like --option VALUE, and -- ends the options', async () => {
    const { status, out } = await cli(['inspect', '--sample=NA00002', '--', EX2])
    expect(status).toBe(0)
    expect(JSON.parse(out.join('\n')).summary.sample).toBe('NA00002')
  })

  test('the help documents --dbsnp taking an index directory and the exit statuses', async () => {
    const help = (await cli(['--help'])).out.join('\n')
    expect(help).toContain('or a directory\n                  written by index-dbsnp')
    expect(help).toContain('130 interrupted')
    // BCF is read, by the dbSNP join too.
    expect(help).toContain('Reads a VCF, gVCF, BCF (2.1 and 2.2')
    expect(help).toContain('--annotate full takes a BCF file too')
  })
})

describe('paths', () => {
  test('a directory, a missing file and a pipe are refused by name before any reading', async () => {
    const dir = await cli(['inspect', fixture('vcf')], { tty: true, columns: 100 })
    expect([dir.status, dir.out, dir.drawn]).toEqual([2, [], []])
    expect(dir.err).toEqual([`error: FILE_UNREADABLE: ${fixture('vcf')}: a directory, not a file`])
    const missing = await cli(['inspect', tmp.path('no such.vcf')])
    expect([missing.status, missing.err]).toEqual([
      2,
      [`error: FILE_NOT_FOUND: ${tmp.path('no such.vcf')}: no such file`],
    ])
    const fifo = tmp.path('stream.vcf')
    if (Bun.spawnSync(['mkfifo', fifo]).exitCode !== 0) {
      console.warn('mkfifo is not available: the pipe case is not checked')
      return
    }
    const pipe = await cli(['inspect', fifo])
    expect(pipe.status).toBe(2)
    expect(pipe.err[0]).toStartWith(`error: FILE_UNREADABLE: ${fifo}: a pipe or device, not a regular file`)
  })

  test('an unreadable file is named (skipped as root, who can read anything)', async () => {
    if (process.getuid?.() === 0) {
      console.warn('running as root: permission denied cannot happen, not checked')
      return
    }
    const path = tmp.path('locked.vcf')
    copyFileSync(EX2, path)
    Bun.spawnSync(['chmod', '000', path])
    const { status, err } = await cli(['inspect', path])
    expect([status, err]).toEqual([2, [`error: FILE_UNREADABLE: ${path}: permission denied`]])
  })

  test('a missing --dbsnp is refused before the input is read, naming it', async () => {
    const missing = tmp.path('dbsnp.vcf.gz')
    const run = await cli(
      ['inspect', fixture('vcf', 'na12878_chr21_head4000.vcf.gz'), '--annotate', 'full', '--dbsnp', missing],
      { tty: true, columns: 100 },
    )
    expect([run.status, run.out, run.drawn]).toEqual([2, [], []])
    expect(run.err).toEqual([
      `error: FILE_NOT_FOUND: the dbSNP reference is unusable: ${missing}: no such file`,
    ])
  })

  test('paths with spaces and non-ASCII letters, for the input, the index and --dbsnp', async () => {
    const dir = tmp.path('my genomes ü/çà')
    mkdirSync(dir, { recursive: true })
    const input = join(dir, 'sites only ß.vcf')
    copyFileSync(fixture('dbsnp', 'dbsnp_b146_chr_names_noid.vcf'), input)
    const index = join(dir, 'dbSNP index ø')
    const built = await cli([
      'index-dbsnp',
      fixture('dbsnp', 'dbsnp_b144_grch37p13_chr1_head582.vcf.gz'),
      index,
    ])
    expect([built.status, built.err]).toEqual([0, []])
    expect(JSON.parse(built.out.join('\n'))).toMatchObject({ alleles: 595, chromosomes: 1 })
    const { status, out, err } = await cli(['inspect', input, '--annotate', 'full', '--dbsnp', index])
    expect([status, err]).toEqual([0, []])
    expect(JSON.parse(out.join('\n')).dbsnp).toMatchObject({ method: 'index', alleles: 66, assigned: 62 })
  })
})

describe('what --all-samples cannot do', () => {
  test('a consumer file (one person, no sample columns) is refused instead of printing no sample line', async () => {
    const { status, out, err } = await cli([
      'inspect',
      fixture('consumer', '23andme_2011_b36_first1000.zip'),
      '--all-samples',
    ])
    expect([status, out]).toEqual([2, []])
    expect(err).toHaveLength(1)
    expect(err[0]).toStartWith(
      'error: NOT_APPLICABLE: --all-samples reads the sample columns of a VCF; this 23andme file',
    )
  })
})

describe('the human summary', () => {
  const onTerminal = async (...argv: string[]) => {
    const { status, out } = await cli(['inspect', ...argv], { tty: true, columns: 100 })
    expect(status).toBe(0)
    return out.join('\n').split('\n')
  }

  test('a sites-only VCF has no sample, and --annotate full shows the dbSNP result', async () => {
    const lines = await onTerminal(
      fixture('dbsnp', 'dbsnp_b146_chr_names_noid.vcf'),
      '--annotate',
      'full',
      '--dbsnp',
      fixture('dbsnp', 'dbsnp_b144_grch37p13_chr1_head582.vcf.gz'),
    )
    expect(lines).toContain('Sample:    none (a sites-only VCF, no genotypes)')
    expect(lines).toContain('dbSNP:     62 of 66 alleles given an rsID (93.9%), by merge join')
  })

  test('a consumer file counts genotype rows, not zero SNVs', async () => {
    const lines = await onTerminal(fixture('consumer', '23andme_2011_b36_first1000.zip'))
    expect(lines).toContain('Sample:    one person (a consumer file)')
    expect(lines).toContain('Records:   985 genotype rows (985 with an rsID)')
  })

  test('a VCF made from chip data, an imputed one and one with a provisional REF say so', async () => {
    const format = async (path: string) => (await onTerminal(path)).find((l) => l.startsWith('Format:'))
    expect(await format(fixture('chip-vcf', 'bcftools_tsv2vcf.vcf'))).toStartWith(
      'Format:    vcf (made from chip data), none,',
    )
    expect(await format(fixture('imputed', 'beagle5_grch37.vcf'))).toStartWith(
      'Format:    vcf (imputed), none,',
    )
    expect(await format(fixture('chip-vcf', 'plink19_from_23andme.vcf'))).toStartWith(
      'Format:    vcf (REF provisional, read as letters), none,',
    )
  })

  test('a gVCF is not called "gvcf (gVCF)", and --ancestry alone lists no catalog findings', async () => {
    const lines = await onTerminal(fixture('vcf', 'convert.gvcf.vcf'), '--ancestry')
    expect(lines.find((l) => l.startsWith('Format:'))).toStartWith('Format:    gvcf, none,')
    expect(lines.find((l) => l.startsWith('Findings:'))).toBeUndefined()
    expect(lines.find((l) => l.startsWith('Ancestry:'))).toBeDefined()
  })
})

describe('the progress bar follows stderr, the summary follows stdout', () => {
  test('stdout to a file, stderr on a terminal: JSON on stdout and the bar on stderr', async () => {
    const { status, out, drawn } = await cli(['inspect', fixture('vcf', 'na12878_chr21_head4000.vcf.gz')], {
      tty: false,
      stderrTty: true,
      columns: 100,
    })
    expect(status).toBe(0)
    expect(JSON.parse(out.join('\n')).summary.records).toBe(4000)
    expect(drawn.some((d) => d.startsWith('\r[') && d.includes('100%'))).toBe(true)
  })

  test('stdout on a terminal, stderr to a file: the summary and no bar in the file', async () => {
    const { status, out, drawn } = await cli(['inspect', fixture('vcf', 'na12878_chr21_head4000.vcf.gz')], {
      tty: true,
      stderrTty: false,
      columns: 100,
    })
    expect(status).toBe(0)
    expect(out.join('\n')).toStartWith('File:      ')
    expect(drawn).toEqual([])
  })
})

describe('interrupting and closing the pipe', () => {
  test('an aborted run ends with 130, one line on stderr and no partial result on stdout', async () => {
    const controller = new AbortController()
    const out: string[] = []
    const err: string[] = []
    const status = await runCli(
      ['inspect', fixture('vcf', 'na12878_chr21_head4000.vcf.gz'), '--annotate', 'compact'],
      (l) => out.push(l),
      (l) => err.push(l),
      // Ctrl-C as soon as the reading starts.
      { tty: true, columns: 100, progress: () => controller.abort(), signal: controller.signal },
    )
    expect({ status, out, err }).toEqual({
      status: 130,
      out: [],
      err: ['interrupted: stopped before the end, the output is incomplete'],
    })
  })

  test('SIGINT during --all-samples --ancestry ends the process within a second with 130', async () => {
    // 1,252 samples: several seconds of estimates on worker threads, written line by line.
    const proc = Bun.spawn(
      ['bun', CLI, 'inspect', fixture('ancestry', 'aisnp.1kg.train.vcf.gz'), '--all-samples', '--ancestry'],
      {
        stdout: 'pipe',
        stderr: 'pipe',
      },
    )
    const reader = proc.stdout.getReader()
    let text = ''
    // Wait for the summary and the first sample lines: the run is under way.
    while ((text.match(/\n/g) ?? []).length < 3) {
      const { value, done } = await reader.read()
      if (done) break
      text += new TextDecoder().decode(value)
    }
    expect(text).toContain('"type":"sample"')
    const sent = performance.now()
    proc.kill('SIGINT')
    const code = await proc.exited
    const elapsed = performance.now() - sent
    expect(code).toBe(130)
    expect(elapsed).toBeLessThan(1000)
    expect(await new Response(proc.stderr).text()).toBe(
      'interrupted: stopped before the end, the output is incomplete\n',
    )
  })

  test('a reader that stops early (| head) gets no EPIPE stack and the status is 0', () => {
    const proc = Bun.spawnSync([
      'bash',
      '-c',
      `bun "$0" inspect "$1" --all-samples --ancestry | head -c 200 > /dev/null; echo "status \${PIPESTATUS[0]}" >&2`,
      CLI,
      fixture('ancestry', 'aisnp.1kg.train.vcf.gz'),
    ])
    expect(proc.stderr.toString()).toBe('status 0\n')
  })
})

describe('already right, kept so: gVCF shapes on GRCh38 with chr names', () => {
  const header = (extra: string, sample: string) =>
    `##fileformat=VCFv4.2\n${extra}##INFO=<ID=END,Number=1,Type=Integer,Description="End">\n##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">\n##FORMAT=<ID=GQ,Number=1,Type=Integer,Description="GQ">\n##contig=<ID=chr1,length=248956422>\n##contig=<ID=chr2,length=242193529>\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\t${sample}\n`
  const shapes: [string, string, string][] = [
    [
      'DeepVariant (<*>, RefCall)',
      header('##DeepVariant_version=1.5.0\n##ALT=<ID=*,Description="any">\n', 'HG002'),
      'chr1\t10001\t.\tT\t<*>\t0\t.\tEND=10107\tGT:GQ\t0/0:1\nchr1\t10108\t.\tC\tT,<*>\t3.1\tRefCall\t.\tGT:GQ\t0/0:8\nchr1\t14001\t.\tG\tA,<*>\t30.2\tPASS\t.\tGT:GQ\t0/1:30\nchr1\t14002\t.\tA\t<*>\t0\t.\tEND=20000\tGT:GQ\t0/0:50\nchr2\t5001\t.\tAT\tA,<*>\t40\tPASS\t.\tGT:GQ\t1/1:40\n',
    ],
    [
      'DRAGEN (<NON_REF>, LowGQ blocks)',
      header(
        '##DRAGENVersion=<ID=dragen,Version="SW: 07.021">\n##ALT=<ID=NON_REF,Description="any">\n##GVCFBlock0-1=minGQ=0(inclusive),maxGQ=1(exclusive)\n',
        'NA12878',
      ),
      'chr1\t10001\t.\tT\t<NON_REF>\t.\tLowGQ\tEND=10107\tGT:GQ\t0/0:0\nchr1\t14001\t.\tG\tA,<NON_REF>\t45.1\tPASS\t.\tGT:GQ\t0/1:44\nchr1\t14002\t.\tA\t<NON_REF>\t.\tPASS\tEND=20000\tGT:GQ\t0/0:50\nchr2\t5001\t.\tAT\tA,<NON_REF>\t40\tPASS\t.\tGT:GQ\t1/1:40\n',
    ],
  ]
  for (const [name, head, body] of shapes) {
    test(name, async () => {
      const path = tmp.path(`${name.split(' ')[0]}.g.vcf`)
      writeFileSync(path, head + body)
      const { status, out } = await cli(['inspect', path])
      expect(status).toBe(0)
      const doc = JSON.parse(out.join('\n'))
      expect(doc.detection).toMatchObject({ format: 'gvcf', isGvcf: true, build: { build: 'GRCh38' } })
      expect(doc.summary.referenceBlocks).toBeGreaterThan(1)
    })
  }
})

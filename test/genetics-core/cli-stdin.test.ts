// `genetics inspect -` reads standard input: the same JSON as for the file itself (plain, BGZF, gzip,
// consumer text, --all-samples), BGZF cut into worker segments straight from the stream, and one clear
// line with the usual exit status for what a stream cannot give (--annotate full, a zip, nothing at all,
// a terminal). The CLI runs as a child process whose standard input is a pipe the test writes into.

import { afterAll, describe, expect, test } from 'bun:test'
import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { fixture, repoRoot, tempDir } from './support/fixtures'
import { runGeneticsCli } from './support/run-cli'

const tmp = tempDir()
afterAll(() => tmp.remove())
const CLI = join(repoRoot, 'genetics-core', 'cli.ts')

/** A run that has not ended by then is waiting for input it should not wait for. */
const HANG_MS = 20_000

interface Run {
  status: number
  out: string
  err: string
}

/** Runs `command` with `input` written into its standard input, a pipe; `keepOpen` leaves it unclosed. */
async function withStdin(command: string[], input: Uint8Array, { keepOpen = false } = {}): Promise<Run> {
  const proc = Bun.spawn(command, { stdin: 'pipe', stdout: 'pipe', stderr: 'pipe' })
  proc.stdin.write(input)
  await proc.stdin.flush()
  if (!keepOpen) await proc.stdin.end()
  const hang = setTimeout(() => proc.kill('SIGKILL'), HANG_MS)
  try {
    const [out, err, status] = await Promise.all([
      new Response(proc.stdout).text(),
      new Response(proc.stderr).text(),
      proc.exited,
    ])
    return { status, out, err }
  } finally {
    clearTimeout(hang)
    if (keepOpen) await Promise.resolve(proc.stdin.end()).catch(() => {})
  }
}

const inspectStdin = (input: Uint8Array, ...options: string[]) =>
  withStdin(['bun', CLI, 'inspect', '-', ...options], input)

async function inspectFile(path: string, ...options: string[]) {
  const { status, out, err } = await runGeneticsCli(['inspect', path, ...options])
  expect([status, err]).toEqual([0, []])
  return out.join('\n')
}

describe('standard input gives the JSON the file gives', () => {
  const cases: [string, string, string][] = [
    ['a plain VCF', fixture('vcf', 'ex2.vcf'), 'none'],
    [
      'a bgzipped VCF (worker segments cut from the stream)',
      fixture('vcf', 'na12878_chr21_head4000.vcf.gz'),
      'bgzf',
    ],
    ['a gzipped (not BGZF) VCF', fixture('vcf', '1kg_phase1_chr1_head8.vcf.gz'), 'gzip'],
    ['a 23andMe export', fixture('consumer', '23andme_2011_b36_first1000.txt'), 'none'],
  ]
  for (const [name, path, compression] of cases) {
    for (const options of [[], ['--annotate', 'compact', '--ancestry']]) {
      test(`${name}${options.length > 0 ? `, ${options.join(' ')}` : ''}`, async () => {
        const fromFile = JSON.parse(await inspectFile(path, ...options))
        const run = await inspectStdin(readFileSync(path), ...options)
        expect([run.status, run.err]).toEqual([0, ''])
        const fromStdin = JSON.parse(run.out)
        expect(fromStdin.detection.compression).toBe(compression)
        // Its size is known once it has been read: the same as the file's.
        expect(fromStdin.detection.fileBytes).toBe(statSync(path).size)
        expect(fromStdin).toEqual(fromFile)
      })
    }
  }

  test('--all-samples: the summary line and one line per sample, as for the file', async () => {
    const path = fixture('vcf', '1kg_phase1_chr1_head8.vcf.gz')
    const run = await inspectStdin(readFileSync(path), '--all-samples')
    expect([run.status, run.err]).toEqual([0, ''])
    const lines = run.out.trimEnd().split('\n')
    expect(lines).toHaveLength(1 + 1092)
    expect(lines.join('\n')).toBe(await inspectFile(path, '--all-samples'))
  })
})

describe('BGZF streamed into worker segments', () => {
  // The library with small segments, so that blocks straddle many segment edges; the file path with
  // the same workers and segments is the reference.
  const SCAN = `
    const { scanSource } = await import(process.argv[1])
    const { STANDARD_INPUT_PATH } = await import(process.argv[2])
    const path = process.argv[3] === '-' ? STANDARD_INPUT_PATH : process.argv[3]
    const scan = await scanSource(path, { workers: 2, segmentBytes: 4096, targets: [] })
    process.stdout.write(JSON.stringify({ detection: scan.detection, summary: scan.summary, warnings: scan.warnings }))
  `
  const scanArgs = (source: string) => [
    'bun',
    '-e',
    SCAN,
    join(repoRoot, 'genetics-core', 'scan', 'scan-source.ts'),
    join(repoRoot, 'genetics-core', 'stream', 'standard-input.ts'),
    source,
  ]
  const scanBoth = async (path: string) => {
    const file = await withStdin(scanArgs(path), new Uint8Array(0))
    const stdin = await withStdin(scanArgs('-'), readFileSync(path))
    expect([file.status, file.err, stdin.status, stdin.err]).toEqual([0, '', 0, ''])
    return { file: JSON.parse(file.out), stdin: JSON.parse(stdin.out) }
  }

  test('many small segments: the same counts, chromosomes and warnings as the file', async () => {
    const { file, stdin } = await scanBoth(fixture('vcf', 'na12878_chr21_head4000.vcf.gz'))
    expect(stdin.summary.records).toBe(4000)
    expect(stdin).toEqual(file)
  })

  test('a stream longer than a pipe read: blocks cut across pieces and segments come out whole', async () => {
    // The records eight times over (bgzip -c): about 200 KB, several pipe reads of up to 64 KiB.
    const text = gunzipSync(readFileSync(fixture('vcf', 'na12878_chr21_head4000.vcf.gz')))
    const lines = new TextDecoder().decode(text).split('\n')
    const header = lines.filter((l) => l.startsWith('#'))
    const body = lines.filter((l) => l !== '' && !l.startsWith('#'))
    const bgzip = Bun.spawnSync(['bgzip', '-c'], {
      stdin: new TextEncoder().encode(`${[...header, ...Array(8).fill(body).flat()].join('\n')}\n`),
    })
    expect(bgzip.exitCode).toBe(0)
    const path = tmp.path('eight-times.vcf.gz')
    writeFileSync(path, bgzip.stdout)
    expect(bgzip.stdout.length).toBeGreaterThan(3 * 65536)
    const { file, stdin } = await scanBoth(path)
    expect(stdin.summary.records).toBe(32_000)
    expect(stdin).toEqual(file)
  })

  test('without the end-of-file block: BGZF_EOF_MISSING in the same place of the warnings', async () => {
    const whole = readFileSync(fixture('vcf', 'na12878_chr21_head4000.vcf.gz'))
    const path = tmp.path('no-eof.vcf.gz')
    writeFileSync(path, whole.subarray(0, whole.length - 28))
    const { file, stdin } = await scanBoth(path)
    expect(stdin.warnings.map((w: { code: string }) => w.code)).toContain('BGZF_EOF_MISSING')
    expect(stdin).toEqual(file)
  })

  test('zero bytes after the last block are read as its end, as from a file', async () => {
    const whole = readFileSync(fixture('vcf', 'na12878_chr21_head4000.vcf.gz'))
    const path = tmp.path('padded.vcf.gz')
    writeFileSync(path, Buffer.concat([whole, new Uint8Array(5000)]))
    const { file, stdin } = await scanBoth(path)
    expect(stdin.warnings.map((w: { code: string }) => w.code)).not.toContain('BGZF_EOF_MISSING')
    expect(stdin).toEqual(file)
  })

  test('a stream cut inside a block is truncated input', async () => {
    const whole = readFileSync(fixture('vcf', 'na12878_chr21_head4000.vcf.gz'))
    const run = await inspectStdin(whole.subarray(0, whole.length - 500))
    expect(run.status).toBe(2)
    expect(run.err).toStartWith('error: TRUNCATED_INPUT: ')
    expect(run.err.trimEnd().split('\n')).toHaveLength(1)
  })
})

describe('what standard input cannot do: one line, the usual status', () => {
  test('--annotate full (a second read for the dbSNP join) is a usage mistake, status 64', async () => {
    const { status, out, err } = await runGeneticsCli([
      'inspect',
      '-',
      '--annotate',
      'full',
      '--dbsnp',
      fixture('dbsnp', 'dbsnp_b144_grch37p13_chr1_head582.vcf.gz'),
    ])
    expect({ status, out, lines: err.length }).toEqual({ status: 64, out: [], lines: 1 })
    expect(err[0]).toStartWith('error: --annotate full reads the input twice')
    expect(err[0]).toContain('save the stream to a file')
  })

  test('a zip is refused at once, naming the way out, even while the writer keeps the pipe open', async () => {
    const run = await withStdin(
      ['bun', CLI, 'inspect', '-'],
      readFileSync(fixture('consumer', '23andme_2011_b36_first1000.zip')),
      { keepOpen: true },
    )
    expect(run.status).toBe(2)
    expect(run.out).toBe('')
    expect(run.err).toBe(
      'error: UNSUPPORTED_FORMAT: a zip archive cannot be read from standard input (its table of contents is at its end): give the path of the .zip instead\n',
    )
  })

  test('empty standard input', async () => {
    const run = await inspectStdin(new Uint8Array(0))
    expect(run).toEqual({
      status: 2,
      out: '',
      err: 'error: EMPTY_FILE: standard input is empty: nothing was piped in\n',
    })
  })

  test('standard input on a terminal is refused before anything is read', async () => {
    const { status, out, err } = await runGeneticsCli(['inspect', '-'], { stdinTty: true })
    expect([status, out]).toEqual([2, []])
    expect(err).toEqual([
      'error: FILE_UNREADABLE: standard input is a terminal, not a stream: pipe the data in (zcat genome.txt.gz | genetics inspect -) or give the file path',
    ])
  })

  test('a real terminal (script(1)): the refusal, not a wait for typing', async () => {
    if (Bun.which('script') === null) {
      console.warn('script(1) is not available: the real terminal is not checked')
      return
    }
    const run = await withStdin(['script', '-qec', `bun ${CLI} inspect -`, '/dev/null'], new Uint8Array(0))
    expect(run.out).toContain('standard input is a terminal')
    expect(run.status).toBe(2)
  })
})

describe('on a terminal', () => {
  // runCli in a child whose standard input is the pipe, with stdout and stderr taken as terminals.
  const TERMINAL = `
    const { runCli } = await import(process.argv[1])
    const out = []
    const drawn = []
    const status = await runCli(['inspect', '-'], (l) => out.push(l), (l) => out.push(l), {
      tty: true, columns: 100, progress: (text) => drawn.push(text),
    })
    process.stdout.write(JSON.stringify({ status, out, drawn }))
  `

  test('the progress shows bytes read, no percentage; the summary names standard input', async () => {
    const path = fixture('vcf', 'na12878_chr21_head4000.vcf.gz')
    const run = await withStdin(['bun', '-e', TERMINAL, CLI], readFileSync(path))
    expect([run.status, run.err]).toEqual([0, ''])
    const { status, out, drawn } = JSON.parse(run.out)
    expect(status).toBe(0)
    const progress = (drawn as string[]).filter((d) => d !== '\r\x1b[K')
    expect(progress.length).toBeGreaterThan(0)
    for (const line of progress) {
      expect(line).not.toContain('%')
      expect(line).not.toStartWith('\r[')
      // Redrawn in place: a carriage return, the text, then erase to the end of the line.
      expect([line.at(0), line.slice(-3)]).toEqual(['\r', '\x1b[K'])
      expect(line.slice(1, -3)).toMatch(/^\w+ \d+(\.\d)? [KM]B, [\d,]+ records$/)
    }
    const lines = (out as string[]).join('\n').split('\n')
    expect(lines.slice(0, 2)).toEqual(['File:      standard input', 'Format:    vcf, bgzf, 27 KB'])
  })
})

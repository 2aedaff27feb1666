// Mutated real genotype files through the genetics command line (`bun run genetics inspect FILE`): bit
// flips, truncation, CRLF, a huge line, swapped columns, and a gzip bomb. The CLI's contract holds for
// every one: exit 0 with a JSON document, or exit 2 with one line on stderr, never a stack trace, a
// crash or a hang. Seeded (FUZZ_SEED) and bounded (FUZZ_CLI_FILES runs).

import { afterAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'fflate'
import { fuzzSeed, mutateFile, prng } from '../support/fuzz'
import { repoRoot } from '../support/server'

const FIXTURES = join(import.meta.dir, '..', 'fixtures', 'genetics-uploads')
const FILES = [
  '23andme_2011_b36_first1000.txt',
  '23andme_v3_b36_chr19-MT_excerpt.txt',
  'kidd.aisnp.1kg.train.vcf.gz',
]
const RUNS = Number(process.env.FUZZ_CLI_FILES ?? 12)
const HANG_MS = 60_000

const dir = mkdtempSync(join(tmpdir(), 'wds-fuzz-cli-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('fuzzing the genetics command line with mutated real files', () => {
  it('exits 0 with JSON or 2 with one line for every mutated file, never a stack trace, crash or hang', async () => {
    const seed = fuzzSeed()
    const rng = prng(seed)
    const cases: { what: string; bytes: Uint8Array }[] = []
    for (let i = 0; i < RUNS; i++) {
      const name = FILES[i % FILES.length]
      cases.push(mutateFile(rng, name, new Uint8Array(readFileSync(join(FIXTURES, name)))))
    }
    cases.push({
      what: 'gzip bomb (64 MiB of zeros)',
      bytes: gzipSync(new Uint8Array(64 * 1024 * 1024), { level: 9 }),
    })
    const failures: string[] = []
    let hangs = 0
    let crashes = 0
    let nonProblem = 0
    for (const [i, c] of cases.entries()) {
      const file = join(dir, `case-${i}`)
      writeFileSync(file, c.bytes)
      const proc = Bun.spawn(['bun', join(repoRoot, 'genetics-core', 'cli.ts'), 'inspect', file, '--json'], {
        stdout: 'pipe',
        stderr: 'pipe',
        timeout: HANG_MS,
      })
      const [stdout, stderr] = await Promise.all([
        new Response(proc.stdout).text(),
        new Response(proc.stderr).text(),
      ])
      const code = await proc.exited
      if (proc.signalCode) {
        hangs++
        failures.push(`${c.what}: killed by ${proc.signalCode} (no exit within ${HANG_MS} ms)`)
      } else if (code === 0) {
        try {
          JSON.parse(stdout)
        } catch {
          nonProblem++
          failures.push(`${c.what}: exit 0 without a JSON document`)
        }
      } else if (code === 2) {
        if (stderr.trim().split('\n').length !== 1 || /\n\s+at /.test(stderr)) {
          nonProblem++
          failures.push(`${c.what}: exit 2 with more than one line: ${stderr.slice(0, 300)}`)
        }
      } else {
        crashes++
        failures.push(`${c.what}: exit ${code}: ${stderr.slice(0, 300)}`)
      }
    }
    console.log(
      `fuzz (cli): ${cases.length} runs, ${crashes} crashes, ${hangs} hangs, ${nonProblem} unclear errors (seed ${seed})`,
    )
    expect(failures).toEqual([])
  }, 600_000)
})

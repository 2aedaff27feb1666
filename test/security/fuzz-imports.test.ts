// Mutated real files through POST /imports/file: every fixture in test/fixtures/imports with seeded bit
// flips, truncation, CRLF, a huge line, swapped columns; XML entity expansion and external entities in
// Apple Health and FHIR XML; gzip and zip decompression bombs. Each answer is a success or a problem,
// never a 5xx, hang or crash, and no stored observation comes from an entity expansion or a local file.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync, zipSync } from 'fflate'
import { type TestApp, testApp } from '../support/app'
import { entityBombs, fuzzSeed, misbehaviour, mutateFile, prng, withinMs } from '../support/fuzz'

const FIXTURES = join(import.meta.dir, '..', 'fixtures', 'imports')
const MUTATIONS_PER_FILE = Number(process.env.FUZZ_FILE_MUTATIONS ?? 6)
const SECONDS = Number(process.env.FUZZ_SECONDS ?? 60)
const HANG_MS = 30_000

let t: TestApp
let owner: Awaited<ReturnType<TestApp['userWithKey']>>

beforeAll(async () => {
  t = await testApp()
  owner = await t.userWithKey('fuzz-files@example.com')
})
afterAll(() => t?.cleanup())

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

describe('fuzzing the file import with mutated real files', () => {
  it('answers every mutated file, entity bomb and decompression bomb with a success or a problem', async () => {
    const seed = fuzzSeed()
    const rng = prng(seed)
    const cases: { what: string; body: Record<string, unknown> }[] = []
    for (const name of readdirSync(FIXTURES).sort()) {
      const bytes = new Uint8Array(readFileSync(join(FIXTURES, name)))
      for (let i = 0; i < MUTATIONS_PER_FILE; i++) {
        const mutated = mutateFile(rng, name, bytes)
        cases.push({ what: mutated.what, body: { filename: name, data_base64: base64(mutated.bytes) } })
      }
    }
    for (const bomb of entityBombs())
      cases.push({ what: `entity bomb ${bomb.name}`, body: { filename: bomb.name, text: bomb.text } })
    // 64 MiB of zeros packs to ~64 kB: the readers must stop at their decompressed-size limit.
    const zeros = new Uint8Array(64 * 1024 * 1024)
    cases.push({
      what: 'gzip bomb',
      body: { filename: 'genome.vcf.gz', data_base64: base64(gzipSync(zeros, { level: 9 })) },
    })
    cases.push({
      what: 'zip bomb holding export.xml',
      body: {
        filename: 'export.zip',
        data_base64: base64(zipSync({ 'apple_health_export/export.xml': zeros }, { level: 9 })),
      },
    })
    cases.push({
      what: 'zip bomb holding a DNA text file',
      body: { filename: 'dna.zip', data_base64: base64(zipSync({ 'genome.txt': zeros }, { level: 9 })) },
    })

    const failures: string[] = []
    let sent = 0
    let fivexx = 0
    let hangs = 0
    let nonProblem = 0
    let crashes = 0
    const deadline = Date.now() + SECONDS * 1000
    for (const c of cases) {
      if (Date.now() > deadline) break
      sent++
      const started = Date.now()
      try {
        const answer = await withinMs(
          t.call('POST', '/imports/file', {
            token: owner.key,
            body: { ...c.body, dry_run: rng.next() < 0.5 },
          }),
          HANG_MS,
        )
        if (process.env.FUZZ_TRACE) console.log(`${Date.now() - started} ms ${c.what} → ${answer?.status}`)
        // A blocked event loop delays the timer too: an answer that came too late is a hang as well.
        if (answer === null || Date.now() - started > HANG_MS) {
          hangs++
          failures.push(`${c.what}: no answer within ${HANG_MS} ms`)
          continue
        }
        const wrong = misbehaviour(answer.status, answer.headers.get('content-type'))
        if (wrong) {
          if (answer.status >= 500) fivexx++
          else nonProblem++
          failures.push(`${c.what}: ${wrong} ${answer.text.slice(0, 200)}`)
        }
        if (/root:|lollollol/.test(answer.text))
          failures.push(`${c.what}: the answer holds an expanded entity`)
      } catch (error) {
        crashes++
        failures.push(`${c.what}: threw ${(error as Error).message}`)
      }
    }
    console.log(
      `fuzz (files): ${sent} requests, ${fivexx} 5xx, ${hangs} hangs, ${nonProblem} non-problem errors, ${crashes} crashes (seed ${seed})`,
    )
    expect(failures).toEqual([])
    expect(sent).toBe(cases.length)
    expect((await t.call('GET', '/health')).status).toBe(200)
  }, 240_000)
})

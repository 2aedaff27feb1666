// The build lock of an index directory (`index-dbsnp.lock`): a second build into one OUT_DIR is refused
// while the first runs (it would otherwise remove the first one's files), a lock left by a build that
// no longer runs is taken over, and the lock is gone however a build ends: success, failure, Ctrl-C,
// SIGTERM. A real build is frozen (SIGSTOP) while it holds the lock, so nothing here races on time.

import { afterAll, describe, expect, test } from 'bun:test'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { buildReferenceIndex } from '../../genetics-core/dbsnp/reference-index/build-index'
import { LOCK_FILE, processStartTicks } from '../../genetics-core/dbsnp/reference-index/build-lock'
import { fixture, repoRoot, tempDir } from './support/fixtures'
import { runGeneticsCli } from './support/run-cli'

const tmp = tempDir()
afterAll(() => tmp.remove())

const CLI = join(repoRoot, 'genetics-core', 'cli.ts')
const reference = fixture('dbsnp', 'dbsnp_b144_grch37p13_chr1_head582.vcf.gz')
const header = gunzipSync(readFileSync(reference))
  .toString('utf8')
  .split('\n')
  .filter((l) => l.startsWith('#'))

/** A reference large enough (2 M alleles, gzip read on one thread) that a build is caught while it runs. */
const largeReference = (() => {
  let path: string | null = null
  return () => {
    if (path) return path
    const body: string[] = []
    for (let i = 0; i < 2_000_000; i++) body.push(`1\t${100 + i * 10}\trs${i + 1}\tA\tG\t.\t.\tRS=${i + 1}`)
    path = tmp.path('large-reference.vcf.gz')
    writeFileSync(path, gzipSync(`${[...header, ...body].join('\n')}\n`, { level: 1 }))
    return path
  }
})()

/** The CLI building into `outDir` in its own process, stopped (SIGSTOP) once it holds the lock. */
async function frozenBuild(outDir: string) {
  const child = Bun.spawn(['bun', CLI, 'index-dbsnp', largeReference(), outDir], {
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const lock = join(outDir, LOCK_FILE)
  // Created empty (exclusive create), then written: freeze it only once its holder line is complete.
  while (!lockWritten(lock) && child.exitCode === null) await Bun.sleep(1)
  child.kill('SIGSTOP')
  // Frozen with the lock held; if the build had already ended, the reference is too small for this test.
  expect({ running: child.exitCode === null, locked: existsSync(lock) }).toEqual({
    running: true,
    locked: true,
  })
  return {
    child,
    lock,
    async resume() {
      child.kill('SIGCONT')
      const status = await child.exited
      return {
        status,
        out: await new Response(child.stdout).text(),
        err: await new Response(child.stderr).text(),
      }
    },
  }
}

function lockWritten(lock: string): boolean {
  try {
    return readFileSync(lock, 'utf8').endsWith('\n')
  } catch {
    return false
  }
}

/** A pid no process has: one that has just exited. */
async function deadPid(): Promise<number> {
  const gone = Bun.spawn(['true'])
  await gone.exited
  return gone.pid
}

const build = (outDir: string, ref = reference) => runGeneticsCli(['index-dbsnp', ref, outDir])

describe('one build at a time per OUT_DIR', () => {
  test('a second build is refused at once, naming the build that holds the lock, and the first completes', async () => {
    const dir = tmp.path('concurrent')
    const first = await frozenBuild(dir)
    try {
      const holder = JSON.parse(readFileSync(first.lock, 'utf8'))
      expect(holder).toMatchObject({
        pid: first.child.pid,
        hostname: hostname(),
        processStart: processStartTicks(first.child.pid!),
      })
      expect(new Date(holder.startedAt).toISOString()).toBe(holder.startedAt)
      const filesBefore = readdirSync(dir).sort()

      const second = await build(dir)
      expect([second.status, second.out, second.err.length]).toEqual([1, [], 1])
      expect(second.err[0]).toStartWith(
        `error: INDEX_LOCKED: another index-dbsnp build is writing to ${dir} (pid ${first.child.pid} on ${hostname()}, since ${holder.startedAt}): wait for it to finish`,
      )
      // Refused before writing anything: the first build's files are untouched, its lock still there.
      expect(readdirSync(dir).sort()).toEqual(filesBefore)
      expect(readFileSync(first.lock, 'utf8')).toBe(`${JSON.stringify(holder)}\n`)
    } finally {
      const done = await first.resume()
      expect([done.status, done.err]).toEqual([0, ''])
      expect(JSON.parse(done.out)).toMatchObject({ alleles: 2_000_000 })
    }
    expect(existsSync(first.lock)).toBe(false)
    expect((await runGeneticsCli(['index-dbsnp', '--verify', dir])).status).toBe(0)
  })

  test('a lock left by a build that no longer runs on this host is taken over, with a note', async () => {
    const dir = tmp.path('stale')
    mkdirSync(dir)
    const pid = await deadPid()
    const startedAt = '2026-11-20T08:00:00.000Z'
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid, hostname: hostname(), startedAt }))
    const { status, err } = await build(dir)
    expect(status).toBe(0)
    expect(err).toEqual([
      `note: took over the stale build lock ${join(dir, LOCK_FILE)} (pid ${pid} on ${hostname()}, since ${startedAt}; that process no longer runs)`,
    ])
    expect(readdirSync(dir).filter((f) => f.includes('lock'))).toEqual([])
  })

  test('a lock whose pid now belongs to another process (pids are reused) is taken over too', async () => {
    const dir = tmp.path('reused-pid')
    mkdirSync(dir)
    // This test's own process is alive, but it started at another time than the lock says its holder did.
    const processStart = processStartTicks(process.pid)
    expect(processStart).toBeNumber()
    const startedAt = '2026-11-20T08:00:00.000Z'
    const holder = { pid: process.pid, hostname: hostname(), startedAt, processStart: processStart! + 1 }
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify(holder))
    const { status, err } = await build(dir)
    expect(status).toBe(0)
    expect(err).toEqual([
      `note: took over the stale build lock ${join(dir, LOCK_FILE)} (pid ${process.pid} on ${hostname()}, since ${startedAt}; that process no longer runs)`,
    ])
  })

  test('a live holder with the start time the lock records is not stale', async () => {
    const dir = tmp.path('live-holder')
    mkdirSync(dir)
    const holder = {
      pid: process.pid,
      hostname: hostname(),
      startedAt: '2026-11-20T08:00:00.000Z',
      processStart: processStartTicks(process.pid),
    }
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify(holder))
    const { status, err } = await build(dir)
    expect(status).toBe(1)
    expect(err[0]).toStartWith(
      `error: INDEX_LOCKED: another index-dbsnp build is writing to ${dir} (pid ${process.pid}`,
    )
  })

  test('a lock of another host, or one naming no build, is refused with what to do', async () => {
    const elsewhere = tmp.path('other-host')
    mkdirSync(elsewhere)
    const lock = join(elsewhere, LOCK_FILE)
    // Its process cannot be checked from here, even when a process of that number runs on this host.
    writeFileSync(lock, JSON.stringify({ pid: process.pid, hostname: 'build-7.example', startedAt: 'x' }))
    const other = await build(elsewhere)
    expect([other.status, other.err]).toEqual([
      1,
      [
        `error: INDEX_LOCKED: another index-dbsnp build is writing to ${elsewhere} (pid ${process.pid} on build-7.example, since x): wait for it to finish; if no build runs on build-7.example any more, remove ${lock} and run again`,
      ],
    ])
    writeFileSync(lock, '')
    const unnamed = await build(elsewhere)
    expect([unnamed.status, unnamed.err]).toEqual([
      1,
      [
        `error: INDEX_LOCKED: ${elsewhere} is locked by ${lock}, which names no build: if no index-dbsnp build is writing there, remove it and run again`,
      ],
    ])
    // Refusing never removes someone else's lock.
    expect(existsSync(lock)).toBe(true)
  })
})

describe('the lock is gone however a build ends', () => {
  test('after a successful build', async () => {
    const dir = tmp.path('after-success')
    expect((await build(dir)).status).toBe(0)
    expect(readdirSync(dir)).not.toContain(LOCK_FILE)
  })

  test('after a failed build (the older index stays, the lock goes)', async () => {
    const dir = tmp.path('after-failure')
    expect((await build(dir)).status).toBe(0)
    const before = readdirSync(dir).sort()
    const unsorted = tmp.path('two-runs.vcf')
    writeFileSync(
      unsorted,
      `${[...header, '1\t100\trs1\tA\tG\t.\t.\t.', '2\t100\trs2\tA\tG\t.\t.\t.', '1\t200\trs3\tA\tG\t.\t.\t.'].join('\n')}\n`,
    )
    const failed = await build(dir, unsorted)
    expect(failed.status).toBe(2)
    expect(failed.err[0]).toStartWith('error: DBSNP_REFERENCE_INVALID: the dbSNP reference is not sorted')
    expect(readdirSync(dir).sort()).toEqual(before)
  })

  test('after Ctrl-C in the middle of a build (status 130)', async () => {
    const dir = tmp.path('after-ctrl-c')
    const controller = new AbortController()
    let lockedWhileRunning = false
    const { status, err } = await runGeneticsCli(['index-dbsnp', largeReference(), dir], {
      stderrTty: true,
      signal: controller.signal,
      // The progress bar is drawn after a batch of the reference has been read: stop there.
      progress: () => {
        lockedWhileRunning ||= existsSync(join(dir, LOCK_FILE))
        controller.abort()
      },
    })
    expect([status, err]).toEqual([130, ['interrupted: stopped before the end, the output is incomplete']])
    expect(lockedWhileRunning).toBe(true)
    expect(readdirSync(dir)).toEqual([])
  })

  test('after SIGTERM to the command line (status 143)', async () => {
    const dir = tmp.path('after-sigterm')
    const run = await frozenBuild(dir)
    run.child.kill('SIGTERM')
    const { status } = await run.resume()
    expect(status).toBe(143)
    expect(existsSync(run.lock)).toBe(false)
    expect(existsSync(join(dir, 'index.json'))).toBe(false)
  })

  test('the library call holds and releases it too (no CLI)', async () => {
    const dir = tmp.path('library')
    let seen = false
    await buildReferenceIndex(reference, dir, {
      workers: 0,
      onProgress: () => {
        seen ||= existsSync(join(dir, LOCK_FILE))
      },
    })
    expect(seen).toBe(true)
    expect(readdirSync(dir)).not.toContain(LOCK_FILE)
  })
})

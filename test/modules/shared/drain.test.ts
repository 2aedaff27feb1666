// Draining: while the service shuts down, new requests get 503 with Connection: close; the embedded
// queue hands a job that outlives the grace period back to the queue with its attempt unspent.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../../../db/client'
import { Drain, drainServer } from '../../../modules/shared/drain'
import { memoryLogger } from '../../../modules/shared/logger'
import { EmbeddedQueue } from '../../../modules/shared/queue'
import { type TestApp, testApp } from '../../support/app'
import { testDriver } from '../../support/driver'

let t: TestApp
beforeAll(async () => {
  t = await testApp()
})
afterAll(() => t.cleanup())

describe('requests during the drain', () => {
  it('answers every new request 503 with Connection: close and a problem body', async () => {
    const person = await t.userWithKey()
    expect((await t.call('GET', '/me', { token: person.key })).status).toBe(200)
    t.drain.begin()
    for (const [method, path] of [
      ['GET', '/health'],
      ['GET', '/me'],
      ['POST', '/mcp'],
    ] as const) {
      const r = await t.call(method, path, { token: person.key })
      expect(r.status).toBe(503)
      expect(r.headers.get('connection')).toBe('close')
      expect(r.headers.get('retry-after')).toBe('5')
      expect(r.headers.get('cache-control')).toBe('no-store')
      expect(r.body).toMatchObject({
        status: 503,
        detail: 'The service is shutting down; retry the request shortly.',
      })
    }
  })
})

describe('draining the server', () => {
  it('closes the server once no request is running', async () => {
    let stopped: boolean | undefined
    const server = {
      pendingRequests: 0,
      stop: (force?: boolean) => {
        stopped = force
      },
    }
    const drain = new Drain()
    expect(await drainServer(server, drain, Date.now() + 60_000)).toBe(0)
    expect(drain.draining).toBe(true)
    expect(stopped).toBe(true)
  })

  it('stops waiting at the deadline and reports the requests still running', async () => {
    let stopped = false
    const server = {
      pendingRequests: 2,
      stop: () => {
        stopped = true
      },
    }
    expect(await drainServer(server, new Drain(), Date.now() + 100, 10)).toBe(2)
    expect(stopped).toBe(true)
  })
})

describe('jobs at shutdown', () => {
  it('hands a job that ignores its abort signal back to the queue after the grace period', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wds-drain-'))
    const database = await openDatabase(`file:${join(dir, 'q.db')}`, null, testDriver())
    const log = memoryLogger()
    let started = false
    const queue = new EmbeddedQueue(
      database.db,
      () => ({
        stubborn: async () => {
          started = true
          await new Promise(() => {}) // never finishes, never looks at its signal
        },
      }),
      { concurrency: 1, pollMs: 10, log },
    )
    await queue.start()
    await queue.enqueue('stubborn', {}, { key: 'k-stubborn', scope: { organization_id: 'o', user_id: 'u' } })
    while (!started) await Bun.sleep(10)
    expect((await queue.list('running')).map((r) => r.attempts)).toEqual([1])
    await queue.stop({ graceMs: 50 })
    const [row] = await queue.list()
    expect(row).toMatchObject({ key: 'k-stubborn', state: 'queued', attempts: 0, locked_by: null })
    expect(log.lines.map((l) => JSON.parse(l).event)).toContain('queue.handed_back')
    database.close()
    rmSync(dir, { recursive: true, force: true })
  })
})

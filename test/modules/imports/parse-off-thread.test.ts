// Imports are parsed on a worker thread, at most IMPORT_PARSE_WORKERS at a time: while a large file is
// read, other requests are answered, and parallel imports queue for a worker instead of each holding a
// parse in memory. A file past OBSERVATIONS_MAX_PER_SOURCE is refused before its rows are copied back.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { parseWorkersRunning, QUEUED_PER_WORKER } from '../../../modules/imports/parse-in-worker'
import { listSources } from '../../../modules/sources/service'
import { scopeOf, type TestApp, testApp } from '../../support/app'
import { importer, type Person } from './support'

/** Generous: these tests move tens of thousands of rows on a machine that may be shared. */
const HEAVY_TIMEOUT = 60_000

/** A long-format lab export: one result per line, one panel a day, the way lab portals export history. */
function labHistory(rows: number): string {
  const markers = ['LDL-C,mg/dL,128', 'HDL-C,mg/dL,52', 'Glucose,mg/dL,92', 'Triglycerides,mg/dL,140']
  const lines = ['Marker,Unit,Value,Date']
  for (let i = 0; i < rows; i++) {
    const [name, unit, value] = markers[i % markers.length].split(',')
    const day = new Date(Date.UTC(2000, 0, 1) + Math.floor(i / markers.length) * 86_400_000)
    lines.push(`${name},${unit},${Number(value) + (i % 7)},${day.toISOString().slice(0, 10)}`)
  }
  return `${lines.join('\n')}\n`
}

let t: TestApp
let p: Person
const big = labHistory(40_000)

beforeAll(async () => {
  t = await testApp({ importParseWorkers: 1, observations: { maxPerSource: 50_000, maxPerUser: 1_000_000 } })
  p = await t.userWithKey()
}, HEAVY_TIMEOUT)
afterAll(() => t.cleanup())

describe('imports parsed off the request thread', () => {
  it(
    'answers /health while a large import is still being parsed',
    async () => {
      const order: string[] = []
      const upload = importer(t)
        .upload(p, { text: big })
        .then((r) => {
          order.push('import')
          return r
        })
      // Ask once the import has reached its worker, so the parse is under way.
      while (parseWorkersRunning() === 0) await Bun.sleep(1)
      const health = await t.call('GET', '/health')
      order.push('health')
      expect(health.status).toBe(200)
      const r = await upload
      expect(r.status).toBe(201)
      expect(r.body.observation_count).toBe(40_000)
      expect(order).toEqual(['health', 'import'])
    },
    HEAVY_TIMEOUT,
  )

  it(
    'parses parallel imports one at a time, all of them stored',
    async () => {
      let most = 0
      const sampler = setInterval(() => {
        most = Math.max(most, parseWorkersRunning())
      }, 1)
      const answers = await Promise.all(
        [1, 2, 3].map(() => importer(t).upload(p, { text: labHistory(5_000) })),
      )
      clearInterval(sampler)
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201])
      expect(most).toBe(1)
      expect(parseWorkersRunning()).toBe(0)
    },
    HEAVY_TIMEOUT,
  )

  it(
    'answers 503 with Retry-After once the queue for the parse worker is full, storing the rest',
    async () => {
      const answers = await Promise.all(
        Array.from({ length: 2 + 2 * QUEUED_PER_WORKER }, () =>
          importer(t).upload(p, { text: labHistory(2_000) }),
        ),
      )
      const refused = answers.filter((a) => a.status === 503)
      expect(refused.length).toBeGreaterThan(0)
      expect(refused[0].headers.get('retry-after')).toBe('5')
      expect(refused[0].body.detail).toContain('queue is full')
      expect(answers.filter((a) => a.status === 201).length).toBe(answers.length - refused.length)
      expect(answers.filter((a) => a.status === 201).length).toBeGreaterThanOrEqual(1 + QUEUED_PER_WORKER)
    },
    HEAVY_TIMEOUT,
  )

  it(
    'refuses a file past OBSERVATIONS_MAX_PER_SOURCE with 413 and stores nothing',
    async () => {
      const other = await t.userWithKey()
      const r = await importer(t).upload(other, { text: labHistory(50_001) })
      expect(r.status).toBe(413)
      expect(r.body).toMatchObject({ limit: 'OBSERVATIONS_MAX_PER_SOURCE', observations: 50_001 })
      expect((await listSources(t.context, scopeOf(other), {})).data).toHaveLength(0)
    },
    HEAVY_TIMEOUT,
  )

  it(
    'still answers an unreadable file with 422 naming the line',
    async () => {
      const r = await importer(t).upload(p, { text: '{"results": [1, 2,' })
      expect(r.status).toBe(422)
      expect(r.body.title).toBe('Unprocessable Content')
      expect(r.body.line).toBe(1)
    },
    HEAVY_TIMEOUT,
  )
})

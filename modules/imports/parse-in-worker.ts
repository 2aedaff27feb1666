// Runs the parse of an upload on a worker thread (parse-worker.ts), at most IMPORT_PARSE_WORKERS at a
// time; later imports wait their turn, a few per worker, and past that get 503 with Retry-After. The main thread only takes in batches of observations, so /health
// and every other request keep being answered while a large file is read, and the memory a parse needs
// is bounded by the number of workers, not by how many imports arrive at once.

import { Worker } from 'node:worker_threads'
import { lazyModule } from '../shared/lazy-module'
import { PROBLEM_TYPES, ProblemError, type ProblemKey } from '../shared/problem'
import { contentOf } from './content'
import type { ParseOutcome } from './parse-content'
import type { ParseReply, ParseRequest } from './parse-protocol'
import type { ParsedImport } from './parsed'

const WORKER_URL = new URL('./parse-worker.ts', import.meta.url)

/** What the caller learns when the parse found more observations than one source may hold. */
export class TooManyObservations extends Error {
  constructor(readonly observationCount: number) {
    super(`${observationCount} observations`)
  }
}

let running = 0
const waiting: (() => void)[] = []

/** Imports that may wait for a worker, per worker; past it a new import is 503 rather than held in memory. */
export const QUEUED_PER_WORKER = 4

/** Parse workers alive right now (never more than the concurrency asked for). */
export const parseWorkersRunning = () => running

async function turn(limit: number): Promise<() => void> {
  if (running >= limit && waiting.length >= limit * QUEUED_PER_WORKER) {
    throw new ProblemError(
      'unavailable',
      'The service is reading other imports and its queue is full; send this file again in a few seconds.',
      { headers: { 'retry-after': '5' } },
    )
  }
  if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve))
  running++
  return () => {
    running--
    waiting.shift()?.()
  }
}

const problemKeyOf = (slug: string) =>
  (Object.keys(PROBLEM_TYPES) as ProblemKey[]).find((key) => PROBLEM_TYPES[key].slug === slug) ?? 'validation'

/**
 * Uploads up to this size that are plain text (not a PDF or an archive) are read on the calling thread:
 * about a hundred lab rows parse in a few milliseconds at most, while starting a worker thread for them
 * cost 20-200 ms (issue 22 measured POST /imports/file at a few imports a second).
 */
export const INLINE_PARSE_MAX_BYTES = 4096

function parsesInline(bytes: Uint8Array): boolean {
  if (bytes.byteLength > INLINE_PARSE_MAX_BYTES) return false
  const [a, b, c, d] = bytes
  const pdf = a === 0x25 && b === 0x50 && c === 0x44 && d === 0x46 // %PDF
  const zip = a === 0x50 && b === 0x4b // PK
  const gzip = a === 0x1f && b === 0x8b
  return !(pdf || zip || gzip)
}

// The readers (CSV, PDF, FHIR, Apple Health, ...) load on the first import, not at start-up.
const contentReaders = lazyModule(() => import('./parse-content'))

/** The worker's parse, here: the same reader, the same cap, the same problems. */
async function parseHere(request: ParseRequest): Promise<ParseOutcome> {
  const { parseContent } = await contentReaders()
  const outcome = await parseContent(contentOf(request.bytes), {
    provider: request.provider,
    uploadedAt: new Date(request.uploadedAt),
    maxUnzippedBytes: request.maxUnzippedBytes,
  })
  if (outcome.kind === 'genetics') return { kind: 'genetics' }
  const count = outcome.parsed.observations.length
  if (count > request.maxObservations) throw new TooManyObservations(count)
  return outcome
}

/**
 * Parse `request.bytes` on a worker thread (a small text upload on this one); rejects with the parser's
 * ProblemError when it is unreadable.
 */
export async function parseInWorker(request: ParseRequest, concurrency: number): Promise<ParseOutcome> {
  if (parsesInline(request.bytes)) return parseHere(request)
  const release = await turn(concurrency)
  const worker = new Worker(WORKER_URL)
  try {
    return await new Promise<ParseOutcome>((resolve, reject) => {
      let head: Omit<ParsedImport, 'observations'> | null = null
      const observations: ParsedImport['observations'] = []
      worker.on('message', (reply: ParseReply) => {
        switch (reply.type) {
          case 'genetics':
            return resolve({ kind: 'genetics' })
          case 'head':
            head = reply.parsed
            return
          case 'observations':
            for (const o of reply.batch) observations.push(o)
            return
          case 'done':
            return resolve({
              kind: 'parsed',
              parsed: { ...(head as NonNullable<typeof head>), observations },
            })
          case 'too_many':
            return reject(new TooManyObservations(reply.observation_count))
          case 'problem':
            return reject(
              new ProblemError(problemKeyOf(reply.slug), reply.detail, {
                extra: reply.extra,
                status: reply.status,
              }),
            )
          case 'failed':
            return reject(new Error(`The import parser failed (${reply.message}).`))
        }
      })
      worker.on('error', (error) => reject(new Error(`The import parser failed (${error.name}).`)))
      worker.on('exit', (code) => reject(new Error(`The import parser stopped (exit ${code}).`)))
      // A copy is handed over rather than cloned: one memcpy, and the caller keeps its bytes (a genotype
      // file goes on to the genetics module).
      const bytes = request.bytes.slice()
      worker.postMessage({ ...request, bytes }, [bytes.buffer])
    })
  } finally {
    await worker.terminate()
    release()
  }
}

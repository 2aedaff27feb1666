// The live progress of a genetics job as server-sent events (`text/event-stream`). The worker may run
// in another process and records progress in the database, so the stream reads the job row at a short
// interval and sends it whenever it changed; it ends after the job reaches a final state.
// Events: `job` (the job as GET /genetics/jobs/{id} returns it), then one `end` when it is final.

import type { AppContext } from '../shared/context'
import type { Scope } from '../shared/principal'
import { getJob } from './jobs'
import type { GeneticsJob } from './model'

const FINAL_STATES: readonly GeneticsJob['state'][] = ['succeeded', 'failed', 'cancelled']
export const isFinalJob = (job: GeneticsJob) => FINAL_STATES.includes(job.state)

/** How often the job row is read while the stream is open. */
const POLL_MS = 400
/** A comment line this often keeps proxies (and Bun.serve, idle after 10 s by default) from closing a quiet stream. */
const KEEPALIVE_MS = 5_000
/** A stream lives at most this long; EventSource clients reconnect by themselves. */
const MAX_STREAM_MS = 30 * 60_000

/** An MCP tool call follows a job at most this long before it answers with the job as it stands. */
const MAX_FOLLOW_MS = 10 * 60_000

/**
 * A job's progress for MCP progress notifications: the percent read so far (sent only when it grows,
 * as the protocol asks that progress increase), with the state and stage as the message, and 100 with
 * the final state when the job ends, however it ends.
 */
export async function* followJobProgress(
  app: AppContext,
  scope: Scope,
  id: string,
  signal: AbortSignal,
): AsyncGenerator<{ progress: number; total: number; message: string }> {
  const started = Date.now()
  let last = -1
  let job = await getJob(app, scope, id)
  while (!signal.aborted && Date.now() - started < MAX_FOLLOW_MS) {
    if (isFinalJob(job)) {
      yield { progress: 100, total: 100, message: `Job ${job.state}.` }
      return
    }
    if (job.progress.percent > last) {
      last = job.progress.percent
      yield { progress: last, total: 100, message: `Job ${job.state}: ${job.stage}.` }
    }
    await Bun.sleep(POLL_MS)
    job = await getJob(app, scope, id)
  }
}

const frame = (event: string, data: unknown, id?: string) =>
  `${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`

/**
 * A `text/event-stream` response for one of the caller's jobs; 404 (thrown before the stream starts)
 * for a job that is not theirs. Sends the current state at once, every change, and `end` when final.
 */
export async function jobEventStream(app: AppContext, scope: Scope, id: string, signal?: AbortSignal) {
  let job = await getJob(app, scope, id)
  const encoder = new TextEncoder()
  let closed = false
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text))
      }
      const close = () => {
        if (closed) return
        closed = true
        controller.close()
      }
      signal?.addEventListener('abort', close)
      const started = Date.now()
      let last = JSON.stringify(job)
      let lastSent = Date.now()
      send(`retry: 2000\n${frame('job', job, job.progress.updated_at ?? undefined)}`)
      try {
        while (!closed && !isFinalJob(job) && Date.now() - started < MAX_STREAM_MS) {
          await Bun.sleep(POLL_MS)
          if (closed) break
          job = await getJob(app, scope, id)
          const now = JSON.stringify(job)
          if (now !== last) {
            last = now
            lastSent = Date.now()
            send(frame('job', job, job.progress.updated_at ?? undefined))
          } else if (Date.now() - lastSent > KEEPALIVE_MS) {
            lastSent = Date.now()
            send(': keep-alive\n\n')
          }
        }
        if (isFinalJob(job)) send(frame('end', { state: job.state, source_id: job.source_id }))
      } catch {
        // The job vanished (its data was deleted) or the database closed: end the stream quietly.
      }
      close()
    },
    cancel() {
      closed = true
    },
  })
  return new Response(stream, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    },
  })
}

// Worker thread: detects and parses one upload off the main thread, so a large file never holds up other
// requests. It answers with the parsed import in batches, or with the problem that made it unreadable.
// One worker parses one file and is then ended, which hands its whole heap back.

import { parentPort } from 'node:worker_threads'
import { ProblemError } from '../shared/problem'
import { contentOf } from './content'
import { parseContent } from './parse-content'
import { OBSERVATION_BATCH, type ParseReply, type ParseRequest } from './parse-protocol'

const send = (reply: ParseReply) => parentPort!.postMessage(reply)

async function parse(request: ParseRequest): Promise<void> {
  const outcome = await parseContent(contentOf(request.bytes), {
    provider: request.provider,
    uploadedAt: new Date(request.uploadedAt),
    maxUnzippedBytes: request.maxUnzippedBytes,
  })
  if (outcome.kind === 'genetics') return send({ type: 'genetics' })
  const { observations, ...head } = outcome.parsed
  if (observations.length > request.maxObservations)
    return send({ type: 'too_many', observation_count: observations.length })
  send({ type: 'head', parsed: head, observation_count: observations.length })
  for (let i = 0; i < observations.length; i += OBSERVATION_BATCH)
    send({ type: 'observations', batch: observations.slice(i, i + OBSERVATION_BATCH) })
  send({ type: 'done' })
}

parentPort!.once('message', (request: ParseRequest) => {
  parse(request).catch((error: unknown) => {
    if (error instanceof ProblemError)
      send({
        type: 'problem',
        slug: error.slug,
        status: error.status,
        detail: error.detail,
        extra: error.extra,
      })
    // The message only: a stack or the content never leaves the worker.
    else send({ type: 'failed', message: error instanceof Error ? error.name : 'unknown error' })
  })
})

// Worker thread of samples-ancestry.ts: estimates ancestry for each sample of a batch, exactly as the
// calling thread would (ancestryForCalls), and sends the answers back in the batch's order.

import { parentPort } from 'node:worker_threads'
import { ancestryForCalls } from './analyze'
import type { SampleAncestry, SamplesBatch, SamplesReply } from './samples-ancestry'

const port = parentPort
if (!port) throw new Error('samples-ancestry-worker must run as a worker thread')

port.on('message', (batch: SamplesBatch) => {
  let reply: SamplesReply
  try {
    const results: SampleAncestry[] = batch.samples.map(([sample, calls]) => ({
      sample,
      ...ancestryForCalls(new Map(calls), batch.build, batch.assumption),
    }))
    reply = { id: batch.id, results }
  } catch (error) {
    reply = { id: batch.id, error: String((error as Error)?.message ?? error) }
  }
  port.postMessage(reply)
})

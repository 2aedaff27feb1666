// Messages between the import service and its parse worker. Observations come back in batches so the
// main thread never spends more than a few milliseconds taking in one message.

import type { ParsedImport } from './parsed'

export interface ParseRequest {
  bytes: Uint8Array
  provider: string | null
  uploadedAt: string
  maxUnzippedBytes: number
  /** Past this many observations the worker stops and reports the count instead of sending them. */
  maxObservations: number
}

/** Observations per message from the worker. */
export const OBSERVATION_BATCH = 2_000

export type ParseReply =
  | { type: 'genetics' }
  | { type: 'head'; parsed: Omit<ParsedImport, 'observations'>; observation_count: number }
  | { type: 'observations'; batch: ParsedImport['observations'] }
  | { type: 'done' }
  | { type: 'too_many'; observation_count: number }
  | {
      type: 'problem'
      slug: string
      status: number
      detail: string
      extra: Record<string, unknown>
    }
  | { type: 'failed'; message: string }

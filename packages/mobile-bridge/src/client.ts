// The uploader: batches of records to POST /connections/wearables/records, each retried on a network
// error, 429 or 5xx (waiting what Retry-After says, else a growing delay), the token refreshed once on
// a 401 through the app's TokenProvider, and a 4xx problem (a batch the service refuses) thrown as a
// BridgeError without retrying. Sending a batch again is safe: the service counts records it already
// has as duplicates. `syncType` reads from the anchor the app kept, uploads, and only then moves it.

import type { AnchorStore, Store, TokenProvider, UploadRecord, UploadResult } from './types'

export interface BridgeOptions {
  /** The service's base URL, e.g. `https://health.example.com`. */
  baseUrl: string
  store: Store
  tokens: TokenProvider
  anchors?: AnchorStore
  /** Records per request; the service takes at most 5000. */
  batchSize?: number
  /** Tries per batch on network errors, 429 and 5xx. */
  maxAttempts?: number
  /** First retry delay in ms; doubled each time unless Retry-After says otherwise. */
  retryDelayMs?: number
  /** The fetch to use (default: the global one). */
  fetch?: (url: string, init: RequestInit) => Promise<Response>
  sleep?: (ms: number) => Promise<void>
}

/** A refusal from the service: its status and problem details (`errors` names the records). */
export class BridgeError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Record<string, unknown> | null,
  ) {
    super(`The service answered ${status}: ${String(problem?.detail ?? 'no details')}`)
    this.name = 'BridgeError'
  }
}

const MAX_BATCH = 5000

export class BridgeClient {
  private readonly batchSize: number
  private readonly maxAttempts: number
  private readonly retryDelayMs: number
  private readonly doFetch: (url: string, init: RequestInit) => Promise<Response>
  private readonly sleep: (ms: number) => Promise<void>

  constructor(private readonly options: BridgeOptions) {
    this.batchSize = Math.min(Math.max(1, options.batchSize ?? 1000), MAX_BATCH)
    this.maxAttempts = Math.max(1, options.maxAttempts ?? 4)
    this.retryDelayMs = options.retryDelayMs ?? 500
    this.doFetch = options.fetch ?? ((input, init) => fetch(input, init))
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)))
  }

  /** Upload records in batches, in order; one answer per batch. */
  async upload(records: readonly UploadRecord[]): Promise<UploadResult[]> {
    const results: UploadResult[] = []
    for (let i = 0; i < records.length; i += this.batchSize)
      results.push(await this.send(records.slice(i, i + this.batchSize)))
    return results
  }

  /**
   * One data type, incrementally: `read` gets the anchor kept after the last successful upload (null the
   * first time) and returns the new records with the anchor to keep once they are stored.
   */
  async syncType(
    dataType: string,
    read: (anchor: string | null) => Promise<{ records: UploadRecord[]; anchor: string }>,
  ): Promise<{ results: UploadResult[]; anchor: string }> {
    const anchors = this.options.anchors
    const { records, anchor } = await read(anchors ? await anchors.get(dataType) : null)
    const results = records.length > 0 ? await this.upload(records) : []
    await anchors?.set(dataType, anchor)
    return { results, anchor }
  }

  private async send(records: UploadRecord[]): Promise<UploadResult> {
    const url = `${this.options.baseUrl.replace(/\/$/, '')}/connections/wearables/records`
    const body = JSON.stringify({ source: this.options.store, records })
    let token = await this.options.tokens.token()
    let refreshed = false
    for (let attempt = 1; ; attempt++) {
      let response: Response | null = null
      try {
        response = await this.doFetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body,
        })
      } catch {
        response = null
      }
      if (response?.ok) return (await response.json()) as UploadResult
      if (response?.status === 401 && !refreshed) {
        await response.body?.cancel()
        token = await this.options.tokens.refresh()
        refreshed = true
        attempt--
        continue
      }
      const retryable = response === null || response.status === 429 || response.status >= 500
      if (!retryable || attempt >= this.maxAttempts) {
        const problem = response
          ? ((await response.json().catch(() => null)) as Record<string, unknown> | null)
          : null
        throw new BridgeError(
          response?.status ?? 0,
          problem ?? { detail: 'The service could not be reached.' },
        )
      }
      const retryAfter = Number(response?.headers.get('retry-after') ?? Number.NaN)
      await response?.body?.cancel()
      await this.sleep(
        Number.isFinite(retryAfter) && retryAfter >= 0
          ? retryAfter * 1000
          : this.retryDelayMs * 2 ** (attempt - 1),
      )
    }
  }
}

// Reads a wearable provider's REST API page by page: `next_token` pagination followed to the end,
// bounded retries on 429 and 5xx that honour Retry-After, and one token refresh on a 401. The whole
// range is read before anything is stored, so a failed sync never leaves a partial source.

import { ProblemError } from '../../shared/problem'
import type { ProviderDescriptor } from './providers'

/** Attempts per page on 429/5xx before the sync gives up with a problem. */
const MAX_ATTEMPTS = 3
/** A Retry-After longer than this is not waited for inside a request; the caller is told to retry. */
const MAX_WAIT_MS = 10_000
/** A provider answering with more pages than this is treated as broken rather than followed forever. */
const MAX_PAGES = 500

export interface PageReader {
  /** The access token in use; replaced after a refresh. */
  accessToken: string
  /** Called once on the first 401: returns a fresh access token, or null when none can be had. */
  refresh: () => Promise<string | null>
  refreshed: boolean
  sleep?: (ms: number) => Promise<void>
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Seconds or an HTTP date, as RFC 9110 allows; absent or unreadable → a short default. */
export function retryAfterMs(header: string | null, attempt: number): number {
  if (header !== null) {
    const seconds = Number(header)
    if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000
    const date = Date.parse(header)
    if (!Number.isNaN(date)) return Math.max(0, date - Date.now())
  }
  return 250 * 2 ** attempt
}

export async function getPage(
  p: ProviderDescriptor,
  reader: PageReader,
  url: URL,
): Promise<Record<string, unknown>>
export async function getPage(
  p: ProviderDescriptor,
  reader: PageReader,
  url: URL,
  options: { notFoundIsEmpty: true },
): Promise<Record<string, unknown> | null>
/** One JSON document; with `notFoundIsEmpty`, a 404 (nothing recorded yet) answers null. */
export async function getPage(
  p: ProviderDescriptor,
  reader: PageReader,
  url: URL,
  options: { notFoundIsEmpty?: boolean } = {},
): Promise<Record<string, unknown> | null> {
  for (let attempt = 0; ; attempt++) {
    let response: Response
    try {
      response = await fetch(url, {
        headers: { authorization: `Bearer ${reader.accessToken}`, accept: 'application/json' },
        signal: AbortSignal.timeout(20_000),
      })
    } catch {
      if (attempt + 1 < MAX_ATTEMPTS) continue
      throw new ProblemError('badGateway', `${p.name} could not be reached; try the sync again later.`)
    }
    if (response.status === 401) {
      await response.body?.cancel()
      const token = reader.refreshed ? null : await reader.refresh()
      if (!token)
        throw new ProblemError(
          'validation',
          `${p.name} refused the access token and it could not be refreshed; send refresh_token with client_id and client_secret, or connect again.`,
          { extra: { provider_error: 'unauthorized' } },
        )
      reader.accessToken = token
      reader.refreshed = true
      attempt--
      continue
    }
    if (response.status === 429 || response.status >= 500) {
      const delay = retryAfterMs(response.headers.get('retry-after'), attempt)
      await response.body?.cancel()
      if (attempt + 1 >= MAX_ATTEMPTS || delay > MAX_WAIT_MS) {
        const limited = response.status === 429
        throw new ProblemError(
          limited ? 'unavailable' : 'badGateway',
          limited
            ? `${p.name} is rate limiting this app; nothing was stored. Try the sync again in ${Math.ceil(delay / 1000)} seconds.`
            : `${p.name} answered with an error (${response.status}) ${MAX_ATTEMPTS} times; nothing was stored. Try the sync again later.`,
          limited ? { headers: { 'retry-after': String(Math.ceil(delay / 1000)) } } : undefined,
        )
      }
      await (reader.sleep ?? wait)(delay)
      continue
    }
    if (response.status === 404 && options.notFoundIsEmpty) {
      await response.body?.cancel()
      return null
    }
    const body = response.ok ? await response.json().catch(() => null) : null
    if (!body || typeof body !== 'object')
      throw new ProblemError(
        'badGateway',
        `${p.name} answered ${url.pathname} unexpectedly (${response.status}); nothing was stored.`,
      )
    return body as Record<string, unknown>
  }
}

/** Every record of a collection endpoint between the given query bounds, following `next_token`. */
export async function readAllPages(
  p: ProviderDescriptor,
  reader: PageReader,
  path: string,
  query: Record<string, string>,
  cursorParam: string,
): Promise<Record<string, unknown>[]> {
  const records: Record<string, unknown>[] = []
  let nextToken: string | null = null
  for (let page = 0; page < MAX_PAGES; page++) {
    const url = new URL(`${p.endpoints.apiBaseUrl}${path}`)
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v)
    if (nextToken) url.searchParams.set(cursorParam, nextToken)
    const body = await getPage(p, reader, url)
    // WHOOP names the page `records`, Oura `data`; both answer the cursor as `next_token` (WHOOP takes it
    // back as `nextToken`, Oura as `next_token`).
    const items = (body.records ?? body.data) as unknown
    if (!Array.isArray(items))
      throw new ProblemError('badGateway', `${p.name} answered ${path} without records; nothing was stored.`)
    for (const item of items)
      if (item && typeof item === 'object') records.push(item as Record<string, unknown>)
    nextToken = typeof body.next_token === 'string' && body.next_token !== '' ? body.next_token : null
    if (!nextToken) return records
  }
  throw new ProblemError('badGateway', `${p.name} kept paginating ${path}; nothing was stored.`)
}

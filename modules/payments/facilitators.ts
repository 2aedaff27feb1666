// The facilitators that verify and settle payments for us, over HTTP (the x402 `HTTPFacilitatorClient`).
// At start every configured facilitator is asked for `/supported`; each enabled network must be covered
// by x402 v2 `exact` from at least one of them (the first listed wins), or the start stops with one line
// naming what is missing.

import { HTTPFacilitatorClient } from '@x402/core/server'
import type { SupportedResponse } from '@x402/core/types'
import { ConfigError } from '../shared/config'
import { errorSummary } from '../shared/error-summary'
import type { X402Settings } from './settings'

/** How long one facilitator call may take before the request gets a 503. */
const FACILITATOR_TIMEOUT_MS = 15_000

export interface ConnectedFacilitators {
  /** Clients that answered `/supported`, in the configured order (earlier ones take precedence). */
  clients: HTTPFacilitatorClient[]
  /** The facilitator URL that serves each enabled network. */
  urlOf: Record<string, string>
}

function clientFor(settings: X402Settings, url: string): HTTPFacilitatorClient {
  const headers = settings.facilitatorHeaders[url]
  return new HTTPFacilitatorClient({
    url,
    timeoutMs: FACILITATOR_TIMEOUT_MS,
    ...(headers
      ? {
          createAuthHeaders: async () => ({
            verify: { ...headers },
            settle: { ...headers },
            supported: { ...headers },
          }),
        }
      : {}),
  })
}

const supportsExactV2 = (supported: SupportedResponse, network: string) =>
  supported.kinds.some((k) => k.x402Version === 2 && k.scheme === 'exact' && k.network === network)

/** Ask every facilitator what it supports; fail the start unless each enabled network is covered. */
export async function connectFacilitators(settings: X402Settings): Promise<ConnectedFacilitators> {
  const answers = await Promise.all(
    settings.facilitatorUrls.map(async (url) => {
      const client = clientFor(settings, url)
      try {
        return { url, client, supported: await client.getSupported() }
      } catch (error) {
        return { url, client, failure: errorSummary(error) }
      }
    }),
  )
  const urlOf: Record<string, string> = {}
  for (const network of settings.networks) {
    const first = answers.find((a) => a.supported && supportsExactV2(a.supported, network))
    if (first) urlOf[network] = first.url
  }
  const missing = settings.networks.filter((network) => !urlOf[network])
  if (missing.length > 0) {
    const down = answers
      .filter((a) => a.failure)
      .map((a) => `${a.url} did not answer /supported (${a.failure})`)
    throw new ConfigError(
      `X402_FACILITATOR_URLS: no facilitator advertises x402 v2 "exact" for ${missing.join(', ')}${down.length ? `; ${down.join('; ')}` : ''}.`,
    )
  }
  return {
    clients: answers.filter((a) => a.supported).map((a) => a.client),
    urlOf,
  }
}

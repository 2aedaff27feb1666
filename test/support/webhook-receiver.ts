// A webhook receiver on 127.0.0.1 as an integrator would run one: every delivery is verified with the
// Standard Webhooks library (`standardwebhooks`, the same maintained package integrators use) against
// the endpoint's secret, and recorded with its headers. Tests script its answers (e.g. 500 first).

import { Webhook } from 'standardwebhooks'

export interface Received {
  id: string
  timestamp: string
  signature: string
  body: string
  /** The payload as the library returned it after verifying the signature; null when verification failed. */
  verified: unknown
  answered: number
}

export function startWebhookReceiver() {
  const received: Received[] = []
  let secret: string | null = null
  const scripted: number[] = []
  let fallback = 200
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const body = await req.text()
      const headers = {
        'webhook-id': req.headers.get('webhook-id') ?? '',
        'webhook-timestamp': req.headers.get('webhook-timestamp') ?? '',
        'webhook-signature': req.headers.get('webhook-signature') ?? '',
      }
      let verified: unknown = null
      try {
        verified = secret ? new Webhook(secret).verify(body, headers) : null
      } catch {
        verified = null
      }
      const status = verified === null ? 401 : (scripted.shift() ?? fallback)
      received.push({
        id: headers['webhook-id'],
        timestamp: headers['webhook-timestamp'],
        signature: headers['webhook-signature'],
        body,
        verified,
        answered: status,
      })
      return new Response(status < 300 ? 'ok' : 'no', { status })
    },
  })
  return {
    url: `http://127.0.0.1:${server.port}/hooks`,
    received,
    /** The endpoint's signing secret, as POST /webhooks/endpoints returned it. */
    trust(value: string) {
      secret = value
    },
    /** Answer the next deliveries with these statuses, then `otherwise`. */
    answer(statuses: number[], otherwise = 200) {
      scripted.push(...statuses)
      fallback = otherwise
    },
    stop: () => server.stop(true),
  }
}

// A local stand-in of the Stripe API on 127.0.0.1 for the calls billing makes: listing prices by lookup
// key, creating a customer, a Checkout session and a customer portal session. It answers in Stripe's
// wire format (form-encoded requests, JSON objects with `object` and `id`, list envelopes, error
// envelopes) and records each request so tests can assert what the SDK sent.

export interface RecordedRequest {
  method: string
  path: string
  form: URLSearchParams
  authorization: string | null
}

export function startStripeStandIn() {
  const requests: RecordedRequest[] = []
  let counter = 0
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const url = new URL(req.url)
      const form = new URLSearchParams(req.method === 'GET' ? url.search : await req.text())
      requests.push({
        method: req.method,
        path: url.pathname,
        form,
        authorization: req.headers.get('authorization'),
      })
      if (!req.headers.get('authorization')?.startsWith('Bearer sk_test_')) {
        return json({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }, 401)
      }
      if (req.method === 'GET' && url.pathname === '/v1/prices') {
        const key = form.get('lookup_keys[0]') ?? ''
        const known = /^wellness_(standard|builder|growth)_monthly$/.test(key)
        const data = known
          ? [{ id: `price_${key}`, object: 'price', active: true, lookup_key: key, type: 'recurring' }]
          : []
        return json({ object: 'list', data, has_more: false, url: '/v1/prices' })
      }
      if (req.method === 'POST' && url.pathname === '/v1/customers') {
        return json({
          id: `cus_${++counter}`,
          object: 'customer',
          metadata: { organization_id: form.get('metadata[organization_id]') },
        })
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const id = `cs_test_${++counter}`
        return json({
          id,
          object: 'checkout.session',
          mode: form.get('mode'),
          customer: form.get('customer'),
          client_reference_id: form.get('client_reference_id'),
          status: 'open',
          url: `https://checkout.stripe.com/c/pay/${id}`,
        })
      }
      if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        const id = `bps_${++counter}`
        return json({
          id,
          object: 'billing_portal.session',
          customer: form.get('customer'),
          return_url: form.get('return_url'),
          url: `https://billing.stripe.com/p/session/${id}`,
        })
      }
      return json(
        {
          error: {
            type: 'invalid_request_error',
            message: `Unrecognized request URL (${req.method}: ${url.pathname})`,
          },
        },
        404,
      )
    },
  })
  return { url: `http://127.0.0.1:${server.port}`, requests, stop: () => server.stop(true) }
}

// Response models of the discovery operations.

import { Type } from '@sinclair/typebox'

const Wearable = Type.Object({
  first_party_oauth: Type.Boolean({
    description: 'A connection can start with no client credentials of your own.',
  }),
  connection_model: Type.Union([
    Type.Literal('server_oauth'),
    Type.Literal('companion_app'),
    Type.Literal('mobile_bridge'),
  ]),
})

export const Capabilities = Type.Object(
  {
    service: Type.Object({
      name: Type.String(),
      version: Type.String(),
      openapi: Type.String(),
      mcp: Type.String(),
    }),
    modalities: Type.Array(Type.String()),
    genetics: Type.Object({
      formats: Type.Array(Type.String()),
      compressions: Type.Array(Type.String()),
      builds: Type.Array(Type.String()),
      annotation_depths: Type.Array(
        Type.Object({ depth: Type.String(), available: Type.Boolean(), note: Type.String() }),
      ),
    }),
    wearables: Type.Record(Type.String(), Wearable),
    auth: Type.Object({
      methods: Type.Array(Type.String()),
      oidc_issuer: Type.Union([Type.String(), Type.Null()]),
    }),
    billing: Type.Object({ enabled: Type.Boolean() }),
    x402: Type.Object({ enabled: Type.Boolean() }),
  },
  { $id: 'Capabilities' },
)

const Quota = Type.Union([Type.Integer(), Type.Null()])

export const Pricing = Type.Object(
  {
    currency: Type.Literal('USD'),
    billing_enabled: Type.Boolean(),
    plans: Type.Array(
      Type.Object({
        tier: Type.String(),
        name: Type.String(),
        price: Type.Union([
          Type.Object({ amount: Type.String(), currency: Type.String(), interval: Type.String() }),
          Type.Object({ custom: Type.Literal(true) }),
        ]),
        quotas: Type.Object({
          uploads_per_month: Quota,
          analyses_per_month: Quota,
          uploads_and_analyses_per_month: Type.Union([Type.Integer(), Type.Null()], {
            description:
              'One cap on uploads and analyses together (Free, Standard); null when they are capped separately.',
          }),
          wearable_syncs_per_month: Quota,
          queued_wgs_jobs: Quota,
          full_dbsnp_jobs: Quota,
        }),
        allows: Type.Record(Type.String(), Type.Boolean()),
        summary: Type.String(),
      }),
    ),
    rules: Type.Array(Type.String()),
    webhooks: Type.Object({
      from_tier: Type.String({ description: 'The first plan that includes outbound webhooks.' }),
      event_kinds: Type.Array(Type.String(), {
        description: 'The event kinds an endpoint can subscribe to.',
      }),
      signing: Type.String(),
    }),
    introductory_allowance: Type.Object({
      protected_requests: Type.Integer({
        description: 'Free protected requests of every hosted workspace before checkout is prompted.',
      }),
      resets: Type.Literal(false, { description: 'Never reset, not even by cancelling a plan.' }),
      past_it: Type.String({ description: 'What a workspace without a paid plan gets after the allowance.' }),
    }),
    pay_per_request: Type.Object(
      {
        enabled: Type.Boolean(),
        x402_catalog: Type.String(),
        routes: Type.Array(
          Type.Object({
            id: Type.String(),
            method: Type.String(),
            route: Type.String(),
            price_usd: Type.String({ description: 'Live price of one call in US dollars (USDC).' }),
          }),
        ),
      },
      { description: 'x402 pay-per-request prices; the same as in /.well-known/x402.json.' },
    ),
  },
  { $id: 'Pricing' },
)

export const Health = Type.Object({
  status: Type.Literal('ok'),
  version: Type.String(),
  uptime_seconds: Type.Number(),
})
export const Ready = Type.Object({
  status: Type.Literal('ready'),
  checks: Type.Record(Type.String(), Type.String()),
})

export const ProblemTypeDoc = Type.Object({
  type: Type.String(),
  title: Type.String(),
  status: Type.Integer(),
  description: Type.String(),
})

export const X402Catalog = Type.Object(
  {
    x402Version: Type.Literal(2),
    enabled: Type.Boolean(),
    networks: Type.Array(Type.String()),
    facilitators: Type.Array(Type.String()),
    routes: Type.Array(
      Type.Object({
        id: Type.String(),
        method: Type.String(),
        route: Type.String(),
        price_usd: Type.String(),
        description: Type.String(),
        tags: Type.Array(Type.String()),
        input_example: Type.Unknown(),
        input_schema: Type.Unknown(),
        output_example: Type.Unknown(),
        bazaar: Type.Optional(
          Type.Unknown({ description: 'The bazaar discovery extension the 402 of this route declares.' }),
        ),
      }),
    ),
  },
  { $id: 'X402Catalog' },
)

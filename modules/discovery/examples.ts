// One example call per discovery operation: the request a caller sends and the success response. Recorded
// from real runs of the test suite (lists cut to one item, tokens replaced by placeholders) and checked
// against each operation's schemas by test/modules/discovery/examples.test.ts. The OpenAPI document,
// MCP tool descriptions and the x402 catalogue all show these.

import type { OperationExample } from '../shared/operation'

export const discoveryExamples = {
  'discovery.capabilities': {
    request: {},
    response: {
      service: {
        name: 'Wellness Data Service',
        version: '0.5.2',
        openapi: 'http://localhost:3000/openapi.json',
        mcp: 'http://localhost:3000/mcp',
      },
      modalities: ['biomarkers'],
      genetics: {
        formats: ['vcf'],
        compressions: ['none'],
        builds: ['GRCh37'],
        annotation_depths: [
          {
            depth: 'compact',
            available: true,
            note: 'Curated catalog shipped with the service.',
          },
        ],
      },
      wearables: {
        whoop: {
          first_party_oauth: false,
          connection_model: 'server_oauth',
        },
        oura: {
          first_party_oauth: false,
          connection_model: 'server_oauth',
        },
        health_connect: {
          first_party_oauth: true,
          connection_model: 'companion_app',
        },
        apple_health: {
          first_party_oauth: false,
          connection_model: 'mobile_bridge',
        },
        samsung_health: {
          first_party_oauth: false,
          connection_model: 'mobile_bridge',
        },
      },
      auth: {
        methods: ['email_otp'],
        oidc_issuer: null,
      },
      billing: {
        enabled: false,
      },
      x402: {
        enabled: false,
      },
    },
  },
  'discovery.pricing': {
    request: {},
    response: {
      currency: 'USD',
      billing_enabled: false,
      plans: [
        {
          tier: 'free',
          name: 'Free',
          price: {
            amount: '0.00',
            currency: 'USD',
            interval: 'month',
          },
          quotas: {
            uploads_per_month: 25,
            analyses_per_month: 25,
            uploads_and_analyses_per_month: 25,
            wearable_syncs_per_month: 0,
            queued_wgs_jobs: 1,
            full_dbsnp_jobs: 0,
          },
          allows: {
            serve_other_users: false,
            service_tokens: false,
            webhooks: false,
            managed_storage_and_workers: false,
            multi_workspace_automation: false,
            full_dbsnp_annotation: false,
          },
          summary:
            'API key, MCP/OpenAPI access, 25 uploads and analyses per month (shared), one queued WGS job.',
        },
      ],
      rules: [
        'The first 100 protected hosted API requests of every cloud workspace are free; checkout is prompted only after that allowance is exhausted.',
      ],
      webhooks: {
        from_tier: 'builder',
        event_kinds: ['genetics.job.finished', 'analysis.created', 'wearable.sync.finished', 'import.stored'],
        signing: 'Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: HMAC-SHA256)',
      },
      introductory_allowance: {
        protected_requests: 100,
        resets: false,
        past_it:
          '402 checkout-required (POST /billing/checkout with activation_source request_limit); billing, export and deletion stay available.',
      },
      pay_per_request: {
        enabled: false,
        x402_catalog: 'http://localhost:3000/.well-known/x402.json',
        routes: [
          {
            id: 'sources.list',
            method: 'GET',
            route: '/sources',
            price_usd: '0.001',
          },
        ],
      },
    },
  },
  'discovery.health': {
    request: {},
    response: {
      status: 'ok',
      version: '0.5.2',
      uptime_seconds: 45,
    },
  },
  'discovery.ready': {
    request: {},
    response: {
      status: 'ready',
      checks: {
        database: 'ok',
      },
    },
  },
  'discovery.problem_type': {
    request: {
      params: {
        slug: 'validation',
      },
    },
    response: {
      type: 'http://localhost:3000/problems/validation',
      title: 'Unprocessable Content',
      status: 422,
      description: 'The request was read but some fields are invalid; `errors` lists them.',
    },
  },
  'discovery.x402': {
    request: {},
    response: {
      x402Version: 2,
      enabled: false,
      networks: [],
      facilitators: [],
      routes: [
        {
          id: 'sources.list',
          method: 'GET',
          route: '/sources',
          price_usd: '0.001',
          description: "List the payer's own sources (uploads and syncs).",
          tags: ['sources'],
          input_example: {
            query: {
              modality: 'biomarkers',
              limit: 20,
            },
          },
          input_schema: {
            type: 'object',
            properties: {
              modality: {
                description: 'biomarkers, wearables, genetics or behavioral',
                anyOf: [
                  {
                    const: 'biomarkers',
                    type: 'string',
                  },
                ],
              },
              since: {
                format: 'date-time',
                description: 'Only sources added at or after this time.',
                type: 'string',
              },
              limit: {
                minimum: 1,
                maximum: 100,
                default: 20,
                description: 'Items per page (1-100, default 20).',
                type: 'integer',
              },
              cursor: {
                minLength: 1,
                maxLength: 200,
                description: 'next_cursor from the previous page.',
                type: 'string',
              },
            },
          },
          output_example: null,
        },
      ],
    },
  },
  'discovery.openapi': {
    request: {},
    response: {
      openapi: '3.1.0',
      info: {
        title: 'Wellness Data Service',
        version: '0.5.2',
      },
      servers: [
        {
          url: 'https://wellness.example',
        },
      ],
      paths: {
        '/health': {
          get: {
            operationId: 'discovery.health',
            summary: 'Liveness: the process answers',
            tags: ['Discovery'],
          },
        },
      },
    },
  },
} satisfies Record<string, OperationExample>

// One example call per auth operation: the request a caller sends and the success response. Recorded
// from real runs of the test suite (lists cut to one item, tokens replaced by placeholders) and checked
// against each operation's schemas by test/modules/discovery/examples.test.ts. The OpenAPI document,
// MCP tool descriptions and the x402 catalogue all show these.

import type { OperationExample } from '../shared/operation'

export const authExamples = {
  'auth.otp.start': {
    request: {
      body: {
        email: 'ada@example.com',
      },
    },
    response: {
      status: 'sent_if_allowed',
      message:
        'If this address can sign in, an e-mail with an 8-digit code and a sign-in link is on its way.',
      expires_in_seconds: 600,
    },
  },
  'auth.otp.verify': {
    request: {
      body: {
        email: 'ada@example.com',
        token: '80835135',
      },
    },
    response: {
      access_token: 'wds_ses_EXAMPLE000000000000000000000000000000000000',
      token_type: 'bearer',
      expires_at: '2026-01-15T21:00:00.000Z',
      user: {
        id: 'usr_01kf0hhz8rcga6s3vbfag0mng6',
        email: 'ada@example.com',
      },
      organization_id: 'org_01kf0hhz8rcga6s3vbfag0mng7',
    },
  },
  'auth.otp.link': {
    request: {
      body: {
        token: 'ExampleLinkToken000000000000000000000000000',
      },
    },
    response: {
      access_token: 'wds_ses_EXAMPLE000000000000000000000000000000000000',
      token_type: 'bearer',
      expires_at: '2026-01-15T21:10:00.001Z',
      user: {
        id: 'usr_01kf0hhz8rcga6s3vbfag0mnds',
        email: 'ada@example.com',
      },
      organization_id: 'org_01kf0hhz8rcga6s3vbfag0mndt',
    },
  },
  'auth.api_keys.create': {
    request: {
      body: {
        name: 'laptop',
      },
    },
    response: {
      api_key: 'wds_sk_EXAMPLE000000000000000000000000000000000000',
      id: 'key_01kf0hhz8rcga6s3vbfag0mnc8',
      name: 'laptop',
      created: {
        user_id: 'usr_01kf0hhz8rcga6s3vbfag0mnc5',
        organization_id: 'org_01kf0hhz8rcga6s3vbfag0mnc6',
      },
      grants: ['imports'],
      expires_at: '2027-01-15T09:00:00.000Z',
    },
  },
  'auth.api_keys.list': {
    request: {},
    response: {
      data: [
        {
          id: 'key_01kf0hhz8rcga6s3vbfag0mnc9',
          name: 'agent',
          display_prefix: 'wds_sk_lGTmIL…',
          user_id: 'usr_01kf0hhz8rcga6s3vbfag0mnc5',
          organization_id: 'org_01kf0hhz8rcga6s3vbfag0mnc6',
          grants: ['imports'],
          created_at: '2026-01-15T09:00:00.000Z',
          expires_at: '2027-01-15T09:00:00.000Z',
          revoked_at: null,
          last_used_at: null,
          status: 'active',
        },
      ],
    },
  },
  'auth.api_keys.revoke': {
    request: {
      params: {
        id: 'key_01kf0hhz8rcga6s3vbfag0mnck',
      },
    },
    response: {
      id: 'key_01kf0hhz8rcga6s3vbfag0mnck',
      name: null,
      display_prefix: 'wds_sk_qBxTss…',
      user_id: 'usr_01kf0hhz8rcga6s3vbfag0mncg',
      organization_id: 'org_01kf0hhz8rcga6s3vbfag0mnch',
      grants: ['imports'],
      created_at: '2026-01-15T09:00:00.000Z',
      expires_at: '2027-01-15T09:00:00.000Z',
      revoked_at: '2026-01-15T09:00:00.000Z',
      last_used_at: '2026-01-15T09:00:00.000Z',
      status: 'revoked',
    },
  },
  'auth.service_tokens.create': {
    request: {
      body: {
        user_id: 'end-user-42',
        ttl_seconds: 600,
      },
    },
    response: {
      id: 'svc_01kf0hhz8rcga6s3vbfag0mnam',
      access_token: 'wds_svc_EXAMPLE000000000000000000000000000000000000',
      token_type: 'bearer',
      expires_at: '2026-01-15T09:10:00.000Z',
      user_id: 'end-user-42',
      organization_id: 'org_01kf0hhz8rcga6s3vbfag0mnah',
      grants: ['imports'],
    },
  },
  'auth.service_tokens.revoke': {
    request: {
      params: {
        id: 'svc_01kf0hhz8rcga6s3vbfag0mnfd',
      },
    },
    response: {
      id: 'svc_01kf0hhz8rcga6s3vbfag0mnfd',
      user_id: 'end-user-a',
      organization_id: 'org_01kf0hhz8rcga6s3vbfag0mnfa',
      issued_by_key_id: 'key_01kf0hhz8rcga6s3vbfag0mnfc',
      created_at: '2026-01-15T09:00:00.000Z',
      expires_at: '2026-01-15T10:00:00.000Z',
      revoked_at: '2026-01-15T09:00:00.000Z',
      status: 'revoked',
    },
  },
  'auth.sign_out': {
    request: {},
    response: {
      id: 'ses_01kf0hhz8rcga6s3vbfag0mng3',
      user_id: 'usr_01kf0hhz8rcga6s3vbfag0mng1',
      organization_id: 'org_01kf0hhz8rcga6s3vbfag0mng2',
      created_at: '2026-01-15T09:00:00.000Z',
      expires_at: '2026-01-15T21:00:00.000Z',
      revoked_at: '2026-01-15T09:00:00.000Z',
      status: 'revoked',
      current: true,
    },
  },
  'auth.sessions.list': {
    request: {},
    response: {
      data: [
        {
          id: 'ses_01kf0hhz8rcga6s3vbfag0mng8',
          user_id: 'usr_01kf0hhz8rcga6s3vbfag0mng6',
          organization_id: 'org_01kf0hhz8rcga6s3vbfag0mng7',
          created_at: '2026-01-15T09:00:00.000Z',
          expires_at: '2026-01-15T21:00:00.000Z',
          revoked_at: null,
          status: 'active',
          current: false,
        },
      ],
    },
  },
  'auth.sessions.revoke': {
    request: {
      params: {
        id: 'ses_01kf0hhz8rcga6s3vbfag0mng8',
      },
    },
    response: {
      id: 'ses_01kf0hhz8rcga6s3vbfag0mng8',
      user_id: 'usr_01kf0hhz8rcga6s3vbfag0mng6',
      organization_id: 'org_01kf0hhz8rcga6s3vbfag0mng7',
      created_at: '2026-01-15T09:00:00.000Z',
      expires_at: '2026-01-15T21:00:00.000Z',
      revoked_at: '2026-01-15T09:00:00.000Z',
      status: 'revoked',
      current: false,
    },
  },
  'auth.me': {
    request: {},
    response: {
      kind: 'api_key',
      user_id: 'usr_01kf0hhz8rcga6s3vbfag0mnap',
      organization_id: 'org_01kf0hhz8rcga6s3vbfag0mnaq',
      grants: ['imports'],
      tier: 'enterprise',
      billing_admin: true,
    },
  },
  'auth.dev_outbox': {
    request: {
      query: {
        email: 'DEV@example.com',
      },
    },
    response: {
      messages: [
        {
          to: 'ada@example.com',
          subject: 'Your Wellness Data Service sign-in code',
          text: 'Your sign-in code is 03604134\n\nOr open this link to sign in: http://localhost:3000/auth/otp/link?token=ExampleLinkToken000000000000000000000000000\n\nThe code and the link work once and expire in 10 minutes.\nIf you did not ask to sign in, ignore this message.',
          sent_at: '2026-11-24T20:46:16.916Z',
          code: '03604134',
          link: 'http://localhost:3000/auth/otp/link?token=ExampleLinkToken000000000000000000000000000',
        },
      ],
    },
  },
  'auth.otp.link_page': {
    request: {
      query: {
        token: 'ExampleLinkToken000000000000000000000000000',
      },
    },
    response:
      '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">\n<meta name="robots" content="noindex, nofollow, noarchive">\n<title>Sign in</title>…</head><body>\n<main><h1>Sign in to Wellness Data Service</h1>…</main></body></html>',
  },
} satisfies Record<string, OperationExample>

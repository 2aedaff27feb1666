// One example call per sandbox operation: the request a caller sends and the success response. The session
// is recorded from a real run (the token replaced by a placeholder); the demo's is the demo's own output
// with every list cut to its first item. Both are checked
// against each operation's schemas by test/modules/discovery/examples.test.ts. The OpenAPI document,
// MCP tool descriptions and the x402 catalogue all show these.

import type { OperationExample } from '../shared/operation'
import { heroExample } from './hero-example'

export const sandboxExamples = {
  'sandbox.sessions.create': {
    request: {},
    response: {
      sandbox_token: 'wds_sbx_EXAMPLE000000000000000000000000000000000000',
      token_type: 'bearer',
      expires_at: '2026-01-15T10:00:00.000Z',
      grants: ['sandbox'],
      user_id: 'usr_sandbox_01kf0e44m0edxnmbsne39zxesq',
      organization_id: 'org_sandbox',
    },
  },
  'sandbox.hero': {
    request: {
      body: {},
    },
    // The demo's own output (hero-example.ts), made when a document first asks for it.
    get response() {
      return heroExample()
    },
  },
} satisfies Record<string, OperationExample>

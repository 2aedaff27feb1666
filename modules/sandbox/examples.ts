// One example call per sandbox operation: the request a caller sends and the success response. The session
// is recorded from a real run (the token replaced by a placeholder); the demo's is the demo's own output
// with every list cut to its first item. Both are checked
// against each operation's schemas by test/modules/discovery/examples.test.ts. The OpenAPI document,
// MCP tool descriptions and the x402 catalogue all show these.

import type { OperationExample } from '../shared/operation'
import { runHeroDemo } from './hero'

let heroOutput: unknown

/** The demo's answer to an empty body as JSON sends it, every list cut to its first item; made once. */
function heroExample(): unknown {
  heroOutput ??= firstOfEachList(JSON.parse(JSON.stringify(runHeroDemo({}))))
  return heroOutput
}

function firstOfEachList(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, 1).map(firstOfEachList)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, firstOfEachList(item)]))
}

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
    // The demo is deterministic, so its example is its own output, made when a document first asks for
    // it: the published example can never show what the code no longer does.
    get response() {
      return heroExample()
    },
  },
} satisfies Record<string, OperationExample>

// One example call per mcp operation: the request a caller sends and the success response. Recorded
// from real runs of the test suite (lists cut to one item, tokens replaced by placeholders) and checked
// against each operation's schemas by test/modules/discovery/examples.test.ts. The OpenAPI document,
// MCP tool descriptions and the x402 catalogue all show these.

import type { OperationExample } from '../shared/operation'

export const mcpExamples = {
  'mcp.post': {
    request: {
      body: {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {
          name: 'whoami',
          arguments: {},
        },
      },
    },
    response: {
      jsonrpc: '2.0',
      id: 1,
      result: {
        content: [
          {
            type: 'text',
            text: '{"kind":"api_key","user_id":"usr_01kf0hhz8rcga6s3vbfag0mnap","organization_id":"org_01kf0hhz8rcga6s3vbfag0mnaq","grants":["imports"],"tier":"enterprise","billing_admin":true}',
          },
        ],
        structuredContent: {
          kind: 'api_key',
          user_id: 'usr_01kf0hhz8rcga6s3vbfag0mnap',
          organization_id: 'org_01kf0hhz8rcga6s3vbfag0mnaq',
          grants: ['imports'],
          tier: 'enterprise',
          billing_admin: true,
        },
      },
    },
  },
  'mcp.get': {
    request: {},
    response: {
      type: 'https://wellness.example/problems/method-not-allowed',
      title: 'Method Not Allowed',
      status: 405,
      detail: 'The MCP endpoint is stateless: it takes POST only and keeps no event stream or session.',
      instance: '/mcp',
      request_id: 'req_01kf0hhz8rcga6s3vbfag0mnb0',
    },
  },
  'mcp.delete': {
    request: {},
    response: {
      type: 'https://wellness.example/problems/method-not-allowed',
      title: 'Method Not Allowed',
      status: 405,
      detail: 'The MCP endpoint is stateless: it takes POST only and keeps no event stream or session.',
      instance: '/mcp',
      request_id: 'req_01kf0hhz8rcga6s3vbfag0mnb1',
    },
  },
} satisfies Record<string, OperationExample>

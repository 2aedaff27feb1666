// One example call per docs operation: the request a caller sends and the success response. Recorded
// from real runs of the test suite (lists cut to one item, tokens replaced by placeholders) and checked
// against each operation's schemas by test/modules/discovery/examples.test.ts. The OpenAPI document,
// MCP tool descriptions and the x402 catalogue all show these.

import type { OperationExample } from '../shared/operation'

export const docsExamples = {
  'docs.page': {
    request: {},
    response:
      '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">\n<title>Wellness Data Service API reference</title>\n<link rel="stylesheet" href="/docs/assets/swagger-ui.css">\n…</head><body>\n<main id="api-reference">…</main>\n<script src="/docs/assets/swagger-ui-bundle.js" nonce="…"></script>\n…</body></html>',
  },
  'docs.asset.stylesheet': {
    request: {},
    response: '.swagger-ui{color:#3b4151;font-family:sans-serif}…',
  },
  'docs.asset.script': {
    request: {},
    response:
      '/*! For license information please see swagger-ui-bundle.js.LICENSE.txt */\n!function(e,t){…}(this,(()=>(()=>{…})()));',
  },
} satisfies Record<string, OperationExample>

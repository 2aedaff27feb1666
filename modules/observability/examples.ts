// One example call per observability operation, checked against the schemas by test/modules/discovery/examples.test.ts.

import type { OperationExample } from '../shared/operation'

export const observabilityExamples = {
  'observability.metrics': {
    request: {},
    response: [
      '# HELP wds_http_requests_total HTTP requests answered, by method, route template and status.',
      '# TYPE wds_http_requests_total counter',
      'wds_http_requests_total{method="GET",route="/sources",status="200"} 42',
      '',
    ].join('\n'),
  },
} satisfies Record<string, OperationExample>

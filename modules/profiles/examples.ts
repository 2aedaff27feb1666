// One example call per profile operation: the request a caller sends and the success response, checked
// against each operation's schemas by test/modules/discovery/examples.test.ts. The OpenAPI document, MCP
// tool descriptions and the x402 catalogue all show these.

import type { OperationExample } from '../shared/operation'

const profile = {
  user_id: 'usr_01kf0hhz8rcga6s3vbfag0mn88',
  organization_id: 'org_01kf0hhz8rcga6s3vbfag0mn89',
  sex: { value: 'male', origin: { kind: 'user', source_id: null, detail: 'set by the user' } },
  birth_date: {
    value: '1968-04-12',
    origin: { kind: 'source', source_id: 'src_01kf0hhz8rcga6s3vbfag0mn8c', detail: 'Apple Health <Me>' },
  },
  age_years: 57,
  updated_at: '2026-01-15T09:00:00.000Z',
}

export const profilesExamples = {
  'profiles.get': {
    request: { params: { user_id: 'usr_01kf0hhz8rcga6s3vbfag0mn88' } },
    response: profile,
  },
  'profiles.put': {
    request: { params: { user_id: 'usr_01kf0hhz8rcga6s3vbfag0mn88' }, body: { sex: 'male' } },
    response: profile,
  },
} satisfies Record<string, OperationExample>

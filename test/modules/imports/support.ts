// Helpers for import tests: read a fixture, post it to /imports/file, and read back the observations.

import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { listObservations } from '../../../modules/sources/service'
import { scopeOf, type TestApp } from '../../support/app'

export const FIXTURES = join(import.meta.dir, '..', '..', 'fixtures', 'imports')
export const fixtureText = (name: string) => readFileSync(join(FIXTURES, name), 'utf8')
export const fixtureBase64 = (name: string) => readFileSync(join(FIXTURES, name)).toString('base64')

export type Person = { key: string; userId: string; organizationId: string }
export { scopeOf }

export function importer(t: TestApp) {
  return {
    upload: (p: Person, body: Record<string, unknown>) =>
      t.call('POST', '/imports/file', {
        token: p.key,
        body: { user_id: p.userId, organization_id: p.organizationId, ...body },
      }),
    observations: async (p: Person, sourceId: string) =>
      (await listObservations(t.context, scopeOf(p), { sourceIds: [sourceId] })).sort((a, b) =>
        a.code < b.code ? -1 : a.code > b.code ? 1 : a.observed_at < b.observed_at ? -1 : 1,
      ),
  }
}

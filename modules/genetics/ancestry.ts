// Ancestry of a genetics source: estimated during the source's analysis (the same scan that reads the
// catalog sites reads the ancestry panel), returned and recorded when the caller asks for it.

import type { AppContext } from '../shared/context'
import type { Scope } from '../shared/principal'
import { ProblemError } from '../shared/problem'
import { getSource } from '../sources/service'
import type { AncestryResult } from './model'
import * as repo from './repo'

function toAncestry(row: repo.AncestryRow): AncestryResult {
  return {
    id: row.id,
    source_id: row.source_id,
    organization_id: row.organization_id,
    user_id: row.user_id,
    result: row.result,
    created_at: row.created_at,
  }
}

/** The ancestry result of one of the caller's genetics sources (404 for anyone else's source). */
export async function requestAncestry(
  app: AppContext,
  scope: Scope,
  sourceId: string,
): Promise<AncestryResult> {
  const source = await getSource(app, scope, sourceId)
  if (source.modality !== 'genetics') {
    throw new ProblemError(
      'validation',
      `Source ${sourceId} is ${source.modality} data, not a genetics source.`,
      {
        extra: { errors: [{ in: 'body', path: '/source_id', message: 'Not a genetics source' }] },
      },
    )
  }
  const row = await repo.findAncestry(app.db, scope, sourceId)
  if (!row) {
    const reason = source.details.ancestry_unavailable_reason
    throw new ProblemError(
      'validation',
      `No ancestry estimate can be made from source ${sourceId}${typeof reason === 'string' ? `: ${reason}` : '.'}`,
      { extra: { errors: [{ in: 'body', path: '/source_id', message: 'No usable ancestry markers' }] } },
    )
  }
  const requested = await repo.markAncestryRequested(app.db, scope, row.id, app.clock.now().toISOString())
  return toAncestry(requested ?? row)
}

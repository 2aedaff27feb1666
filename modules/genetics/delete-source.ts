// When a genetics source is deleted (DELETE /sources/{id}): its findings and ancestry go, and the
// uploaded genotype file is removed from blob storage. Small files sent through /imports/file were
// never kept, so they have no blob.

import type { AppContext } from '../shared/context'
import type { Scope } from '../shared/principal'
import * as repo from './repo'

/**
 * Remove the findings and ancestry of a genetics source; returns a function that removes its uploaded
 * file, to be called once the source itself is gone (a file left behind is harmless, findings left
 * behind would still be listed).
 */
export async function deleteGeneticsSourceData(
  app: AppContext,
  scope: Scope,
  sourceId: string,
): Promise<() => Promise<void>> {
  const blobs = await repo.deleteSourceData(app.db, scope, sourceId)
  return async () => {
    for (const key of blobs) await app.storage.delete(key)
  }
}

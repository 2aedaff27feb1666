// DELETE /sources/{id}: undo an import. The source is tombstoned and its observations removed in one
// transaction; a genetics source's findings, ancestry and uploaded file go too. Analyses that read the
// source are kept (they are a record of what was said) and from then on name it under deleted_sources.

import { analysesCitingSource } from '../analyses/service'
import { deleteGeneticsSourceData } from '../genetics/service'
import type { AppContext } from '../shared/context'
import type { Scope } from '../shared/principal'
import { notFound } from '../shared/problem'
import type { SourceDeleted } from './model'
import { getSource, removeSource } from './service'

export async function deleteSource(app: AppContext, scope: Scope, id: string): Promise<SourceDeleted> {
  const source = await getSource(app, scope, id)
  const citing = await analysesCitingSource(app, scope, id)
  const now = app.clock.now().toISOString()
  // Genetic findings first: they are listed by source id, so they must not outlive the source.
  let removeFiles: (() => Promise<void>) | undefined
  if (source.modality === 'genetics') removeFiles = await deleteGeneticsSourceData(app, scope, id)
  const removed = await removeSource(app, scope, id, now)
  if (!removed) throw notFound(`Source ${id}`)
  if (removeFiles) await removeFiles()
  app.log.info('source.deleted', {
    source_id: id,
    modality: source.modality,
    observations: removed.observations,
    analyses: citing.length,
  })
  return {
    id,
    deleted: true,
    deleted_at: now,
    observations_deleted: removed.observations,
    analyses_citing: citing,
  }
}

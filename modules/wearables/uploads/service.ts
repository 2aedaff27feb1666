// POST /connections/wearables/records: a batch of normalized records from the Health Connect companion
// app (device credential) or an integrator's mobile bridge (the user's key or a per-user service token)
// becomes one source. Idempotent by record id: a record already uploaded (same id, same content) is
// counted as a duplicate and not stored again; the check and the write run under one per-user lock, so
// the same batch sent twice at once cannot land twice. Overlaps with other sources are not resolved
// here: every record keeps its device, and daily values pick per hour or day by device priority
// (dedupe.ts), never adding two devices' counts.

import { Warnings } from '../../imports/parsed'
import type { AppContext } from '../../shared/context'
import { withKeyLock } from '../../shared/keyed-lock'
import type { Principal, Scope } from '../../shared/principal'
import { ProblemError } from '../../shared/problem'
import { createSource } from '../../sources/service'
import { WearableAccumulator } from '../readers/accumulator'
import * as repo from '../repo'
import type { WearableUploadBody } from './model'
import { normalizeBatch, type Skipped } from './normalize'

const LISTED_SKIPS = 100
const LISTED_ERRORS = 50

export async function uploadRecords(app: AppContext, principal: Principal, body: WearableUploadBody) {
  const scope: Scope = { organization_id: principal.organization_id, user_id: principal.user_id }
  const { records, skipped, errors } = normalizeBatch(body)
  if (errors.length > 0)
    throw new ProblemError(
      'validation',
      `${errors.length} record(s) of the batch break the upload protocol; nothing was stored.`,
      { extra: { errors: errors.slice(0, LISTED_ERRORS) } },
    )

  return withKeyLock(
    `wearable-uploads:${scope.organization_id}:${scope.user_id}:${body.source}`,
    async () => {
      const stored = await repo.uploadedRecords(
        app.db,
        scope,
        body.source,
        records.map((r) => r.id),
      )
      const warnings = new Warnings()
      const accumulator = new WearableAccumulator(warnings)
      const fresh: typeof records = []
      const changed: Skipped[] = []
      let duplicates = 0
      for (const record of records) {
        const hash = stored.get(record.id)
        if (hash === record.hash) {
          duplicates++
          continue
        }
        if (hash !== undefined) {
          // Stored daily values cannot be taken apart again record by record; an edited record is named,
          // not added on top of its first version.
          changed.push({
            id: record.id,
            type: record.type,
            reason: 'already uploaded with other content; not applied',
          })
          continue
        }
        for (const w of record.wearables) accumulator.add(w)
        fresh.push(record)
      }
      const allSkipped = [...skipped, ...changed]
      const answer = {
        source: body.source,
        received: body.records.length,
        accepted: fresh.length,
        duplicates,
        skipped: allSkipped.slice(0, LISTED_SKIPS),
        skipped_count: allSkipped.length,
        warnings: warnings.all(),
      }
      if (fresh.length === 0) return { ...answer, source_id: null, observation_count: 0 }

      const observations = accumulator.observations()
      const source = await createSource(
        app,
        scope,
        {
          modality: 'wearables',
          format: `${body.source}_upload`,
          provider: body.source,
          record_count: fresh.length,
          warnings: warnings.all(),
          details: {
            upload: {
              store: body.source,
              uploaded_with: principal.kind,
              records: fresh.length,
              duplicates,
              skipped: allSkipped.length,
            },
          },
        },
        observations,
      )
      const now = app.clock.now().toISOString()
      await repo.rememberUploadedRecords(
        app.db,
        fresh.map((r) => ({
          ...scope,
          store: body.source,
          record_id: r.id,
          content_hash: r.hash,
          source_id: source.source_id,
          created_at: now,
        })),
      )
      if (body.source === 'health_connect') {
        const connection = await repo.findConnection(app.db, scope, 'health_connect')
        if (connection) await repo.markConnectionSynced(app.db, connection.id, now)
      }
      return { ...answer, source_id: source.source_id, observation_count: observations.length }
    },
  )
}

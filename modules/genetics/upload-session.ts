// An upload session as callers see it (GET /genetics/uploads/{id} and every answer about a session),
// and the largest file this deployment's storage takes.

import type { AppContext } from '../shared/context'
import { S3_MAX_OBJECT_BYTES } from '../shared/storage'
import type { UploadSession } from './model'
import * as repo from './repo'

/** GENETICS_MAX_UPLOAD_BYTES, and on S3 at most S3's own object limit (5 TiB). */
export function maxUploadBytes(app: AppContext): number {
  const configured = app.config.genetics.maxUploadBytes
  return app.storage.kind === 's3' ? Math.min(configured, S3_MAX_OBJECT_BYTES) : configured
}

export async function toUploadSession(app: AppContext, row: repo.UploadRow): Promise<UploadSession> {
  const job = row.job_id ? await repo.findJob(app.db, row, row.job_id) : undefined
  const expired = row.state === 'pending' && row.expires_at <= app.clock.now().toISOString()
  return {
    upload_id: row.id,
    id: row.id,
    organization_id: row.organization_id,
    user_id: row.user_id,
    state: expired ? 'expired' : row.state,
    filename: row.filename,
    content_type: row.content_type,
    provider: row.provider,
    size_bytes: row.size_bytes,
    sha256: row.sha256,
    annotation_depth: row.annotation_depth,
    sample: row.sample,
    received_bytes: row.received_bytes,
    storage: row.storage,
    job_id: row.job_id,
    source_id: job?.source_id ?? null,
    max_bytes: maxUploadBytes(app),
    expires_at: row.expires_at,
    created_at: row.created_at,
    completed_at: row.completed_at,
  }
}

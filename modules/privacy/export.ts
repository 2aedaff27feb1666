// Exporting everything held about a user. Small exports are answered directly as a zip; when the
// uploaded files are larger than EXPORT_INLINE_MAX_BYTES (a WGS file) the archive is built by a queued
// job with progress, and each poll of a finished job hands out a fresh short-lived download URL.

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AppContext } from '../shared/context'
import { hashSecret, newId } from '../shared/ids'
import { lazyModule } from '../shared/lazy-module'
import type { Scope } from '../shared/principal'
import { notFound, ProblemError } from '../shared/problem'
import type { TaskList } from '../shared/queue'
import { LocalDiskStorage, S3Storage } from '../shared/storage'
import type { ExportJob } from './model'
import * as repo from './repo'

// The archive writer (zip, FHIR bundles) loads with the first export, not at start-up.
const archive = lazyModule(() => import('./archive'))

export const EXPORT_TASK = 'privacy.export'

async function subjectOf(app: AppContext, userId: string): Promise<repo.Subject> {
  return {
    user_id: userId,
    organization_ids: await repo.soleOwnedOrganizations(app.db, userId),
    email: await repo.emailOf(app.db, userId),
  }
}

const fileName = (app: AppContext) =>
  `wellness-export-${app.clock.now().toISOString().slice(0, 19).replace(/[-:T]/g, '')}.zip`

/** The archive itself (200, application/zip), or a started job (202) when the files are large. */
export async function exportUserData(app: AppContext, scope: Scope): Promise<Response> {
  const { archiveBytes, gatherUserData } = await archive()
  const gathered = await gatherUserData(app, await subjectOf(app, scope.user_id))
  if (gathered.rawBytes <= app.config.exportInlineMaxBytes) {
    const bytes = await archiveBytes(app, scope.user_id, gathered)
    return new Response(bytes, {
      status: 200,
      headers: {
        'content-type': 'application/zip',
        'content-disposition': `attachment; filename="${fileName(app)}"`,
        'cache-control': 'no-store',
      },
    })
  }
  const id = newId('exp')
  await repo.insertExport(app.db, {
    id,
    ...scope,
    state: 'queued',
    stage: 'queued',
    bytes_total: gathered.rawBytes,
    blob_key: `exports/${scope.organization_id}/${scope.user_id}/${id}.zip`,
    created_at: app.clock.now().toISOString(),
  })
  await app.queue.enqueue(EXPORT_TASK, { export_id: id }, { key: id, scope })
  const job = await exportJob(app, scope, id)
  return new Response(JSON.stringify(job), {
    status: 202,
    headers: {
      'content-type': 'application/json',
      location: `/users/${scope.user_id}/data/export/jobs/${id}`,
    },
  })
}

/** An export job as its owner sees it; a finished one carries a freshly minted download URL. */
export async function exportJob(app: AppContext, scope: Scope, id: string): Promise<ExportJob> {
  const row = await repo.findExport(app.db, id)
  if (!row || row.user_id !== scope.user_id || row.organization_id !== scope.organization_id)
    throw notFound(`Export job ${id}`)
  let url: string | null = null
  let expires: string | null = null
  if (row.state === 'succeeded') {
    const token = crypto.randomUUID().replaceAll('-', '') + crypto.randomUUID().replaceAll('-', '')
    expires = new Date(app.clock.now().getTime() + app.config.exportUrlTtlSeconds * 1000).toISOString()
    await repo.updateExport(app.db, id, {
      download_token_hash: hashSecret(token),
      download_expires_at: expires,
    })
    url = `${app.config.publicBaseUrl}/privacy/exports/${id}/archive?token=${token}`
  }
  return {
    job_id: row.id,
    state: row.state,
    stage: row.stage,
    percent: row.percent,
    bytes_total: row.bytes_total,
    archive_bytes: row.archive_bytes ?? null,
    download_url: url,
    download_expires_at: expires,
    error: row.error ?? null,
  }
}

/** The finished archive behind a download URL; 404 for anything but a live token of a finished job. */
export async function downloadExport(app: AppContext, id: string, token: string): Promise<Response> {
  const row = await repo.findExport(app.db, id)
  const valid =
    row?.state === 'succeeded' &&
    row.download_token_hash === hashSecret(token) &&
    !!row.download_expires_at &&
    row.download_expires_at > app.clock.now().toISOString()
  if (!row || !valid)
    throw new ProblemError(
      'notFound',
      'This download link is unknown or has expired; poll the export job for a new one.',
    )
  return new Response(app.storage.stream(row.blob_key), {
    headers: {
      'content-type': 'application/zip',
      'content-length': String(row.archive_bytes ?? ''),
      'content-disposition': `attachment; filename="${fileName(app)}"`,
      'cache-control': 'no-store',
    },
  })
}

/**
 * Copy the finished archive into blob storage without holding it in memory: streamed into the file on
 * local disk, uploaded from the file by Bun's S3 client (multipart for large files) on S3.
 */
async function storeArchive(app: AppContext, key: string, path: string) {
  const storage = app.storage
  const size = Bun.file(path).size
  if (storage instanceof LocalDiskStorage) {
    const outcome = await storage.writeAt(key, 0, Bun.file(path).stream(), size)
    if (outcome.overLimit) throw new Error('archive larger than written')
  } else if (storage instanceof S3Storage) {
    await storage.client.write(key, Bun.file(path), { type: 'application/zip' })
  } else {
    await storage.put(key, new Uint8Array(await Bun.file(path).arrayBuffer()))
  }
}

/** Build one export's archive into a temporary file, then store it as a blob. */
async function runExport(app: AppContext, id: string) {
  const row = await repo.findExport(app.db, id)
  if (!row || row.state === 'succeeded') return
  await repo.updateExport(app.db, id, { state: 'running', stage: 'gathering', percent: 0 })
  const { gatherUserData, writeArchive } = await archive()
  const gathered = await gatherUserData(app, await subjectOf(app, row.user_id))
  const dir = mkdtempSync(join(tmpdir(), 'wds-export-'))
  try {
    const path = join(dir, 'archive.zip')
    const writer = Bun.file(path).writer()
    let lastPercent = -1
    await writeArchive(
      app,
      row.user_id,
      gathered,
      (chunk) => {
        writer.write(chunk)
      },
      async (done) => {
        const percent = Math.min(99, Math.floor((done / Math.max(1, gathered.rawBytes)) * 100))
        if (percent === lastPercent) return
        lastPercent = percent
        await repo.updateExport(app.db, id, { stage: 'archiving', percent })
      },
    )
    await writer.end()
    await repo.updateExport(app.db, id, { stage: 'storing' })
    await storeArchive(app, row.blob_key, path)
    // The user's data may have been deleted while the archive was built: then the archive goes too.
    if (!(await repo.findExport(app.db, id))) {
      await app.storage.delete(row.blob_key)
      return
    }
    await repo.updateExport(app.db, id, {
      state: 'succeeded',
      stage: 'done',
      percent: 100,
      archive_bytes: Bun.file(path).size,
      finished_at: app.clock.now().toISOString(),
    })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

export function privacyTasks(app: AppContext): TaskList {
  return {
    [EXPORT_TASK]: async (payload, run) => {
      const id = String(payload.export_id)
      try {
        await runExport(app, id)
      } catch (error) {
        if (run.attempt < run.maxAttempts) throw error
        await repo.updateExport(app.db, id, {
          state: 'failed',
          stage: 'failed',
          error: 'The archive could not be built; start a new export.',
          finished_at: app.clock.now().toISOString(),
        })
      }
    },
  }
}

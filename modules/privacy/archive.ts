// Builds the export archive: a zip holding `manifest.json` (every other file with its SHA-256 and
// size), `tables/<table>.json` (the user's rows of every table that holds their data, secrets left
// out), `raw/<upload id>/<file name>` (uploaded files byte for byte) and
// `fhir/observations.json` (a FHIR R4 Bundle of Observations). Raw files are streamed into the zip
// uncompressed, so memory stays flat whatever their size.

import { Zip, ZipDeflate, ZipPassThrough } from 'fflate'
import type { AppContext } from '../shared/context'
import { observationBundle } from './fhir'
import * as repo from './repo'

export const ARCHIVE_FORMAT = 'wellness-data-export/1'

/** Tables the export leaves out: the export jobs themselves. */
const NOT_EXPORTED = new Set(['privacy_exports'])

export interface ManifestEntry {
  path: string
  sha256: string
  bytes: number
  rows?: number
  description: string
}

export interface RawFile {
  table: string
  row_id: string
  blob_key: string
  filename: string
  bytes: number
}

/** The user's rows of every table holding their data, and the stored files those rows point at. */
export async function gatherUserData(app: AppContext, subject: repo.Subject) {
  const tables = (await repo.listTables(app.db)).filter(
    (t) => repo.holdsUserData(t) && !NOT_EXPORTED.has(t.name),
  )
  const data: { table: string; rows: Record<string, unknown>[] }[] = []
  const raw: RawFile[] = []
  for (const table of tables) {
    const rows = await repo.rowsOf(app.db, table, subject)
    data.push({ table: table.name, rows: rows.map(repo.withoutSecrets) })
    for (const row of rows) {
      if (typeof row.blob_key !== 'string') continue
      const size = await app.storage.size(row.blob_key)
      if (size === null) continue
      const name = typeof row.filename === 'string' && row.filename ? row.filename : 'file'
      raw.push({
        table: table.name,
        row_id: String(row.id),
        blob_key: row.blob_key,
        filename: name.replace(/[/\\]/g, '_'),
        bytes: size,
      })
    }
  }
  return { data, raw, rawBytes: raw.reduce((total, f) => total + f.bytes, 0) }
}

export type UserData = Awaited<ReturnType<typeof gatherUserData>>

const sha256 = (bytes: Uint8Array) => new Bun.CryptoHasher('sha256').update(bytes).digest('hex')
const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value, null, 2))

/**
 * Write the archive to `sink` chunk by chunk. `progress` is told the raw bytes copied so far.
 * Resolves when the zip is complete.
 */
export async function writeArchive(
  app: AppContext,
  userId: string,
  gathered: UserData,
  sink: (chunk: Uint8Array) => void | Promise<void>,
  progress: (rawBytesDone: number) => void | Promise<void> = () => {},
): Promise<void> {
  const pending: Uint8Array[] = []
  let failure: Error | null = null
  let finished = false
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error
    else pending.push(chunk)
    if (final) finished = true
  })
  const flush = async () => {
    if (failure) throw failure
    while (pending.length > 0) await sink(pending.shift()!)
  }
  const manifest: ManifestEntry[] = []

  const addJson = async (path: string, value: unknown, description: string, rows?: number) => {
    const bytes = encode(value)
    const file = new ZipDeflate(path, { level: 6 })
    zip.add(file)
    file.push(bytes, true)
    manifest.push({ path, sha256: sha256(bytes), bytes: bytes.length, rows, description })
    await flush()
  }

  for (const { table, rows } of gathered.data)
    await addJson(`tables/${table}.json`, rows, `Rows of table ${table} held about the user.`, rows.length)

  const observations = gathered.data.find((d) => d.table === 'observations')?.rows ?? []
  await addJson(
    'fhir/observations.json',
    observationBundle(observations, app.clock.now().toISOString()),
    'Observations as a FHIR R4 Bundle (type collection) of Observation resources, LOINC and UCUM coded.',
    observations.length,
  )

  let rawDone = 0
  for (const raw of gathered.raw) {
    const path = `raw/${raw.row_id}/${raw.filename}`
    const file = new ZipPassThrough(path)
    zip.add(file)
    const hasher = new Bun.CryptoHasher('sha256')
    let bytes = 0
    const reader = app.storage.stream(raw.blob_key).getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      hasher.update(value)
      bytes += value.length
      file.push(value)
      rawDone += value.length
      await flush()
      await progress(rawDone)
    }
    file.push(new Uint8Array(0), true)
    manifest.push({
      path,
      sha256: hasher.digest('hex'),
      bytes,
      description: `The file as uploaded (${raw.table} ${raw.row_id}).`,
    })
    await flush()
  }

  const manifestBytes = encode({
    format: ARCHIVE_FORMAT,
    user_id: userId,
    created_at: app.clock.now().toISOString(),
    files: manifest,
    notes: [
      'Secrets (token and code hashes) are never exported.',
      'Each table file is a JSON array of rows as stored; JSON columns are JSON text.',
    ],
  })
  const file = new ZipDeflate('manifest.json', { level: 6 })
  zip.add(file)
  file.push(manifestBytes, true)
  zip.end()
  await flush()
  if (!finished) throw new Error('zip did not finish')
}

/** The whole archive in memory (small exports answered directly). */
export async function archiveBytes(app: AppContext, userId: string, gathered: UserData): Promise<Uint8Array> {
  const chunks: Uint8Array[] = []
  await writeArchive(app, userId, gathered, (c) => {
    chunks.push(c)
  })
  return Buffer.concat(chunks)
}

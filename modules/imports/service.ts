// POST /imports/file: read the upload, detect and parse it, and store it as one source with its
// normalized observations (genotype files go to the genetics module). Logs carry counts and formats,
// never values.

import { importGenotypeFile } from '../genetics/service'
import type { AppContext } from '../shared/context'
import type { Scope } from '../shared/principal'
import type { Source } from '../sources/model'
import { assertSourceSize, createSource } from '../sources/service'
import { readContentBytes } from './content'
import { dryRunResult } from './dry-run'
import type { ImportFileBody, ImportResult } from './model'
import type { ParseOutcome } from './parse-content'
import { parseInWorker, TooManyObservations } from './parse-in-worker'
import { unreadable } from './problems'

/** The request body limit: base64 of a file at IMPORT_MAX_BYTES, plus room for the other fields. */
export const importBodyLimit = (config: { importMaxBytes: number }) =>
  Math.ceil(config.importMaxBytes * 1.4) + 65_536

function resultOf(
  source: Source,
  extra: { observation_count: number; markers: string[]; unknown_markers: string[] },
): ImportResult {
  return {
    source_id: source.id,
    dry_run: false,
    modality: source.modality,
    format: source.format,
    provider: source.provider,
    filename: source.filename,
    record_count: source.record_count,
    observation_count: extra.observation_count,
    time_range: source.time_range,
    markers: extra.markers,
    unknown_markers: extra.unknown_markers,
    warnings: source.warnings,
    created_at: source.created_at,
  }
}

/** Detect and parse on a worker thread; a file with too many observations is 413 before they are copied. */
async function parse(app: AppContext, bytes: Uint8Array, provider: string | null): Promise<ParseOutcome> {
  try {
    return await parseInWorker(
      {
        bytes,
        provider,
        uploadedAt: app.clock.now().toISOString(),
        maxUnzippedBytes: app.config.importMaxBytes * 25,
        maxObservations: app.config.observations.maxPerSource,
      },
      app.config.importParseWorkers,
    )
  } catch (error) {
    if (error instanceof TooManyObservations) assertSourceSize(app, error.observationCount)
    throw error
  }
}

export async function importFile(app: AppContext, scope: Scope, body: ImportFileBody): Promise<ImportResult> {
  const bytes = readContentBytes(body, app.config.importMaxBytes)
  const provider = body.provider?.trim() || null
  const outcome = await parse(app, bytes, provider)
  app.metrics.importBytes.observe(
    { modality: outcome.kind === 'genetics' ? 'genetics' : outcome.parsed.modality },
    bytes.length,
  )
  if (outcome.kind === 'genetics') {
    if (body.dry_run)
      throw unreadable(
        'A genotype file is analysed when it is stored; a dry run cannot preview it. Import it without dry_run.',
      )
    const source = await importGenotypeFile(app, scope, {
      bytes,
      filename: body.filename ?? null,
      content_type: body.content_type ?? null,
      provider,
    })
    app.log.info('import.stored', { source_id: source.id, modality: 'genetics', format: source.format })
    return resultOf(source, { observation_count: 0, markers: [], unknown_markers: [] })
  }
  const parsed = outcome.parsed
  if (parsed.observations.length === 0) {
    const first = parsed.warnings.find((w) => w.line !== undefined)
    const why = parsed.warnings[0]?.message ?? 'The file holds no records.'
    throw unreadable(`Nothing could be read from it. ${why}`, first?.line)
  }
  const markers = [
    ...new Set(parsed.observations.map((o) => o.code).filter((c) => !c.startsWith('unknown:'))),
  ].sort()
  const unknown = parsed.unknown_markers ?? []
  if (body.dry_run)
    return dryRunResult(app, parsed, { provider, filename: body.filename ?? null, markers, unknown })
  const source = await createSource(
    app,
    scope,
    {
      modality: parsed.modality,
      format: parsed.format,
      provider: parsed.provider ?? provider,
      filename: body.filename ?? null,
      content_type: body.content_type ?? null,
      record_count: parsed.records,
      warnings: parsed.warnings,
      details: {
        observation_count: parsed.observations.length,
        markers,
        unknown_markers: unknown,
        ...(parsed.person ? { person: parsed.person } : {}),
      },
    },
    parsed.observations,
  )
  app.log.info('import.stored', {
    source_id: source.id,
    modality: parsed.modality,
    format: parsed.format,
    records: parsed.records,
    observations: parsed.observations.length,
  })
  return resultOf(source, {
    observation_count: parsed.observations.length,
    markers,
    unknown_markers: unknown,
  })
}

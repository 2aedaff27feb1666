// POST /imports/file with dry_run: true: the file is read exactly as for an import and the answer says
// what would be stored (counts, markers, warnings and the observations themselves) without storing it.

import type { AppContext } from '../shared/context'
import { observationRow, observationTimeRange, toSourceObservation } from '../sources/service'
import type { ImportResult } from './model'
import type { ParsedImport } from './parsed'

const PREVIEW_LIMIT = 1000

export function dryRunResult(
  app: AppContext,
  parsed: ParsedImport,
  meta: { provider: string | null; filename: string | null; markers: string[]; unknown: string[] },
): ImportResult {
  return {
    source_id: null,
    dry_run: true,
    modality: parsed.modality,
    format: parsed.format,
    provider: parsed.provider ?? meta.provider,
    filename: meta.filename,
    record_count: parsed.records,
    observation_count: parsed.observations.length,
    time_range: observationTimeRange(parsed.observations),
    markers: meta.markers,
    unknown_markers: meta.unknown,
    warnings: parsed.warnings,
    created_at: app.clock.now().toISOString(),
    observations: parsed.observations.slice(0, PREVIEW_LIMIT).map((o, i) =>
      toSourceObservation(
        observationRow(o, {
          id: `preview:${i + 1}`,
          organization_id: '',
          user_id: '',
          source_id: null as unknown as string,
        }),
      ),
    ),
  }
}

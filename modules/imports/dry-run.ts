// POST /imports/file with dry_run: true: the file is read exactly as for an import and the answer says
// what would be stored (counts, markers, warnings and the observations themselves) without storing it.

import type { AppContext } from '../shared/context'
import type { NewObservationInput } from '../sources/service'
import { toSourceObservation } from '../sources/service'
import type { ImportResult } from './model'
import type { ParsedImport } from './parsed'

const PREVIEW_LIMIT = 1000

function timeRange(observations: NewObservationInput[]): ImportResult['time_range'] {
  let start: string | null = null
  let end: string | null = null
  for (const o of observations) {
    const last = o.observed_end ?? o.observed_at
    if (!start || o.observed_at < start) start = o.observed_at
    if (!end || last > end) end = last
  }
  return start && end ? { start, end } : null
}

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
    time_range: timeRange(parsed.observations),
    markers: meta.markers,
    unknown_markers: meta.unknown,
    warnings: parsed.warnings,
    created_at: app.clock.now().toISOString(),
    observations: parsed.observations.slice(0, PREVIEW_LIMIT).map((o, i) =>
      toSourceObservation({
        ...o,
        id: `preview:${i + 1}`,
        organization_id: '',
        user_id: '',
        source_id: null as unknown as string,
        value_text: o.value_text ?? null,
        original_value: o.original_value ?? null,
        original_unit: o.original_unit ?? null,
        observed_end: o.observed_end ?? null,
        device: o.device ?? null,
        reference_low: o.reference_low ?? null,
        reference_high: o.reference_high ?? null,
        comparator: o.comparator ?? null,
        lab_flag: o.lab_flag ?? null,
        specimen: o.specimen ?? null,
        source_ref: o.source_ref ?? null,
        details: o.details ?? null,
      }),
    ),
  }
}

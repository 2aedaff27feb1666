// Daily series for an analysis: one value per metric and day from the chosen wearable and behavioral
// sources, deduplicated by the wearables module's rules (source priority; overlapping devices are never
// added together).

import type { AppContext } from '../shared/context'
import type { Scope } from '../shared/principal'
import { listObservations, type ObservationRow } from '../sources/service'
import { dailyValues, wearableMetricByCode } from '../wearables/service'
import type { WearableSeries } from './inputs'
import { MAX_ANALYSIS_SERIES_ROWS, type WindowCut } from './read-window'

const DAY_MS = 86_400_000

/**
 * The daily series of the given sources, reading the newest MAX_ANALYSIS_SERIES_ROWS rows of each
 * modality. When that bound is reached, days within two days of the oldest row read (a local day spans up
 * to a day either side of its UTC date) may be partial and are dropped with everything older.
 */
export async function loadDailySeries(
  app: AppContext,
  scope: Scope,
  sourceIds: string[],
  metrics?: string[],
): Promise<{ series: WearableSeries[]; cut: WindowCut | null }> {
  const byCode = new Map<string, ObservationRow[]>()
  let coveredFrom: string | null = null
  for (const modality of ['wearables', 'behavioral'] as const) {
    const rows = await listObservations(app, scope, {
      modality,
      sourceIds,
      codes: metrics,
      newest: MAX_ANALYSIS_SERIES_ROWS,
    })
    if (rows.length >= MAX_ANALYSIS_SERIES_ROWS && (!coveredFrom || rows[0].observed_at > coveredFrom))
      coveredFrom = rows[0].observed_at
    for (const row of rows) {
      const list = byCode.get(row.code)
      if (list) list.push(row)
      else byCode.set(row.code, [row])
    }
  }
  const firstWholeDay = coveredFrom
    ? new Date(Date.parse(coveredFrom.slice(0, 10)) + 2 * DAY_MS).toISOString().slice(0, 10)
    : null
  const out: WearableSeries[] = []
  for (const code of [...byCode.keys()].sort()) {
    const metric = wearableMetricByCode(code)
    if (!metric) continue
    const values = dailyValues(metric, byCode.get(code) ?? []).filter(
      (d) => !firstWholeDay || d.date >= firstWholeDay,
    )
    if (values.length > 0) out.push({ code, values })
  }
  const cut = coveredFrom
    ? {
        what: 'wearable and behavioral series' as const,
        covered_from: coveredFrom,
        max_rows: MAX_ANALYSIS_SERIES_ROWS,
      }
    : null
  return { series: out, cut }
}

// Daily series for an analysis: one value per metric and day from the chosen wearable and behavioral
// sources, deduplicated by the wearables module's rules (source priority; overlapping devices are never
// added together).

import type { AppContext } from '../shared/context'
import type { Scope } from '../shared/principal'
import { listObservations } from '../sources/service'
import { dailyValues, wearableMetricByCode } from '../wearables/service'
import type { WearableSeries } from './inputs'

export async function loadDailySeries(
  app: AppContext,
  scope: Scope,
  sourceIds: string[],
  metrics?: string[],
): Promise<WearableSeries[]> {
  const rows = (await listObservations(app, scope, { sourceIds, codes: metrics })).filter(
    (o) => o.modality === 'wearables' || o.modality === 'behavioral',
  )
  const codes = [...new Set(rows.map((o) => o.code))].sort()
  const out: WearableSeries[] = []
  for (const code of codes) {
    const metric = wearableMetricByCode(code)
    if (!metric) continue
    const values = dailyValues(
      metric,
      rows.filter((o) => o.code === code),
    )
    if (values.length > 0) out.push({ code, values })
  }
  return out
}

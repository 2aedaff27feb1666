// Daily wearable series for an analysis: one value per metric and day, limited to the chosen sources.
// Until the wearables module's dailySeries lands this folds observations per day itself (sums for
// counts, means otherwise, one device per day so overlapping devices are not added together).

import type { AppContext } from '../shared/context'
import type { Scope } from '../shared/principal'
import { listObservations } from '../sources/service'
import type { DailyValue } from '../wearables/types'
import type { WearableSeries } from './inputs'

const SUMMED = new Set(['steps', 'active_energy', 'distance', 'exercise_minutes', 'floors'])

export async function loadDailySeries(
  app: AppContext,
  scope: Scope,
  sourceIds: string[],
  metrics?: string[],
): Promise<WearableSeries[]> {
  const rows = await listObservations(app, scope, { modality: 'wearables', sourceIds, codes: metrics })
  const byCode = new Map<string, Map<string, Map<string, typeof rows>>>()
  for (const o of rows) {
    if (o.value === null) continue
    const date = o.observed_at.slice(0, 10)
    const device = o.device ?? o.source_id
    const days = byCode.get(o.code) ?? new Map()
    const devices = days.get(date) ?? new Map()
    devices.set(device, [...(devices.get(device) ?? []), o])
    days.set(date, devices)
    byCode.set(o.code, days)
  }
  const out: WearableSeries[] = []
  for (const [code, days] of [...byCode.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const values: DailyValue[] = []
    for (const [date, devices] of [...days.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      // The device with the most records that day stands for the day.
      const [, list] = [...devices.entries()].sort(
        (a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]),
      )[0]
      const sum = list.reduce((n, o) => n + (o.value as number), 0)
      values.push({
        date,
        value: SUMMED.has(code) ? sum : sum / list.length,
        device: list[0].device,
        source_id: list[0].source_id,
        observation_ids: list.map((o) => o.id),
      })
    }
    out.push({ code, values })
  }
  return out
}

// Retest reminders: when each lab marker is due again (the catalog's cadence by status: sooner when out
// of range) and when each kind of tracked data needs a check-in (a wearable or diary sync), with next
// due dates and overdue flags, each citing the record it counts from.

import { analysisProfile } from '../profiles/service'
import type { AppContext } from '../shared/context'
import type { Scope } from '../shared/principal'
import { catalogs } from './catalogs'
import type { RetestReminder, RetestReminders } from './context-model'
import { gatherInputs, resolveSources } from './gather-inputs'
import { markerFindings } from './marker-findings'
import { biomarkerReference } from './references'

const DAY_MS = 86_400_000
const DEFAULT_MARKER_DAYS = { in_range: 365, out_of_range: 90 }
const CHECK_IN_DAYS: Record<string, number> = { wearables: 7, behavioral: 7 }

const addDays = (iso: string, days: number) =>
  new Date(Date.parse(iso) + days * DAY_MS).toISOString().slice(0, 10)

function due(lastObserved: string, cadence: number, now: Date) {
  const next = addDays(lastObserved, cadence)
  const late = Math.floor((now.getTime() - Date.parse(`${next}T00:00:00.000Z`)) / DAY_MS)
  return { next_due_on: next, overdue: late > 0, days_overdue: Math.max(0, late) }
}

export async function retestReminders(app: AppContext, scope: Scope): Promise<RetestReminders> {
  const now = app.clock.now()
  const sources = await resolveSources(app, scope)
  const inputs = await gatherInputs(app, scope, sources)
  const { observations, critical } = markerFindings(inputs.observations, catalogs, {
    profile: await analysisProfile(app, scope),
    baselineDays: 28,
    recentDays: 7,
  })
  const reminders: RetestReminder[] = []
  // Derived markers are retested through the results they are computed from.
  for (const o of observations.filter((x) => x.modality === 'biomarkers' && !x.formula)) {
    const def = catalogs.biomarker(o.code)
    const hit = critical.find((c) => c.finding.code === o.code)
    if (hit) {
      // A critical result is never put on a routine retest cadence: it is due now, with a clinician.
      reminders.push({
        kind: 'marker',
        code: o.code,
        name: o.name,
        modality: 'biomarkers',
        status: o.status,
        cadence_days: 0,
        last_observed_at: o.observed_at,
        ...due(o.observed_at, 0, now),
        source_id: o.sources[0].source_id,
        reason: `${o.name} on ${o.observed_at.slice(0, 10)} is a critical result: ${hit.finding.urgency === 'seek_care_now' ? 'seek care now' : 'contact a clinician today'} if no clinician has acted on it yet; the clinician decides when to repeat it.`,
        reference: def ? biomarkerReference(def) : null,
      })
      continue
    }
    const outside = o.status === 'low' || o.status === 'high'
    const cadence = (def?.retest_days ?? DEFAULT_MARKER_DAYS)[outside ? 'out_of_range' : 'in_range']
    reminders.push({
      kind: 'marker',
      code: o.code,
      name: o.name,
      modality: 'biomarkers',
      status: o.status,
      cadence_days: cadence,
      last_observed_at: o.observed_at,
      ...due(o.observed_at, cadence, now),
      source_id: o.sources[0].source_id,
      reason: outside
        ? `${o.name} was ${o.status} on ${o.observed_at.slice(0, 10)}; out-of-range results are rechecked after ${cadence} days.`
        : `${o.name} was ${o.status.replace('_', ' ')} on ${o.observed_at.slice(0, 10)}; rechecked every ${cadence} days${def ? '' : ' (default: not in the catalog)'}.`,
      reference: def ? biomarkerReference(def) : null,
    })
  }
  for (const modality of ['wearables', 'behavioral'] as const) {
    const of = sources.filter((s) => s.modality === modality && s.time_range)
    if (of.length === 0) continue
    const latest = of.reduce((a, b) => ((a.time_range?.end ?? '') >= (b.time_range?.end ?? '') ? a : b))
    const last = latest.time_range!.end
    const cadence = CHECK_IN_DAYS[modality]
    reminders.push({
      kind: 'modality',
      code: `${modality}_sync`,
      name: modality === 'wearables' ? 'Wearable sync' : 'Behavior diary',
      modality,
      status: 'synced',
      cadence_days: cadence,
      last_observed_at: last,
      ...due(last, cadence, now),
      source_id: latest.id,
      reason: `The latest ${modality} data ends ${last.slice(0, 10)}; baselines need a sync at least every ${cadence} days.`,
      reference: null,
    })
  }
  reminders.sort((a, b) => a.next_due_on.localeCompare(b.next_due_on) || a.code.localeCompare(b.code))
  return {
    ...scope,
    generated_at: now.toISOString(),
    reminders,
    overdue: reminders.filter((r) => r.overdue).length,
    window_note: inputs.window_notes?.join(' ') || null,
  }
}

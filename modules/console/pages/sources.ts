// Sources: every file or sync the person's data came from, and one source with the observations it
// produced, as the file gave them (original value and unit, the lab's own flag and interval). A value
// the lab marked critical is said to be critical, with the advice to contact a clinician, never a
// lifestyle tip.

import { escapeHtml } from '../../shared/html'
import type { Source } from '../../sources/model'
import type { ObservationRow } from '../../sources/service'
import { dateTime, page } from '../layout'

const MODALITY_WORDS: Record<string, string> = {
  biomarkers: 'Lab results',
  wearables: 'Wearable data',
  behavioral: 'Behaviour log',
  genetics: 'Genetics',
}

const describe = (s: Source) => escapeHtml(s.filename ?? s.provider ?? s.format)

export function sourcesPage(csrf: string, sources: Source[]) {
  const rows = sources
    .map(
      (s) =>
        `<tr><td><a href="/console/sources/${escapeHtml(s.id)}">${describe(s)}</a></td><td>${escapeHtml(MODALITY_WORDS[s.modality] ?? s.modality)}</td><td>${s.record_count}</td><td>${dateTime(s.created_at)}</td></tr>`,
    )
    .join('')
  return page({
    title: 'Sources',
    current: '/console/sources',
    signedIn: true,
    csrf,
    body: sources.length
      ? `<div class="table-wrap" tabindex="0" role="region" aria-label="Your sources"><table><thead><tr><th scope="col">File</th><th scope="col">Kind</th><th scope="col">Records</th><th scope="col">Added</th></tr></thead><tbody>${rows}</tbody></table></div>`
      : '<p>No data yet. Add a file on the <a href="/console/upload">Upload</a> page.</p>',
  })
}

const FLAG_WORDS: Record<string, string> = {
  low: 'low (lab flag)',
  high: 'high (lab flag)',
  abnormal: 'abnormal (lab flag)',
  normal: 'normal (lab flag)',
  critical: 'CRITICAL (lab flag)',
  critical_low: 'CRITICAL low (lab flag)',
  critical_high: 'CRITICAL high (lab flag)',
}

const isCritical = (o: ObservationRow) => o.lab_flag?.startsWith('critical') === true

function value(o: ObservationRow) {
  const shown = o.original_value ?? (o.value === null ? (o.value_text ?? '') : String(o.value))
  const unit = o.original_value ? (o.original_unit ?? '') : humanUnit(o.unit ?? '')
  return `${escapeHtml(o.comparator && !o.original_value ? o.comparator : '')}${escapeHtml(shown)} ${escapeHtml(unit)}`
}

/** A UCUM code as a person writes it: `m[IU]/L` → `mIU/L`, `{steps}` → `steps`, `10*3/uL` → `10^3/uL`. */
export const humanUnit = (ucum: string) =>
  ucum
    .replace(/\[([^\]]+)\]/g, '$1')
    .replace(/\{([^}]*)\}/g, '$1')
    .replace(/10\*(-?\d+)/g, '10^$1')
    .trim()

const range = (o: ObservationRow) =>
  o.reference_low !== null || o.reference_high !== null
    ? `${o.reference_low ?? ''}–${o.reference_high ?? ''} ${escapeHtml(humanUnit(o.unit ?? ''))}`
    : '—'

/** A measurement time; a date without a time of day (midnight UTC) is shown as the date alone. */
const measured = (iso: string) =>
  /T00:00:00(\.000)?Z$/.test(iso)
    ? `<time datetime="${escapeHtml(iso.slice(0, 10))}">${escapeHtml(iso.slice(0, 10))}</time>`
    : dateTime(iso)

/** At most this many observations are listed; the API pages through all of them. */
export const OBSERVATIONS_SHOWN = 500

export function sourcePage(
  csrf: string,
  source: Source,
  observations: ObservationRow[],
  deletion: { available: boolean },
) {
  const critical = observations.filter(isCritical)
  const warning = critical.length
    ? `<div class="card" role="alert"><p class="error">The lab marked ${critical.length === 1 ? 'one value' : `${critical.length} values`} as critical: ${critical.map((o) => escapeHtml(o.original_name)).join(', ')}.
Contact your clinician or the lab promptly about ${critical.length === 1 ? 'it' : 'them'}; if you feel unwell, seek urgent care.</p></div>`
    : ''
  const rows = observations
    .slice(0, OBSERVATIONS_SHOWN)
    .map(
      (o) =>
        `<tr><td>${escapeHtml(o.original_name)}</td><td>${value(o)}</td><td>${o.lab_flag ? `<span${isCritical(o) ? ' class="error"' : ''}>${escapeHtml(FLAG_WORDS[o.lab_flag] ?? o.lab_flag)}</span>` : ''}</td><td>${range(o)}</td><td>${measured(o.observed_at)}</td><td>${escapeHtml(o.source_ref ?? '')}</td></tr>`,
    )
    .join('')
  const more =
    observations.length > OBSERVATIONS_SHOWN
      ? `<p class="muted">The first ${OBSERVATIONS_SHOWN} of ${observations.length} observations are shown.</p>`
      : ''
  const table =
    source.modality === 'genetics'
      ? '<p>Genetics sources hold findings rather than observations; see the genetics job that read this file on the <a href="/console/jobs">Jobs</a> page.</p>'
      : observations.length
        ? `<div class="table-wrap" tabindex="0" role="region" aria-label="Observations"><table><thead><tr><th scope="col">Name in the file</th><th scope="col">Value</th><th scope="col">Flag</th><th scope="col">Reference interval</th><th scope="col">Measured</th><th scope="col">Where in the file</th></tr></thead><tbody>${rows}</tbody></table></div>${more}`
        : '<p>This file produced no observations.</p>'
  return page({
    title: source.filename ?? 'Source',
    current: '/console/sources',
    signedIn: true,
    csrf,
    body: `${warning}<div class="card"><p>${escapeHtml(MODALITY_WORDS[source.modality] ?? source.modality)} · ${escapeHtml(source.format)}${source.provider ? ` · ${escapeHtml(source.provider)}` : ''} · ${source.record_count} records · added ${dateTime(source.created_at)}</p>
${source.warnings.length ? `<ul>${source.warnings.map((w) => `<li>${escapeHtml((w as { message?: string }).message ?? '')}</li>`).join('')}</ul>` : ''}</div>
<h2>Observations</h2>${table}
<h2>Delete</h2>${deletion.available ? '' : '<p>Deleting a source from the console is not available yet.</p>'}`,
  })
}

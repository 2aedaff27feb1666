// Sources: every file or sync the person's data came from, and one source with the observations it
// produced, as the file gave them (original value and unit, the lab's own flag and interval). A value
// the lab marked critical is said to be critical, with the advice to contact a clinician, never a
// lifestyle tip. A source can be deleted (with a confirmation box), as DELETE /sources/{id} does.

import { escapeHtml } from '../../shared/html'
import type { Source, SourceObservation } from '../../sources/model'
import { csrfField, dateTime, notice, page } from '../layout'
import { sampleLine } from './genetics-marks'

const MODALITY_WORDS: Record<string, string> = {
  biomarkers: 'Lab results',
  wearables: 'Wearable data',
  behavioral: 'Behaviour log',
  genetics: 'Genetics',
}

const describe = (s: Source) => escapeHtml(s.filename ?? s.provider ?? s.format)

export function sourcesPage(csrf: string, sources: Source[], message?: string) {
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
    body: `${notice(message ?? null, 'ok')}${
      sources.length
        ? `<div class="table-wrap" tabindex="0" role="region" aria-label="Your sources"><table><thead><tr><th scope="col">File</th><th scope="col">Kind</th><th scope="col">Records</th><th scope="col">Added</th></tr></thead><tbody>${rows}</tbody></table></div>`
        : '<p>No data yet. Add a file on the <a href="/console/upload">Upload</a> page.</p>'
    }`,
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

const isCritical = (o: SourceObservation) => o.lab_flag?.startsWith('critical') === true

function value(o: SourceObservation) {
  if (o.original_value !== null) return `${escapeHtml(o.original_value)} ${escapeHtml(o.original_unit ?? '')}`
  const shown = o.value === null ? (o.value_text ?? '') : `${o.comparator ?? ''}${o.value}`
  return `${escapeHtml(shown)} ${escapeHtml(humanUnit(o.unit ?? ''))}`
}

/** A UCUM code as a person writes it: `m[IU]/L` → `mIU/L`, `{steps}` → `steps`, `10*3/uL` → `10^3/uL`. */
export const humanUnit = (ucum: string) =>
  ucum
    .replace(/\[([^\]]+)\]/g, '$1')
    .replace(/\{([^}]*)\}/g, '$1')
    .replace(/10\*(-?\d+)/g, '10^$1')
    .trim()

const range = (o: SourceObservation) =>
  o.reference_text
    ? escapeHtml(o.reference_text)
    : o.reference_low !== null || o.reference_high !== null
      ? `${o.reference_low ?? ''}–${o.reference_high ?? ''} ${escapeHtml(humanUnit(o.unit ?? ''))}`
      : '—'

/** A measurement time; a date without a time of day (midnight UTC) is shown as the date alone. */
const measured = (iso: string) =>
  /T00:00:00(\.000)?Z$/.test(iso)
    ? `<time datetime="${escapeHtml(iso.slice(0, 10))}">${escapeHtml(iso.slice(0, 10))}</time>`
    : dateTime(iso)

/**
 * What a genetics source says about its findings as a whole: whose they are in a multi-sample file, and
 * the reader's notes (how many rest on imputed genotypes, sites too uncertain to read).
 */
function geneticsNotes(details: Source['details']): string {
  const sample = typeof details.sample === 'string' ? details.sample : null
  const inFile = typeof details.samples_in_file === 'number' ? details.samples_in_file : null
  const notes = Array.isArray(details.notes)
    ? details.notes.filter((n): n is string => typeof n === 'string')
    : []
  return `${sampleLine(sample, inFile)}${notes.length ? `<ul>${notes.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul>` : ''}`
}

export function sourcePage(
  csrf: string,
  source: Source,
  observations: { data: SourceObservation[]; next_cursor: string | null },
  options: { firstPage: boolean },
) {
  const critical = observations.data.filter(isCritical)
  const warning = critical.length
    ? `<div class="card" role="alert"><p class="error">The lab marked ${critical.length === 1 ? 'one value' : `${critical.length} values`} as critical: ${critical.map((o) => escapeHtml(o.original_name)).join(', ')}.
Contact your clinician or the lab promptly about ${critical.length === 1 ? 'it' : 'them'}; if you feel unwell, seek urgent care.</p></div>`
    : ''
  const rows = observations.data
    .map(
      (o) =>
        `<tr><td>${escapeHtml(o.original_name)}</td><td>${value(o)}</td><td>${o.lab_flag ? `<span${isCritical(o) ? ' class="error"' : ''}>${escapeHtml(FLAG_WORDS[o.lab_flag] ?? o.lab_flag)}</span>` : ''}</td><td>${range(o)}</td><td>${measured(o.observed_at)}</td><td>${escapeHtml(o.source_ref ?? '')}</td></tr>`,
    )
    .join('')
  const pages = [
    options.firstPage ? '' : `<a href="/console/sources/${escapeHtml(source.id)}">First page</a>`,
    observations.next_cursor
      ? `<a href="/console/sources/${escapeHtml(source.id)}?cursor=${encodeURIComponent(observations.next_cursor)}">Next observations</a>`
      : '',
  ]
    .filter(Boolean)
    .join(' · ')
  const table =
    source.modality === 'genetics'
      ? '<p>Genetics sources hold findings rather than observations; see the genetics job that read this file on the <a href="/console/jobs">Jobs</a> page.</p>'
      : observations.data.length
        ? `<div class="table-wrap" tabindex="0" role="region" aria-label="Observations"><table><thead><tr><th scope="col">Name in the file</th><th scope="col">Value</th><th scope="col">Flag</th><th scope="col">Reference interval</th><th scope="col">Measured</th><th scope="col">Where in the file</th></tr></thead><tbody>${rows}</tbody></table></div>${pages ? `<p>${pages}</p>` : ''}`
        : '<p>This file produced no observations.</p>'
  return page({
    title: source.filename ?? 'Source',
    current: '/console/sources',
    signedIn: true,
    csrf,
    body: `${warning}<div class="card"><p>${escapeHtml(MODALITY_WORDS[source.modality] ?? source.modality)} · ${escapeHtml(source.format)}${source.provider ? ` · ${escapeHtml(source.provider)}` : ''} · ${source.record_count} records · added ${dateTime(source.created_at)}</p>
${source.warnings.length ? `<ul>${source.warnings.map((w) => `<li>${escapeHtml(w.message)}</li>`).join('')}</ul>` : ''}${source.modality === 'genetics' ? geneticsNotes(source.details) : ''}</div>
<h2>Observations</h2>${table}
<h2>Delete</h2>
<form method="post" action="/console/sources/${escapeHtml(source.id)}/delete">${csrfField(csrf)}
<p>Deleting removes this source and everything read from it${source.modality === 'genetics' ? ' (findings, ancestry and the uploaded file)' : ''}. Analyses that used it are kept and say that it was deleted. This cannot be undone.</p>
<label><input type="checkbox" name="confirm" value="yes" required> Yes, delete ${escapeHtml(source.filename ?? 'this source')}</label>
<button type="submit">Delete source</button></form>`,
  })
}

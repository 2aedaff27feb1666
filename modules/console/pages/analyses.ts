// Analyses and their dashboards: create an analysis of all one's data, open one, create a share link
// to its dashboard (the URL is shown once, on the answer to the form, like an API key), list and
// revoke the links.

import type { AnalysisListItem } from '../../analyses/model'
import type { DashboardLinkSummary } from '../../dashboards/model'
import { escapeHtml } from '../../shared/html'
import { csrfField, dateTime, notice, page } from '../layout'
import { COPY_SCRIPT } from './keys'

export function analysesPage(csrf: string, analyses: AnalysisListItem[], error?: string) {
  const rows = analyses
    .map(
      (a) =>
        `<tr><td><a href="/console/analyses/${escapeHtml(a.id)}">${dateTime(a.created_at)}</a></td><td>${escapeHtml(a.kind)}</td><td>${escapeHtml(a.summary.text)}</td></tr>`,
    )
    .join('')
  return page({
    title: 'Analyses',
    current: '/console/analyses',
    signedIn: true,
    csrf,
    status: error ? 422 : 200,
    body: `${notice(error ?? null)}<form method="post" action="/console/analyses">${csrfField(csrf)}
<p>An analysis reads all your data (lab results, wearables, genetics) and explains what stands out, naming the record each finding rests on.</p>
<button type="submit">Analyse my data</button></form>
<h2>Your analyses</h2>
${analyses.length ? `<div class="table-wrap" tabindex="0" role="region" aria-label="Your analyses"><table><thead><tr><th scope="col">Created</th><th scope="col">Kind</th><th scope="col">Summary</th></tr></thead><tbody>${rows}</tbody></table></div>` : '<p>No analyses yet.</p>'}`,
  })
}

export interface AnalysisView {
  id: string
  kind: string
  created_at: string
  summary: { text: string; markers: number; flagged: number; sources: number }
}

export function analysisPage(
  csrf: string,
  analysis: AnalysisView,
  links: DashboardLinkSummary[],
  designs: { id: string; name: string }[],
  options: { created?: { dashboard_url: string; expires_at: string }; message?: string } = {},
) {
  const created = options.created
    ? `<div class="card" role="status"><h2>Your dashboard link</h2>
<p>Anyone with this link can see the dashboard until it expires or you revoke it. It is shown only once.</p>
<label for="dash-url">Dashboard link</label><input id="dash-url" type="text" readonly class="secret" value="${escapeHtml(options.created.dashboard_url)}">
<button type="button" data-copy="dash-url">Copy</button> <span id="copy-status" aria-live="polite"></span>
<p><a class="button" href="${escapeHtml(new URL(options.created.dashboard_url).pathname)}" target="_blank" rel="noopener noreferrer">Open the dashboard</a></p>
<p class="muted">Expires ${dateTime(options.created.expires_at)}.</p></div>`
    : ''
  const rows = links
    .map(
      (
        l,
      ) => `<tr><td>${escapeHtml(l.design.name)}</td><td>${escapeHtml(l.status)}</td><td>${dateTime(l.expires_at)}</td>
<td>${l.status === 'active' ? `<form method="post" action="/console/links/${escapeHtml(l.id)}/revoke">${csrfField(csrf)}<input type="hidden" name="analysis_id" value="${escapeHtml(analysis.id)}"><button type="submit" class="secondary" aria-label="Revoke the ${escapeHtml(l.design.name)} link">Revoke</button></form>` : ''}</td></tr>`,
    )
    .join('')
  return page({
    title: 'Analysis',
    current: '/console/analyses',
    signedIn: true,
    csrf,
    script: options.created ? COPY_SCRIPT : undefined,
    body: `${notice(options.message ?? null, 'ok')}${created}
<div class="card"><p>${escapeHtml(analysis.summary.text)}</p>
<p class="muted">${analysis.summary.markers} markers from ${analysis.summary.sources} sources, ${analysis.summary.flagged} outside their reference range. Created ${dateTime(analysis.created_at)}.</p></div>
<h2>Dashboard</h2>
<form method="post" action="/console/analyses/${escapeHtml(analysis.id)}/links">${csrfField(csrf)}
<label for="design">Design</label><select id="design" name="design_id">${designs.map((d) => `<option value="${escapeHtml(d.id)}">${escapeHtml(d.name)}</option>`).join('')}</select>
<label for="days">Link valid for (days, 1–90)</label><input id="days" name="expires_in_days" type="number" min="1" max="90" value="7">
<div><button type="submit">Create a dashboard link</button></div></form>
<h2>Links</h2>
${links.length ? `<div class="table-wrap" tabindex="0" role="region" aria-label="Dashboard links"><table><thead><tr><th scope="col">Design</th><th scope="col">Status</th><th scope="col">Expires</th><th scope="col"><span class="muted">Action</span></th></tr></thead><tbody>${rows}</tbody></table></div>` : '<p>No links yet.</p>'}`,
  })
}

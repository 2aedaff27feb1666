// Genetics jobs: the list, and one job with live progress. While the job runs, a small script follows
// its server-sent events stream (/console/jobs/{id}/events, the same stream as
// GET /genetics/jobs/{id}/events) and moves the bar; when it ends the page reloads and the server shows
// the result: the findings with their evidence and the ancestry chart. Whose findings they are (a
// multi-sample file), the job's warnings, and which genotypes were imputed rather than measured or rest
// on a low-quality sequencing call are said beside them (genetics-marks.ts).

import type { GeneticFinding, GeneticsJob } from '../../genetics/model'
import { escapeHtml } from '../../shared/html'
import { dateTime, page } from '../layout'
import { type AdmixtureComponent, admixtureChart } from './ancestry-chart'
import { findingMarks, imputedIntro, lowQualityIntro, sampleLine, warningList } from './genetics-marks'

export const JOB_SCRIPT = `
const root = document.getElementById('job')
const bar = document.getElementById('job-bar'), text = document.getElementById('job-text')
const events = new EventSource('/console/jobs/' + encodeURIComponent(root.dataset.jobId) + '/events')
events.addEventListener('job', (e) => {
  const job = JSON.parse(e.data)
  bar.value = job.progress.percent
  text.textContent = job.state + ' · ' + job.stage + ' · ' + job.progress.percent + ' % · ' + job.progress.records.toLocaleString('en-US') + ' records'
})
events.addEventListener('end', () => { events.close(); location.reload() })
`

const STATE_WORDS: Record<GeneticsJob['state'], string> = {
  queued: 'Waiting to start',
  running: 'Running',
  succeeded: 'Finished',
  failed: 'Failed',
  cancelled: 'Cancelled',
}

export function jobsPage(csrf: string, jobs: GeneticsJob[]) {
  const rows = jobs
    .map(
      (j) =>
        `<tr><td><a href="/console/jobs/${escapeHtml(j.id)}">${escapeHtml(j.id)}</a></td><td>${escapeHtml(STATE_WORDS[j.state])}</td><td>${j.progress.percent} %</td><td>${dateTime(j.created_at)}</td></tr>`,
    )
    .join('')
  return page({
    title: 'Genetics jobs',
    current: '/console/jobs',
    signedIn: true,
    csrf,
    body: jobs.length
      ? `<div class="table-wrap" tabindex="0" role="region" aria-label="Genetics jobs"><table><thead><tr><th scope="col">Job</th><th scope="col">State</th><th scope="col">Progress</th><th scope="col">Started</th></tr></thead><tbody>${rows}</tbody></table></div>`
      : '<p>No genetics jobs yet. A large genetics file uploaded on the <a href="/console/upload">Upload</a> page starts one.</p>',
  })
}

export interface JobResult {
  findings: GeneticFinding[]
  ancestry: {
    components: AdmixtureComponent[]
    confidenceLevel: number | null
    confidence: string | null
  } | null
  ancestryUnavailable: string | null
}

function findingsSection(findings: GeneticFinding[]) {
  if (findings.length === 0)
    return '<h2>Findings</h2><p>None of the variants in the compact catalog were found in this file. That is not a clean bill of health: the catalog covers a small, well-studied set.</p>'
  const items = findings
    .map(
      (
        f,
      ) => `<li><strong>${escapeHtml(f.label)}</strong>${f.gene ? ` (${escapeHtml(f.gene)}${f.rsid ? `, ${escapeHtml(f.rsid)}` : ''})` : ''}: genotype ${escapeHtml(f.genotype)}.
${escapeHtml(f.interpretation)} <span class="muted">Evidence: ${escapeHtml(f.evidence_level)}. Sources: ${f.citations
        .slice(0, 3)
        .map((c) => escapeHtml(`${c.kind} ${c.id}`))
        .join('; ')}</span>${findingMarks(f)}</li>`,
    )
    .join('')
  return `<h2>Findings</h2><p class="muted">Information, not a diagnosis; talk to a clinician or genetic counsellor before acting on a finding.</p>${imputedIntro(findings)}${lowQualityIntro(findings)}<ul>${items}</ul>`
}

export function jobPage(csrf: string, job: GeneticsJob, result: JobResult | null) {
  const running = job.state === 'queued' || job.state === 'running'
  const status = `<div class="card" id="job" data-job-id="${escapeHtml(job.id)}">
<p><strong>${escapeHtml(STATE_WORDS[job.state])}</strong>${job.error && typeof job.error.detail === 'string' ? `: ${escapeHtml(job.error.detail)}` : ''}</p>
<label for="job-bar">Analysis progress</label><progress id="job-bar" max="100" value="${job.progress.percent}"></progress>
<p id="job-text" role="status" aria-live="polite">${escapeHtml(job.state)} · ${escapeHtml(job.stage)} · ${job.progress.percent} % · ${job.progress.records.toLocaleString('en-US')} records</p>
${sampleLine(job.sample, job.samples_in_file)}
${job.source_id ? `<p><a href="/console/sources/${escapeHtml(job.source_id)}">Open the source</a></p>` : ''}</div>${warningList(job.warnings)}`
  let resultHtml = ''
  if (result) {
    const ancestry = result.ancestry
      ? `<h2>Ancestry</h2>${admixtureChart(result.ancestry.components, result.ancestry.confidenceLevel)}${result.ancestry.confidence ? `<p>Confidence: ${escapeHtml(result.ancestry.confidence)}.</p>` : ''}`
      : `<h2>Ancestry</h2><p>${escapeHtml(result.ancestryUnavailable ?? 'No ancestry estimate for this file.')}</p>`
    resultHtml = findingsSection(result.findings) + ancestry
  }
  return page({
    title: `Genetics job ${job.id}`,
    current: '/console/jobs',
    signedIn: true,
    csrf,
    script: running ? JOB_SCRIPT : undefined,
    body: status + resultHtml,
  })
}

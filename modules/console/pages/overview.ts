// The console's first page: where to go next, with the latest jobs and analyses.

import { page } from '../layout'

export function overviewPage(csrf: string, counts: { sources: number; analyses: number; jobs: number }) {
  return page({
    title: 'Your data',
    current: '/console',
    signedIn: true,
    csrf,
    body: `<div class="card"><p>${counts.sources === 0 ? 'No data yet.' : `${counts.sources}${counts.sources === 100 ? '+' : ''} sources, ${counts.analyses} analyses, ${counts.jobs} genetics jobs.`}</p></div>
<ul>
<li><a href="/console/upload">Upload</a> lab results, a wearable export or a genetics file.</li>
<li><a href="/console/analyses">Analyse</a> your data and share a dashboard.</li>
<li><a href="/console/keys">Create an API key</a> for your own programs or AI tools.</li>
</ul>`,
  })
}

// The upload page: choose or drop a file. Small files go to the import (one request, the same one as
// POST /imports/file); large genetics files go through an upload session: the file is sent in parts
// with Content-Range, the bar shows the bytes the server has acknowledged plus the part in flight, and
// after a dropped connection the script asks the server how much arrived (`bytes */TOTAL`) and goes on
// from there. Why not tus: the service's upload sessions already speak resumable Content-Range PUTs
// (the same protocol API users script against), so the console uses them rather than a second protocol.

import {
  MAGIC,
  PGEN_MESSAGE,
  SAM_HEADER,
  TEXT_MESSAGES,
} from '../../../genetics-core/detect/other-genomics-files'
import { GENOTYPE_HEADERS, GENOTYPE_ROW } from '../../imports/genotype'
import { page } from '../layout'

/**
 * The reader's own signs of a file that is not genotype calls (a BAM, CRAM, index, FASTQ, FASTA or
 * PLINK file), so the page names one before sending a byte: a BAM of tens of GB would otherwise go up
 * in parts for hours only to be refused at the end. The server refuses them too, with the same words.
 */
const SIGNS = JSON.stringify({
  magic: MAGIC,
  pgen: PGEN_MESSAGE,
  sam: SAM_HEADER.source,
  text: TEXT_MESSAGES,
})

/**
 * The import's own test of genotype text (modules/imports/genotype.ts), so a large genotype file whose
 * name does not say so (a 23andMe download re-saved by a spreadsheet as genome.csv, 15-20 MB) takes the
 * upload session instead of being turned away as too large to import.
 */
const GENOTYPE_TEXT = JSON.stringify({
  headers: GENOTYPE_HEADERS.map((r) => [r.source, r.flags]),
  row: [GENOTYPE_ROW.source, GENOTYPE_ROW.flags],
})

/** Genetics files by name; these, and files whose first lines are genotype text, take the upload session when large. */
const GENETIC_NAME = String.raw`/\.(vcf|vcf\.gz|vcf\.bgz|gvcf|gvcf\.gz|bcf|txt|txt\.gz)$/i`

export const UPLOAD_SCRIPT = `
const csrf = document.querySelector('meta[name=csrf-token]').content
const form = document.getElementById('upload-form'), input = document.getElementById('file')
const drop = document.getElementById('drop'), bar = document.getElementById('bar')
const percent = document.getElementById('percent'), status = document.getElementById('upload-status')
const importLimit = Number(form.dataset.importLimit), sessionFrom = Number(form.dataset.sessionFrom)
const GENETIC = ${GENETIC_NAME}
const SIGNS = ${SIGNS}
const GENOTYPE_TEXT = ${GENOTYPE_TEXT}
let busy = false
const say = (text) => { status.textContent = text }
const show = (fraction) => {
  const p = Math.min(100, Math.floor(fraction * 100))
  bar.value = p; percent.textContent = p + ' %'
}
function send(method, url, body, headers, onProgress) {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(method, url)
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v)
    if (onProgress) xhr.upload.onprogress = (e) => onProgress(e.loaded)
    xhr.onload = () => {
      let json = null
      try { json = JSON.parse(xhr.responseText) } catch {}
      resolve({ status: xhr.status, json })
    }
    xhr.onerror = () => reject(new Error('network'))
    xhr.ontimeout = () => reject(new Error('network'))
    xhr.send(body)
  })
}
const problem = (r) => (r.json && (r.json.detail || r.json.title)) || 'The server answered ' + r.status + '.'
const json = (url, body) => send('POST', url, JSON.stringify(body), { 'content-type': 'application/json', 'x-csrf-token': csrf })
const wait = (ms) => new Promise((r) => setTimeout(r, ms))
function base64(file) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result).split(',')[1] || '')
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(file)
  })
}
async function importSmall(file) {
  say('Uploading ' + file.name + '…')
  const body = JSON.stringify({ filename: file.name, content_type: file.type || undefined, data_base64: await base64(file) })
  const r = await send('POST', '/console/import', body, { 'content-type': 'application/json', 'x-csrf-token': csrf }, (n) => show(n / body.length))
  if (r.status !== 201) throw new Error(problem(r))
  show(1)
  const done = document.getElementById('done')
  done.replaceChildren()
  const p = document.createElement('p'), a = document.createElement('a')
  p.textContent = 'Imported ' + r.json.observation_count + ' observations (' + r.json.format + '). '
  a.href = '/console/sources/' + encodeURIComponent(r.json.source_id); a.textContent = 'Open the source'
  p.append(a); done.append(p)
  say('Done.')
}
async function fileHead(file) {
  const head = new Uint8Array(await file.slice(0, 65536).arrayBuffer())
  if (head[0] !== 0x1f || head[1] !== 0x8b) return head
  try {
    const reader = new Blob([head]).stream().pipeThrough(new DecompressionStream('gzip')).getReader()
    const first = await reader.read()
    reader.cancel().catch(() => {})
    return first.value || new Uint8Array(0)
  } catch { return null }
}
function genotypeText(head) {
  const lines = new TextDecoder().decode(head).split(/\\r?\\n|\\r/, 60).filter((l) => l.trim() !== '')
  const headers = GENOTYPE_TEXT.headers.map(([source, flags]) => new RegExp(source, flags))
  const row = new RegExp(GENOTYPE_TEXT.row[0], GENOTYPE_TEXT.row[1])
  return lines.some((l) => headers.some((h) => h.test(l))) || lines.filter((l) => row.test(l)).length >= 3
}
function notCalls(head) {
  if (head === null) return null
  for (const sign of SIGNS.magic) if (sign.bytes.every((b, i) => head[i] === b)) return sign.message
  if (head[0] === 0x6c && head[1] === 0x1b && head[2] >= 0x10 && head[2] <= 0x20) return SIGNS.pgen
  const lines = new TextDecoder().decode(head.subarray(0, 4096)).split(/\\r?\\n/)
  if (new RegExp(SIGNS.sam).test(lines[0])) return SIGNS.text.sam
  if (lines[0].startsWith('@') && (lines[2] || '').startsWith('+')) return SIGNS.text.fastq
  if (lines[0].startsWith('>')) return SIGNS.text.fasta
  return null
}
async function received(path, size) {
  const r = await send('PUT', path, null, { 'content-range': 'bytes */' + size })
  if (r.status !== 200) throw new Error(problem(r))
  return r.json.received_bytes
}
async function uploadLarge(file, sample) {
  say('Starting the upload of ' + file.name + '…')
  const created = await json('/console/uploads', { filename: file.name, size_bytes: file.size, content_type: file.type || 'application/octet-stream', ...(sample ? { sample } : {}) })
  if (created.status !== 201) throw new Error(problem(created))
  const { upload_id, upload_path, part_size } = created.json
  let offset = 0, failures = 0
  while (offset < file.size) {
    const end = Math.min(file.size, offset + part_size)
    try {
      const r = await send('PUT', upload_path, file.slice(offset, end),
        { 'content-type': 'application/octet-stream', 'content-range': 'bytes ' + offset + '-' + (end - 1) + '/' + file.size },
        (n) => show((offset + n) / file.size))
      if (r.status !== 200) throw new Error(problem(r))
      offset = r.json.received_bytes; failures = 0
      show(offset / file.size); say('Uploading ' + file.name + '…')
    } catch (error) {
      if (error.message !== 'network' || ++failures > 8) throw error
      say('The connection dropped; resuming…')
      await wait(Math.min(8000, 500 * 2 ** failures))
      try { offset = await received(upload_path, file.size) } catch {}
      show(offset / file.size)
    }
  }
  say('Checking the file…')
  const done = await json('/console/uploads/' + encodeURIComponent(upload_id) + '/complete', {})
  if (done.status !== 200) throw new Error(problem(done))
  say('Uploaded. Opening the analysis job…')
  location.assign('/console/jobs/' + encodeURIComponent(done.json.job_id))
}
async function start(file) {
  if (!file || busy) return
  busy = true; show(0); document.getElementById('done').replaceChildren()
  try {
    // A named sample is only taken by an upload session, so a small multi-sample VCF goes there too.
    const sample = document.getElementById('sample').value.trim()
    const head = await fileHead(file)
    const other = notCalls(head)
    if (other) throw new Error('Not uploaded: ' + other + '.')
    const genetic = GENETIC.test(file.name) || (head !== null && genotypeText(head))
    if (genetic && (file.size >= sessionFrom || sample)) await uploadLarge(file, sample)
    else if (file.size * 4 / 3 + 1024 > importLimit) throw new Error('This file is too large to import; large genetics files (VCF, BCF, 23andMe…) are uploaded in parts.')
    else await importSmall(file)
  } catch (error) { say(error.message === 'network' ? 'The connection failed; try again.' : error.message) }
  busy = false
}
form.addEventListener('submit', (e) => { e.preventDefault(); start(input.files[0]) })
drop.addEventListener('dragover', (e) => { e.preventDefault(); drop.classList.add('over') })
drop.addEventListener('dragleave', () => drop.classList.remove('over'))
drop.addEventListener('drop', (e) => { e.preventDefault(); drop.classList.remove('over'); start(e.dataTransfer.files[0]) })
`

export function uploadPage(csrf: string, limits: { importMaxBytes: number; sessionFromBytes: number }) {
  return page({
    title: 'Upload',
    current: '/console/upload',
    signedIn: true,
    csrf,
    script: UPLOAD_SCRIPT,
    body: `<p>Lab results (CSV, TSV, JSON, FHIR, pasted lines), wearable exports (Apple Health, Health Connect,
Oura, WHOOP …), behaviour logs and genetics files (VCF, 23andMe, AncestryDNA …). The format is recognised
from the content, not the name.</p>
<form id="upload-form" data-import-limit="${limits.importMaxBytes}" data-session-from="${limits.sessionFromBytes}">
<div id="drop" class="drop"><label for="file">Choose a file, or drop it here</label>
<input id="file" name="file" type="file" required></div>
<label for="sample">Sample name, only for a VCF that holds several people (a family or trio file)</label>
<input id="sample" name="sample" type="text" maxlength="255" autocomplete="off" spellcheck="false"
aria-describedby="sample-help">
<p id="sample-help" class="muted">Exactly as on the file's #CHROM line. Leave it empty for your own genome or a
23andMe, AncestryDNA … file: without it the first person in a VCF is read, and the job says so.</p>
<button type="submit">Upload</button></form>
<div class="card"><label for="bar">Upload progress</label>
<progress id="bar" max="100" value="0"></progress> <span id="percent" aria-hidden="true">0 %</span>
<p id="upload-status" role="status" aria-live="polite"></p><div id="done"></div></div>
<p class="muted">Large genetics files go up in parts; if the connection drops, the upload resumes where it stopped.</p>`,
  })
}

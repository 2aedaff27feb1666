// What `index-dbsnp --verify OUT_DIR` prints: one line on stdout when the index is sound, else one
// line per problem on stderr (in the command line's `error: CODE: message` form) and one saying what
// to do. An index that records no checksums is sound as far as can be told, so it passes, with a note.

import type { VerifyReport } from './verify-index'

export interface VerifyLines {
  sound: boolean
  /** For stdout. */
  out: string[]
  /** For stderr. */
  err: string[]
}

const CODE = 'DBSNP_REFERENCE_INVALID'

export function verifyLines(dir: string, report: VerifyReport, seconds: number): VerifyLines {
  const where = dir.slice(0, 200)
  const read = `${size(report.bytes)} in ${seconds.toFixed(1)} s`
  const files = `${report.files} ${report.files === 1 ? 'file' : 'files'}`
  if (report.problems.length === 0) {
    const line = report.checksums
      ? `verified ${files} of ${where} (${read}): sizes and CRC-32 checksums match index.json`
      : `checked the sizes of ${files} of ${where} (${read}): index.json records no checksums (an index written before they were recorded); rebuilding it with index-dbsnp adds them`
    return { sound: true, out: [line], err: [] }
  }
  const err = report.problems.map((problem) => `error: ${CODE}: ${problem}`)
  const rerun = report.problems.some((p) => p.includes('run --verify again'))
  if (!rerun) {
    const count = `${report.problems.length} ${report.problems.length === 1 ? 'problem' : 'problems'}`
    err.push(`error: ${CODE}: ${count} in ${where}; rebuild the index with index-dbsnp REF.vcf.gz ${where}`)
  }
  return { sound: false, out: [], err }
}

function size(bytes: number): string {
  if (bytes >= 1 << 30) return `${(bytes / 2 ** 30).toFixed(1)} GB`
  if (bytes >= 1 << 20) return `${(bytes / 2 ** 20).toFixed(1)} MB`
  return `${Math.ceil(bytes / 1024)} KB`
}

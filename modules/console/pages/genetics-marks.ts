// What the console says beside genetic findings so none reads as more certain than it is: a finding
// whose genotype was imputed (estimated from a reference panel, not measured), did not pass the file's
// quality filter or rests on a low-quality sequencing call (few reads, a low genotype quality, a share
// of variant reads unlike an inherited genotype), whose person of a multi-sample file the findings are about, and the job's or
// source's warnings (MULTIPLE_SAMPLES: the first of several people was read). Everything is escaped: a
// sample name, a FILTER value and a warning come from the uploaded file.

import { r2Text } from '../../analyses/genotype-caveats'
import { callQualityWords, hasCallQualityConcerns } from '../../genetics/call-quality-words'
import type { GeneticFinding } from '../../genetics/model'
import { escapeHtml } from '../../shared/html'

type Marked = Pick<GeneticFinding, 'imputed' | 'imputation_r2' | 'filter'> &
  Partial<Pick<GeneticFinding, 'call_quality'>>

/** The marks after one finding: imputed (with R² when known), a FILTER other than PASS, a low-quality call. */
export function findingMarks(f: Marked): string {
  const marks: string[] = []
  if (f.imputed)
    marks.push(
      `<br><strong>Imputed, not measured</strong> (${f.imputation_r2 === null ? 'the file gave no accuracy estimate' : `estimated accuracy R² ${escapeHtml(r2Text(f.imputation_r2))}`}): estimated from a reference panel, so it can be wrong; a measured (clinical-grade) test confirms it.`,
    )
  if (f.filter)
    marks.push(
      `<br><strong>Did not pass the file's quality filter</strong> (FILTER <code>${escapeHtml(f.filter)}</code>): weigh this call with care; a measured (clinical-grade) test confirms it.`,
    )
  const weakCall = callQualityWords(f.call_quality)
  if (weakCall)
    marks.push(
      `<br><strong>Low-quality call</strong> (${escapeHtml(weakCall)}): the sequencing call is weak, so it can be wrong; confirm it with a clinical-grade test.`,
    )
  return marks.join('')
}

/** Said above the findings when some rest on low-quality sequencing calls. */
export function lowQualityIntro(findings: Partial<Pick<GeneticFinding, 'call_quality'>>[]): string {
  const weak = findings.filter((f) => hasCallQualityConcerns(f.call_quality)).length
  if (weak === 0) return ''
  return `<p>${weak === 1 ? 'One finding rests' : `${weak} findings rest`} on a low-quality sequencing call (few reads, a low genotype quality or a share of variant reads unlike an inherited genotype), marked below.</p>`
}

/** Said above the findings when some rest on imputed genotypes. */
export function imputedIntro(findings: Pick<GeneticFinding, 'imputed'>[]): string {
  const imputed = findings.filter((f) => f.imputed).length
  if (imputed === 0) return ''
  return `<p>${imputed === 1 ? 'One finding rests' : `${imputed} findings rest`} on an imputed genotype: estimated by an imputation tool from a reference panel, not measured, and marked below.</p>`
}

/** Whose findings these are, when the file held several people; empty for a one-person file. */
export function sampleLine(sample: string | null, samplesInFile: number | null): string {
  if (!sample || samplesInFile === null || samplesInFile < 2) return ''
  return `<p>Findings are for sample <code>${escapeHtml(sample)}</code>, one of ${samplesInFile} people in the file.</p>`
}

/**
 * Warnings that change what the findings mean for the person reading them: whose genotypes were read,
 * whether positions and strand could be trusted, whether the file may have been cut short. The rest
 * (a header quirk, a trailing tab, a reserved field redefined) are notes on the file for whoever made it,
 * shown folded so they do not bury these.
 */
const RESULT_WARNINGS = new Set([
  'MULTIPLE_SAMPLES',
  'BUILD_CONFLICT',
  'BUILD_UNKNOWN',
  'BUILD_UNSUPPORTED',
  'BUILD_UNVERIFIED',
  'STRAND_MINUS',
  'STRAND_UNKNOWN',
  'LOW_CALL_RATE',
  'SOMATIC_CALLS',
  'MT_SEQUENCE_DIFFERS',
  'BGZF_EOF_MISSING',
  'NO_SAMPLES',
])

const warningItems = (warnings: { code: string; message: string }[]) =>
  warnings
    .map((w) => `<li>${escapeHtml(w.message)} <span class="muted">(${escapeHtml(w.code)})</span></li>`)
    .join('')

/** Warnings of a genetics job or source, each with its code (MULTIPLE_SAMPLES …) for reference. */
export function warningList(warnings: { code: string; message: string }[]): string {
  if (warnings.length === 0) return ''
  const forResults = warnings.filter((w) => RESULT_WARNINGS.has(w.code))
  const aboutFile = warnings.filter((w) => !RESULT_WARNINGS.has(w.code))
  const first = forResults.length > 0 ? `<h2>Warnings</h2><ul>${warningItems(forResults)}</ul>` : ''
  const rest =
    aboutFile.length > 0
      ? `<details><summary>Notes on the file (${aboutFile.length})</summary><ul>${warningItems(aboutFile)}</ul></details>`
      : ''
  return first + rest
}

// What the console says beside genetic findings so none reads as more certain than it is: a finding
// whose genotype was imputed (estimated from a reference panel, not measured) or did not pass the
// file's quality filter, whose person of a multi-sample file the findings are about, and the job's or
// source's warnings (MULTIPLE_SAMPLES: the first of several people was read). Everything is escaped: a
// sample name, a FILTER value and a warning come from the uploaded file.

import { r2Text } from '../../analyses/genotype-caveats'
import type { GeneticFinding } from '../../genetics/model'
import { escapeHtml } from '../../shared/html'

/** The marks after one finding: imputed (with R² when known) and a FILTER other than PASS. */
export function findingMarks(f: Pick<GeneticFinding, 'imputed' | 'imputation_r2' | 'filter'>): string {
  const marks: string[] = []
  if (f.imputed)
    marks.push(
      `<br><strong>Imputed, not measured</strong> (${f.imputation_r2 === null ? 'the file gave no accuracy estimate' : `estimated accuracy R² ${escapeHtml(r2Text(f.imputation_r2))}`}): estimated from a reference panel, so it can be wrong; a measured (clinical-grade) test confirms it.`,
    )
  if (f.filter)
    marks.push(
      `<br><strong>Did not pass the file's quality filter</strong> (FILTER <code>${escapeHtml(f.filter)}</code>): weigh this call with care; a measured (clinical-grade) test confirms it.`,
    )
  return marks.join('')
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

/** Warnings of a genetics job or source, each with its code (MULTIPLE_SAMPLES …) for reference. */
export function warningList(warnings: { code: string; message: string }[]): string {
  if (warnings.length === 0) return ''
  return `<h2>Warnings</h2><ul>${warnings
    .map((w) => `<li>${escapeHtml(w.message)} <span class="muted">(${escapeHtml(w.code)})</span></li>`)
    .join('')}</ul>`
}

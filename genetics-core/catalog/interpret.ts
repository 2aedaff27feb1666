// Interprets the genotypes the reader engine found at the catalog's targets: one assessment per
// entry, findings for carriers of the entry's ALT allele (hom-ref is "not a carrier", never a
// finding), coverage figures, the derived APOE genotype and plain notes on what the result can and
// cannot say. Health data stay in the returned object; nothing is logged.

import type { GeneticSex } from '../sex/infer-genetic-sex'
import type { GenomeBuild, SiteCall } from '../types'
import { APOE_RS7412_ENTRY, APOE_RS429358_ENTRY, apoeFromAssessments } from './apoe'
import { assessEntry, type EntryAssessment } from './assess-entry'
import { callQualityNote } from './call-quality-note'
import { compactCatalog } from './catalog'
import { CompactAnnotationError } from './errors'
import { MIN_IMPUTATION_R2 } from './imputation-quality'
import type {
  ApoeGenotype,
  CompactAnnotationResult,
  CompactAssessment,
  CompactCatalog,
  CompactFinding,
} from './types'

const BUILDS = new Set<GenomeBuild>(['NCBI36', 'GRCh37', 'GRCh38'])

const NOT_A_DIAGNOSIS =
  'Findings say what a genotype suggests according to the cited evidence, with its evidence level; they are not a diagnosis. Confirm anything clinically relevant with a clinical-grade test.'

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`
}

/** The notes on imputed genotypes: findings that rest on them, and sites too uncertain to read. */
function imputationNotes(findings: CompactFinding[], lowQuality: number): string[] {
  const notes: string[] = []
  const imputed = findings.filter((f) => f.imputation !== null)
  if (imputed.length > 0) {
    const unknown = imputed.filter((f) => f.imputation?.r2 === null).length
    const unknownText =
      unknown === 0
        ? ''
        : unknown === imputed.length
          ? ` The file gives no estimate of ${unknown === 1 ? 'its' : 'their'} accuracy.`
          : ` ${unknown} of them come without an estimate of their accuracy.`
    notes.push(
      `${plural(imputed.length, 'finding rests on an imputed genotype', 'findings rest on imputed genotypes')}: estimated from a reference panel, not measured, and an estimate can be wrong.${unknownText} A measured (clinical-grade) test confirms ${imputed.length === 1 ? 'it' : 'them'} before anything is done about ${imputed.length === 1 ? 'it' : 'them'}.`,
    )
  }
  if (lowQuality > 0) {
    notes.push(
      `${plural(lowQuality, 'catalog site was', 'catalog sites were')} imputed with an estimated accuracy (R²) below ${MIN_IMPUTATION_R2}, the usual quality cut-off for imputed genotypes, and ${lowQuality === 1 ? 'is' : 'are'} not interpreted: at that accuracy the genotype is close to a guess. A measured genotype there would answer ${lowQuality === 1 ? 'it' : 'them'}.`,
    )
  }
  return notes
}

/** The APOE genotype says so when either of its two sites was imputed. */
function markImputedApoe(apoe: ApoeGenotype | null, assessments: CompactAssessment[]): ApoeGenotype | null {
  if (apoe === null) return null
  const imputed = assessments.some(
    (a) => (a.entryId === APOE_RS429358_ENTRY || a.entryId === APOE_RS7412_ENTRY) && a.imputation,
  )
  if (!imputed) return apoe
  return {
    ...apoe,
    imputed: true,
    note: `${apoe.note} Derived from imputed genotypes (estimated from a reference panel, not measured); a measured test confirms it.`,
  }
}

export function interpretCompact(
  calls: Map<string, SiteCall>,
  build: GenomeBuild,
  catalog: CompactCatalog = compactCatalog(),
  /** Entry ids of palindromic sites (A/T, C/G) whose letters cannot be read: the file's strand is unknown. */
  strandWithheld: ReadonlySet<string> = new Set(),
  /** Genetic sex inferred from the file: with 'male', X calls outside the PARs are read as one copy. */
  sex: GeneticSex = 'unknown',
): CompactAnnotationResult {
  if (!(calls instanceof Map))
    throw new CompactAnnotationError('invalid_calls', 'calls must be a Map of target key to SiteCall')
  if (!BUILDS.has(build))
    throw new CompactAnnotationError('invalid_build', `unknown genome build ${String(build)}`)

  const assessed: EntryAssessment[] = catalog.entries.map((entry) =>
    strandWithheld.has(entry.id) && calls.has(entry.id)
      ? {
          entryId: entry.id,
          status: 'not_comparable',
          reason: `The alleles ${entry.ref}/${entry.alt} are each other's complement and the file's strand could not be established, so the call here could read either way; it is not interpreted.`,
        }
      : assessEntry(entry, calls.get(entry.id), build, sex),
  )
  const findings: CompactFinding[] = []
  catalog.entries.forEach((entry, i) => {
    const a = assessed[i]
    if (a.status !== 'assessed' || !a.altCopies || !a.genotype || !a.alleles || !a.interpretation) return
    const call = calls.get(entry.id)!
    findings.push({
      entryId: entry.id,
      rsid: entry.rsid,
      gene: entry.gene,
      label: entry.label,
      category: entry.category,
      observedGenotype: a.alleles.join('/'),
      alleles: a.alleles,
      zygosity: a.genotype === 'hemizygous_alt' ? 'hemizygous' : a.genotype === 'het' ? 'het' : 'hom_alt',
      altCopies: a.altCopies,
      interpretation: a.interpretation,
      evidence: entry.evidence,
      citations: entry.citations,
      provenance: entry.provenance,
      matchedBy: a.matchedBy ?? 'position',
      filter: call.filter && call.filter !== 'PASS' ? call.filter : null,
      imputation: a.imputation ?? null,
      callQuality: a.callQuality ?? null,
    })
  })

  const count = (status: CompactAssessment['status']) => assessed.filter((a) => a.status === status).length
  const notCovered = count('not_in_source')
  const assessments: CompactAssessment[] = assessed.map(({ matchedBy: _, carriedAlt: __, ...rest }) => rest)

  const notes = [NOT_A_DIAGNOSIS]
  if (notCovered > 0) {
    notes.push(
      `${plural(notCovered, 'catalog site has', 'catalog sites have')} no record in the source. In a variant-only VCF an absent site is unknown, not reference; only a gVCF or a file that states genome-wide calling shows reference calls.`,
    )
  }
  const withoutPosition = catalog.entries.filter(
    (e) => (build === 'GRCh37' ? e.grch37 : build === 'GRCh38' ? e.grch38 : null) === null,
  )
  if (build === 'NCBI36')
    notes.push('The catalog has no NCBI36 positions: entries were matched by rsID only.')
  else if (withoutPosition.length > 0) {
    notes.push(
      `${plural(withoutPosition.length, 'entry has', 'entries have')} no ${build} position and can only be matched by rsID.`,
    )
  }
  const withheld = catalog.entries.filter((e) => strandWithheld.has(e.id) && calls.has(e.id)).length
  if (withheld > 0) {
    notes.push(
      `${plural(withheld, 'palindromic site (A/T or C/G) was', 'palindromic sites (A/T or C/G) were')} not interpreted because the file's strand could not be established from its other sites.`,
    )
  }
  const mixed = assessed.filter((a) => a.status === 'assessed' && a.reason).length
  if (mixed > 0) {
    notes.push(
      `${plural(mixed, 'site carries', 'sites carry')} the catalog variant on one copy and a different variant on the other (a 1/2 genotype); the interpretation speaks of the catalog variant only.`,
    )
  }
  const different = count('different_variant')
  if (different > 0) {
    notes.push(
      `${plural(different, 'site carries', 'sites carry')} a different variant from the catalog entry; no interpretation is given there.`,
    )
  }
  notes.push(...imputationNotes(findings, count('low_imputation_quality')))
  const weakCalls = callQualityNote(findings)
  if (weakCalls !== null) notes.push(weakCalls)
  const filtered = findings.filter((f) => f.filter !== null).length
  if (filtered > 0)
    notes.push(
      `${plural(filtered, 'finding comes', 'findings come')} from records that did not pass the source's filters.`,
    )

  return {
    catalogVersion: catalog.version,
    build,
    findings,
    assessments,
    coverage: {
      entries: catalog.entries.length,
      assessed: count('assessed'),
      presentInSource: catalog.entries.length - notCovered,
      notCovered,
      noCall: count('no_call'),
      carriers: findings.length,
    },
    apoe: markImputedApoe(apoeFromAssessments(assessments), assessments),
    notes,
  }
}

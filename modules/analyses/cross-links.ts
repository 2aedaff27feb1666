// Cross-modality links, only where the science supports them: genotype context for a lab marker (APOE
// with LDL cholesterol and ApoB, HFE with iron stores, MTHFR with homocysteine, SLCO1B1 with statin
// choice when LDL is high) and activity context for glucose and lipid markers. Each link cites the
// genetic findings, the lab values and the references it rests on, and says when a genotype it uses was
// imputed or filtered rather than measured (genotype-caveats.ts).

import { hasCallQualityConcerns } from '../genetics/call-quality-words'
import type { Reference, SourceCitation } from './citation-model'
import { withCaveat } from './genotype-caveats'
import type { AnalysisInputs, GeneticFindingInput } from './inputs'
import { dedupeCitations } from './marker-findings'
import type { Baseline, CrossModalityLink, GeneticHighlight, ObservationItem } from './model'
import { fmt } from './ranges'
import { GUIDELINES, geneticsReference, uniqueReferences } from './references'

const LDL_CODES = ['ldl_cholesterol', 'apob', 'apolipoprotein_b', 'non_hdl_cholesterol']
const IRON_CODES = ['ferritin', 'transferrin_saturation', 'iron']
const HOMOCYSTEINE_CODES = ['homocysteine']
const GLYCEMIC_CODES = ['glucose', 'fasting_glucose', 'hba1c', 'triglycerides', 'insulin']

const findingCitation = (f: GeneticFindingInput): SourceCitation => ({
  source_id: f.source_id,
  observation_ids: [f.id],
  source_ref: f.rsid,
})

/**
 * A genotype as a title names it: marked when it was imputed or rests on a low-quality call, so even the
 * title does not read as a confident measurement.
 */
const shownGenotype = (f: GeneticFindingInput) =>
  f.imputed
    ? `${f.genotype} (imputed)`
    : hasCallQualityConcerns(f.call_quality)
      ? `${f.genotype} (low-quality call)`
      : f.genotype

const markerText = (m: ObservationItem) =>
  `${m.name} ${m.value === null ? (m.value_text ?? '') : fmt(m.value)}${m.unit ? ` ${m.unit}` : ''} (${m.status.replace('_', ' ')})`

const present = (items: ObservationItem[], codes: string[]) =>
  codes.map((c) => items.find((i) => i.code === c)).filter((i): i is ObservationItem => i !== undefined)

function link(
  id: string,
  parts: Omit<CrossModalityLink, 'id' | 'sources' | 'references'>,
  sources: SourceCitation[],
  references: Reference[],
): CrossModalityLink {
  return {
    id: `link_${id}`,
    ...parts,
    sources: dedupeCitations(sources),
    references: uniqueReferences(references),
  }
}

/** The genetics findings as highlights, each citing its source and its catalog evidence. */
export function geneticHighlights(findings: GeneticFindingInput[]): GeneticHighlight[] {
  return [...findings]
    .sort((a, b) => (a.gene ?? '').localeCompare(b.gene ?? '') || (a.rsid ?? '').localeCompare(b.rsid ?? ''))
    .map((f) => ({
      gene: f.gene,
      rsid: f.rsid,
      label: f.label,
      category: f.category,
      genotype: f.genotype,
      zygosity: f.zygosity,
      interpretation: withCaveat(f),
      imputed: f.imputed,
      imputation_r2: f.imputed ? f.imputation_r2 : null,
      filter: f.filter,
      call_quality: f.call_quality,
      evidence: f.evidence,
      sources: [findingCitation(f)],
      references: uniqueReferences(f.citations.map(geneticsReference)),
    }))
}

/**
 * What the APOE link says after its statement: the whole note when the genotype is ambiguous (the note
 * then carries the caveat too), else only the caveat, so an imputed genotype never reads as measured.
 */
const apoeAfter = (apoe: AnalysisInputs['apoe'][number]) =>
  apoe.ambiguous ? ` ${apoe.note}` : apoe.caveat ? ` ${apoe.caveat}` : ''

export function crossModalityLinks(
  inputs: AnalysisInputs,
  markers: ObservationItem[],
  baselines: Baseline[],
): CrossModalityLink[] {
  const links: CrossModalityLink[] = []
  const gene = (symbol: string) => inputs.findings.filter((f) => f.gene === symbol)

  const lipids = present(markers, LDL_CODES)
  for (const apoe of inputs.apoe) {
    if (lipids.length === 0) break
    const carriesE4 = apoe.e4_copies > 0
    const carriesE2 = apoe.e2_copies > 0
    const effect = carriesE4
      ? 'APOE e4 carriers have on average higher LDL cholesterol and ApoB than e3/e3'
      : carriesE2
        ? 'APOE e2 carriers have on average lower LDL cholesterol than e3/e3'
        : 'e3/e3 is the most common genotype and carries no APOE shift in LDL cholesterol'
    links.push(
      link(
        'apoe_lipids',
        {
          kind: 'genotype_context',
          title: `APOE ${apoe.genotype}${apoe.imputed ? ' (imputed)' : ''} and ${lipids.map((m) => m.name).join(', ')}`,
          statement: `${effect}. Your ${lipids.map(markerText).join('; ')}. The genotype is context for reading these values, not a diagnosis; the guideline's LDL targets apply whatever the genotype.${apoeAfter(apoe)}`,
          modalities: ['genetics', 'biomarkers'],
          markers: lipids.map((m) => m.code),
          evidence: {
            level: 'moderate',
            summary:
              'APOE genotype explains part of the population variation in LDL cholesterol; the size of the effect in one person is not known.',
          },
        },
        [
          ...apoe.finding_ids.map((id) => ({
            source_id: apoe.source_id,
            observation_ids: [id],
            source_ref: null,
          })),
          ...lipids.flatMap((m) => m.sources),
        ],
        [
          ...apoe.citations.map(geneticsReference),
          GUIDELINES.cholesterol,
          ...lipids.flatMap((m) => m.references),
        ],
      ),
    )
    break
  }

  const hfe = gene('HFE')
  const iron = present(markers, IRON_CODES)
  if (hfe.length > 0 && iron.length > 0) {
    links.push(
      link(
        'hfe_iron',
        {
          kind: 'genotype_context',
          title: `HFE ${hfe.map((f) => `${f.label} ${shownGenotype(f)}`).join(', ')} and iron markers`,
          statement: `HFE variants raise iron absorption in some carriers (hereditary haemochromatosis, mostly with two C282Y copies). Your ${iron.map(markerText).join('; ')}. ${hfe.map(withCaveat).join(' ')}`,
          modalities: ['genetics', 'biomarkers'],
          markers: iron.map((m) => m.code),
          evidence: hfe.some((f) => f.evidence.level === 'strong')
            ? {
                level: 'strong',
                summary: 'HFE genotype and iron studies are read together in haemochromatosis care.',
              }
            : { level: 'moderate', summary: hfe[0].evidence.summary },
        },
        [...hfe.map(findingCitation), ...iron.flatMap((m) => m.sources)],
        [...hfe.flatMap((f) => f.citations.map(geneticsReference)), ...iron.flatMap((m) => m.references)],
      ),
    )
  }

  const mthfr = gene('MTHFR')
  const homocysteine = present(markers, HOMOCYSTEINE_CODES)
  if (mthfr.length > 0 && homocysteine.length > 0) {
    links.push(
      link(
        'mthfr_homocysteine',
        {
          kind: 'genotype_context',
          title: `MTHFR ${mthfr.map(shownGenotype).join(', ')} and homocysteine`,
          statement: `MTHFR C677T (especially two copies) is associated with higher homocysteine when folate intake is low. Your ${homocysteine.map(markerText).join('; ')}. ${mthfr.map(withCaveat).join(' ')}`,
          modalities: ['genetics', 'biomarkers'],
          markers: homocysteine.map((m) => m.code),
          evidence: { level: mthfr[0].evidence.level, summary: mthfr[0].evidence.summary },
        },
        [...mthfr.map(findingCitation), ...homocysteine.flatMap((m) => m.sources)],
        [
          ...mthfr.flatMap((f) => f.citations.map(geneticsReference)),
          ...homocysteine.flatMap((m) => m.references),
        ],
      ),
    )
  }

  const slco1b1 = gene('SLCO1B1')
  const highLipids = lipids.filter((m) => m.status === 'high')
  if (slco1b1.length > 0 && highLipids.length > 0) {
    links.push(
      link(
        'slco1b1_statins',
        {
          kind: 'genotype_context',
          title: 'SLCO1B1 and statin choice',
          statement: `Your ${highLipids.map(markerText).join('; ')}. If a statin is considered, SLCO1B1 ${slco1b1.map(shownGenotype).join(', ')} matters for the choice and dose (CPIC guideline): ${slco1b1.map(withCaveat).join(' ')}`,
          modalities: ['genetics', 'biomarkers'],
          markers: highLipids.map((m) => m.code),
          evidence: {
            level: 'strong',
            summary: 'A CPIC guideline uses SLCO1B1 function to guide statin prescribing.',
          },
        },
        [...slco1b1.map(findingCitation), ...highLipids.flatMap((m) => m.sources)],
        [...slco1b1.flatMap((f) => f.citations.map(geneticsReference)), GUIDELINES.cholesterol],
      ),
    )
  }

  const steps = baselines.find((b) => b.code === 'steps')
  const glycemic = present(markers, GLYCEMIC_CODES).filter((m) => m.status === 'high')
  if (steps && glycemic.length > 0) {
    links.push(
      link(
        'activity_glycemic',
        {
          kind: 'behavior_context',
          title: `Daily activity and ${glycemic.map((m) => m.name).join(', ')}`,
          statement: `Your recent daily steps average ${Math.round(steps.recent.mean)} over ${steps.recent.days} day(s); your ${glycemic.map(markerText).join('; ')}. Regular moderate activity (150–300 minutes a week for adults) improves glucose control and blood lipids.`,
          modalities: ['wearables', 'biomarkers'],
          markers: ['steps', ...glycemic.map((m) => m.code)],
          evidence: {
            level: 'moderate',
            summary:
              'The activity guideline grades the cardiometabolic benefit of regular activity as strong; its effect in one person varies.',
          },
        },
        [...steps.sources, ...glycemic.flatMap((m) => m.sources)],
        [GUIDELINES.activity, ...glycemic.flatMap((m) => m.references)],
      ),
    )
  }
  return links
}

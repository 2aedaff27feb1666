// The references analyses cite besides the catalogs: a few published guidelines (identifiers checked
// against PubMed and the publishers' DOIs) and our own methods, described as they are computed here.
// Catalog citations come with the biomarker catalog and the genetic findings themselves.

import type { BiomarkerDefinition } from '../biomarkers/types'
import type { Reference } from './citation-model'

export const GUIDELINES = {
  cholesterol: {
    id: 'pmid:30586774',
    kind: 'guideline',
    title:
      '2018 AHA/ACC/AACVPR/AAPA/ABC/ACPM/ADA/AGS/APhA/ASPC/NLA/PCNA Guideline on the Management of Blood Cholesterol (Circulation 2019;139:e1082–e1143)',
    url: 'https://doi.org/10.1161/CIR.0000000000000625',
    pmid: '30586774',
  },
  sleep: {
    id: 'pmid:25979105',
    kind: 'guideline',
    title:
      'Recommended Amount of Sleep for a Healthy Adult: A Joint Consensus Statement of the American Academy of Sleep Medicine and Sleep Research Society (J Clin Sleep Med 2015)',
    url: 'https://doi.org/10.5664/jcsm.4758',
    pmid: '25979105',
  },
  activity: {
    id: 'doi:10.1001/jama.2018.14854',
    kind: 'guideline',
    title: 'The Physical Activity Guidelines for Americans, 2nd edition (JAMA 2018;320(19):2020–2028)',
    url: 'https://doi.org/10.1001/jama.2018.14854',
    pmid: null,
  },
} as const satisfies Record<string, Reference>

export const METHODS = {
  personalBaseline: {
    id: 'method:personal-baseline',
    kind: 'method',
    title:
      'Personal baseline: mean and standard deviation of the daily values in the baseline window before the recent window; the recent mean is compared as z = (recent mean − baseline mean) / baseline SD, a shift when |z| ≥ 1, and a single day deviates when |z| ≥ 2.',
    url: null,
    pmid: null,
  },
  referenceRange: {
    id: 'method:reference-range',
    kind: 'method',
    title:
      'Status from the latest value against the catalog’s reference and optimal ranges for the given sex and age; severity from the distance outside the range relative to its width.',
    url: null,
    pmid: null,
  },
  change: {
    id: 'method:change-over-noise',
    kind: 'method',
    title:
      'Change from the first to the latest value; a change within the marker’s typical between-test variation (noise_percent) counts as stable, otherwise improving or worsening by the marker’s better direction.',
    url: null,
    pmid: null,
  },
  ranking: {
    id: 'method:action-ranking',
    kind: 'method',
    title:
      'Actions ranked by score = severity × confidence × modifiability, each on a 0–1 scale; ties broken by severity, then by code.',
    url: null,
    pmid: null,
  },
} as const satisfies Record<string, Reference>

/** The catalog entry of a biomarker as a reference (its ranges’ cited source). */
export function biomarkerReference(def: BiomarkerDefinition): Reference {
  return {
    id: `catalog:${def.code}`,
    kind: 'biomarker_catalog',
    title: `${def.name} ranges: ${def.citation.title}`,
    url: def.citation.url ?? null,
    pmid: def.citation.pmid ?? null,
  }
}

/** A genetics citation (ClinVar, CPIC, PMID, PGS) as a reference. */
export function geneticsReference(citation: { kind: string; id: string; title?: string }): Reference {
  const pmid = citation.kind === 'pmid' ? citation.id.replace(/^PMID:/i, '') : null
  const cpicPmid = citation.kind === 'cpic_guideline' ? citation.id.match(/^PMID:(\d+)$/i)?.[1] : undefined
  const number = pmid ?? cpicPmid ?? null
  const url =
    number !== null
      ? `https://pubmed.ncbi.nlm.nih.gov/${number}/`
      : citation.kind === 'clinvar'
        ? `https://www.ncbi.nlm.nih.gov/clinvar/${citation.id}/`
        : citation.kind === 'pgs'
          ? `https://www.pgscatalog.org/score/${citation.id}/`
          : null
  return {
    id: `${citation.kind}:${citation.id}`,
    kind: citation.kind === 'cpic_guideline' ? 'guideline' : 'genetics_catalog',
    title: citation.title ?? `${citation.kind} ${citation.id}`,
    url,
    pmid: number,
  }
}

/** Unique by id, first occurrence kept, so an item never lists one reference twice. */
export function uniqueReferences(refs: Reference[]): Reference[] {
  const seen = new Set<string>()
  return refs.filter((r) => {
    if (seen.has(r.id)) return false
    seen.add(r.id)
    return true
  })
}

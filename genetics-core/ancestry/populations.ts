// The reference groups of the ancestry panel: the five 1000 Genomes super-populations and the 26
// populations sampled by the project (codes and descriptions as the International Genome Sample
// Resource publishes them). Shared by the model builder and the run-time estimate, so both use the
// same order.

export const SUPER_POPULATION_CODES = ['AFR', 'AMR', 'EAS', 'EUR', 'SAS'] as const
export type SuperPopulationCode = (typeof SUPER_POPULATION_CODES)[number]

export const SUPER_POPULATION_NAMES: Record<SuperPopulationCode, string> = {
  AFR: 'African',
  AMR: 'Admixed American',
  EAS: 'East Asian',
  EUR: 'European',
  SAS: 'South Asian',
}

export interface ReferencePopulation {
  code: string
  name: string
  superPopulation: SuperPopulationCode
}

export const REFERENCE_POPULATIONS: readonly ReferencePopulation[] = [
  { code: 'ACB', name: 'African Caribbean in Barbados', superPopulation: 'AFR' },
  { code: 'ASW', name: 'African Ancestry in Southwest US', superPopulation: 'AFR' },
  { code: 'BEB', name: 'Bengali in Bangladesh', superPopulation: 'SAS' },
  { code: 'CDX', name: 'Chinese Dai in Xishuangbanna, China', superPopulation: 'EAS' },
  { code: 'CEU', name: 'Utah residents with Northern and Western European ancestry', superPopulation: 'EUR' },
  { code: 'CHB', name: 'Han Chinese in Beijing, China', superPopulation: 'EAS' },
  { code: 'CHS', name: 'Southern Han Chinese', superPopulation: 'EAS' },
  { code: 'CLM', name: 'Colombian in Medellin, Colombia', superPopulation: 'AMR' },
  { code: 'ESN', name: 'Esan in Nigeria', superPopulation: 'AFR' },
  { code: 'FIN', name: 'Finnish in Finland', superPopulation: 'EUR' },
  { code: 'GBR', name: 'British in England and Scotland', superPopulation: 'EUR' },
  { code: 'GIH', name: 'Gujarati Indian in Houston, Texas', superPopulation: 'SAS' },
  { code: 'GWD', name: 'Gambian in Western Division, The Gambia', superPopulation: 'AFR' },
  { code: 'IBS', name: 'Iberian populations in Spain', superPopulation: 'EUR' },
  { code: 'ITU', name: 'Indian Telugu in the UK', superPopulation: 'SAS' },
  { code: 'JPT', name: 'Japanese in Tokyo, Japan', superPopulation: 'EAS' },
  { code: 'KHV', name: 'Kinh in Ho Chi Minh City, Vietnam', superPopulation: 'EAS' },
  { code: 'LWK', name: 'Luhya in Webuye, Kenya', superPopulation: 'AFR' },
  { code: 'MSL', name: 'Mende in Sierra Leone', superPopulation: 'AFR' },
  { code: 'MXL', name: 'Mexican Ancestry in Los Angeles, California', superPopulation: 'AMR' },
  { code: 'PEL', name: 'Peruvian in Lima, Peru', superPopulation: 'AMR' },
  { code: 'PJL', name: 'Punjabi in Lahore, Pakistan', superPopulation: 'SAS' },
  { code: 'PUR', name: 'Puerto Rican in Puerto Rico', superPopulation: 'AMR' },
  { code: 'STU', name: 'Sri Lankan Tamil in the UK', superPopulation: 'SAS' },
  { code: 'TSI', name: 'Toscani in Italia', superPopulation: 'EUR' },
  { code: 'YRI', name: 'Yoruba in Ibadan, Nigeria', superPopulation: 'AFR' },
]

/**
 * Populations whose members are recent mixtures of continental ancestries. The model describes each of
 * them by the spread of admixture profiles seen in its reference members rather than by one set of
 * allele frequencies, because a single average fits few of its members well.
 */
export const ADMIXED_POPULATION_CODES: readonly string[] = ['ACB', 'ASW', 'CLM', 'MXL', 'PEL', 'PUR']

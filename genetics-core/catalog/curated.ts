// Hand-curated facts of the compact catalog: well-known pharmacogenomic, clinical and trait variants.
// Positions come from shipped source files where they exist (PharmCAT for GRCh38, the GWAS Catalog
// 2013 export and the 1000 Genomes AISNP reference for GRCh37); every other position, citation or
// fact was checked against public documentation, and each check is recorded in `checks` or in the
// position's `checked` provenance. A position that could not be checked stays null with a reason.
// Interpretations are written in our own words from the cited evidence; they describe what a genotype
// suggests, never a diagnosis.

import type { CuratedFact } from './curated-fact'
import type { Citation, Provenance } from './types'

/** Release of the curated content; the catalog version adds a hash of the generated entries. */
export const CURATED_RELEASE = '1.0.0'

const PYPGX_TABLE =
  'https://github.com/sbslee/pypgx/blob/003bda6cfc73af312381a0daa68318152f87634f/pypgx/api/data/variant-table.csv'

/** A later revision of the same table, which added G6PD and MTHFR rows. */
const PYPGX_TABLE_2023 =
  'https://github.com/sbslee/pypgx/blob/fa6b9f70747bdf1b6566adc5c21bb17276ae9f52/pypgx/api/data/variant-table.csv'

/** The other build's position from the 2023 PyPGx table, whose known-build column agrees with ours. */
function pypgx2023(
  pos: number,
  row: string,
  agreesWith: string,
): { from: 'documented'; pos: number; checked: Provenance } {
  return {
    from: 'documented',
    pos,
    checked: {
      source: PYPGX_TABLE_2023,
      locator: `row ${row}`,
      note: `position read from the PyPGx variant table; its other build column equals ${agreesWith}`,
    },
  }
}

/** A GRCh37 position read from PyPGx's variant table, whose GRCh38 column agrees with PharmCAT. */
function pypgx(pos: number, row: string): { from: 'documented'; pos: number; checked: Provenance } {
  return {
    from: 'documented',
    pos,
    checked: {
      source: PYPGX_TABLE,
      locator: `row ${row}`,
      note: 'GRCh37 position read from the PyPGx variant table; its GRCh38 column equals the PharmCAT position of the same rsID',
    },
  }
}

const CPIC_CLOPIDOGREL: Citation = {
  kind: 'cpic_guideline',
  id: 'PMID:35034351',
  title:
    'Clinical Pharmacogenetics Implementation Consortium Guideline for CYP2C19 Genotype and Clopidogrel Therapy: 2022 Update',
}
const CPIC_WARFARIN: Citation = {
  kind: 'cpic_guideline',
  id: 'Clin Pharmacol Ther 2017;102(3):397-404',
  title:
    'Clinical Pharmacogenetics Implementation Consortium (CPIC) Guideline for Pharmacogenetics-Guided Warfarin Dosing: 2017 Update',
}
const CPIC_STATINS: Citation = {
  kind: 'cpic_guideline',
  id: 'PMID:35152405',
  title:
    'The Clinical Pharmacogenetics Implementation Consortium Guideline for SLCO1B1, ABCG2, and CYP2C9 genotypes and Statin-Associated Musculoskeletal Symptoms (2022)',
}
const CPIC_DPYD: Citation = {
  kind: 'cpic_guideline',
  id: 'PMID:29152729',
  title:
    'Clinical Pharmacogenetics Implementation Consortium (CPIC) Guideline for Dihydropyrimidine Dehydrogenase Genotype and Fluoropyrimidine Dosing: 2017 Update',
}
const CPIC_THIOPURINES: Citation = {
  kind: 'cpic_guideline',
  id: 'PMID:30447069',
  title:
    'Clinical Pharmacogenetics Implementation Consortium Guideline for Thiopurine Dosing Based on TPMT and NUDT15 Genotypes: 2018 Update',
}
const CPIC_G6PD: Citation = {
  kind: 'cpic_guideline',
  id: 'PMID:36049896',
  title:
    'Expanded Clinical Pharmacogenetics Implementation Consortium Guideline for Medication Use in the Context of G6PD Genotype',
}

const CHECK_CLOPIDOGREL: Provenance = {
  source: 'https://pubmed.ncbi.nlm.nih.gov/35034351/',
  locator: 'PubMed record and https://cpicpgx.org/guidelines/guideline-for-clopidogrel-and-cyp2c19/',
  note: 'Title, PMID and DOI 10.1002/cpt.2526 checked; CYP2C19 intermediate and poor metabolizers have reduced clopidogrel activation',
}
const CHECK_WARFARIN: Provenance = {
  source: 'https://blog.clinpgx.org/cpic-guideline-update/',
  locator:
    'guideline summary; bibliographic record at https://jesse.tg/ngc-archive/summary/11282 (Clin Pharmacol Ther 2017;102(3):397-404)',
  note: 'Title and journal reference checked; the 2017 update covers CYP2C9, VKORC1, CYP4F2 and rs12777823. Its PMID was not checked, so it is cited by title',
}
const CHECK_STATINS: Provenance = {
  source: 'https://pubmed.ncbi.nlm.nih.gov/35152405/',
  locator: 'abstract (PMC9035072); Clin Pharmacol Ther 2022;111(5):1007-1021, DOI 10.1002/cpt.2557',
  note: 'Title and PMID checked; SLCO1B1 (hepatic uptake of all statins), ABCG2 (rosuvastatin) and CYP2C9 are covered',
}
const CHECK_DPYD: Provenance = {
  source: 'https://pubmed.ncbi.nlm.nih.gov/29152729/',
  locator: 'PubMed record; Clin Pharmacol Ther 2018;103(2):210-216, DOI 10.1002/cpt.911',
  note: 'Title and PMID checked. Allele activity (c.1905+1G>A and c.1679T>G no function, value 0; c.2846A>T and c.1129-5923C>G/HapB3 decreased, value 0.5) checked against the activity-score table of PMC8301551 (Table 2)',
}
const CHECK_THIOPURINES: Provenance = {
  source: 'https://pubmed.ncbi.nlm.nih.gov/30447069/',
  locator: 'PubMed record; https://cpicpgx.org/guidelines/guideline-for-thiopurines-and-tpmt/',
  note: 'Title and PMID checked; TPMT variant alleles lower activity, NUDT15 loss-of-function alleles are common in Asians and Hispanics',
}
const CHECK_G6PD: Provenance = {
  source: 'https://pubmed.ncbi.nlm.nih.gov/36049896/',
  locator: 'PubMed record; guideline tables 1 and 3 (PMC10281211)',
  note: 'Title and PMID checked. One X with a deficient (class II-III) allele: deficient; two X with one deficient allele: variable (X-linked mosaicism); deficient phenotype: avoid high-risk drugs',
}

const CHECK_CYP2C19_FUNCTION: Provenance = {
  source: 'https://pmc.ncbi.nlm.nih.gov/articles/PMC3467616/table/T1',
  locator: 'Table 1, CYP2C19 gene variants',
  note: 'CYP2C19*2 (splicing defect) and *3 (W212X) non-functional; *17 (-806C>T) increases transcription',
}

function pharmcatAllele(gene: string, allele: string): Citation {
  return {
    kind: 'pharmcat_allele',
    id: `${gene} ${allele}`,
    title: 'PharmCAT allele definition (CPIC-derived, CC0)',
  }
}

export const CURATED_FACTS: CuratedFact[] = [
  // ---------------------------------------------------------------- pharmacogenomic
  {
    id: 'cyp2c19-star2',
    rsid: 'rs4244285',
    gene: 'CYP2C19',
    label: 'CYP2C19*2 (c.681G>A, splicing defect)',
    category: 'pharmacogenomic',
    chrom: '10',
    ref: 'G',
    alt: 'A',
    grch37: { sources: [pypgx(96541616, 'CYP2C19,10-96541616-G-A,10-94781859-G-A,rs4244285')] },
    grch38: { sources: [{ from: 'pharmcat' }] },
    interpretation: {
      homRef:
        'No copy of CYP2C19*2 at this position. CYP2C19 function also depends on other alleles (such as *3 and *17), reported separately.',
      het: 'One copy of CYP2C19*2, a no-function allele. With a normal second allele this usually means a CYP2C19 intermediate metabolizer: clopidogrel is activated less well, and CPIC advises considering another antiplatelet drug. This is not a diagnosis; confirm with a clinical-grade test before acting.',
      homAlt:
        'Two copies of CYP2C19*2 (no function). This usually means a CYP2C19 poor metabolizer: clopidogrel is expected to work poorly and CPIC recommends an alternative when an antiplatelet drug is needed. Confirm with a clinical-grade test before acting.',
    },
    evidence: {
      level: 'strong',
      summary:
        'CPIC assigns CYP2C19 metabolizer status from this allele and bases clopidogrel recommendations on it.',
    },
    citations: [CPIC_CLOPIDOGREL, pharmcatAllele('CYP2C19', '*2')],
    checks: [CHECK_CLOPIDOGREL, CHECK_CYP2C19_FUNCTION],
    pharmcatAlleles: ['*2'],
  },
  {
    id: 'cyp2c19-star3',
    rsid: 'rs4986893',
    gene: 'CYP2C19',
    label: 'CYP2C19*3 (c.636G>A, W212X)',
    category: 'pharmacogenomic',
    chrom: '10',
    ref: 'G',
    alt: 'A',
    grch37: { sources: [pypgx(96540410, 'CYP2C19,10-96540410-G-A,10-94780653-G-A,rs4986893')] },
    grch38: { sources: [{ from: 'pharmcat' }] },
    interpretation: {
      homRef: 'No copy of CYP2C19*3 at this position.',
      het: 'One copy of CYP2C19*3, a no-function allele (premature stop codon). With a normal second allele this usually means a CYP2C19 intermediate metabolizer, with reduced clopidogrel activation; CPIC advises considering another antiplatelet drug. Confirm with a clinical-grade test before acting.',
      homAlt:
        'Two copies of CYP2C19*3 (no function): usually a CYP2C19 poor metabolizer, for whom CPIC recommends an alternative to clopidogrel. Confirm with a clinical-grade test before acting.',
    },
    evidence: {
      level: 'strong',
      summary:
        'CPIC assigns CYP2C19 metabolizer status from this allele and bases clopidogrel recommendations on it.',
    },
    citations: [CPIC_CLOPIDOGREL, pharmcatAllele('CYP2C19', '*3')],
    checks: [CHECK_CLOPIDOGREL, CHECK_CYP2C19_FUNCTION],
    pharmcatAlleles: ['*3'],
  },
  {
    id: 'cyp2c19-star17',
    rsid: 'rs12248560',
    gene: 'CYP2C19',
    label: 'CYP2C19*17 (c.-806C>T, promoter)',
    category: 'pharmacogenomic',
    chrom: '10',
    ref: 'C',
    alt: 'T',
    grch37: { sources: [pypgx(96521657, 'CYP2C19,10-96521657-C-T,10-94761900-C-T,rs12248560')] },
    grch38: { sources: [{ from: 'pharmcat' }] },
    interpretation: {
      homRef: 'No copy of CYP2C19*17 at this position.',
      het: 'One copy of CYP2C19*17, an increased-function allele. With a normal second allele this usually means a CYP2C19 rapid metabolizer: drugs cleared by CYP2C19 may reach lower levels than usual. Clopidogrel activation is not reduced. The overall CYP2C19 status depends on the other alleles reported here.',
      homAlt:
        'Two copies of CYP2C19*17: usually a CYP2C19 ultrarapid metabolizer, so drugs cleared by CYP2C19 may reach lower levels than usual. Clopidogrel activation is not reduced.',
    },
    evidence: {
      level: 'strong',
      summary: 'CPIC uses *17 to assign rapid and ultrarapid CYP2C19 metabolizer status.',
    },
    citations: [CPIC_CLOPIDOGREL, pharmcatAllele('CYP2C19', '*17')],
    checks: [CHECK_CLOPIDOGREL, CHECK_CYP2C19_FUNCTION],
    pharmcatAlleles: ['*17'],
  },
  {
    id: 'cyp2c9-star2',
    rsid: 'rs1799853',
    gene: 'CYP2C9',
    label: 'CYP2C9*2 (c.430C>T, R144C)',
    category: 'pharmacogenomic',
    chrom: '10',
    ref: 'C',
    alt: 'T',
    grch37: {
      sources: [{ from: 'gwas' }, pypgx(96702047, 'CYP2C9,10-96702047-C-T,10-94942290-C-T,rs1799853')],
    },
    grch38: { sources: [{ from: 'pharmcat' }] },
    interpretation: {
      homRef: 'No copy of CYP2C9*2 at this position.',
      het: 'One copy of CYP2C9*2, a decreased-function allele. Drugs cleared by CYP2C9, such as warfarin and some statins, may be cleared more slowly; CPIC guidelines use this allele in warfarin and statin recommendations.',
      homAlt:
        'Two copies of CYP2C9*2: CYP2C9 activity is expected to be reduced, and CPIC guidelines advise adjusted doses of some CYP2C9-cleared drugs such as warfarin.',
    },
    evidence: {
      level: 'strong',
      summary:
        'CPIC warfarin and statin guidelines use CYP2C9*2; genome-wide association with warfarin dose.',
    },
    citations: [CPIC_WARFARIN, CPIC_STATINS],
    checks: [CHECK_WARFARIN, CHECK_STATINS],
    citeGwas: true,
  },
  {
    id: 'cyp2c9-star3',
    rsid: 'rs1057910',
    gene: 'CYP2C9',
    label: 'CYP2C9*3 (c.1075A>C, I359L)',
    category: 'pharmacogenomic',
    chrom: '10',
    ref: 'A',
    alt: 'C',
    grch37: {
      sources: [{ from: 'gwas' }, pypgx(96741053, 'CYP2C9,10-96741053-A-C,10-94981296-A-C,rs1057910')],
    },
    grch38: { sources: [{ from: 'pharmcat' }] },
    interpretation: {
      homRef: 'No copy of CYP2C9*3 at this position.',
      het: 'One copy of CYP2C9*3, a decreased-function allele that generally lowers activity more than *2. Warfarin and other CYP2C9-cleared drugs may be cleared more slowly; CPIC guidelines use this allele in warfarin and statin recommendations.',
      homAlt:
        'Two copies of CYP2C9*3: markedly reduced CYP2C9 activity is expected (a poor metabolizer); CPIC guidelines advise substantially lower doses or alternatives for some CYP2C9-cleared drugs.',
    },
    evidence: {
      level: 'strong',
      summary:
        'CPIC warfarin and statin guidelines use CYP2C9*3; genome-wide association with warfarin dose.',
    },
    citations: [CPIC_WARFARIN, CPIC_STATINS],
    checks: [CHECK_WARFARIN, CHECK_STATINS],
    citeGwas: true,
  },
  {
    id: 'vkorc1-1639',
    rsid: 'rs9923231',
    gene: 'VKORC1',
    label: 'VKORC1 c.-1639G>A (promoter)',
    category: 'pharmacogenomic',
    chrom: '16',
    ref: 'C',
    alt: 'T',
    grch37: {
      sources: [{ from: 'gwas' }, pypgx(31107689, 'VKORC1,16-31107689-C-T,16-31096368-C-T,rs9923231')],
    },
    grch38: { sources: [{ from: 'pharmcat' }] },
    interpretation: {
      homRef:
        'No copy of VKORC1 -1639A (reported as T on the plus strand): typical warfarin sensitivity as far as this gene is concerned.',
      het: 'One copy of VKORC1 -1639A (T on the plus strand). It lowers VKORC1 expression, so people with it usually need a lower warfarin dose; CPIC includes it in genotype-guided warfarin dosing.',
      homAlt:
        'Two copies of VKORC1 -1639A (-1639AA): a clearly lower warfarin dose requirement is usual; CPIC includes this genotype in genotype-guided dosing.',
    },
    evidence: {
      level: 'strong',
      summary:
        'CPIC warfarin guideline; the strongest genome-wide association with warfarin dose in the GWAS Catalog export.',
    },
    citations: [CPIC_WARFARIN, pharmcatAllele('VKORC1', 'rs9923231 variant (T)')],
    checks: [CHECK_WARFARIN],
    pharmcatAlleles: ['rs9923231 variant (T)'],
    citeGwas: true,
  },
  {
    id: 'cyp4f2-star3',
    rsid: 'rs2108622',
    gene: 'CYP4F2',
    label: 'CYP4F2*3 (V433M)',
    category: 'pharmacogenomic',
    chrom: '19',
    ref: 'C',
    alt: 'T',
    grch37: {
      sources: [{ from: 'gwas' }, pypgx(15990431, 'CYP4F2,19-15990431-C-T,19-15879621-C-T,rs2108622')],
    },
    grch38: { sources: [{ from: 'pharmcat' }] },
    interpretation: {
      homRef: 'No copy of CYP4F2*3 at this position.',
      het: 'One copy of CYP4F2*3. It is associated with a somewhat higher warfarin dose requirement; the CPIC warfarin guideline takes it into account for some ancestries.',
      homAlt:
        'Two copies of CYP4F2*3: a somewhat higher warfarin dose requirement is usual; the CPIC warfarin guideline takes it into account for some ancestries.',
    },
    evidence: {
      level: 'moderate',
      summary:
        'Replicated genome-wide association with warfarin and acenocoumarol dose; considered by the CPIC warfarin guideline.',
    },
    citations: [CPIC_WARFARIN, pharmcatAllele('CYP4F2', '*3')],
    checks: [CHECK_WARFARIN],
    pharmcatAlleles: ['*3'],
    citeGwas: true,
  },
  {
    id: 'slco1b1-521',
    rsid: 'rs4149056',
    gene: 'SLCO1B1',
    label: 'SLCO1B1 c.521T>C (V174A; defines *5, part of *15)',
    category: 'pharmacogenomic',
    chrom: '12',
    ref: 'T',
    alt: 'C',
    grch37: {
      sources: [{ from: 'gwas' }, pypgx(21331549, 'SLCO1B1,12-21331549-T-C,12-21178615-T-C,rs4149056')],
    },
    grch38: { sources: [{ from: 'pharmcat' }] },
    interpretation: {
      homRef: 'No copy of SLCO1B1 c.521C at this position.',
      het: 'One copy of SLCO1B1 c.521C, which lowers the liver uptake of statins. Blood levels of some statins, notably simvastatin, run higher and the risk of statin-associated muscle symptoms rises; CPIC gives statin choice and dose advice for decreased-function carriers.',
      homAlt:
        'Two copies of SLCO1B1 c.521C: poor SLCO1B1 function is likely, with clearly higher exposure to some statins; CPIC advises choosing the statin and dose by its guideline (for example avoiding high-dose simvastatin).',
    },
    evidence: {
      level: 'strong',
      summary: 'CPIC statin guideline (2022); genome-wide association with statin response and bilirubin.',
    },
    citations: [CPIC_STATINS, pharmcatAllele('SLCO1B1', '*5')],
    checks: [CHECK_STATINS],
    pharmcatAlleles: ['*5', '*15'],
    citeGwas: true,
  },
  {
    id: 'abcg2-q141k',
    rsid: 'rs2231142',
    gene: 'ABCG2',
    label: 'ABCG2 c.421C>A (Q141K)',
    category: 'pharmacogenomic',
    chrom: '4',
    ref: 'G',
    alt: 'T',
    grch37: { sources: [{ from: 'gwas' }] },
    grch38: { sources: [{ from: 'pharmcat' }] },
    interpretation: {
      homRef: 'No copy of ABCG2 Q141K at this position.',
      het: 'One copy of ABCG2 Q141K (T on the plus strand), which reduces the BCRP transporter. Rosuvastatin levels tend to be higher; the CPIC statin guideline uses this genotype for rosuvastatin dosing, mainly for people with two copies. The allele is also associated with higher uric acid levels.',
      homAlt:
        'Two copies of ABCG2 Q141K: poor BCRP function is expected; the CPIC statin guideline advises limiting the rosuvastatin starting dose. The allele is also associated with higher uric acid levels.',
    },
    evidence: {
      level: 'strong',
      summary:
        'CPIC statin guideline (rosuvastatin); replicated genome-wide association with uric acid levels.',
    },
    citations: [CPIC_STATINS, pharmcatAllele('ABCG2', 'rs2231142 variant (T)')],
    checks: [CHECK_STATINS],
    pharmcatAlleles: ['rs2231142 variant (T)'],
    citeGwas: true,
  },
  {
    id: 'dpyd-star2a',
    rsid: 'rs3918290',
    gene: 'DPYD',
    label: 'DPYD*2A (c.1905+1G>A)',
    category: 'pharmacogenomic',
    chrom: '1',
    ref: 'C',
    alt: 'T',
    grch37: { sources: [pypgx(97915614, 'DPYD,1-97915614-C-T,1-97450058-C-T,rs3918290')] },
    grch38: { sources: [{ from: 'pharmcat' }] },
    interpretation: {
      homRef: 'No copy of DPYD c.1905+1G>A (*2A) at this position.',
      het: 'One copy of DPYD c.1905+1G>A (*2A), a no-function allele. Fluoropyrimidine chemotherapy (5-fluorouracil, capecitabine) can cause severe or fatal toxicity at standard doses; CPIC recommends a clearly reduced starting dose (about half) with titration. An oncology team should know this before treatment.',
      homAlt:
        'Two copies of a no-function DPYD allele: complete DPD deficiency is likely and CPIC advises avoiding fluoropyrimidines. An oncology team should know this before treatment.',
    },
    evidence: {
      level: 'strong',
      summary: 'CPIC fluoropyrimidine guideline (2017 update): no-function allele, activity value 0.',
    },
    citations: [CPIC_DPYD],
    checks: [CHECK_DPYD],
  },
  {
    id: 'dpyd-star13',
    rsid: 'rs55886062',
    gene: 'DPYD',
    label: 'DPYD*13 (c.1679T>G, I560S)',
    category: 'pharmacogenomic',
    chrom: '1',
    ref: 'A',
    alt: 'C',
    grch37: { sources: [pypgx(97981343, 'DPYD,1-97981343-A-C,1-97515787-A-C,rs55886062')] },
    grch38: { sources: [{ from: 'pharmcat' }] },
    interpretation: {
      homRef: 'No copy of DPYD c.1679T>G (*13) at this position.',
      het: 'One copy of DPYD c.1679T>G (*13), a no-function allele. Fluoropyrimidines (5-fluorouracil, capecitabine) can cause severe toxicity at standard doses; CPIC recommends a clearly reduced starting dose (about half) with titration.',
      homAlt:
        'Two copies of a no-function DPYD allele: complete DPD deficiency is likely and CPIC advises avoiding fluoropyrimidines.',
    },
    evidence: {
      level: 'strong',
      summary: 'CPIC fluoropyrimidine guideline (2017 update): no-function allele, activity value 0.',
    },
    citations: [CPIC_DPYD],
    checks: [CHECK_DPYD],
  },
  {
    id: 'dpyd-c2846',
    rsid: 'rs67376798',
    gene: 'DPYD',
    label: 'DPYD c.2846A>T (D949V)',
    category: 'pharmacogenomic',
    chrom: '1',
    ref: 'T',
    alt: 'A',
    grch37: { sources: [pypgx(97547947, 'DPYD,1-97547947-T-A,1-97082391-T-A,rs67376798')] },
    grch38: { sources: [{ from: 'pharmcat' }] },
    interpretation: {
      homRef: 'No copy of DPYD c.2846A>T at this position.',
      het: 'One copy of DPYD c.2846A>T, a decreased-function allele. DPD activity is partly reduced, and CPIC recommends a reduced fluoropyrimidine starting dose with titration.',
      homAlt:
        'Two copies of DPYD c.2846A>T, a decreased-function allele (DPYD activity score 1, an intermediate metabolizer in CPIC terms): DPD activity is reduced. CPIC recommends starting fluoropyrimidines (5-fluorouracil, capecitabine) at half the usual dose and then adjusting to tolerance or drug levels. An oncology team should know this before treatment.',
    },
    evidence: {
      level: 'strong',
      summary:
        'CPIC fluoropyrimidine guideline (2017 update): decreased-function allele, activity value 0.5.',
    },
    citations: [CPIC_DPYD],
    checks: [CHECK_DPYD],
  },
  {
    id: 'dpyd-hapb3',
    rsid: 'rs75017182',
    gene: 'DPYD',
    label: 'DPYD c.1129-5923C>G (HapB3)',
    category: 'pharmacogenomic',
    chrom: '1',
    ref: 'G',
    alt: 'C',
    grch37: { sources: [pypgx(98045449, 'DPYD,1-98045449-G-C,1-97579893-G-C,rs75017182')] },
    grch38: { sources: [{ from: 'pharmcat' }] },
    interpretation: {
      homRef: 'No copy of DPYD c.1129-5923C>G (HapB3) at this position.',
      het: 'One copy of DPYD c.1129-5923C>G (HapB3), a decreased-function allele. DPD activity is partly reduced, and CPIC recommends a reduced fluoropyrimidine starting dose with titration.',
      homAlt:
        'Two copies of DPYD HapB3, a decreased-function allele (DPYD activity score 1, an intermediate metabolizer in CPIC terms): DPD activity is reduced. CPIC recommends starting fluoropyrimidines (5-fluorouracil, capecitabine) at half the usual dose and then adjusting to tolerance or drug levels. An oncology team should know this before treatment.',
    },
    evidence: {
      level: 'strong',
      summary:
        'CPIC fluoropyrimidine guideline (2017 update): decreased-function allele, activity value 0.5.',
    },
    citations: [CPIC_DPYD],
    checks: [CHECK_DPYD],
  },
  {
    id: 'tpmt-star3b',
    rsid: 'rs1800460',
    gene: 'TPMT',
    label: 'TPMT c.460G>A (A154T; *3B, part of *3A)',
    category: 'pharmacogenomic',
    chrom: '6',
    ref: 'C',
    alt: 'T',
    grch37: { sources: [pypgx(18139228, 'TPMT,6-18139228-C-T,6-18138997-C-T,rs1800460')] },
    grch38: { sources: [{ from: 'pharmcat' }] },
    interpretation: {
      homRef: 'No copy of TPMT c.460G>A at this position.',
      het: 'One copy of TPMT c.460G>A, which defines TPMT*3B and, together with c.719A>G, the common *3A allele (both no function). Low TPMT activity raises the risk of serious bone-marrow toxicity from thiopurines (azathioprine, mercaptopurine, thioguanine); CPIC recommends reduced starting doses for intermediate metabolizers.',
      homAlt:
        'Two copies of TPMT c.460G>A: TPMT activity is likely very low; CPIC recommends drastically reduced thiopurine doses or an alternative for poor metabolizers.',
    },
    evidence: { level: 'strong', summary: 'CPIC thiopurine guideline (2018 update).' },
    citations: [CPIC_THIOPURINES, pharmcatAllele('TPMT', '*3B')],
    checks: [CHECK_THIOPURINES],
    pharmcatAlleles: ['*3B', '*3A'],
  },
  {
    id: 'tpmt-star3c',
    rsid: 'rs1142345',
    gene: 'TPMT',
    label: 'TPMT c.719A>G (Y240C; *3C, part of *3A)',
    category: 'pharmacogenomic',
    chrom: '6',
    ref: 'T',
    alt: 'C',
    grch37: { sources: [pypgx(18130918, 'TPMT,6-18130918-T-C,6-18130687-T-C,rs1142345')] },
    grch38: { sources: [{ from: 'pharmcat' }] },
    interpretation: {
      homRef: 'No copy of TPMT c.719A>G at this position.',
      het: 'One copy of TPMT c.719A>G, which defines TPMT*3C and, together with c.460G>A, the common *3A allele (both no function). Low TPMT activity raises the risk of serious bone-marrow toxicity from thiopurines; CPIC recommends reduced starting doses for intermediate metabolizers.',
      homAlt:
        'Two copies of TPMT c.719A>G: TPMT activity is likely very low; CPIC recommends drastically reduced thiopurine doses or an alternative for poor metabolizers.',
    },
    evidence: { level: 'strong', summary: 'CPIC thiopurine guideline (2018 update).' },
    citations: [CPIC_THIOPURINES, pharmcatAllele('TPMT', '*3C')],
    checks: [CHECK_THIOPURINES],
    pharmcatAlleles: ['*3C', '*3A'],
  },
  {
    id: 'tpmt-star2',
    rsid: 'rs1800462',
    gene: 'TPMT',
    label: 'TPMT*2 (c.238G>C, A80P)',
    category: 'pharmacogenomic',
    chrom: '6',
    ref: 'C',
    alt: 'G',
    grch37: { sources: [pypgx(18143955, 'TPMT,6-18143955-C-G,6-18143724-C-G,rs1800462')] },
    grch38: { sources: [{ from: 'pharmcat' }] },
    interpretation: {
      homRef: 'No copy of TPMT*2 at this position.',
      het: 'One copy of TPMT*2, a no-function allele. Low TPMT activity raises the risk of serious bone-marrow toxicity from thiopurines; CPIC recommends reduced starting doses for intermediate metabolizers.',
      homAlt:
        'Two copies of TPMT*2: TPMT activity is likely very low; CPIC recommends drastically reduced thiopurine doses or an alternative for poor metabolizers.',
    },
    evidence: { level: 'strong', summary: 'CPIC thiopurine guideline (2018 update).' },
    citations: [CPIC_THIOPURINES, pharmcatAllele('TPMT', '*2')],
    checks: [CHECK_THIOPURINES],
    pharmcatAlleles: ['*2'],
  },
  {
    id: 'nudt15-star3',
    rsid: 'rs116855232',
    gene: 'NUDT15',
    label: 'NUDT15*3 (c.415C>T, R139C)',
    category: 'pharmacogenomic',
    chrom: '13',
    ref: 'C',
    alt: 'T',
    grch37: { sources: [pypgx(48619855, 'NUDT15,13-48619855-C-T,13-48045719-C-T,rs116855232')] },
    grch38: { sources: [{ from: 'pharmcat' }] },
    interpretation: {
      homRef: 'No copy of NUDT15*3 at this position.',
      het: 'One copy of NUDT15*3, a loss-of-function allele that is common in people of Asian and Hispanic ancestry. Thiopurines (azathioprine, mercaptopurine, thioguanine) are then more likely to suppress the bone marrow; CPIC recommends reduced starting doses for intermediate metabolizers.',
      homAlt:
        'Two copies of NUDT15*3: a NUDT15 poor metabolizer is likely; CPIC recommends drastically reduced thiopurine doses or an alternative.',
    },
    evidence: { level: 'strong', summary: 'CPIC thiopurine guideline (2018 update).' },
    citations: [CPIC_THIOPURINES, pharmcatAllele('NUDT15', '*3')],
    checks: [CHECK_THIOPURINES],
    pharmcatAlleles: ['*3'],
  },
  {
    id: 'g6pd-a-minus-202',
    rsid: 'rs1050828',
    gene: 'G6PD',
    label: 'G6PD c.202G>A (defining change of G6PD A-)',
    category: 'pharmacogenomic',
    chrom: 'X',
    ref: 'C',
    alt: 'T',
    grch37: {
      sources: [
        pypgx2023(
          153764217,
          'G6PD,X-153764217-C-T,X-154536002-C-T,rs1050828',
          'the PharmCAT GRCh38 position of the same rsID',
        ),
      ],
    },
    grch38: { sources: [{ from: 'pharmcat' }] },
    interpretation: {
      homRef:
        'Neither X chromosome carries G6PD c.202G>A. Other G6PD deficiency variants are not covered by this entry.',
      het: 'One of two X chromosomes carries G6PD c.202G>A, the defining change of the G6PD A- allele. Because one X is silenced at random in each cell, G6PD activity can be normal or deficient; CPIC advises measuring enzyme activity before high-risk medicines such as rasburicase or tafenoquine.',
      homAlt:
        'Both X chromosomes carry G6PD c.202G>A: G6PD deficiency is likely. CPIC advises avoiding high-risk medicines (for example rasburicase) and using medium-risk ones with caution; an enzyme test confirms the status.',
      hemizygousRef:
        'The single X chromosome does not carry G6PD c.202G>A. Other G6PD deficiency variants are not covered by this entry.',
      hemizygousAlt:
        'The single X chromosome carries G6PD c.202G>A (the A- allele): G6PD deficiency is likely. CPIC advises avoiding high-risk medicines (for example rasburicase) and using medium-risk ones with caution; an enzyme activity test confirms the status.',
    },
    evidence: { level: 'strong', summary: 'CPIC G6PD guideline (2022): deficient (class III) allele.' },
    citations: [CPIC_G6PD],
    checks: [CHECK_G6PD],
  },
  {
    id: 'g6pd-mediterranean',
    rsid: 'rs5030868',
    gene: 'G6PD',
    label: 'G6PD Mediterranean (c.563C>T)',
    category: 'pharmacogenomic',
    chrom: 'X',
    ref: 'G',
    alt: 'A',
    grch37: {
      sources: [
        pypgx2023(
          153762634,
          'G6PD,X-153762634-G-A,X-154534419-G-A,rs5030868',
          'the PharmCAT GRCh38 position of the same rsID',
        ),
      ],
    },
    grch38: { sources: [{ from: 'pharmcat' }] },
    interpretation: {
      homRef:
        'Neither X chromosome carries G6PD Mediterranean (c.563C>T). Other G6PD deficiency variants are not covered by this entry.',
      het: 'One of two X chromosomes carries G6PD Mediterranean (c.563C>T), a deficient allele. Because one X is silenced at random in each cell, G6PD activity can be normal or deficient; CPIC advises measuring enzyme activity before high-risk medicines such as rasburicase or tafenoquine.',
      homAlt:
        'Both X chromosomes carry G6PD Mediterranean: G6PD deficiency is likely. CPIC advises avoiding high-risk medicines and using medium-risk ones with caution.',
      hemizygousRef: 'The single X chromosome does not carry G6PD Mediterranean (c.563C>T).',
      hemizygousAlt:
        'The single X chromosome carries G6PD Mediterranean (c.563C>T): G6PD deficiency is likely. CPIC advises avoiding high-risk medicines (for example rasburicase) and using medium-risk ones with caution; an enzyme activity test confirms the status.',
    },
    evidence: { level: 'strong', summary: 'CPIC G6PD guideline (2022): deficient allele.' },
    citations: [CPIC_G6PD],
    checks: [CHECK_G6PD],
  },

  // ---------------------------------------------------------------- clinical
  {
    id: 'apoe-rs429358',
    rsid: 'rs429358',
    gene: 'APOE',
    label: 'APOE rs429358 (defines ε4 with rs7412)',
    category: 'clinical',
    chrom: '19',
    ref: 'T',
    alt: 'C',
    grch37: { sources: [{ from: 'gwas' }] },
    grch38: {
      sources: [
        {
          from: 'documented',
          pos: 44908684,
          checked: {
            source: 'https://bradleymonk.com/wiki/index.php?title=APOE',
            locator: 'GENOMIC LOCATIONS table: rs429358 19 45411941 44908684 T C',
            note: 'GRCh38 position and T>C alleles; the same GRCh37/GRCh38 pair is given in the comments of https://rdrr.io/github/PriceLab/TrenaProjectIGAP/src/explore/ampad-1898-samples/vcf/createPathAgingTableForMax.R',
          },
        },
      ],
    },
    interpretation: {
      homRef:
        'No copy of the rs429358 C allele that defines APOE ε4 (and the rare ε1). The APOE genotype combines this site with rs7412.',
      het: 'One copy of the rs429358 C allele, carried by APOE ε4 (and the rare ε1). On average ε4 carriers have higher LDL cholesterol and a higher risk of late-onset Alzheimer disease than ε3/ε3; many carriers never develop the disease. See the derived APOE genotype.',
      homAlt:
        'Two copies of the rs429358 C allele: usually APOE ε4/ε4, the genotype with the largest average increase in late-onset Alzheimer risk, and a tendency to higher LDL cholesterol. It is a risk factor, not a diagnosis; genetic counselling is advisable before acting on it.',
    },
    evidence: {
      level: 'strong',
      summary:
        'APOE ε4 is the best replicated common genetic risk factor for late-onset Alzheimer disease and is associated with LDL levels.',
    },
    citations: [
      {
        kind: 'pmid',
        id: '8346443',
        title:
          'Corder et al. 1993, gene dose of apolipoprotein E type 4 allele and the risk of Alzheimer disease in late onset families',
      },
    ],
    checks: [
      {
        source: 'https://pubmed.ncbi.nlm.nih.gov/8346443/',
        locator: 'PubMed record: Science 1993;261(5123):921-3',
        note: 'PMID and title checked; risk rose and age at onset fell with the number of APOE ε4 alleles',
      },
    ],
    citeGwas: true,
  },
  {
    id: 'apoe-rs7412',
    rsid: 'rs7412',
    gene: 'APOE',
    label: 'APOE rs7412 (defines ε2)',
    category: 'clinical',
    chrom: '19',
    ref: 'C',
    alt: 'T',
    grch37: { sources: [{ from: 'gwas' }] },
    grch38: {
      sources: [
        {
          from: 'documented',
          pos: 44908822,
          checked: {
            source: 'https://bradleymonk.com/wiki/index.php?title=APOE',
            locator: 'GENOMIC LOCATIONS table: rs7412 19 45412079 44908822 C T',
            note: 'GRCh38 position and C>T alleles; the same GRCh37/GRCh38 pair is given in the comments of https://rdrr.io/github/PriceLab/TrenaProjectIGAP/src/explore/ampad-1898-samples/vcf/createPathAgingTableForMax.R',
          },
        },
      ],
    },
    interpretation: {
      homRef:
        'No copy of the rs7412 T allele that defines APOE ε2. The APOE genotype combines this site with rs429358.',
      het: 'One copy of the rs7412 T allele, carried by APOE ε2 (and the rare ε1). ε2 is associated with lower LDL cholesterol on average. See the derived APOE genotype.',
      homAlt:
        'Two copies of the rs7412 T allele: usually APOE ε2/ε2, associated with lower LDL cholesterol on average. A minority of ε2/ε2 people develop a lipid disorder (type III hyperlipoproteinaemia), so measured lipids matter more than the genotype.',
    },
    evidence: {
      level: 'strong',
      summary: 'Genome-wide associations of rs7412 with LDL cholesterol and lipid traits (GWAS Catalog).',
    },
    citations: [],
    checks: [],
    citeGwas: true,
  },
  {
    id: 'hfe-c282y',
    rsid: 'rs1800562',
    gene: 'HFE',
    label: 'HFE C282Y (c.845G>A)',
    category: 'clinical',
    chrom: '6',
    ref: 'G',
    alt: 'A',
    grch37: { sources: [{ from: 'gwas' }] },
    grch38: {
      sources: [
        {
          from: 'documented',
          pos: 26092913,
          checked: {
            source: 'https://bots.snpedia.com/index.php/Rs1800562',
            locator: 'infobox: Reference GRCh38 38.1/141, Chromosome 6, Position 26092913, Orientation plus',
            note: 'GRCh38 position; plus-strand genotypes given as A/G there, with A the C282Y allele',
          },
        },
      ],
    },
    interpretation: {
      homRef: 'No copy of HFE C282Y.',
      het: 'One copy of HFE C282Y: a carrier of the main hereditary haemochromatosis variant. One copy alone rarely causes iron overload; with H63D on the other chromosome the risk is modestly higher. Iron studies (ferritin, transferrin saturation) say more than the genotype.',
      homAlt:
        'Two copies of HFE C282Y: the genotype found in most people with hereditary haemochromatosis (HFE type 1). Many people with it never develop iron overload (men develop it more often than women), but iron studies and a clinician\u2019s review are advisable.',
    },
    evidence: {
      level: 'strong',
      summary:
        'Causal variant of HFE hereditary haemochromatosis (Feder et al. 1996); replicated genome-wide associations with iron biomarkers.',
    },
    citations: [
      {
        kind: 'pmid',
        id: '8696333',
        title: 'Feder et al. 1996, first report of HFE in hereditary haemochromatosis',
      },
    ],
    checks: [
      {
        source:
          'https://search.thegencc.org/submissions/GENCC_000102-HGNC_4886-MONDO_0021001-HP_0000007-GENCC_100001',
        locator: 'GenCC curation summary for HFE',
        note: 'HFE first reported in autosomal recessive hemochromatosis type 1 by Feder et al. (PMID:8696333); 80% or more of cases carry C282Y',
      },
    ],
    citeGwas: true,
  },
  {
    id: 'hfe-h63d',
    rsid: 'rs1799945',
    gene: 'HFE',
    label: 'HFE H63D (c.187C>G)',
    category: 'clinical',
    chrom: '6',
    ref: 'C',
    alt: 'G',
    grch37: { sources: [{ from: 'gwas' }] },
    grch38: {
      sources: [
        {
          from: 'documented',
          pos: 26090951,
          checked: {
            source:
              'https://github.com/bihealth/auto-acmg/blob/a9b2ebb6de492c38125d0d5ce63852a6a42e09de/src/defs/auto_acmg.py',
            locator:
              'BA1 exception list: NM_000410.3:c.187C>G at chr6:26091179 (GRCh37) and chr6:26090951 (GRCh38), C>G',
            note: 'GRCh38 position and C>G alleles of HFE H63D (c.187C>G, rs1799945); the GRCh37 position in the same list equals the GWAS Catalog position',
          },
        },
      ],
    },
    interpretation: {
      homRef: 'No copy of HFE H63D.',
      het: 'One copy of HFE H63D, a common variant with a small effect on iron levels. It matters mainly together with C282Y on the other chromosome.',
      homAlt:
        'Two copies of HFE H63D: usually little or no iron overload, though slightly higher iron measures are common.',
    },
    evidence: {
      level: 'moderate',
      summary: 'Replicated genome-wide associations with iron levels; low penetrance for haemochromatosis.',
    },
    citations: [],
    checks: [
      {
        source: 'https://pmc.ncbi.nlm.nih.gov/articles/PMC7969891/table/T1',
        locator: 'Table 1: rs1799945 (26,091,179, build 37), HFE',
        note: 'GRCh37 position agrees with the GWAS Catalog export',
      },
    ],
    citeGwas: true,
  },
  {
    id: 'f5-leiden',
    rsid: 'rs6025',
    gene: 'F5',
    label: 'Factor V Leiden (F5 c.1601G>A, R534Q, historically R506Q)',
    category: 'clinical',
    chrom: '1',
    ref: 'C',
    alt: 'T',
    grch37: { sources: [{ from: 'gwas' }] },
    grch38: {
      sources: [
        {
          from: 'documented',
          pos: 169549811,
          checked: {
            source: 'https://www.ncbi.nlm.nih.gov/clinvar/variation/642/',
            locator:
              'Variation ID 642, Location: 1: 169549811 (GRCh38), 1: 169519049 (GRCh37); NC_000001.11:g.169549811C>T',
            note: 'GRCh38 position and plus-strand C>T alleles; the GRCh37 position equals the GWAS Catalog export',
          },
        },
      ],
    },
    interpretation: {
      homRef: 'No copy of factor V Leiden.',
      het: 'One copy of factor V Leiden: a higher tendency to venous blood clots (deep vein thrombosis, pulmonary embolism). In the genome-wide study cited here each copy had an odds ratio of about 3.6; absolute risk stays low for most carriers but rises with oestrogen-containing medicines, pregnancy, surgery and immobility.',
      homAlt:
        'Two copies of factor V Leiden: a much higher tendency to venous blood clots than non-carriers. Worth discussing with a clinician, especially before oestrogen-containing medicines, pregnancy or surgery.',
    },
    evidence: {
      level: 'strong',
      summary: 'ClinVar record VCV000000642; genome-wide association with venous thromboembolism.',
    },
    citations: [
      {
        kind: 'clinvar',
        id: 'VCV000000642',
        title: 'NM_000130.4(F5):c.1601G>A (p.Arg534Gln), factor V Leiden',
      },
    ],
    checks: [
      {
        source: 'https://www.ncbi.nlm.nih.gov/clinvar/variation/642/',
        locator: 'Variation ID: 642, Accession: VCV000000642',
        note: 'Accession checked',
      },
      {
        source: 'https://www.pharmgkb.org/gene/PA159',
        locator: 'DPWG guideline for hormonal contraceptives and F5',
        note: 'Oestrogen-containing contraceptives raise the clot risk of factor V Leiden carriers',
      },
    ],
    citeGwas: true,
  },
  {
    id: 'lct-13910',
    rsid: 'rs4988235',
    gene: 'MCM6/LCT',
    label: 'LCT -13910C>T (lactase persistence)',
    category: 'trait',
    chrom: '2',
    ref: 'G',
    alt: 'A',
    grch37: {
      sources: [
        {
          from: 'documented',
          pos: 136608646,
          checked: {
            source: 'https://www.ncbi.nlm.nih.gov/clinvar/RCV000008124/',
            locator: 'HGVS: NC_000002.11:g.136608646G>A',
            note: 'GRCh37 position and plus-strand G>A alleles',
          },
        },
      ],
    },
    grch38: {
      sources: [
        {
          from: 'documented',
          pos: 135851076,
          checked: {
            source: 'https://www.ncbi.nlm.nih.gov/clinvar/RCV000008124/',
            locator: 'HGVS: NC_000002.12:g.135851076G>A; dbSNP rs4988235 report: chr2:135851076 (GRCh38.p14)',
            note: 'GRCh38 position and plus-strand G>A alleles, confirmed by the dbSNP reference SNP report',
          },
        },
      ],
    },
    interpretation: {
      homRef:
        'No copy of the -13910T lactase-persistence allele (GG on the plus strand, -13910CC). In people of European ancestry this genotype usually means lactase activity declines after childhood, so lactose intolerance is common; other persistence variants exist in some African and Middle Eastern populations.',
      het: 'One copy of the -13910T lactase-persistence allele (A on the plus strand): lactase usually persists into adulthood, as the allele acts dominantly.',
      homAlt:
        'Two copies of the -13910T lactase-persistence allele: lactase persistence into adulthood is expected.',
    },
    evidence: {
      level: 'moderate',
      summary:
        'ClinVar association record RCV000008124 (lactase persistence; OMIM 601806.0001); Enattah et al. 2002.',
    },
    citations: [
      { kind: 'clinvar', id: 'RCV000008124', title: 'NM_002299.2(LCT):c.-13907C>T AND Lactase persistence' },
      {
        kind: 'pmid',
        id: '11788828',
        title: 'Enattah et al. 2002, identification of a variant associated with adult-type hypolactasia',
      },
    ],
    checks: [
      {
        source: 'https://www.ncbi.nlm.nih.gov/clinvar/RCV000008124/',
        locator: 'Accession RCV000008124.3, clinical significance: association',
        note: 'Accession checked',
      },
      {
        source: 'https://snpedia.com/index.php/Rs4988235',
        locator: 'summary text citing PMID 11788828',
        note: 'PMID of Enattah et al. 2002 checked; -13910T is the persistence allele in European populations',
      },
    ],
  },

  // ---------------------------------------------------------------- traits
  {
    id: 'mthfr-c677t',
    rsid: 'rs1801133',
    gene: 'MTHFR',
    label: 'MTHFR c.665C>T (C677T, A222V)',
    category: 'trait',
    chrom: '1',
    ref: 'G',
    alt: 'A',
    grch37: { sources: [{ from: 'gwas' }] },
    grch38: {
      sources: [
        pypgx2023(
          11796321,
          'MTHFR,1-11856378-G-A,1-11796321-G-A,rs1801133',
          'the GWAS Catalog GRCh37 position of the same rsID',
        ),
      ],
    },
    interpretation: {
      homRef: 'No copy of MTHFR 677T (A on the plus strand).',
      het: 'One copy of MTHFR 677T (A on the plus strand). Enzyme activity is mildly reduced; homocysteine is usually normal.',
      homAlt:
        'Two copies of MTHFR 677T (677TT): a heat-sensitive enzyme with reduced activity, so homocysteine tends to be higher, especially with low folate intake. On its own this genotype is not considered a reason for treatment; a measured homocysteine says more.',
    },
    evidence: {
      level: 'moderate',
      summary:
        'Genome-wide association with homocysteine levels (GWAS Catalog); weak evidence for disease outcomes.',
    },
    citations: [],
    checks: [
      {
        source: 'https://training.ensembl.org/exercise/Variation_Exploring_SNP_human',
        locator: 'answer (c)',
        note: 'Alleles are G/A on the forward strand because MTHFR lies on the reverse strand (C677T in the literature)',
      },
    ],
    citeGwas: true,
  },
  {
    id: 'herc2-eye-colour',
    rsid: 'rs12913832',
    gene: 'HERC2/OCA2',
    label: 'HERC2 rs12913832 (eye colour)',
    category: 'trait',
    chrom: '15',
    ref: 'A',
    alt: 'G',
    grch37: { sources: [{ from: 'gwas' }, { from: 'ancestry_reference' }] },
    grch38: { sources: [{ from: 'ancestry_reference' }] },
    interpretation: {
      homRef: 'AA at rs12913832: associated with brown eyes in studies of European-ancestry people.',
      het: 'One copy of the G allele: eyes are usually brown or of an intermediate colour, as the effect of G is mostly recessive.',
      homAlt:
        'Two copies of the G allele: strongly associated with blue (light) eyes in European-ancestry studies; other genes modify the shade.',
    },
    evidence: {
      level: 'moderate',
      summary: 'Replicated genome-wide associations with eye and hair colour (GWAS Catalog).',
    },
    citations: [],
    checks: [],
    citeGwas: true,
  },
  {
    id: 'aldh2-star2',
    rsid: 'rs671',
    gene: 'ALDH2',
    label: 'ALDH2*2 (rs671)',
    category: 'trait',
    chrom: '12',
    ref: 'G',
    alt: 'A',
    grch37: { sources: [{ from: 'gwas' }, { from: 'ancestry_reference' }] },
    grch38: { sources: [{ from: 'ancestry_reference' }] },
    interpretation: {
      homRef: 'No copy of ALDH2*2.',
      het: 'One copy of ALDH2*2, which sharply reduces the enzyme that clears acetaldehyde after alcohol. Carriers often flush and feel unwell after drinking; in genome-wide studies the allele is associated with drinking behaviour and, among drinkers, with a higher risk of oesophageal cancer.',
      homAlt: 'Two copies of ALDH2*2: very low ALDH2 activity, so alcohol is usually poorly tolerated.',
    },
    evidence: {
      level: 'moderate',
      summary:
        'Replicated genome-wide associations with drinking behaviour, oesophageal cancer and coronary heart disease (GWAS Catalog).',
    },
    citations: [],
    checks: [],
    citeGwas: true,
  },
  {
    id: 'ugt1a1-star80',
    rsid: 'rs887829',
    gene: 'UGT1A1',
    label: 'UGT1A1*80 (rs887829, promoter)',
    category: 'trait',
    chrom: '2',
    ref: 'C',
    alt: 'T',
    grch37: {
      sources: [{ from: 'gwas' }, pypgx(234668570, 'UGT1A1,2-234668570-C-T,2-233759924-C-T,rs887829')],
    },
    grch38: { sources: [{ from: 'pharmcat' }] },
    interpretation: {
      homRef: 'No copy of rs887829 T (UGT1A1*80).',
      het: 'One copy of rs887829 T, which PharmCAT defines as UGT1A1*80 (alone and in the combined *80+*28 and *80+*37 alleles). It is associated with higher bilirubin levels; mildly raised unconjugated bilirubin, as in Gilbert syndrome, is usually harmless.',
      homAlt:
        'Two copies of rs887829 T: bilirubin tends to be higher, the pattern seen in Gilbert syndrome, which is usually harmless.',
    },
    evidence: {
      level: 'moderate',
      summary: 'Replicated genome-wide associations with bilirubin levels (GWAS Catalog).',
    },
    citations: [pharmcatAllele('UGT1A1', '*80')],
    checks: [],
    pharmcatAlleles: ['*80', '*80+*28', '*80+*37'],
    citeGwas: true,
  },
]

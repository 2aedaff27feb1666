// The published sources the catalog's ranges rest on. Each marker cites one; `basis` says whether the
// cut-offs come from a guideline or are a typical laboratory interval. Titles are given in full so that
// each source can be checked without a link.

import type { Citation } from './types'

export const TYPICAL_INTERVAL: Citation = {
  title:
    'Typical adult laboratory reference interval (approximate: laboratories differ by method and population, and the interval printed on the report, kept with each result, takes precedence). For a published compilation of adult intervals see Kratz A, Ferraro M, Sluss PM, Lewandrowski KB. Case records of the Massachusetts General Hospital: Laboratory reference values. N Engl J Med 2004;351:1548-1563.',
  basis: 'typical_laboratory_interval',
}

export const NCEP_ATP_III: Citation = {
  title:
    'Executive Summary of the Third Report of the National Cholesterol Education Program (NCEP) Expert Panel on Detection, Evaluation, and Treatment of High Blood Cholesterol in Adults (Adult Treatment Panel III). JAMA 2001;285:2486-2497.',
  pmid: '11368702',
  basis: 'guideline',
}

export const ESC_EAS_2019: Citation = {
  title:
    '2019 ESC/EAS Guidelines for the management of dyslipidaemias: lipid modification to reduce cardiovascular risk. Eur Heart J 2020;41:111-188.',
  basis: 'guideline',
}

export const EAS_LPA_2022: Citation = {
  title:
    'Kronenberg F, et al. Lipoprotein(a) in atherosclerotic cardiovascular disease and aortic stenosis: a European Atherosclerosis Society consensus statement. Eur Heart J 2022;43:3925-3946.',
  basis: 'guideline',
}

export const ADA_2024: Citation = {
  title:
    'American Diabetes Association Professional Practice Committee. 2. Diagnosis and Classification of Diabetes: Standards of Care in Diabetes-2024. Diabetes Care 2024;47(Suppl 1):S20-S42.',
  basis: 'guideline',
}

export const WHO_ANAEMIA_2011: Citation = {
  title:
    'World Health Organization. Haemoglobin concentrations for the diagnosis of anaemia and assessment of severity. Vitamin and Mineral Nutrition Information System (WHO/NMH/NHD/MNM/11.1). Geneva: WHO; 2011.',
  basis: 'guideline',
}

export const WHO_FERRITIN_2020: Citation = {
  title:
    'World Health Organization. WHO guideline on use of ferritin concentrations to assess iron status in individuals and populations. Geneva: WHO; 2020.',
  url: 'https://www.ncbi.nlm.nih.gov/books/NBK569873/',
  basis: 'guideline',
}

export const WHO_FOLATE_2015: Citation = {
  title:
    'World Health Organization. Serum and red blood cell folate concentrations for assessing folate status in populations. Vitamin and Mineral Nutrition Information System. Geneva: WHO; 2015.',
  basis: 'guideline',
}

export const KDIGO_2012: Citation = {
  title:
    'Kidney Disease: Improving Global Outcomes (KDIGO) CKD Work Group. KDIGO 2012 Clinical Practice Guideline for the Evaluation and Management of Chronic Kidney Disease. Kidney Int Suppl 2013;3:1-150.',
  basis: 'guideline',
}

export const AHA_CDC_CRP_2003: Citation = {
  title:
    'Pearson TA, et al. Markers of inflammation and cardiovascular disease: application to clinical and public health practice. A statement for healthcare professionals from the Centers for Disease Control and Prevention and the American Heart Association. Circulation 2003;107:499-511.',
  pmid: '12551878',
  basis: 'guideline',
}

export const ENDOCRINE_VITAMIN_D_2011: Citation = {
  title:
    'Holick MF, et al. Evaluation, treatment, and prevention of vitamin D deficiency: an Endocrine Society clinical practice guideline. J Clin Endocrinol Metab 2011;96:1911-1930.',
  pmid: '21646368',
  basis: 'guideline',
}

export const ENDOCRINE_TESTOSTERONE_2018: Citation = {
  title:
    'Bhasin S, et al. Testosterone Therapy in Men With Hypogonadism: An Endocrine Society Clinical Practice Guideline. J Clin Endocrinol Metab 2018;103:1715-1744 (harmonized range for healthy non-obese men aged 19-39 years).',
  basis: 'guideline',
}

export const ACG_LIVER_2017: Citation = {
  title:
    'Kwo PY, Cohen SM, Lim JK. ACG Clinical Guideline: Evaluation of Abnormal Liver Chemistries. Am J Gastroenterol 2017;112:18-35 (upper limits of a healthy ALT).',
  basis: 'guideline',
}

export const PSA_AGE_1993: Citation = {
  title:
    'Oesterling JE, et al. Serum prostate-specific antigen in a community-based population of healthy men. Establishment of age-specific reference ranges. JAMA 1993;270:860-864.',
  basis: 'guideline',
}

export const ESC_HEART_FAILURE_2021: Citation = {
  title:
    'McDonagh TA, et al. 2021 ESC Guidelines for the diagnosis and treatment of acute and chronic heart failure. Eur Heart J 2021;42:3599-3726 (NT-proBNP below 125 pg/mL makes chronic heart failure unlikely).',
  basis: 'guideline',
}

/** The IFCC-NGSP master equation used to convert HbA1c between mmol/mol and percent. */
export const HBA1C_MASTER_EQUATION =
  'IFCC-NGSP master equation, NGSP (%) = 0.09148 × IFCC (mmol/mol) + 2.152: Hoelzel W, et al. IFCC reference system for measurement of hemoglobin A1c in human blood and the national standardization schemes in the United States, Japan, and Sweden: a method-comparison study. Clin Chem 2004;50:166-174.'

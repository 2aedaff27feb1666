// Derives the APOE ε genotype from the two catalog sites that define it (rs429358 and rs7412), for
// the cross-modality link with LDL cholesterol and ApoB. Each haplotype is one of ε1 (C,T), ε2 (T,T),
// ε3 (T,C), ε4 (C,C) at (rs429358, rs7412); unphased data leave one case open: one copy of each
// variant is ε2/ε4 or, rarely, ε1/ε3.

import type { ApoeGenotype, CompactAssessment } from './types'

export const APOE_RS429358_ENTRY = 'apoe-rs429358'
export const APOE_RS7412_ENTRY = 'apoe-rs7412'

/**
 * Genotype from the number of rs429358 C alleles and rs7412 T alleles (0..2 each).
 * @example apoeFromDosages(1, 0).genotype // 'e3/e4'
 */
export function apoeFromDosages(rs429358C: number, rs7412T: number): ApoeGenotype {
  const table: Record<string, [string, string[]]> = {
    '0,0': ['e3/e3', []],
    '0,1': ['e2/e3', []],
    '0,2': ['e2/e2', []],
    '1,0': ['e3/e4', []],
    '1,1': ['e2/e4', ['e1/e3']],
    '1,2': ['e1/e2', []],
    '2,0': ['e4/e4', []],
    '2,1': ['e1/e4', []],
    '2,2': ['e1/e1', []],
  }
  const [genotype, alternatives] = table[`${rs429358C},${rs7412T}`] ?? ['unknown', []]
  const e4Copies = genotype.split('/').filter((h) => h === 'e4').length
  const e2Copies = genotype.split('/').filter((h) => h === 'e2').length
  const ambiguous = alternatives.length > 0
  const note = ambiguous
    ? 'One copy of each defining variant: most likely e2/e4; e1/e3 (very rare) cannot be excluded without phased data.'
    : e4Copies > 0
      ? 'Carries APOE e4: on average higher LDL cholesterol and a higher risk of late-onset Alzheimer disease; a risk factor, not a diagnosis.'
      : e2Copies > 0
        ? 'Carries APOE e2: on average lower LDL cholesterol.'
        : 'No e2 or e4 allele.'
  return { genotype, ambiguous, alternatives, e4Copies, e2Copies, note }
}

/** The APOE genotype when both sites were assessed as diploid, otherwise null. */
export function apoeFromAssessments(assessments: CompactAssessment[]): ApoeGenotype | null {
  const first = assessments.find((a) => a.entryId === APOE_RS429358_ENTRY)
  const second = assessments.find((a) => a.entryId === APOE_RS7412_ENTRY)
  const diploid = (a?: CompactAssessment) =>
    a?.status === 'assessed' && a.alleles?.length === 2 && a.altCopies !== undefined
  if (!diploid(first) || !diploid(second)) return null
  return apoeFromDosages(first!.altCopies!, second!.altCopies!)
}

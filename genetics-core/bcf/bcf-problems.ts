// The typed errors a damaged or unsupported BCF ends in. A BCF has no lines, so messages name the
// record (counted from 1, in file order) instead; like every message of the reader they never hold
// genotype data.

import { GeneticsInputError } from '../errors'

/** What to run when a BCF cannot be read here but bcftools can read it. */
export const BCF_TO_VCF_COMMAND = '`bcftools view -Oz -o out.vcf.gz in.bcf`'

/** A record whose bytes contradict themselves: lengths, types or dictionary indices. */
export function corruptRecord(record: number, problem: string): GeneticsInputError {
  return new GeneticsInputError('BAD_RECORD', `BCF record ${record}: ${problem}; the file is damaged`)
}

export function corruptHeader(problem: string): GeneticsInputError {
  return new GeneticsInputError('BAD_HEADER', `the BCF header ${problem}`)
}

export function truncatedBcf(where: string): GeneticsInputError {
  return new GeneticsInputError('TRUNCATED_INPUT', `the BCF ends ${where}; the file looks truncated`)
}

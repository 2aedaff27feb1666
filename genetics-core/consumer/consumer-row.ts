// One row of a consumer genotype file to a normalised call: canonical chromosome (23-26 and XY
// mapped), alleles on the plus strand (deCODEme '-' strand complemented), and the zygosity the
// letters allow. Consumer files do not state REF, so a homozygous call is only classified as hom-ref
// or hom-alt against a target's allele hints; without them it is reported as 'hom_alt' with ref null
// (callers compare `alleles` with their own REF/ALT).

import { canonicalConsumerChromosome } from '../normalize/chromosome'
import { MAX_POSITION, positionTooLargeMessage } from '../normalize/position'
import type { SiteCall, SiteTargetAlleleHints, Zygosity } from '../types'
import { type ConsumerLayout, SEPARATOR_NAME, unquotedField } from './layout-shape'

export interface ConsumerRow {
  id: string
  /** Canonical chromosome. */
  chrom: string
  /** Chromosome as written (AncestryDNA's 25 is X, but its rows come after 24). */
  rawChrom: string
  pos: number
  /** Alleles as letters on the plus strand; empty for a no-call. */
  alleles: string[]
}

export type RowProblem =
  | { code: 'COLUMN_COUNT' | 'BAD_POSITION' | 'UNPLACED'; message: string }
  | { code: 'BAD_GENOTYPE'; message: string; row: ConsumerRow }

const COMPLEMENT: Record<string, string> = { A: 'T', T: 'A', C: 'G', G: 'C', I: 'I', D: 'D' }
const VALID = /^[ACGTDI]$/

/** A row's field without its quotes and padding ('' when the row is shorter). */
export function field(fields: string[], index: number): string {
  return unquotedField(fields[index] ?? '')
}

/**
 * A probe the vendor could not place on the reference: 23andMe writes '--' for its chromosome and/or
 * position, Illumina-based exports chromosome 0 and position 0. Such a row cannot be matched by
 * position, and the strand of its letters is not defined, so it is passed over, not read as a call.
 */
export function isUnplaced(chrom: string, pos: string): boolean {
  return (
    chrom === '' ||
    chrom === '--' ||
    chrom === '-' ||
    chrom === '0' ||
    pos === '--' ||
    pos === '-' ||
    /^0+$/.test(pos)
  )
}

export const UNPLACED_MESSAGE = 'a row has no chromosome or position ("--" or 0); it was not read'

/** Parses a data row; returns the row or the problem with it. */
export function parseConsumerRow(layout: ConsumerLayout, line: string): ConsumerRow | RowProblem {
  const fields = line.split(layout.separator)
  if (fields.length < layout.minColumns) {
    return {
      code: 'COLUMN_COUNT',
      message: `expected ${layout.minColumns} ${SEPARATOR_NAME[layout.separator]}-separated columns, found ${fields.length}`,
    }
  }
  const posText = field(fields, layout.pos)
  if (isUnplaced(field(fields, layout.chrom), posText)) return { code: 'UNPLACED', message: UNPLACED_MESSAGE }
  if (!/^\d+$/.test(posText)) {
    return { code: 'BAD_POSITION', message: `position "${posText.slice(0, 20)}" is not a whole number` }
  }
  if (Number(posText) > MAX_POSITION) {
    return { code: 'BAD_POSITION', message: `position ${positionTooLargeMessage(posText)}` }
  }
  let letters: string[]
  if (layout.genotype >= 0) {
    const g = field(fields, layout.genotype).toUpperCase()
    letters = [...g]
  } else {
    letters = [field(fields, layout.allele1).toUpperCase(), field(fields, layout.allele2).toUpperCase()]
  }
  const row: ConsumerRow = {
    id: field(fields, layout.id),
    chrom: canonicalConsumerChromosome(field(fields, layout.chrom)),
    rawChrom: field(fields, layout.chrom),
    pos: Number(posText),
    alleles: [],
  }
  const missing =
    letters.length === 0 || letters.every((l) => l === '-' || l === '0' || l === '.' || l === '')
  if (missing) return row
  if (letters.length > 2 || !letters.every((l) => VALID.test(l))) {
    return { code: 'BAD_GENOTYPE', message: 'genotype is not one or two of A, C, G, T, I, D', row }
  }
  const minus = layout.strand >= 0 && field(fields, layout.strand) === '-'
  row.alleles = minus ? letters.map((l) => COMPLEMENT[l]) : letters
  return row
}

export function isRowProblem(value: ConsumerRow | RowProblem): value is RowProblem {
  return 'code' in value
}

/** Zygosity of consumer letters, using allele hints when the target gives them. */
export function consumerZygosity(alleles: string[], hints?: SiteTargetAlleleHints): Zygosity {
  if (alleles.length === 0) return 'no_call'
  if (alleles.length === 1) return 'hemizygous'
  if (alleles[0] !== alleles[1]) return 'het'
  const ref = hints?.ref?.toUpperCase()
  if (ref !== undefined && alleles[0] === ref) return 'hom_ref'
  return 'hom_alt'
}

export function callFromConsumerRow(row: ConsumerRow, hints?: SiteTargetAlleleHints): SiteCall {
  return {
    chrom: row.chrom,
    pos: row.pos,
    id: /^rs\d+$/i.test(row.id) ? `rs${row.id.slice(2)}` : null,
    ref: null,
    alts: [],
    alleles: row.alleles.length > 0 ? row.alleles : ['.', '.'],
    zygosity: consumerZygosity(row.alleles, hints),
    filter: null,
  }
}

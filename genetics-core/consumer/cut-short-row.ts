// The last row of a consumer file when no line break follows it: a download or copy that stopped
// inside the row can leave one that still parses (a genotype cut to one letter, or to nothing, or a
// quote left open), and read as is it would be a wrong call at that site with the rest of the file
// missing. Vendors always finish a row: two letters on the autosomes ('--' for a no-call, AncestryDNA
// '0' in each allele column), closing quotes on every field. So a last row without those is cut short.

import { C } from '../scan/counters'
import { field, isRowProblem, parseConsumerRow } from './consumer-row'
import type { ConsumerLayout } from './layout-shape'

/** Chromosomes that a consumer file may call with one letter: X for men, Y, the mitochondria. */
const ONE_LETTER_CHROMOSOMES = new Set(['X', 'Y', 'MT'])

/**
 * Why the last row (text without its line break) looks cut short, or null when it reads as a whole
 * row. `counts` are the scan's counters, the row itself included: a one-letter X call is cut short when
 * it is the file's only one among two-letter X calls (a woman's file).
 */
export function cutShortRowReason(layout: ConsumerLayout, line: string, counts: Float64Array): string | null {
  // Only the line's end of line is dropped: a cut right after a separator leaves an empty last field.
  const text = line.replace(/\r$/, '')
  const start = text.trimStart()
  if (start === '' || start.startsWith('#') || start.startsWith('"#')) return null
  if ((text.match(/"/g)?.length ?? 0) % 2 === 1) return 'a quoted field is not closed'
  const row = parseConsumerRow(layout, text)
  if (isRowProblem(row)) return row.code === 'BAD_GENOTYPE' ? 'its genotype does not read' : null
  const fields = text.split(layout.separator)
  const genotype = field(fields, layout.genotype >= 0 ? layout.genotype : layout.allele2)
  if (genotype === '') return 'its genotype is empty'
  if (layout.genotype < 0) return null
  if (genotype === '-') return "its genotype is '-' where a no-call is '--'"
  if (row.alleles.length !== 1) return null
  if (!ONE_LETTER_CHROMOSOMES.has(row.chrom))
    return `its genotype is one letter on chromosome ${row.chrom}, which is called with two`
  const womansX = row.chrom === 'X' && counts[C.xHaploid] === 1 && counts[C.xHet] + counts[C.xHom] > 0
  return womansX ? "its X genotype is one letter where the file's other X calls have two" : null
}

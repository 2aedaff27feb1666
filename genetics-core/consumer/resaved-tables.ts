// A vendor's genotype table after a spreadsheet has opened and saved it again: people open their
// 23andMe or AncestryDNA download in Excel, LibreOffice or Numbers and keep the "CSV" it offers. The
// columns are the vendor's, but separated by commas (or by semicolons, where a comma is the decimal
// mark), text may be quoted, short rows padded with separators, and the comment lines quoted. Such a
// file is read with the vendor's columns and a warning that says so; the original download is safer
// (a spreadsheet may have changed values on the way).

import type { GeneticsWarning, SourceFormat } from '../types'
import {
  BASE,
  type ColumnSeparator,
  type ConsumerLayout,
  looksLikeGenotypeRow,
  mostly,
  SEPARATOR_NAME,
  splitRow,
} from './layout-shape'

const PROVIDER_NAME: Partial<Record<SourceFormat, string>> = {
  '23andme': '23andMe',
  livingdna: 'Living DNA',
  ancestrydna: 'AncestryDNA',
  ftdna: 'FamilyTreeDNA',
  myheritage: 'MyHeritage',
}

/** The separator of a row that has no tab: semicolons when it has more of them than commas. */
function separatorOf(line: string): ColumnSeparator | null {
  const commas = line.split(',').length - 1
  const semicolons = line.split(';').length - 1
  if (commas === 0 && semicolons === 0) return null
  return semicolons > commas ? ';' : ','
}

/** A row's fields without the empty ones a spreadsheet pads short rows with. */
function unpadded(fields: string[]): string[] {
  let n = fields.length
  while (n > 0 && fields[n - 1] === '') n--
  return fields.slice(0, n)
}

function resavedWarning(separator: ColumnSeparator, format: SourceFormat, vendorSeparator: ColumnSeparator) {
  const provider = PROVIDER_NAME[format] ?? format
  return {
    code: 'RESAVED_TABLE',
    message:
      `columns separated by ${SEPARATOR_NAME[separator]}s, not ${SEPARATOR_NAME[vendorSeparator]}s as ${provider} ` +
      `writes them: the file looks opened and saved again in a spreadsheet and was read with ${provider}'s ` +
      'columns; the original download is the safer file to send',
  }
}

/**
 * The layout of a re-saved vendor table, from its normalised first line (`header`), the comment text
 * (`prose`) and the first lines, or null when it is none.
 */
export function resavedTableLayout(
  header: string,
  prose: string,
  lines: string[],
): { layout: ConsumerLayout; warnings: GeneticsWarning[] } | null {
  const separator = separatorOf(header)
  if (separator === null) return null
  const columns = header.split(separator).map((c) => c.trim())
  const named = columns.join(' ')
  const fourColumnFormat: SourceFormat = /living\s*dna/i.test(prose) ? 'livingdna' : '23andme'
  const warnings: GeneticsWarning[] = []
  const fourColumns = (format: SourceFormat, headerRow: string | null): ConsumerLayout => ({
    ...BASE,
    format,
    separator,
    minColumns: 4,
    headerRow,
  })
  const twoAlleleColumns = (headerRow: string | null): ConsumerLayout => ({
    ...BASE,
    format: 'ancestrydna',
    separator,
    genotype: -1,
    allele1: 3,
    allele2: 4,
    minColumns: 5,
    headerRow,
  })

  if (named === 'rsid chromosome position genotype') {
    warnings.push(resavedWarning(separator, fourColumnFormat, '\t'))
    return { layout: fourColumns(fourColumnFormat, header), warnings }
  }
  if (named === 'rsid chromosome position allele1 allele2') {
    warnings.push(resavedWarning(separator, 'ancestrydna', '\t'))
    return { layout: twoAlleleColumns(header), warnings }
  }
  // FamilyTreeDNA's and MyHeritage's own comma layout is read by layouts.ts; here only semicolons.
  if (separator === ';' && named === 'rsid chromosome position result') {
    const format: SourceFormat = /myheritage/i.test(prose) ? 'myheritage' : 'ftdna'
    warnings.push(resavedWarning(separator, format, ','))
    return { layout: fourColumns(format, header), warnings }
  }

  // No column-header row: the rows' shape decides, as for tab-separated files without one.
  const rows = lines.slice(0, 20).map((l) => unpadded(splitRow(l, separator)))
  const noHeader = {
    code: 'NO_PROVIDER_HEADER',
    message: 'no column header; rows read with the 23andMe layout (rsid, chromosome, position, genotype)',
  }
  if (mostly(rows, (f) => f.length === 4 && looksLikeGenotypeRow(f, [3]))) {
    if (fourColumnFormat === '23andme' && !/23andme/i.test(prose)) warnings.push(noHeader)
    warnings.push(resavedWarning(separator, fourColumnFormat, '\t'))
    return { layout: fourColumns(fourColumnFormat, null), warnings }
  }
  if (mostly(rows, (f) => f.length === 5 && looksLikeGenotypeRow(f, [3, 4]))) {
    warnings.push({
      code: 'NO_PROVIDER_HEADER',
      message: 'no column header; rows read with the AncestryDNA layout',
    })
    warnings.push(resavedWarning(separator, 'ancestrydna', '\t'))
    return { layout: twoAlleleColumns(null), warnings }
  }
  return null
}

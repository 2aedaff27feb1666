// Column layouts of consumer genotype exports and how to tell them apart by content: the provider's
// comment header, the column-header row, the separator and the number of columns.
//   23andMe     tab: rsid chromosome position genotype ('# rsid...' header inside the comments, or none)
//   LivingDNA   same columns, 'Living DNA' in the comment header
//   AncestryDNA tab: rsid chromosome position allele1 allele2 (header row), chromosomes 23-26, '0' no-call
//   MyHeritage  CSV: RSID,CHROMOSOME,POSITION,RESULT, quoted, 'MyHeritage' in the comment header
//   FTDNA       CSV: RSID,CHROMOSOME,POSITION,RESULT, quoted, no comments
//   deCODEme    CSV: Name,Variation,Chromosome,Position,Strand,YourCode ('-' strand calls complemented)
// and the same tables opened in a spreadsheet and saved again (resaved-tables.ts): commas or semicolons
// where the vendor wrote tabs, semicolons where it wrote commas.

import type { GeneticsWarning, SourceFormat } from '../types'
import { BASE, type ConsumerLayout, looksLikeGenotypeRow, mostly, splitRow } from './layout-shape'
import { resavedTableLayout } from './resaved-tables'

export type { ConsumerLayout } from './layout-shape'

export function normaliseHeaderRow(line: string): string {
  // A spreadsheet pads short rows with separators ('# rsid,chromosome,position,genotype,,').
  return line
    .replace(/^"?#\s*/, '')
    .replace(/"/g, '')
    .replace(/[,;]+\s*$/, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
}

/**
 * Decides the consumer layout from the comment lines and the first non-comment lines, or returns
 * null when the text is not one of them.
 */
export function detectConsumerLayout(
  comments: string[],
  lines: string[],
): { layout: ConsumerLayout; warnings: GeneticsWarning[] } | null {
  const prose = comments.join('\n')
  const warnings: GeneticsWarning[] = []
  const first = lines[0]
  if (first === undefined) return null
  const header = normaliseHeaderRow(first)
  const tabbed = first.includes('\t')
  const dataSample = lines.slice(1, 20)

  if (tabbed && /^rsid\tchromosome\tposition\tallele1\tallele2$/.test(header.replace(/ /g, '\t'))) {
    return {
      layout: {
        ...BASE,
        format: 'ancestrydna',
        separator: '\t',
        genotype: -1,
        allele1: 3,
        allele2: 4,
        minColumns: 5,
        headerRow: header,
      },
      warnings,
    }
  }
  if (!tabbed && header === 'rsid,chromosome,position,result') {
    const format: SourceFormat = /myheritage/i.test(prose) ? 'myheritage' : 'ftdna'
    return { layout: { ...BASE, format, separator: ',', minColumns: 4, headerRow: header }, warnings }
  }
  if (!tabbed && header === 'name,variation,chromosome,position,strand,yourcode') {
    return {
      layout: {
        ...BASE,
        format: 'decodeme',
        separator: ',',
        chrom: 2,
        pos: 3,
        genotype: 5,
        strand: 4,
        minColumns: 6,
        headerRow: header,
      },
      warnings,
    }
  }
  // Most sampled rows (and the first) must fit; a bad row further down is reported by the scanner
  // with its line number rather than making the whole file unrecognisable.
  const fourColumnHeader = tabbed && /^rsid\tchromosome\tposition\tgenotype$/.test(header.replace(/ /g, '\t'))
  const rows = (fourColumnHeader ? dataSample : lines.slice(0, 20)).map((l) => splitRow(l, '\t'))
  // Under the vendor's own column header the letters are not needed to tell the layout: a row whose
  // genotype is not one ('NN', 'A/G') is the scanner's to report (BAD_GENOTYPE, read as no-call).
  const fourColumnRow = (f: string[]) =>
    f.length === 4 && (fourColumnHeader ? /^\d+$/.test(f[2]) : looksLikeGenotypeRow(f, [3]))
  if (tabbed && mostly(rows, fourColumnRow)) {
    let format: SourceFormat = '23andme'
    if (/living\s*dna/i.test(prose)) format = 'livingdna'
    else if (!/23andme/i.test(prose)) {
      warnings.push({
        code: 'NO_PROVIDER_HEADER',
        message:
          'no provider header; rows read with the 23andMe layout (rsid, chromosome, position, genotype)',
      })
    }
    return {
      layout: {
        ...BASE,
        format,
        separator: '\t',
        minColumns: 4,
        headerRow: fourColumnHeader ? header : null,
      },
      warnings,
    }
  }
  if (tabbed && mostly(rows, (f) => f.length === 5 && looksLikeGenotypeRow(f, [3, 4]))) {
    warnings.push({
      code: 'NO_PROVIDER_HEADER',
      message: 'no column header; rows read with the AncestryDNA layout',
    })
    return {
      layout: {
        ...BASE,
        format: 'ancestrydna',
        separator: '\t',
        genotype: -1,
        allele1: 3,
        allele2: 4,
        minColumns: 5,
        headerRow: null,
      },
      warnings,
    }
  }
  if (!tabbed) return resavedTableLayout(header, prose, lines)
  return null
}

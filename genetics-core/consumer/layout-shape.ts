// What a consumer layout is (columns by index, separator, header row) and the row-shape tests that
// both the vendors' layouts (layouts.ts) and their spreadsheet re-saves (resaved-tables.ts) use.

import type { SourceFormat } from '../types'

export interface ConsumerLayout {
  format: SourceFormat
  separator: ColumnSeparator
  /** Column indexes. */
  id: number
  chrom: number
  pos: number
  /** Genotype column ('AG'), or -1 when the alleles come in two columns. */
  genotype: number
  allele1: number
  allele2: number
  /** Strand column ('+'/'-'), or -1. */
  strand: number
  minColumns: number
  /** Text of the column-header row to skip (normalised: lower case, no quotes), or null. */
  headerRow: string | null
}

export type ColumnSeparator = '\t' | ',' | ';'

export const SEPARATOR_NAME: Record<ColumnSeparator, string> = { '\t': 'tab', ',': 'comma', ';': 'semicolon' }

export const BASE: Omit<ConsumerLayout, 'format' | 'separator' | 'minColumns' | 'headerRow'> = {
  id: 0,
  chrom: 1,
  pos: 2,
  genotype: 3,
  allele1: -1,
  allele2: -1,
  strand: -1,
}

/**
 * One column, trimmed and unquoted. Quotes at either end are dropped however many there are: some
 * MyHeritage downloads double every inner quote (`"rs1"",""1"",""101"",""AA"`), which leaves fields
 * such as `""101""`; no rsID, chromosome, position or genotype contains a quote.
 */
export function unquotedField(raw: string): string {
  return raw.replace(/^[\s"]+|[\s"]+$/g, '')
}

export function splitRow(line: string, separator: string): string[] {
  return line.split(separator).map(unquotedField)
}

/** True when a data row has the rsid/chrom/position/genotype shape. */
export function looksLikeGenotypeRow(fields: string[], genotypeColumns: number[]): boolean {
  if (fields.length < 3 || !/^\d+$/.test(fields[2])) return false
  return genotypeColumns.every((c) => fields[c] !== undefined && /^[ACGTDI0\-.]{0,2}$/i.test(fields[c]))
}

/** True when the first row and most sampled rows fit. */
export function mostly(fields: string[][], fits: (f: string[]) => boolean): boolean {
  return fields.length > 0 && fits(fields[0]) && fields.filter(fits).length >= 0.75 * fields.length
}

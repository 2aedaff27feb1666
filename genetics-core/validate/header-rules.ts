// Checks of the VCF meta-information lines and the #CHROM line against the specification: key
// syntax, structured-line fields and their order, Number/Type values, reserved definitions, IDs,
// URLs and sample names. Each problem becomes a warning; the reader stays lenient.

import type { VcfHeader } from '../vcf/vcf-header'
import { RESERVED_FORMAT, RESERVED_INFO } from './reserved-fields'

export interface Problem {
  code: string
  message: string
  line?: number
}

// VCF 4.4 adds P (ploidy) and M, 4.5 the local-allele forms LA, LR and LG.
const NUMBER = /^(\d+|A|R|G|\.|P|M|LA|LR|LG)$/
const INFO_TYPES = new Set(['Integer', 'Float', 'Flag', 'Character', 'String'])
const FORMAT_TYPES = new Set(['Integer', 'Float', 'Character', 'String'])
const KEY = /^[A-Za-z_][0-9A-Za-z_.]*$|^1000G$/
const META_KEY = /^[A-Za-z0-9_.-]+$/
/** Contig names as the 4.3 specification allows them (no whitespace, commas, brackets, '*' or ':' first). */
export const CONTIG_NAME = /^[0-9A-Za-z!#$%&+./;?@^_|~-][0-9A-Za-z!#$%&*+./;=?@^_|~-]*$/
const ALT_ID_PREFIX = /^(DEL|INS|DUP|INV|CNV|BND)(:|$)/
const URL =
  /^(https?|ftp|file):\/\/(([^\s:@/]+)(:[^\s@/]*)?@)?([A-Za-z][A-Za-z0-9.-]*|\d{1,3}(\.\d{1,3}){3})(:\d+)?(\/\S*)?$/

export function checkHeader(header: VcfHeader, version: number): Problem[] {
  const problems: Problem[] = []
  const add = (code: string, message: string, line?: number) => problems.push({ code, message, line })

  for (const m of header.malformed)
    add('VCF_META_MALFORMED', `malformed meta-information line: ${describe(m.text)}`, m.line)
  if (header.fileformat !== null && /\s/.test(header.fileformat))
    add('VCF_FILEFORMAT_INVALID', 'whitespace in ##fileformat', 1)

  for (const { key, value, line } of header.plain) {
    if (!META_KEY.test(key))
      add(
        'VCF_META_MALFORMED',
        `meta-information key "${key.slice(0, 30)}" has characters VCF does not allow`,
        line,
      )
    if (value.trim() === '') add('VCF_META_MALFORMED', `##${key} has an empty value`, line)
    if ((key === 'assembly' || key === 'pedigreeDB') && value !== '' && !URL.test(value)) {
      add('VCF_META_MALFORMED', `##${key} is not a valid URL`, line)
    }
    if (key === 'pedigreeDB' && value.startsWith('<'))
      add('VCF_META_MALFORMED', '##pedigreeDB is not a valid URL', line)
  }

  const ids = new Map<string, Set<string>>()
  for (const meta of header.structured) {
    const { key, fields, raw, line } = meta
    const id = fields.get('ID')
    const names = [...fields.keys()]
    const seen = ids.get(key) ?? new Set<string>()
    ids.set(key, seen)
    if (id !== undefined) {
      if (seen.has(id) && (key === 'INFO' || key === 'FORMAT')) {
        add('VCF_META_DUPLICATE', `##${key} declares ID ${id.slice(0, 40)} twice`, line)
      }
      seen.add(id)
    }
    if (key === 'INFO' || key === 'FORMAT') {
      if (names[0] !== 'ID' || names[1] !== 'Number' || names[2] !== 'Type' || names[3] !== 'Description') {
        add('VCF_META_INVALID', `##${key} fields must start ID, Number, Type, Description`, line)
        continue
      }
      if (!/Description="/.test(raw))
        add('VCF_META_INVALID', `##${key} Description must be in double quotes`, line)
      const number = fields.get('Number')!
      const type = fields.get('Type')!
      if (!KEY.test(id ?? ''))
        add('VCF_META_INVALID', `##${key} ID "${(id ?? '').slice(0, 30)}" is not a valid key`, line)
      if (!NUMBER.test(number))
        add(
          'VCF_META_INVALID',
          `##${key} Number "${number.slice(0, 20)}" is not an integer, A, R, G or .`,
          line,
        )
      if (!(key === 'INFO' ? INFO_TYPES : FORMAT_TYPES).has(type)) {
        add('VCF_META_INVALID', `##${key} Type "${type.slice(0, 20)}" is not a VCF type`, line)
      }
      const reserved = (key === 'INFO' ? RESERVED_INFO : RESERVED_FORMAT)[id ?? '']
      if (reserved) {
        if (reserved.number !== undefined && reserved.number !== number) {
          add('VCF_RESERVED_REDEFINED', `##${key} ${id} must have Number=${reserved.number}`, line)
        }
        if (reserved.type !== undefined && reserved.type !== type) {
          add('VCF_RESERVED_REDEFINED', `##${key} ${id} must have Type=${reserved.type}`, line)
        }
      }
    } else if (key === 'FILTER') {
      if (names[0] !== 'ID' || !fields.has('Description'))
        add('VCF_META_INVALID', '##FILTER needs ID and Description', line)
      if (id === '0') add('VCF_META_INVALID', '##FILTER ID 0 is reserved', line)
    } else if (key === 'ALT') {
      const numberAt = names.indexOf('Number')
      const typeAt = names.indexOf('Type')
      if (
        names[0] !== 'ID' ||
        !fields.has('Description') ||
        (numberAt >= 0 && numberAt !== 1) ||
        (typeAt >= 0 && typeAt !== (numberAt >= 0 ? 2 : 1))
      ) {
        add(
          'VCF_META_INVALID',
          '##ALT fields must be ID, then Number and Type if given, then Description',
          line,
        )
      }
      const altNumber = fields.get('Number')
      const altType = fields.get('Type')
      if (altNumber !== undefined && !NUMBER.test(altNumber))
        add('VCF_META_INVALID', '##ALT Number is not a VCF Number', line)
      if (altType !== undefined && !INFO_TYPES.has(altType))
        add('VCF_META_INVALID', '##ALT Type is not a VCF type', line)
      if (!/Description="/.test(raw))
        add('VCF_META_INVALID', '##ALT Description must be in double quotes', line)
      const altId = id ?? ''
      if (/[\s,<>]/.test(altId) || altId === '') {
        add('VCF_META_INVALID', `##ALT ID "${altId.slice(0, 30)}" has characters VCF does not allow`, line)
      } else if (
        (altId.includes(':') || version < 4.3) &&
        !ALT_ID_PREFIX.test(altId) &&
        altId !== '*' &&
        altId !== 'NON_REF'
      ) {
        add(
          'VCF_META_INVALID',
          `##ALT ID ${altId.slice(0, 30)} does not start with DEL, INS, DUP, INV, CNV or BND`,
          line,
        )
      }
    } else if (key === 'contig') {
      if (!id) add('VCF_META_INVALID', '##contig has no ID', line)
      else if (!CONTIG_NAME.test(id) || id.includes(':') || (version >= 4.3 && id.includes('*'))) {
        add('VCF_CONTIG_NAME', `contig name "${id.slice(0, 40)}" has characters VCF does not allow`, line)
      }
    } else if (key === 'SAMPLE') {
      if (!id) add('VCF_META_INVALID', '##SAMPLE has no ID', line)
      else if (/[\s,*]/.test(id))
        add('VCF_META_INVALID', `##SAMPLE ID "${id.slice(0, 30)}" has characters VCF does not allow`, line)
      if (fields.has('Mixture') && !fields.has('Genomes'))
        add('VCF_META_INVALID', '##SAMPLE with Mixture needs Genomes', line)
      if (/Mixture="/.test(raw))
        add('VCF_META_INVALID', '##SAMPLE Mixture is quoted but is not a description', line)
    } else if (key === 'PEDIGREE') {
      if (!id && version >= 4.3) add('VCF_META_INVALID', '##PEDIGREE has no ID', line)
      for (const [name, value] of fields) {
        if (name !== 'ID' && /[\s:,]/.test(value))
          add('VCF_META_INVALID', `##PEDIGREE ${name} has characters VCF does not allow`, line)
      }
    } else if (key === 'META') {
      if (names[0] !== 'ID' || names[1] !== 'Number' || names[2] !== 'Type' || names[3] !== 'Values') {
        add('VCF_META_INVALID', '##META fields must be ID, Number, Type, Values', line)
      } else {
        if (!/^(\d+|\.)$/.test(fields.get('Number')!))
          add('VCF_META_INVALID', '##META Number is not an integer or .', line)
        if (!INFO_TYPES.has(fields.get('Type')!))
          add('VCF_META_INVALID', '##META Type is not a VCF type', line)
        if (!/^\[.*\]$/.test(fields.get('Values')!))
          add('VCF_META_INVALID', '##META Values must be in square brackets', line)
      }
    }
  }

  const columns = header.columns
  const fixed = ['CHROM', 'POS', 'ID', 'REF', 'ALT', 'QUAL', 'FILTER', 'INFO']
  if (columns.length > 0 && fixed.some((name, i) => columns[i] !== name)) {
    add(
      'VCF_HEADER_COLUMNS',
      'the #CHROM line does not list CHROM POS ID REF ALT QUAL FILTER INFO',
      header.chromLine,
    )
  }
  if (columns.length > 8 && columns[8] !== 'FORMAT')
    add('VCF_HEADER_COLUMNS', 'the ninth #CHROM column is not FORMAT', header.chromLine)
  if (columns.length === 9)
    add('VCF_HEADER_COLUMNS', 'the #CHROM line has a FORMAT column but no samples', header.chromLine)
  const samples = new Set<string>()
  for (const sample of header.samples) {
    if (samples.has(sample)) add('VCF_SAMPLE_NAMES', 'sample names are not unique', header.chromLine)
    samples.add(sample)
  }
  return problems
}

function describe(text: string): string {
  const t = text.replace(/[^\x20-\x7e]/g, '?')
  return t.length > 60 ? `${t.slice(0, 57)}...` : t
}

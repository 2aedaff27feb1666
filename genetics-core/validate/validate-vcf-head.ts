// Validation of a VCF's header and first data lines (every line of a small file): problems become
// warnings with their line numbers, one per kind with a count, so a lenient read still says what is
// wrong with the file. Structural faults that stop reading are errors raised by the scanner instead.

import type { GeneticsWarning } from '../types'
import type { VcfHeader } from '../vcf/vcf-header'
import { vcfVersionNumber } from '../vcf/vcf-header'
import { checkHeader, type Problem } from './header-rules'
import { checkRecords } from './record-rules'

export function validateVcfHead(
  header: VcfHeader,
  lines: { text: string; line: number }[],
  wholeBody: boolean,
): GeneticsWarning[] {
  const version = Number(vcfVersionNumber(header.fileformat) ?? '4.2')
  const problems: Problem[] = [...checkHeader(header, version), ...checkRecords(header, lines, version)]
  const byCode = new Map<string, { first: Problem; count: number }>()
  for (const p of problems) {
    const known = byCode.get(p.code)
    if (known) known.count++
    else byCode.set(p.code, { first: p, count: 1 })
  }
  const scope = wholeBody ? '' : ` in the first ${lines.length} data lines`
  return [...byCode.values()].map(({ first, count }) => ({
    code: first.code,
    message: count > 1 ? `${first.message} (${count} times${scope})` : first.message,
    ...(first.line !== undefined ? { line: first.line } : {}),
  }))
}

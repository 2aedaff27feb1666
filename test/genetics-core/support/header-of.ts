// A VCF header read from its lines alone, for tests of what a header says (detect/).

import { addVcfHeaderLine, emptyVcfHeader, type VcfHeader } from '../../../genetics-core/vcf/vcf-header'

export function headerOf(lines: string[]): VcfHeader {
  const header = emptyVcfHeader()
  for (const [i, text] of lines.entries()) addVcfHeaderLine(header, text, i + 1)
  return header
}

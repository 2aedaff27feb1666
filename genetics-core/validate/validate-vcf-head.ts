// Placeholder, replaced by the validator.
import type { GeneticsWarning } from '../types'
import type { VcfHeader } from '../vcf/vcf-header'

export function validateVcfHead(
  _header: VcfHeader,
  _lines: { text: string; line: number }[],
  _whole: boolean,
): GeneticsWarning[] {
  return []
}

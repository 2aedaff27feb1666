// A VCF's calls read as a chip file's letters: without REF and ALT (nor a reference block's meaning for a
// record with ALT '.'), zygosity taken against each target's alleles. For a VCF whose REF is not the
// genome's (declared so, detect/provisional-reference.ts, or found so, detect/reference-mismatch.ts),
// where the file's own REF would turn a hom-alt call into a hom-ref one.

import { consumerZygosity } from '../consumer/consumer-row'
import type { SiteCall } from '../types'
import type { HintedTarget } from './strand-orientation'

export function readCallsAsLetters(
  calls: ReadonlyMap<string, SiteCall>,
  targets: HintedTarget[],
): Map<string, SiteCall> {
  const out = new Map<string, SiteCall>()
  for (const target of targets) {
    const call = calls.get(target.key)
    if (!call) continue
    const zygosity = call.zygosity === 'no_call' ? 'no_call' : consumerZygosity(call.alleles, target)
    // A record with ALT '.' there is a site where the person carries REF's letter twice, not a stretch
    // of reference genome: its letters are the call.
    out.set(target.key, { ...call, ref: null, alts: [], zygosity, fromReferenceBlock: false })
  }
  return out
}

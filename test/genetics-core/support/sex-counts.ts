// Sex-chromosome counts for tests of genetic sex: the given ones, the rest zero.

import type { SexChromosomeCounts } from '../../../genetics-core/types'

export const sexCounts = (given: Partial<SexChromosomeCounts>): SexChromosomeCounts => ({
  ...{ xHet: 0, xHom: 0, xHaploid: 0, yCalled: 0, yNoCall: 0 },
  ...{ xReference: 0, yReferenceCalled: 0, yReferenceNoCall: 0 },
  ...given,
})

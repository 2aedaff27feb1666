// The catalogs analyses judge values by: the biomarker catalog (ranges, better direction, noise,
// retest cadence, citation) and the wearable metric catalog (names, canonical units, better direction).

import type { Catalogs } from './inputs'

export const catalogs: Catalogs = {
  biomarker: () => undefined,
  metric: () => undefined,
}

// The catalogs analyses judge values by: the biomarker catalog (ranges, better direction, noise,
// retest cadence, citation) and the wearable and behavioral metric catalog (names, canonical units,
// better direction).

import { biomarkerByCode } from '../biomarkers/catalog'
import { wearableMetricByCode } from '../wearables/service'
import type { Catalogs } from './inputs'

export const catalogs: Catalogs = {
  biomarker: biomarkerByCode,
  metric: wearableMetricByCode,
}

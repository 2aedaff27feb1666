// Public API of the ancestry estimate. The reader engine scans a file for ancestryTargets() and passes
// the calls it found to estimateAncestry(); everything else here is types and the typed error.

export { AncestryError, type AncestryErrorCode } from './errors'
export { estimateAncestry } from './estimate-ancestry'
export type { SuperPopulationCode } from './populations'
export { ancestryTargets } from './targets'
export type {
  AdmixtureComponent,
  AdmixtureResult,
  AncestryCoverage,
  AncestryOptions,
  AncestryResult,
  ClosestGroupResult,
  GroupProbability,
  MissingMarkerAssumption,
  PopulationProbability,
} from './types'

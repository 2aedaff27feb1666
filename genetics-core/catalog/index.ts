// Public API of the compact annotation catalog: the targets the reader engine fetches, the
// interpretation of what it found, and read access to the curated catalog itself.

export { APOE_RS7412_ENTRY, APOE_RS429358_ENTRY, apoeFromDosages } from './apoe'
export {
  HET_ALT_FRACTION,
  HOM_ALT_MIN_FRACTION,
  MIN_GENOTYPE_QUALITY,
  MIN_READ_DEPTH,
} from './call-quality'
export { catalogEntry, compactCatalog } from './catalog'
export { CompactAnnotationError } from './errors'
export { MIN_IMPUTATION_R2 } from './imputation-quality'
export { interpretCompact } from './interpret'
export { type CatalogTarget, catalogTargets } from './targets'
export type {
  ApoeGenotype,
  AssessmentStatus,
  CallQuality,
  CallQualityConcern,
  CatalogCategory,
  CatalogEntry,
  CatalogSourceFile,
  Citation,
  CitationKind,
  CompactAnnotationResult,
  CompactAssessment,
  CompactCatalog,
  CompactFinding,
  CompactGenotype,
  EvidenceLevel,
  GenomicPosition,
  GenotypeInterpretation,
  ImputedGenotype,
  Provenance,
} from './types'
export { validateCatalog } from './validate'

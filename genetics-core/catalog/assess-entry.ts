// Compares one catalog entry with the genotype the reader engine found at its site, and says what
// the genotype is relative to the entry: hom-ref, het, hom-alt, hemizygous, or why it cannot be
// compared (no call, a different variant at the site, another position, an indel in array data).
// Zygosity is counted from the alleles here rather than taken from the call, because a consumer
// array call has no REF and only the entry knows which letter is the variant.

import type { GeneticSex } from '../sex/infer-genetic-sex'
import { isNonPseudoautosomalX } from '../sex/sex-chromosome-sites'
import type { GenomeBuild, SiteCall } from '../types'
import { sameAllele, trimAlleles } from './allele-key'
import { callQualityOf } from './call-quality'
import { canonicalChrom } from './chrom'
import { imputedStatus, lowImputationQualityReason } from './imputation-quality'
import type { CatalogEntry, CompactAssessment, CompactGenotype, GenomicPosition } from './types'

type AlleleClass = 'ref' | 'alt' | 'other' | 'uncomparable'

export interface EntryAssessment extends CompactAssessment {
  matchedBy?: 'rsid' | 'position' | 'rsid_and_position'
  /** The call's allele that is the catalog's ALT, when it carries it (for its share of the reads). */
  carriedAlt?: string
}

function positionFor(entry: CatalogEntry, build: GenomeBuild): GenomicPosition | null {
  if (build === 'GRCh37') return entry.grch37
  if (build === 'GRCh38') return entry.grch38
  return null
}

function isBases(allele: string): boolean {
  return /^[ACGT]+$/.test(allele)
}

/** True when the call's interval on the chromosome overlaps the entry's REF. */
function overlaps(call: SiteCall, site: GenomicPosition, entryRef: string): boolean {
  const callEnd = call.pos + Math.max(1, call.ref?.length ?? 1) - 1
  const siteEnd = site.pos + entryRef.length - 1
  return canonicalChrom(call.chrom) === site.chrom && call.pos <= siteEnd && callEnd >= site.pos
}

/** True when the call's reference bases equal the entry's REF wherever the two overlap. */
function referenceAgrees(
  call: SiteCall,
  ref: string,
  entry: CatalogEntry,
  site: GenomicPosition | null,
): boolean {
  if (call.fromReferenceBlock) return true
  // Without a position on this build both are taken to start at the same base.
  const entryStart = site?.pos ?? call.pos
  const start = Math.max(call.pos, entryStart)
  const end = Math.min(call.pos + ref.length - 1, entryStart + entry.ref.length - 1)
  if (end < start) return false
  return (
    ref.slice(start - call.pos, end - call.pos + 1) ===
    entry.ref.slice(start - entryStart, end - entryStart + 1)
  )
}

function classifyVcfAllele(
  allele: string,
  call: SiteCall,
  ref: string,
  entry: CatalogEntry,
  site: GenomicPosition | null,
): AlleleClass {
  if (allele === ref) return 'ref'
  if (!isBases(allele)) return 'uncomparable'
  const observed = trimAlleles(call.pos, ref, allele)
  const expected = trimAlleles(site?.pos ?? call.pos, entry.ref, entry.alt)
  return sameAllele(observed, expected, site !== null) ? 'alt' : 'other'
}

function classifyArrayAllele(allele: string, entry: CatalogEntry): AlleleClass {
  // Array data give letters only: an indel entry cannot be compared with them.
  if (entry.ref.length !== 1 || entry.alt.length !== 1 || !isBases(allele) || allele.length !== 1)
    return 'uncomparable'
  if (allele === entry.ref) return 'ref'
  if (allele === entry.alt) return 'alt'
  return 'other'
}

function genotypeOf(classes: AlleleClass[]): CompactGenotype | null {
  const alt = classes.filter((c) => c === 'alt').length
  if (classes.length === 1) return alt === 1 ? 'hemizygous_alt' : 'hemizygous_ref'
  if (classes.length === 2) return alt === 0 ? 'hom_ref' : alt === 1 ? 'het' : 'hom_alt'
  return null
}

function interpretationFor(entry: CatalogEntry, genotype: CompactGenotype): string | undefined {
  const i = entry.interpretation
  switch (genotype) {
    case 'hom_ref':
      return i.homRef
    case 'het':
      return i.het
    case 'hom_alt':
      return i.homAlt
    case 'hemizygous_ref':
      return i.hemizygousRef
    case 'hemizygous_alt':
      return i.hemizygousAlt
  }
}

/**
 * A man has one X outside the pseudoautosomal regions. Callers and arrays often still write two
 * letters there ('AA', 1/1): those are read as one copy, and a heterozygous call is not read at all.
 */
function oneCopyOfX(alleles: string[]): { alleles: string[] } | { reason: string } {
  if (alleles.length !== 2) return { alleles }
  if (alleles[0] === alleles[1]) return { alleles: [alleles[0]] }
  return {
    reason: `The call is heterozygous (${alleles.join('/')}) on X outside the pseudoautosomal regions, but the file's X calls show one X chromosome; the call is likely an artefact and is not interpreted.`,
  }
}

/**
 * Two identical letters on X outside the pseudoautosomal regions, in a file whose genetic sex could not
 * be inferred: a man's one X written twice reads exactly like a woman's two. The catalog's wording for
 * two copies ("Both X chromosomes carry ...") is kept, with this said beside it.
 */
export const UNKNOWN_SEX_X_CAVEAT =
  'Genetic sex could not be inferred from this file, so this call may stand for one X chromosome (a man, who then carries the variant or the reference on his only X) or two (a woman).'

export function assessEntry(
  entry: CatalogEntry,
  call: SiteCall | undefined,
  build: GenomeBuild,
  sex: GeneticSex = 'unknown',
): EntryAssessment {
  const assessment = withCallQuality(withImputation(assessCall(entry, call, build, sex), call), call)
  if (
    sex === 'unknown' &&
    assessment.status === 'assessed' &&
    assessment.interpretation &&
    (assessment.genotype === 'hom_ref' || assessment.genotype === 'hom_alt') &&
    call &&
    canonicalChrom(call.chrom) === 'X' &&
    isNonPseudoautosomalX(call.pos)
  )
    return { ...assessment, interpretation: `${assessment.interpretation} ${UNKNOWN_SEX_X_CAVEAT}` }
  return assessment
}

/** Says on a read call (and on one not read for its low accuracy) that the genotype was imputed. */
function withImputation(assessment: EntryAssessment, call: SiteCall | undefined): EntryAssessment {
  const imputation = imputedStatus(call)
  if (imputation === null) return assessment
  if (assessment.status !== 'assessed' && assessment.status !== 'low_imputation_quality') return assessment
  return { ...assessment, imputation }
}

/**
 * Gives a read call the caller's own measures of it (GQ, depth, ALT read share) and what falls short in
 * them. The call stays read: a finding from a weak call is kept and marked, never withheld.
 */
function withCallQuality(assessment: EntryAssessment, call: SiteCall | undefined): EntryAssessment {
  if (call === undefined || assessment.status !== 'assessed' || !assessment.genotype) return assessment
  const callQuality = callQualityOf(call, assessment.genotype, assessment.carriedAlt ?? null)
  return callQuality === null ? assessment : { ...assessment, callQuality }
}

function assessCall(
  entry: CatalogEntry,
  call: SiteCall | undefined,
  build: GenomeBuild,
  sex: GeneticSex,
): EntryAssessment {
  const base = { entryId: entry.id }
  if (call === undefined) {
    return { ...base, status: 'not_in_source', reason: 'The source has no record at this site.' }
  }
  const malformed =
    !call ||
    typeof call !== 'object' ||
    typeof call.chrom !== 'string' ||
    !Number.isFinite(call.pos) ||
    !Array.isArray(call.alleles)
  if (malformed) {
    return { ...base, status: 'not_comparable', reason: 'The record for this site is malformed.' }
  }
  const site = positionFor(entry, build)
  const byRsid = entry.rsid !== null && call.id === entry.rsid
  const byPosition = site !== null && overlaps(call, site, entry.ref)
  if (!byPosition && !(site === null && byRsid)) {
    const where = site ? `${site.chrom}:${site.pos}` : 'no position on this build'
    return {
      ...base,
      status: 'position_mismatch',
      reason: `The record is at ${canonicalChrom(call.chrom)}:${call.pos}, the catalog has ${where} for ${build}.`,
    }
  }
  const matchedBy = byRsid && byPosition ? 'rsid_and_position' : byRsid ? 'rsid' : 'position'
  if (Array.isArray(call.conflictingGenotypes) && call.conflictingGenotypes.length > 1) {
    const genotypes = call.conflictingGenotypes.join(' and ')
    return {
      ...base,
      status: 'not_comparable',
      matchedBy,
      reason: `The file lists this site more than once with different genotypes (${genotypes}), as when two downloads are joined into one file; neither is interpreted.`,
    }
  }
  let alleles = call.alleles.map((a) => String(a).toUpperCase())
  if (sex === 'male' && canonicalChrom(call.chrom) === 'X' && isNonPseudoautosomalX(call.pos)) {
    const read = oneCopyOfX(alleles)
    if ('reason' in read)
      return { ...base, status: 'not_comparable', matchedBy, alleles, reason: read.reason }
    alleles = read.alleles
  }
  const missing = alleles.filter((a) => a === '.' || a === '' || a === '-' || a === '0').length
  if (call.zygosity === 'no_call' || alleles.length === 0 || missing === alleles.length) {
    return { ...base, status: 'no_call', matchedBy, reason: 'The source has no genotype at this site.' }
  }
  // Too uncertain to read whatever it says: not even "not a carrier". Its alleles are not repeated.
  const lowQuality = lowImputationQualityReason(call)
  if (lowQuality !== null) return { ...base, status: 'low_imputation_quality', matchedBy, reason: lowQuality }
  if (missing > 0) {
    return {
      ...base,
      status: 'not_comparable',
      matchedBy,
      alleles,
      reason: 'Only part of the genotype was called.',
    }
  }
  const ref = typeof call.ref === 'string' && call.ref !== '' ? call.ref.toUpperCase() : null
  if (call.fromReferenceBlock) {
    // A gVCF reference block asserts the reference at every position it covers. The reader places it
    // at the target and writes the reference allele as 'N' where the block's REF base is not known.
    // Where it is known (the record starts at the site), it must be the catalog's: a record whose REF is
    // another base is not the reference here (another build, or a REF not read from the genome, as
    // PLINK writes one), and reading it as "no copy" could hide two copies.
    if (byPosition && ref !== null && ref !== 'N' && ref[0] !== entry.ref[0]?.toUpperCase()) {
      return {
        ...base,
        status: 'different_variant',
        matchedBy,
        alleles,
        reason: `The record states ${ref} as the reference here, where the catalog's reference is ${entry.ref}; the source may use another build, or its REF may not be the genome's.`,
      }
    }
    const classes: AlleleClass[] = alleles.map((a) => (a === 'N' || a === ref ? 'ref' : 'uncomparable'))
    return genotypeAssessment(entry, base, matchedBy, alleles, classes)
  }
  if (ref !== null && !referenceAgrees(call, ref, entry, byPosition ? site : null)) {
    return {
      ...base,
      status: 'different_variant',
      matchedBy,
      alleles,
      reason: `The record's reference allele ${ref} does not match the catalog REF ${entry.ref} here; the source may use another build.`,
    }
  }
  const classes = alleles.map((a) =>
    ref === null
      ? classifyArrayAllele(a, entry)
      : classifyVcfAllele(a, call, ref, entry, byPosition ? site : null),
  )
  // A 1/2 call where one ALT is the catalog variant: one copy carries it, the other copy a different
  // ALT. The entry speaks of its variant only, so count the copies that carry it and say what else is there.
  if (!classes.includes('uncomparable') && classes.includes('other') && classes.includes('alt')) {
    const others = alleles.filter((_a, i) => classes[i] === 'other').join(',')
    const assessed = genotypeAssessment(
      entry,
      base,
      matchedBy,
      alleles,
      classes.map((c) => (c === 'other' ? 'ref' : c)),
    )
    if (assessed.status !== 'assessed') return assessed
    return {
      ...assessed,
      reason: `The other copy carries ${ref ?? '?'}>${others}, not the catalog variant; the interpretation speaks of ${entry.ref}>${entry.alt} on one copy only.`,
    }
  }
  if (!classes.includes('uncomparable') && classes.includes('other')) {
    const others = alleles.filter((_a, i) => classes[i] === 'other').join(',')
    return {
      ...base,
      status: 'different_variant',
      matchedBy,
      alleles,
      reason: `The source has ${ref ?? '?'}>${others} here, not the catalog variant ${entry.ref}>${entry.alt}.`,
    }
  }
  return genotypeAssessment(entry, base, matchedBy, alleles, classes)
}

/** Turns per-allele classes into a genotype and its interpretation, or says why it cannot. */
function genotypeAssessment(
  entry: CatalogEntry,
  base: { entryId: string },
  matchedBy: EntryAssessment['matchedBy'],
  alleles: string[],
  classes: AlleleClass[],
): EntryAssessment {
  if (classes.includes('uncomparable')) {
    const reason = `The alleles ${alleles.join('/')} cannot be compared with ${entry.ref}>${entry.alt}.`
    return { ...base, status: 'not_comparable', matchedBy, alleles, reason }
  }
  const genotype = genotypeOf(classes)
  const interpretation = genotype ? interpretationFor(entry, genotype) : undefined
  if (!genotype || !interpretation) {
    const reason = genotype
      ? 'A single allele at a site where everyone carries two copies.'
      : `Ploidy ${alleles.length} is not supported.`
    return { ...base, status: 'not_comparable', matchedBy, alleles, reason }
  }
  const altCopies = classes.filter((c) => c === 'alt').length
  const carriedAlt = alleles.find((_a, i) => classes[i] === 'alt')
  return {
    ...base,
    status: 'assessed',
    matchedBy,
    genotype,
    alleles,
    altCopies,
    interpretation,
    ...(carriedAlt !== undefined ? { carriedAlt } : {}),
  }
}

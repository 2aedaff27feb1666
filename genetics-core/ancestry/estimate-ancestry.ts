// The ancestry estimate from one person's calls at the panel markers: closest reference group with
// calibrated probabilities, maximum-likelihood admixture proportions with bootstrap intervals,
// coverage, confidence and a plain explanation. Pure computation on the calls the reader engine
// collected through ancestryTargets(); it reads no files.

import type { SiteCall } from '../types'
import { bootstrapAdmixtureIntervals, CONFIDENCE_LEVEL } from './admixture-bootstrap'
import { fitAdmixture } from './admixture-fit'
import { profileLikelihoodBounds } from './admixture-profile'
import { interpretCalls } from './call-observations'
import { argMax, closestGroupPosterior, closestGroups } from './closest-group'
import { AncestryError } from './errors'
import { describeAssumption, explainMethod } from './explanation'
import { REFERENCE_POPULATIONS, SUPER_POPULATION_CODES, SUPER_POPULATION_NAMES } from './populations'
import { shippedModel } from './shipped-model'
import type {
  AdmixtureComponent,
  AncestryOptions,
  AncestryResult,
  GroupProbability,
  PopulationProbability,
} from './types'

export const DEFAULT_BOOTSTRAP_REPLICATES = 200
export const MAX_BOOTSTRAP_REPLICATES = 10_000
export const DEFAULT_BOOTSTRAP_SEED = 1

/** Below this many usable markers the result is always low confidence (see ACCURACY.md, sparse inputs). */
export const LOW_CONFIDENCE_MARKERS = 50
/** Below this many usable markers the result is at best moderate confidence. */
export const MODERATE_CONFIDENCE_MARKERS = 120
/** A closest super-population less probable than this is low confidence. */
export const LOW_CONFIDENCE_PROBABILITY = 0.9
/** ... and less probable than this, at best moderate. */
export const HIGH_CONFIDENCE_PROBABILITY = 0.99
/** An admixture interval wider than this makes the admixture result low confidence (overall at most moderate). */
export const LOW_CONFIDENCE_INTERVAL_WIDTH = 0.5

const BUILDS = new Set(['NCBI36', 'GRCh37', 'GRCh38'])
const ASSUMPTIONS = new Set(['variant_only', 'reference_blocks', 'genome_wide'])

/**
 * Estimates ancestry from the calls at the panel markers (keys from ancestryTargets()).
 * Throws AncestryError ANCESTRY_NO_USABLE_MARKERS when no marker can be used,
 * ANCESTRY_INVALID_OPTIONS for options outside their documented range and ANCESTRY_INVALID_CALL for a
 * map entry that is not a genotype call.
 *
 * @example
 * // `calls`: the reader engine's Map<targetKey, SiteCall> for the targets of ancestryTargets()
 * const result = estimateAncestry(calls, { build: 'GRCh38', assumption: 'variant_only', seed: 1 })
 * result.closestGroup.superPopulation.code // 'EUR'
 * result.admixture.components // five { code, name, proportion, interval: [lower, upper] }
 */
export function estimateAncestry(calls: Map<string, SiteCall>, options: AncestryOptions): AncestryResult {
  const model = shippedModel()
  const replicates = options.bootstrap ?? DEFAULT_BOOTSTRAP_REPLICATES
  const seed = options.seed ?? DEFAULT_BOOTSTRAP_SEED
  validateOptions(calls, options, replicates, seed)

  const interpreted = interpretCalls(model, calls, options)
  const { observations, coverage } = interpreted
  if (coverage.usable === 0) {
    throw new AncestryError('ANCESTRY_NO_USABLE_MARKERS', noUsableMarkersMessage(interpreted))
  }

  const posterior = closestGroupPosterior(model, observations)
  // Rounded so that the five still add up to exactly 1, and ordered by the unrounded probabilities so
  // that the first is always the closest group even when two round to the same figure.
  const superRounded = roundToSum(posterior.superPopulationProbabilities, 4)
  const superPopulations: GroupProbability[] = SUPER_POPULATION_CODES.map((code, k) => ({
    code,
    name: SUPER_POPULATION_NAMES[code],
    probability: superRounded[k],
    exact: posterior.superPopulationProbabilities[k],
  }))
    .sort((a, b) => b.exact - a.exact)
    .map(({ exact: _, ...group }) => group)
  const describePopulation = (p: number): PopulationProbability => {
    const reference = REFERENCE_POPULATIONS.find((r) => r.code === model.populations[p].code)!
    return {
      code: reference.code,
      name: reference.name,
      superPopulation: reference.superPopulation,
      probability: round(posterior.populationProbabilities[p], 4),
    }
  }
  const populations = model.populations
    .map((_, p) => p)
    .sort((a, b) => posterior.populationProbabilities[b] - posterior.populationProbabilities[a])
    .map((p) => describePopulation(p))
  const closest = closestGroups(model, posterior)
  const topSuper = SUPER_POPULATION_CODES[closest.superPopulationIndex]
  const topSuperProbability = posterior.superPopulationProbabilities[closest.superPopulationIndex]
  const population = describePopulation(closest.populationIndex)

  const sources = model.superPopulationSources
  const fit = fitAdmixture(observations, sources)
  // The bootstrap interval, widened to the profile-likelihood bounds where resampling the person's own
  // markers cannot show the uncertainty (a share at exactly 0 or 1; see admixture-profile.ts).
  const bootstrapped =
    replicates > 0 ? bootstrapAdmixtureIntervals(observations, sources, fit, replicates, seed) : null
  const intervals = bootstrapped ? profileLikelihoodBounds(observations, sources, fit, bootstrapped) : null
  const proportions = roundToSum(fit.proportions, 4)
  const components: AdmixtureComponent[] = SUPER_POPULATION_CODES.map((code, k) => ({
    code,
    name: SUPER_POPULATION_NAMES[code],
    proportion: proportions[k],
    interval: intervals
      ? [
          Math.max(0, Math.min(round(intervals.lower[k], 4), proportions[k])),
          Math.min(1, Math.max(round(intervals.upper[k], 4), proportions[k])),
        ]
      : null,
  }))
  const widestInterval = intervals
    ? Math.max(...SUPER_POPULATION_CODES.map((_, k) => intervals.upper[k] - intervals.lower[k]))
    : 0

  const warnings: string[] = []
  const fewMarkers = coverage.usable < LOW_CONFIDENCE_MARKERS
  if (fewMarkers) {
    warnings.push(
      `Only ${coverage.usable} of ${coverage.panelSize} markers could be used; at least ` +
        `${LOW_CONFIDENCE_MARKERS} are needed for a confident answer.`,
    )
  }
  const closestLow = fewMarkers || topSuperProbability < LOW_CONFIDENCE_PROBABILITY
  if (!fewMarkers && topSuperProbability < LOW_CONFIDENCE_PROBABILITY) {
    warnings.push('No super-population is clearly closest; the probabilities are spread over several.')
  }
  const admixtureLow = fewMarkers || widestInterval > LOW_CONFIDENCE_INTERVAL_WIDTH
  if (!fewMarkers && widestInterval > LOW_CONFIDENCE_INTERVAL_WIDTH) {
    warnings.push('At least one admixture interval is wider than 0.5; the proportions are rough.')
  }
  warnings.push(...dataWarnings(interpreted, options))

  // Overall confidence follows the closest-group answer and the coverage. Wide admixture intervals
  // are common for admixed people even with every marker (the five references overlap), so they lower
  // the overall rating to moderate at most and are flagged on the admixture result itself.
  const confidence = closestLow
    ? 'low'
    : coverage.usable < MODERATE_CONFIDENCE_MARKERS ||
        topSuperProbability < HIGH_CONFIDENCE_PROBABILITY ||
        admixtureLow
      ? 'moderate'
      : 'high'

  const largestComponent = SUPER_POPULATION_CODES[argMax(fit.proportions)]
  return {
    method:
      'aisnp-169 population likelihood with calibrated probabilities; supervised admixture maximum likelihood',
    panel: {
      name: 'Kidd 55 + Kosoy/Seldin 128 ancestry-informative SNPs (169 unique)',
      markers: coverage.panelSize,
    },
    build: options.build,
    assumption: options.assumption,
    assumptionApplied: describeAssumption(options.assumption, coverage, interpreted.consumerArray),
    coverage,
    closestGroup: {
      superPopulation: superPopulations[0],
      population,
      superPopulations,
      topPopulations: populations.slice(0, 5),
      lowConfidence: closestLow,
    },
    admixture: {
      components,
      confidenceLevel: CONFIDENCE_LEVEL,
      bootstrap: { replicates, seed, resampled: 'markers' },
      logLikelihood: round(fit.logLikelihood, 4),
      lowConfidence: admixtureLow,
    },
    confidence,
    warnings,
    explanation: explainMethod({
      coverage,
      replicates,
      closestSuperPopulation: topSuper,
      largestComponent,
      build: options.build,
      assumption: options.assumption,
      consumerArray: interpreted.consumerArray,
    }),
    model: {
      format: model.file.format,
      trainingSamples: model.file.training.samples,
      calibration: {
        frequencyShrinkage: model.file.calibration.frequencyShrinkage,
        admixedLogPrior: model.file.calibration.admixedLogPrior,
        temperature: model.file.calibration.temperature,
      },
    },
  }
}

function validateOptions(calls: unknown, options: AncestryOptions, replicates: number, seed: number): void {
  const invalid = (message: string) => new AncestryError('ANCESTRY_INVALID_OPTIONS', message)
  if (!(calls instanceof Map)) throw invalid('calls must be a Map from target key to call')
  if (!options || typeof options !== 'object') throw invalid('options are required')
  if (!BUILDS.has(options.build)) throw invalid(`unknown genome build ${String(options.build)}`)
  if (!ASSUMPTIONS.has(options.assumption)) {
    throw invalid(
      `assumption must be 'variant_only', 'reference_blocks' or 'genome_wide', not ${String(options.assumption)}`,
    )
  }
  if (!Number.isInteger(replicates) || replicates < 0 || replicates > MAX_BOOTSTRAP_REPLICATES) {
    throw invalid(`bootstrap must be a whole number from 0 to ${MAX_BOOTSTRAP_REPLICATES}`)
  }
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
    throw invalid('seed must be a whole number from 0 to 4294967295')
  }
}

function dataWarnings(interpreted: ReturnType<typeof interpretCalls>, options: AncestryOptions): string[] {
  const { coverage } = interpreted
  const { alleleMismatch, filtered, unexpectedPloidy, strandAmbiguous } = coverage.unusable
  const warnings: string[] = []
  if (strandAmbiguous > 0) {
    warnings.push(
      `${counted(strandAmbiguous, 'palindromic marker')} (A/T or C/G) could not be read because the file's ` +
        'strand could not be established, and were left out.',
    )
  }
  if (alleleMismatch > 0) {
    warnings.push(
      `${counted(alleleMismatch, 'call')} had letters matching neither panel allele (another strand, an indel ` +
        'or a different variant at the same place) and could not be used.',
    )
  }
  if (filtered > 0) {
    warnings.push(`${counted(filtered, 'call')} failed the source's quality filters and could not be used.`)
  }
  if (unexpectedPloidy > 0) {
    warnings.push(`${counted(unexpectedPloidy, 'call')} had more than two alleles and could not be used.`)
  }
  if (interpreted.positionDiffers > 0) {
    warnings.push(
      `${counted(interpreted.positionDiffers, 'marker')} sat at a position other than the panel's ` +
        `${options.build} position (matched by rsID); check that the build is right.`,
    )
  }
  if (options.build === 'NCBI36') {
    warnings.push('The panel has no NCBI36 positions; markers can only have been matched by rsID.')
  }
  if (
    options.assumption === 'genome_wide' &&
    options.build === 'GRCh38' &&
    coverage.assumedHomozygousReference > 0
  ) {
    warnings.push(
      'Absent markers were taken as the GRCh37 reference allele of the panel; at a site where the GRCh38 ' +
        'reference base differs this would be wrong (not checked for this panel).',
    )
  }
  return warnings
}

/** Why no marker could be used, every reason counted, so the figures add up to the markers found. */
function noUsableMarkersMessage(interpreted: ReturnType<typeof interpretCalls>): string {
  const { coverage, consumerArray } = interpreted
  const { noCall, filtered, alleleMismatch, unexpectedPloidy, strandAmbiguous } = coverage.unusable
  const reasons = [
    `no-calls ${noCall}`,
    `filtered ${filtered}`,
    `allele mismatches ${alleleMismatch}`,
    `more than two alleles ${unexpectedPloidy}`,
    `palindromic with the strand unknown ${strandAmbiguous}`,
  ]
  const hint =
    coverage.found === 0
      ? '; the file lists none of them (a test that does not include them, or positions on another build ' +
        'than the one detected)'
      : consumerArray && strandAmbiguous > 0
        ? "; the file's strand could not be established, so its palindromic markers could not be read" +
          (alleleMismatch > 0
            ? ' and letters that fit neither panel allele may be on the opposite strand'
            : '')
        : ''
  return (
    `none of the ${coverage.panelSize} ancestry markers could be used (found ${coverage.found}: ` +
    `${reasons.join(', ')}); an ancestry estimate needs at least one${hint}`
  )
}

/**
 * Rounds values that add up to 1 to `digits` decimals so that the rounded values add up to exactly 1
 * (largest remainder): rounding each on its own can leave 0.9999 or 1.0001. A larger value never
 * rounds below a smaller one.
 */
function roundToSum(values: ArrayLike<number>, digits: number): number[] {
  const scale = 10 ** digits
  const units = Array.from(values, (v) => Math.floor(Math.max(0, v) * scale + 1e-9))
  const remainders = Array.from(values, (v, i) => Math.max(0, v) * scale - units[i])
  let missing = scale - units.reduce((a, b) => a + b, 0)
  const order = remainders.map((_, i) => i).sort((a, b) => remainders[b] - remainders[a] || a - b)
  for (let j = 0; missing > 0 && j < order.length; j++, missing--) units[order[j]]++
  // Values whose floating-point sum is a hair above 1: take the excess from the smallest remainders.
  for (let j = order.length - 1; missing < 0 && j >= 0; j--) {
    if (units[order[j]] === 0) continue
    units[order[j]]--
    missing++
  }
  return units.map((u) => u / scale)
}

/** '1 call', '3 calls'. */
function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits
  return Math.round(value * scale) / scale
}

// Chromosome names to one canonical form ('1'..'22', 'X', 'Y', 'MT') whatever the source calls them:
// bare ('1'), UCSC ('chr1', 'chrM'), RefSeq accessions ('NC_000001.10', 'NC_000001.11') and the
// numeric codes consumer arrays use for sex chromosomes (23 = X, 24 = Y, 25 = PAR, 26 = MT).
// Other contigs (alt haplotypes, decoys, toy contigs in test files) keep their own name.

/** Small integer per canonical chromosome: 1..22, X = 23, Y = 24, MT = 25; 0 for anything else. */
export type ChromosomeCode = number

export const CHROMOSOME_NAMES: readonly string[] = [
  '',
  ...Array.from({ length: 22 }, (_, i) => String(i + 1)),
  'X',
  'Y',
  'MT',
]

const cache = new Map<string, string>()

/** Canonical name for a contig name, or the name itself when it is not a primary chromosome. */
export function canonicalChromosome(name: string): string {
  const hit = cache.get(name)
  if (hit !== undefined) return hit
  const code = parseChromosomeCode(name)
  const canonical = code === 0 ? name : CHROMOSOME_NAMES[code]
  if (cache.size < 100_000) cache.set(name, canonical)
  return canonical
}

/** 1..25 for primary chromosomes (see ChromosomeCode), 0 for other contigs. */
export function chromosomeCode(name: string): ChromosomeCode {
  const canonical = canonicalChromosome(name)
  return CODE_BY_CANONICAL.get(canonical) ?? 0
}

const CODE_BY_CANONICAL = new Map(CHROMOSOME_NAMES.map((name, code) => [name, code] as const).slice(1))

// RefSeq accessions of the human primary assembly: NC_000001..NC_000024 are 1..22, X, Y in both
// GRCh37 (.10/.9) and GRCh38 (.11/.10); the mitochondrion is NC_012920 (rCRS) or NC_001807 (hg18 chrM).
function parseChromosomeCode(raw: string): ChromosomeCode {
  let name = raw.trim()
  if (/^NC_0+\d+(\.\d+)?$/i.test(name)) {
    const accession = Number(name.slice(3).split('.')[0])
    if (accession >= 1 && accession <= 24) return accession
    if (accession === 12920 || accession === 1807) return 25
    return 0
  }
  if (/^chr/i.test(name)) name = name.slice(3)
  const upper = name.toUpperCase()
  if (/^\d{1,2}$/.test(upper)) {
    const n = Number(upper)
    return n >= 1 && n <= 22 ? n : 0
  }
  if (upper === 'X') return 23
  if (upper === 'Y') return 24
  if (upper === 'M' || upper === 'MT') return 25
  return 0
}

/**
 * Chromosome column of a consumer genotype file. AncestryDNA and some array exports write the sex
 * chromosomes as numbers: 23 = X, 24 = Y, 25 = the pseudo-autosomal region (reported on X), 26 = MT;
 * 23andMe writes 'XY' for the pseudo-autosomal region.
 */
export function canonicalConsumerChromosome(raw: string): string {
  switch (raw) {
    case '23':
    case '25':
    case 'XY':
      return 'X'
    case '24':
      return 'Y'
    case '26':
      return 'MT'
    default:
      return canonicalChromosome(raw)
  }
}

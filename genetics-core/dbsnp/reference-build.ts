// The build of a dbSNP reference as NCBI ships it. Since build 155 the header names the assembly only by
// its RefSeq accession (`##reference=GCF_000001405.40`, which the general detection reads) and the
// records name chromosomes by RefSeq accessions (`NC_000001.11`), often without ##contig lines. The
// versions of those names state the build too: they decide when the header does not, and a reference
// whose names mix builds, or contradict its header, is refused rather than joined with the wrong rsIDs.

import { refseqAccessionBuild } from '../detect/genome-build'
import { GeneticsInputError } from '../errors'
import type { BuildCall, GenomeBuild } from '../types'

/**
 * The reference's build: what the general detection found (header text, contig lines), else the agreeing
 * RefSeq versions of the chromosome names its records use. A detected build and names that disagree are
 * refused, as are chromosome names of both builds in one file.
 */
export function dbsnpReferenceBuild(detected: BuildCall, chromosomeNames: Iterable<string>): BuildCall {
  let fromNames: { build: GenomeBuild; name: string } | null = null
  for (const name of chromosomeNames) {
    const build = refseqAccessionBuild(name)
    if (build === null) continue
    if (fromNames !== null && fromNames.build !== build) {
      throw new GeneticsInputError(
        'DBSNP_REFERENCE_INVALID',
        `the dbSNP reference mixes builds: ${fromNames.name} is ${fromNames.build} but ${name} is ${build}`,
      )
    }
    fromNames ??= { build, name }
  }
  if (fromNames === null) return detected
  if (detected.build === 'unknown') {
    return {
      build: fromNames.build,
      method: 'contig_names',
      evidence: `${fromNames.name} (RefSeq accession)`,
    }
  }
  if (detected.build !== fromNames.build) {
    throw new GeneticsInputError(
      'DBSNP_REFERENCE_INVALID',
      `the dbSNP reference's header says ${detected.build} (${detected.evidence}) but its chromosome ${fromNames.name} is ${fromNames.build}`,
    )
  }
  return detected
}

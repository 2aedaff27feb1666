// The build of a dbSNP reference as NCBI ships it. Since build 155 the header names the assembly only
// by its RefSeq accession (`##reference=GCF_000001405.40`) and the contigs are RefSeq accessions
// (`NC_000001.11`), neither of which the general build detection knows; without this a GRCh37
// reference read as "unknown" and a GRCh38 input was joined against it with only a warning, giving
// rsIDs of other variants. Both forms identify the build exactly, so they are read here.

import { refseqAccessionBuild } from '../detect/genome-build'
import { GeneticsInputError } from '../errors'
import type { BuildCall, GenomeBuild } from '../types'

/**
 * The build a RefSeq assembly accession names: GCF_000001405.13 (GRCh37) to .25 (GRCh37.p13), .26
 * (GRCh38) onwards (GRCh38 patches; .40 is GRCh38.p14).
 */
export function assemblyAccessionBuild(text: string): GenomeBuild | null {
  const match = /\bGCF_000001405\.(\d+)\b/i.exec(text)
  if (!match) return null
  const version = Number(match[1])
  if (version >= 13 && version <= 25) return 'GRCh37'
  if (version >= 26) return 'GRCh38'
  return null
}

/**
 * The reference's build: what the general detection found, else the header's GCF_ accession, else the
 * agreeing RefSeq versions of its chromosome names. A header and contig names that disagree are refused,
 * as are chromosome names of both builds in one file.
 */
export function dbsnpReferenceBuild(
  detected: BuildCall,
  referenceTexts: { label: string; value: string }[],
  chromosomeNames: Iterable<string>,
): BuildCall {
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
  let call = detected
  if (call.build === 'unknown') {
    for (const { label, value } of referenceTexts) {
      const build = assemblyAccessionBuild(value)
      if (build) {
        call = { build, method: 'header', evidence: `${label}=${value.trim().slice(0, 80)}` }
        break
      }
    }
  }
  if (fromNames === null) return call
  if (call.build === 'unknown') {
    return {
      build: fromNames.build,
      method: 'contig_names',
      evidence: `${fromNames.name} (RefSeq accession)`,
    }
  }
  if (call.build !== fromNames.build) {
    throw new GeneticsInputError(
      'DBSNP_REFERENCE_INVALID',
      `the dbSNP reference's header says ${call.build} (${call.evidence}) but its chromosome ${fromNames.name} is ${fromNames.build}`,
    )
  }
  return call
}

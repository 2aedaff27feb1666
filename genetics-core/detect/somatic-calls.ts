// Somatic (tumour) VCFs: the output of a cancer caller lists mutations found in a tumour, often at a
// few percent of its cells, written as `0/1` like any inherited heterozygous call. Read as germline, a
// tumour's BRCA2 or TP53 mutation would become "carries one copy" wording about the person's inherited
// risk, which it is not. So a VCF whose header shows a somatic caller or a tumour sample is named as
// such in its detection, and nothing is interpreted from it (no catalog findings, no ancestry).
//
// Only strong signs count, each written by the callers themselves: GATK Mutect2's `##tumor_sample` /
// `##normal_sample` (Sentieon TNhaplotyper2 and TNscope write them too) and its command line, DRAGEN's
// command line with tumour inputs (`--tumor-fastq-list`, `--tumor-bam-input` …), MuTect's,
// Strelka's and others' `##content=... somatic ...`, VarScan's somatic-status INFO `SS`, and the VCF
// specification's own cancer descriptors (`##SAMPLE=<...Genomes=...Tumor...>`, `##PEDIGREE=<Derived=...>`).
// A declared INFO `SOMATIC` alone does not count: germline files that copy the specification's reserved
// definitions, or annotations, declare it too.

import { GeneticsInputError } from '../errors'
import type { Detection, GeneticsWarning } from '../types'
import type { VcfHeader } from '../vcf/vcf-header'
import { clipHeaderText } from './clip-header-text'

/** Header values quoted in the warning, cut to this length. */
const clip = (text: string) => clipHeaderText(text, 80)

export const SOMATIC_CALLS = 'SOMATIC_CALLS'

const SOMATIC_CALLERS = /^(mutect2?|filtermutectcalls|muse|tnhaplotyper2?|tnscope)$/i

/** The header line that shows the file holds somatic calls, or null. */
export function somaticEvidence(header: VcfHeader): string | null {
  for (const { key, value } of header.plain) {
    if (key === 'tumor_sample' || key === 'normal_sample') return `##${key}=${clip(value)}`
    if (key === 'content' && /somatic/i.test(value)) return `##content=${clip(value)}`
    if (key === 'source' && SOMATIC_CALLERS.test(value.trim())) return `##source=${clip(value)}`
    if (/^MuTect$|^SentieonCommandLine\.(TNhaplotyper2?|TNscope)$/i.test(key)) return `##${key}`
  }
  for (const { key, fields } of header.structured) {
    const id = fields.get('ID') ?? ''
    if (/^GATKCommandLine(\.|$)/.test(key) && SOMATIC_CALLERS.test(id)) return `##${key}=<ID=${clip(id)}>`
    if (/^SentieonCommandLine\.(TNhaplotyper2?|TNscope)$/i.test(key)) return `##${key}`
    if (key === 'SAMPLE' && /tumou?r|somatic/i.test(fields.get('Genomes') ?? ''))
      return `##SAMPLE=<ID=${clip(id)},Genomes=${clip(fields.get('Genomes') ?? '')}>`
    if (key === 'PEDIGREE' && fields.has('Derived'))
      return `##PEDIGREE=<Derived=${clip(fields.get('Derived') ?? '')}>`
    // DRAGEN writes one command line for every mode; only the somatic modes take tumour inputs.
    if (
      key === 'DRAGENCommandLine' &&
      /--tumou?r-(fastq|bam|cram)/i.test(fields.get('CommandLineOptions') ?? '')
    )
      return '##DRAGENCommandLine (tumour inputs)'
    if (key === 'INFO' && id === 'SS' && /somatic/i.test(fields.get('Description') ?? ''))
      return '##INFO=<ID=SS> (somatic status)'
  }
  return null
}

export function somaticWarning(evidence: string): GeneticsWarning {
  return {
    code: SOMATIC_CALLS,
    message: `the file holds somatic (tumour) calls (${evidence}): mutations found in a tumour sample, not the person's inherited genotypes, so no catalog findings or ancestry are read from it`,
  }
}

/**
 * Refuses to interpret a file whose detection found somatic calls: the catalog's wording is about
 * inherited variants, and a tumour's mutations are not.
 */
export function refuseSomaticCalls(detection: Detection): void {
  const warning = detection.warnings.find((w) => w.code === SOMATIC_CALLS)
  if (!warning) return
  throw new GeneticsInputError(
    'SOMATIC_CALLS',
    `${warning.message}. Upload the germline VCF of the same genome instead (the normal or blood sample, called with a germline caller such as HaplotypeCaller, DeepVariant or DRAGEN germline)`,
  )
}

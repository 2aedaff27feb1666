// Turns a finished analysis into stored records: one genetics source (GET /sources lists it), its
// catalog findings, and its ancestry result, all under the caller's scope. A retried job finds the
// source it already made for the same upload and rewrites findings and ancestry in place, so a crash
// between the writes still ends with exactly one result.

import type { AppContext } from '../shared/context'
import { newId } from '../shared/ids'
import type { Scope } from '../shared/principal'
import type { Source } from '../sources/model'
import { createSource, listSources } from '../sources/service'
import type { CoreAnalysis } from './core'
import { storeFindings } from './findings'
import * as repo from './repo'
import { multipleSamplesWarning } from './sample-choice'
import { testPause } from './test-pause'
import { toSnakeCase } from './wire-case'

export interface ResultOrigin {
  filename: string | null
  content_type: string | null
  provider: string | null
  annotation_depth: 'compact' | 'full_dbsnp'
  /** The VCF sample the caller named, if any (the analysis read that one). */
  sample?: string | null
  upload?: { id: string; sha256: string | null; size_bytes: number }
  job_id?: string
  /** How the file arrived: a direct upload session or a small import. */
  via: 'upload_session' | 'imports_file'
}

/** The genetics source an earlier attempt of the same upload already created, if any. */
async function findSourceForUpload(app: AppContext, scope: Scope, uploadId: string): Promise<Source | null> {
  let cursor: string | undefined
  for (;;) {
    const page = await listSources(app, scope, { modality: 'genetics', limit: 100, cursor })
    const found = page.data.find((s) => s.details.upload_id === uploadId)
    if (found) return found
    if (!page.next_cursor) return null
    cursor = page.next_cursor
  }
}

function sourceDetails(analysis: CoreAnalysis, origin: ResultOrigin): Record<string, unknown> {
  const { detection, summary, compact, dbsnp } = analysis
  return {
    via: origin.via,
    upload_id: origin.upload?.id ?? null,
    job_id: origin.job_id ?? null,
    sha256: origin.upload?.sha256 ?? null,
    size_bytes: origin.upload?.size_bytes ?? null,
    annotation_depth: origin.annotation_depth,
    build: summary.build.build,
    build_method: summary.build.method,
    build_evidence: summary.build.evidence,
    compression: detection.compression,
    vcf_version: detection.vcfVersion,
    is_gvcf: summary.isGvcf,
    sample: summary.sample,
    samples_in_file: detection.samples.length,
    sample_requested: origin.sample ?? null,
    record_counts: toSnakeCase({
      records: summary.records,
      variantRecords: summary.variantRecords,
      referenceBlocks: summary.referenceBlocks,
      withRsid: summary.withRsid,
      multiallelicRecords: summary.multiallelicRecords,
      recordTypes: summary.recordTypes,
      alleleTypes: summary.alleleTypes,
      filters: summary.filters,
      genotypes: summary.genotypes,
      indelCalls: summary.indelCalls,
      chromosomes: Object.keys(summary.chromosomes).length,
    }),
    catalog: compact
      ? toSnakeCase({
          version: compact.catalogVersion,
          findings: compact.findings.length,
          ...compact.coverage,
        })
      : null,
    apoe: compact?.apoe ? toSnakeCase(compact.apoe) : null,
    notes: compact?.notes ?? [],
    dbsnp: dbsnp
      ? toSnakeCase({
          method: dbsnp.method,
          alleles: dbsnp.alleles,
          assigned: dbsnp.assigned,
          coverage: dbsnp.coverage,
          alleleMismatches: dbsnp.alleleMismatches,
          multipleRsids: dbsnp.multipleRsids,
          unmatchedContigs: dbsnp.unmatchedContigs,
          referenceBuild: dbsnp.referenceBuild.build,
        })
      : null,
    strand: toSnakeCase(analysis.strand),
    genetic_sex: toSnakeCase(analysis.geneticSex),
    ancestry_available: analysis.ancestry !== null,
    ancestry_unavailable_reason: analysis.ancestryUnavailable,
  }
}

/**
 * The source's warnings, at most 50. Whose findings these are comes first, so no cut can drop it: in a
 * multi-sample file that nobody chose from, it may not be the reader's own.
 */
function resultWarnings(analysis: CoreAnalysis, origin: ResultOrigin) {
  const samples = multipleSamplesWarning(
    analysis.detection,
    analysis.summary.sample,
    origin.sample,
    origin.via,
  )
  return [...(samples ? [samples] : []), ...analysis.warnings].slice(0, 50)
}

export async function storeGeneticsResult(
  app: AppContext,
  scope: Scope,
  analysis: CoreAnalysis,
  origin: ResultOrigin,
  attempt = 0,
): Promise<Source> {
  const existing = origin.upload ? await findSourceForUpload(app, scope, origin.upload.id) : null
  const source =
    existing ??
    (await createSource(app, scope, {
      modality: 'genetics',
      format: analysis.detection.format,
      provider: origin.provider,
      filename: origin.filename,
      content_type: origin.content_type,
      record_count: analysis.summary.records,
      warnings: resultWarnings(analysis, origin).map((w) => ({
        code: w.code,
        message: w.message,
        ...(w.line !== undefined ? { line: w.line } : {}),
      })),
      details: sourceDetails(analysis, origin),
    }))
  await testPause(app, 'after_source', attempt)
  await storeFindings(app, scope, source.id, analysis.compact?.findings ?? [], analysis.summary.sample)
  if (analysis.ancestry) {
    const now = app.clock.now()
    await repo.upsertAncestry(app.db, scope, {
      id: newId('anc', now.getTime()),
      source_id: source.id,
      result: toSnakeCase(analysis.ancestry) as Record<string, unknown>,
      created_at: now.toISOString(),
    })
  }
  return source
}

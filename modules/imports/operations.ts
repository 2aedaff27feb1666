// Operations of the imports module: POST /imports/file.

import { metered } from '../billing/quota'
import { defineOperation } from '../shared/operation'
import { scopeOf } from '../shared/principal'
import { CREATES } from '../shared/tool-annotations'
import { emitWebhookEvent } from '../webhooks/emit'
import { importsExamples } from './examples'
import { ImportFileBody, ImportResult } from './model'
import { UPLOAD_SESSION_HINT, UPLOAD_SESSION_PATH } from './problems'
import { importBodyLimit, importFile } from './service'

export const importsFile = defineOperation(
  {
    id: 'imports.file',
    example: importsExamples['imports.file'],
    method: 'POST',
    path: '/imports/file',
    summary: 'Import a small file: lab results, a wearable or behavioral export, or a genotype file',
    description:
      'The content (text or data_base64) is recognised by what it contains, not by its name: lab tables (CSV/TSV, long or wide, any common unit system), lab JSON, FHIR R4 Observation or Bundle, pasted lines such as "Glucose 92 mg/dL", Apple Health export.xml or export.zip, Health Connect JSON, Oura/WHOOP-style daily exports, sample series, sleep diaries and food, exercise or habit logs, and genotype files (VCF, 23andMe, AncestryDNA ...). Values are stored in canonical units with the original value and unit, and each observation cites its line or record. Unknown markers are kept with a warning. A text-based lab report PDF (sent as data_base64) is read from its text layer; a scanned PDF without text is a 422. With dry_run: true nothing is stored and the answer (200) lists the observations that would be. A zip is an Apple Health export when it holds export.xml, else a DNA test download (23andMe and AncestryDNA ship a zip of one text file). Undo an import with DELETE /sources/{id}; see what it stored with GET /sources/{id}/observations. 413 above IMPORT_MAX_BYTES, naming the upload-session path (POST /genetics/uploads) that takes genotype files of any size; 422 for unreadable content, naming the line.',
    tags: ['Imports'],
    grant: 'imports',
    body: ImportFileBody,
    output: ImportResult,
    status: 201,
    maxBodyBytes: importBodyLimit,
    tooLargeHint: { detail: UPLOAD_SESSION_HINT, extra: { upload_session_path: UPLOAD_SESSION_PATH } },
    errors: [413, 422, 429, 503],
    mcp: {
      tool: 'import_file',
      annotations: CREATES,
      description:
        'Import lab results (tables, JSON, FHIR, pasted report text, PDF reports as data_base64), wearable or behavioral data, or a small genotype file. dry_run: true previews without storing.',
    },
    x402: {
      price: '0.02',
      description: 'Import a small multimodal file (labs, wearables, behavior, genotype).',
      tags: ['imports', 'biomarkers', 'wearables', 'genetics'],
    },
  },
  async ({ body }, { app, principal }) => {
    const scope = scopeOf(principal)
    // A stored import counts against the hosted uploads quota; a dry run stores nothing and does not.
    const result = body.dry_run
      ? await importFile(app, scope, body)
      : await metered(app, scope, 'uploads', () => importFile(app, scope, body))
    if (!result.dry_run)
      await emitWebhookEvent(
        app,
        scope,
        'import.stored',
        { source_id: result.source_id, modality: result.modality },
        result.source_id ?? undefined,
      )
    // Nothing was created by a dry run: 200, not 201.
    return result.dry_run ? Response.json(result, { status: 200 }) : result
  },
)

export const importsOperations = [importsFile]

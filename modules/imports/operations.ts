// Operations of the imports module: POST /imports/file.

import { defineOperation } from '../shared/operation'
import { scopeOf } from '../shared/principal'
import { ImportFileBody, ImportResult } from './model'
import { importBodyLimit, importFile } from './service'

export const importsFile = defineOperation(
  {
    id: 'imports.file',
    method: 'POST',
    path: '/imports/file',
    summary: 'Import a small file: lab results, a wearable or behavioral export, or a genotype file',
    description:
      'The content (text or data_base64) is recognised by what it contains, not by its name: lab tables (CSV/TSV, long or wide, any common unit system), lab JSON, FHIR R4 Observation or Bundle, pasted lines such as "Glucose 92 mg/dL", Apple Health export.xml or export.zip, Health Connect JSON, Oura/WHOOP-style daily exports, sample series, sleep diaries and food, exercise or habit logs, and genotype files (VCF, 23andMe, AncestryDNA ...). Values are stored in canonical units with the original value and unit, and each observation cites its line or record. Unknown markers are kept with a warning. 413 above IMPORT_MAX_BYTES; 422 for unreadable content, naming the line.',
    tags: ['Imports'],
    grant: 'imports',
    body: ImportFileBody,
    output: ImportResult,
    status: 201,
    maxBodyBytes: importBodyLimit,
    errors: [413, 422, 503],
    mcp: {
      tool: 'import_file',
      description: 'Import lab results, wearable or behavioral data, or a small genotype file.',
    },
    x402: {
      price: '0.02',
      description: 'Import a small multimodal file (labs, wearables, behavior, genotype).',
      example: {
        body: { filename: 'labs.csv', text: 'Marker,Value,Unit,Date\nLDL-C,128,mg/dL,2026-01-10\n' },
      },
      tags: ['imports', 'biomarkers', 'wearables', 'genetics'],
    },
  },
  ({ body }, { app, principal }) => importFile(app, scopeOf(principal), body),
)

export const importsOperations = [importsFile]

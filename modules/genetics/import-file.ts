// Small genotype files sent through POST /imports/file: the imports module hands the bytes here and
// gets back the same kind of genetics source a large upload produces (same core, same findings and
// ancestry), analysed synchronously. Unreadable content is a 422 naming the line.

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AppContext } from '../shared/context'
import type { Scope } from '../shared/principal'
import { ProblemError } from '../shared/problem'
import type { Source } from '../sources/model'
import { AncestryError, analyzeGeneticsFile, GeneticsInputError } from './core'
import { storeGeneticsResult } from './store-result'

export interface GenotypeFileInput {
  bytes: Uint8Array
  filename?: string | null
  content_type?: string | null
  provider?: string | null
}

export async function importGenotypeFile(
  app: AppContext,
  scope: Scope,
  input: GenotypeFileInput,
): Promise<Source> {
  const dir = mkdtempSync(join(tmpdir(), 'wds-genotype-'))
  try {
    const path = join(dir, 'upload')
    await Bun.write(path, input.bytes)
    const analysis = await analyzeGeneticsFile(path, { annotation: 'compact' })
    return await storeGeneticsResult(app, scope, analysis, {
      filename: input.filename ?? null,
      content_type: input.content_type ?? null,
      provider: input.provider ?? null,
      annotation_depth: 'compact',
      via: 'imports_file',
    })
  } catch (error) {
    if (error instanceof GeneticsInputError || error instanceof AncestryError) {
      const line = error instanceof GeneticsInputError ? error.line : undefined
      throw new ProblemError('validation', `The genotype file could not be read: ${error.message}`, {
        extra: {
          code: error.code,
          ...(line !== undefined ? { line } : {}),
          errors: [{ in: 'body', path: '/content', message: error.message }],
        },
      })
    }
    throw error
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

// A sweep over the real genetics files in shared/data (skipped where shared/ is absent): every file goes
// through the small-file import path and either becomes a genetics source or is refused with a 422
// problem; nothing else (no untyped error, no crash, no hang). The conformance suites' deliberately
// invalid files are included.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { importGenotypeFile } from '../../../modules/genetics/service'
import { ProblemError } from '../../../modules/shared/problem'
import { type TestApp, testApp } from '../../support/app'
import { repoRoot } from '../../support/server'

const sharedDir = process.env.SHARED_DIR ?? join(repoRoot, '..', 'shared')
const genetics = join(sharedDir, 'data', 'genetics')
const available = existsSync(genetics)

function filesUnder(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) out.push(...filesUnder(path))
    else if (!/\.(tbi|csi|gzi|md|mediawiki|tsv|json|fa)$|LICENSE|README/.test(name)) out.push(path)
  }
  return out
}

let t: TestApp
beforeAll(async () => {
  if (available) t = await testApp()
})
afterAll(() => t?.cleanup())

describe('the shared genetics data', () => {
  it.skipIf(!available)(
    'each file becomes a source or a 422 problem',
    async () => {
      const p = await t.userWithKey()
      const scope = { user_id: p.userId, organization_id: p.organizationId }
      const files = [
        ...filesUnder(join(genetics, 'vcf')),
        ...filesUnder(join(genetics, 'genotype')),
        ...filesUnder(join(genetics, 'dbsnp')),
      ]
      const outcomes = { sources: 0, refused: 0 }
      const unexpected: string[] = []
      for (const file of files) {
        try {
          const source = await importGenotypeFile(t.context, scope, {
            bytes: new Uint8Array(readFileSync(file)),
          })
          expect(source.modality).toBe('genetics')
          outcomes.sources++
        } catch (error) {
          if (error instanceof ProblemError && error.status === 422 && error.detail.length > 0)
            outcomes.refused++
          else
            unexpected.push(
              `${relative(genetics, file)}: ${(error as Error).name} ${(error as Error).message}`,
            )
        }
      }
      expect(unexpected).toEqual([])
      expect(outcomes.sources).toBeGreaterThan(50)
      expect(outcomes.refused).toBeGreaterThan(10)
    },
    240_000,
  )
})

// Paths of the reader engine's test fixtures and of the shared data folder (absent on a fresh clone),
// plus a temporary-directory helper for files the tests write themselves (bad inputs, zips).

import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const repoRoot = join(import.meta.dir, '..', '..', '..')
export const fixtures = join(repoRoot, 'test', 'fixtures', 'genetics')
export const sharedDir = process.env.SHARED_DIR ?? join(repoRoot, '..', 'shared')
export const sharedGenetics = join(sharedDir, 'data', 'genetics')
export const hasShared = existsSync(sharedGenetics)

export const fixture = (...parts: string[]) => join(fixtures, ...parts)

export function tempDir(): { dir: string; path: (name: string) => string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'genetics-core-test-'))
  return { dir, path: (name) => join(dir, name), remove: () => rmSync(dir, { recursive: true, force: true }) }
}

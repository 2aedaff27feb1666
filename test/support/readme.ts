// README blocks as tests: a shell block between `<!-- NAME:start -->` and `<!-- NAME:end -->` is run as
// written (only the base URL changed) so that every curl walk-through in the README stays true.

import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { repoRoot } from './server'

export const readmeText = () => readFileSync(join(repoRoot, 'README.md'), 'utf8')

/** The shell code of a marked README block, without its fence. */
export function readmeBlock(name: string): string {
  const readme = readmeText()
  const start = `<!-- ${name}:start -->`
  const end = `<!-- ${name}:end -->`
  const from = readme.indexOf(start)
  const to = readme.indexOf(end)
  if (from < 0 || to < 0) throw new Error(`README.md has no ${start} … ${end} block`)
  return readme.slice(from + start.length, to).replace(/^\s*```sh\n|```\s*$/g, '')
}

/**
 * Run marked blocks one after another in one bash (so variables carry over), from the repository root;
 * `prelude` sets variables a block leaves to the reader (e.g. a smaller PART).
 */
export function runReadmeBlocks(names: string[], baseUrl: string, prelude = '') {
  const script = `set -euo pipefail\n${prelude}\n${names.map(readmeBlock).join('\n')}`.replaceAll(
    'http://localhost:3000',
    baseUrl,
  )
  const run = Bun.spawnSync(['bash', '-c', script], { cwd: repoRoot, stdout: 'pipe', stderr: 'pipe' })
  return { stdout: run.stdout.toString(), stderr: run.stderr.toString(), exitCode: run.exitCode }
}

// `bun run bench`: every benchmark in turn, each printing its figures beside a baseline measured in the
// same run. Pass names to run some: `bun run bench http genetics`.

import { existsSync } from 'node:fs'
import { join } from 'node:path'

const all = ['http', 'heavy-paths', 'genetics', 'labs']
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : all
for (const name of wanted) {
  const file = join(import.meta.dir, `${name}.ts`)
  if (!existsSync(file)) {
    console.error(`bench: no benchmark named ${name} (have: ${all.join(', ')})`)
    process.exit(1)
  }
  console.log(`\n=== bench/${name}.ts ===`)
  const run = Bun.spawnSync(['bun', file], { stdout: 'inherit', stderr: 'inherit' })
  if (run.exitCode !== 0) process.exit(run.exitCode ?? 1)
}

// The genetics command line run in-process: what it wrote to stdout and stderr, what it drew as the
// progress bar, and its exit status. As from a script or a pipe unless `terminal` says otherwise.

import { runCli } from '../../../genetics-core/cli'

export type Terminal = Parameters<typeof runCli>[3]

export async function runGeneticsCli(argv: string[], terminal: Terminal = {}) {
  const out: string[] = []
  const err: string[] = []
  const drawn: string[] = []
  const status = await runCli(
    argv,
    (l) => out.push(l),
    (l) => err.push(l),
    { tty: false, progress: (text) => drawn.push(text), ...terminal },
  )
  return { status, out, err, drawn }
}

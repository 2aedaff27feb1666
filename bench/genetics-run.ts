// One measured run of our genetics pipeline, started by bench/genetics.ts in a child process so its
// wall time and peak RSS are its own:
//   bun bench/genetics-run.ts scan FILE     parse + compact annotation (catalog and ancestry targets)
//   bun bench/genetics-run.ts dbsnp FILE REF full dbSNP join (every assigned rsID passed to a callback)
// Prints one JSON line.

import {
  ancestryTargets,
  annotateWithDbsnp,
  catalogTargets,
  interpretCompact,
  scanSource,
} from '../genetics-core/index'

const [mode, file, reference] = process.argv.slice(2)
const started = performance.now()
if (mode === 'scan') {
  const targets = [...catalogTargets(), ...ancestryTargets()]
  const scan = await scanSource(file, { targets })
  const build = scan.summary.build.build
  const compact = build === 'unknown' ? null : interpretCompact(scan.calls, build)
  const seconds = (performance.now() - started) / 1000
  console.log(
    JSON.stringify({
      seconds,
      records: scan.summary.records,
      targets: targets.length,
      callsFound: scan.calls.size,
      findings: compact?.findings.length ?? null,
    }),
  )
} else if (mode === 'dbsnp') {
  let assigned = 0
  const result = await annotateWithDbsnp(file, reference, {
    onAssigned: () => {
      assigned++
    },
  })
  const seconds = (performance.now() - started) / 1000
  console.log(
    JSON.stringify({
      seconds,
      method: result.method,
      alleles: result.alleles,
      assigned,
      coverage: result.coverage,
    }),
  )
} else {
  console.error('usage: genetics-run.ts scan FILE | dbsnp FILE REFERENCE')
  process.exit(64)
}

// A BGZF-compressed BCF (a file, or standard input) read on the scan workers. The main thread inflates it and cuts it into chunks of
// whole records (bcf/bgzf-bcf-chunks.ts); the workers decode each chunk to the VCF lines `bcftools view`
// prints and scan them as they scan a VCF.GZ (scan-on-workers.ts), so the result is the one-thread
// path's. A problem found on the main thread (a cut file, a record length past any real record) is
// raised only after the chunks before it, which may hold an earlier one.

import { BgzfBcfChunks } from '../bcf/bgzf-bcf-chunks'
import type { BgzfSegmentSource } from '../stream/bgzf-segments'
import type { ScanWorkerPool } from '../stream/worker-pool'
import type { VcfBodyConfig } from '../vcf/body-scanner'
import { C } from './counters'
import type { LineScanner } from './line-scanner'
import type { ScanAccumulator } from './scan-accumulator'
import { scanOnWorkers, type WorkerJob, type WorkerRun } from './scan-on-workers'

export async function scanBcfOnWorkers(
  segments: BgzfSegmentSource,
  config: VcfBodyConfig,
  make: () => LineScanner,
  onHit: (text: string, line: number) => void,
  pool: ScanWorkerPool,
  run: WorkerRun,
): Promise<ScanAccumulator> {
  const source = new BgzfBcfChunks(segments)
  async function* jobs(): AsyncGenerator<WorkerJob> {
    for await (const event of source.events()) {
      if (event.type === 'header') {
        pool.init(1, 'bcf-scan', { headerText: event.headerText, scan: config })
        // The header's lines are scanned here first, as in a VCF.GZ's first segment. Its decompressed
        // bytes are the BCF's, as the records' are (bcf-chunk-scan.ts).
        const scanned = make().scanPiece(new TextEncoder().encode(event.header.vcfText))
        scanned.counts[C.textBytes] = event.headerBytes
        yield { scanned }
      } else yield { pending: pool.submit(1, event.buffer, event.length, 0, undefined, event.firstRecord) }
    }
  }
  return scanOnWorkers(
    {
      jobs: jobs(),
      recycle: (buffer) => source.recycle(buffer),
      bytesRead: () => source.bytesRead,
      inputErrorsWait: true,
    },
    make,
    onHit,
    pool,
    run,
  )
}

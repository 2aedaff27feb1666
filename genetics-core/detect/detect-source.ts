// detectSource: what a file is, from its bytes. For consumer files whose header does not name the
// build, the rows are read once more (they are small) to decide it from known marker positions.

import { throwIfAborted } from '../errors'
import { scanInspected } from '../scan/scan-source'
import type { Detection } from '../types'
import { inspectSource } from './inspect-source'

/**
 * Detects format, compression, VCF version, samples and build from content (never the file name).
 *
 * @example
 * const detection = await detectSource('upload.bin')
 * if (detection.format === 'vcf') console.log(detection.samples, detection.build)
 */
export async function detectSource(path: string, options: { signal?: AbortSignal } = {}): Promise<Detection> {
  throwIfAborted(options.signal)
  const inspection = await inspectSource(path, options)
  if (inspection.layout && inspection.detection.build.build === 'unknown') {
    const scan = await scanInspected(inspection, { signal: options.signal })
    return { ...inspection.detection, build: scan.detection.build }
  }
  return inspection.detection
}

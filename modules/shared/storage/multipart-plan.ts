// How a file is cut into the parts of an S3 multipart upload. S3's limits: at most 10,000 parts, each
// 5 MiB to 5 GiB except the last, objects up to 5 TiB. The part size grows with the file so that the
// largest file still fits in 10,000 parts; small files keep a part size that retries cheaply.

const MiB = 1024 * 1024
export const S3_MIN_PART_BYTES = 5 * MiB
export const S3_MAX_PART_BYTES = 5 * 1024 * MiB
export const S3_MAX_PARTS = 10_000
export const S3_MAX_OBJECT_BYTES = 5 * 1024 * 1024 * MiB
/** Parts of 16 MiB: a 5 GiB file is 320 parts, and a failed part costs little to resend. */
export const DEFAULT_PART_BYTES = 16 * MiB

export interface MultipartPlan {
  sizeBytes: number
  partSize: number
  partCount: number
}

/**
 * The part size and count for a file of `sizeBytes`. `preferredPartBytes` is the size to use when the
 * file fits in 10,000 such parts (below S3's 5 MiB minimum only for test servers that allow it).
 */
export function planMultipart(sizeBytes: number, preferredPartBytes = DEFAULT_PART_BYTES): MultipartPlan {
  if (!Number.isSafeInteger(sizeBytes) || sizeBytes < 1 || sizeBytes > S3_MAX_OBJECT_BYTES)
    throw new RangeError(`a multipart object holds 1 to ${S3_MAX_OBJECT_BYTES} bytes, not ${sizeBytes}`)
  if (!Number.isSafeInteger(preferredPartBytes) || preferredPartBytes < 1)
    throw new RangeError(`part size must be a positive whole number, not ${preferredPartBytes}`)
  let partSize = preferredPartBytes
  if (Math.ceil(sizeBytes / partSize) > S3_MAX_PARTS) {
    // Whole MiB keeps part boundaries easy to reason about for clients that slice files.
    partSize = Math.ceil(sizeBytes / S3_MAX_PARTS / MiB) * MiB
  }
  partSize = Math.min(partSize, S3_MAX_PART_BYTES)
  return { sizeBytes, partSize, partCount: Math.ceil(sizeBytes / partSize) }
}

/** Where part `partNumber` (1-based) starts in the file and how many bytes it carries. */
export function partSpan(plan: MultipartPlan, partNumber: number): { offset: number; size: number } {
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > plan.partCount)
    throw new RangeError(`part ${partNumber} is outside 1..${plan.partCount}`)
  const offset = (partNumber - 1) * plan.partSize
  return { offset, size: Math.min(plan.partSize, plan.sizeBytes - offset) }
}

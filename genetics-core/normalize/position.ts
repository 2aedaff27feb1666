// The largest position a record may give. JavaScript numbers hold whole numbers exactly only up to
// 2^53 - 1; a longer run of digits would be read as some other position, so it is refused, as
// bcftools refuses a POS beyond its own 64-bit limit. No sequence comes near: the longest human
// chromosome has about 2.5 × 10^8 bases.
export const MAX_POSITION = Number.MAX_SAFE_INTEGER

export function positionTooLargeMessage(text: string): string {
  return `"${text.slice(0, 24)}" is larger than any position a sequence can have`
}

// A BCF float (QUAL, Float INFO and FORMAT values) written as htslib 1.16 writes it in VCF text, so the
// text the reader scans is the text `bcftools view` prints. htslib's kputd() rounds to six significant
// digits itself between 0.0001 and 999999 (scaling by a power of ten, adding a half and cutting), and
// hands the other magnitudes to printf("%g"). Both are replicated: the first step for step, the second
// with JavaScript's exact decimal conversion, which rounds an exact tie up where glibc rounds it to
// even, so ties are settled with integer arithmetic. writeBcfFloat writes kputd's common case straight
// into the text as bytes: a float is in most records (QUAL, AF, MQ, QD), and making strings for them
// took a third of the decoding time.

import type { TextWriter } from './text-writer'

/** The VCF text of a float as htslib writes it (`0.333333`, `30.1`, `1.23457e+06`, `-0`, `nan`). */
export function formatBcfFloat(value: number): string {
  if (value === 0) return Object.is(value, -0) ? '-0' : '0'
  if (Number.isNaN(value)) return 'nan'
  const negative = value < 0
  const d = negative ? -value : value
  const text = d >= 0.0001 && d <= 999999 ? kputdDigits(d) : percentG(d)
  return negative ? `-${text}` : text
}

/** Powers of ten as exact doubles (every one up to 1e22 is exact). */
const POW10 = Array.from({ length: 18 }, (_, k) => 10 ** k)
/** The six significant digits of a float being written, most significant first. */
const sixDigits = new Uint8Array(6)

/** Writes formatBcfFloat(value) into the text. */
export function writeBcfFloat(out: TextWriter, value: number): void {
  const d = value < 0 ? -value : value
  if (!(d >= 0.0001 && d <= 999999)) {
    out.ascii(formatBcfFloat(value))
    return
  }
  if (value < 0) out.byte(45)
  const i = Math.trunc(d * 1e10) + KPUTD_HALF[decadeOf(d)]
  // i has p digits (at least 7: d >= 0.0001); its first six are what kputd keeps. The remainder and
  // the difference are exact in doubles (see kputdDigits), so the quotient is exact, and below 10^6.
  let p = 7
  while (i >= POW10[p]) p++
  const scale = POW10[p - 6]
  let top = ((i - (i % scale)) / scale) | 0
  for (let k = 5; k >= 0; k--) {
    const q = (top / 10) | 0
    sixDigits[k] = top - q * 10
    top = q
  }
  // Trailing zeros of the fraction are dropped, and the point with them.
  let last = 5
  const whole = p > 10 ? p - 10 : 0
  while (last >= whole && last > 0 && sixDigits[last] === 0) last--
  out.reserve(16)
  if (whole === 0) {
    out.byte(48)
    out.byte(46)
    for (let z = p; z < 10; z++) out.byte(48)
    for (let k = 0; k <= last; k++) out.byte(48 + sixDigits[k])
    return
  }
  for (let k = 0; k < whole; k++) out.byte(48 + sixDigits[k])
  if (last < whole) return
  out.byte(46)
  for (let k = whole; k <= last; k++) out.byte(48 + sixDigits[k])
}

/** kputd's decade of 0.0001 <= d <= 999999: its comparisons with 0.001, 0.01 … 100000, in its order. */
function decadeOf(d: number): number {
  if (d < 1) return d < 0.001 ? 0 : d < 0.01 ? 1 : d < 0.1 ? 2 : 3
  return d < 10 ? 4 : d < 100 ? 5 : d < 1000 ? 6 : d < 10000 ? 7 : d < 100000 ? 8 : 9
}

/** Rounding constants kputd adds to d * 1e10 for each decade of d, from [0.0001, 0.001) up. */
const KPUTD_HALF = [5, 50, 500, 5000, 50000, 500000, 5000000, 50000000, 500000000, 5000000000]

/** kputd's own path for 0.0001 <= d <= 999999. */
function kputdDigits(d: number): string {
  // d * 1e10 is below 2^54 and, above 2^53, an even integer; the rounding constants are even, so the
  // sum is exact in a double as it is in C's uint64.
  const i = Math.trunc(d * 1e10) + KPUTD_HALF[decadeOf(d)]
  const digits = String(i)
  const p = digits.length
  let text: string
  if (p <= 10) {
    // d < 1: "0." then zeros up to ten places, then the first six digits.
    text = `0.${'0'.repeat(10 - p)}${digits.slice(0, 6)}`
  } else {
    // d >= 1: the integer part, a point, and the digits up to six in all.
    const whole = digits.slice(0, p - 10)
    text =
      whole.length >= 6 ? whole.slice(0, 6) : `${whole}.${digits.slice(p - 10, p - 10 + 6 - whole.length)}`
  }
  return trimZeros(text)
}

/** Drops trailing zeros after a decimal point, and the point when nothing follows it. */
function trimZeros(text: string): string {
  if (!text.includes('.')) return text
  let end = text.length
  while (text.charCodeAt(end - 1) === 48) end--
  if (text.charCodeAt(end - 1) === 46) end--
  return text.slice(0, end)
}

/** printf("%g", d) for d > 0: six significant digits, exponent form below 1e-4 and from 1e6. */
function percentG(d: number): string {
  if (d === Number.POSITIVE_INFINITY) return 'inf'
  let [mantissa, exponentText] = d.toExponential(5).split('e')
  let exponent = Number(exponentText)
  const even = roundedHalfEven(d, exponent)
  if (even !== null) [mantissa, exponent] = even
  if (exponent < -4 || exponent >= 6) {
    const sign = exponent < 0 ? '-' : '+'
    const magnitude = Math.abs(exponent)
    return `${trimZeros(mantissa)}e${sign}${magnitude < 10 ? '0' : ''}${magnitude}`
  }
  // Only reached when rounding carried the value into the fixed range (999999.5 -> 1e+06 is not).
  return trimZeros(Number(`${mantissa}e${exponent}`).toFixed(Math.max(0, 5 - exponent)))
}

/**
 * When d lies exactly halfway between two six-digit values (only possible for a double's exact binary
 * value, e.g. 1234565), the mantissa and exponent glibc prints (the even neighbour); null otherwise.
 */
function roundedHalfEven(d: number, exponent: number): [string, number] | null {
  // A tie shows as a 5 followed by zeros at the seventh significant digit in a longer exact expansion.
  const long = d.toExponential(30)
  if (!/^\d\.\d{5}50{24}e/.test(long)) return null
  const [numerator, denominator] = exactFraction(d)
  // d / 10^(exponent - 5) = numerator / denominator, scaled so that six digits sit before the point.
  const shift = exponent - 5
  const top = shift >= 0 ? numerator : numerator * 10n ** BigInt(-shift)
  const bottom = shift >= 0 ? denominator * 10n ** BigInt(shift) : denominator
  const whole = top / bottom
  if ((top % bottom) * 2n !== bottom) return null
  let digits = whole % 2n === 0n ? whole : whole + 1n
  let newExponent = exponent
  if (digits >= 1000000n) {
    digits /= 10n
    newExponent++
  }
  const text = digits.toString()
  return [`${text[0]}.${text.slice(1)}`, newExponent]
}

/** The exact value of a positive finite double as numerator / denominator (a power of two). */
function exactFraction(d: number): [bigint, bigint] {
  const view = new DataView(new ArrayBuffer(8))
  view.setFloat64(0, d)
  const bits = view.getBigUint64(0)
  const biased = Number((bits >> 52n) & 0x7ffn)
  const fraction = bits & 0xfffffffffffffn
  const mantissa = biased === 0 ? fraction : fraction | (1n << 52n)
  const exponent = (biased === 0 ? 1 : biased) - 1075
  return exponent >= 0 ? [mantissa << BigInt(exponent), 1n] : [mantissa, 1n << BigInt(-exponent)]
}

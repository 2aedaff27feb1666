// Identifiers: a readable prefix (`usr_`, `src_`, `job_` ...) and 26 Crockford base32 characters,
// time-ordered (10 characters of millisecond timestamp, then 16 random ones) so ids sort by creation for
// cursors. Within one process ids are strictly increasing: a second id in the same (or an earlier)
// millisecond reuses the last time and increments the random part.

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'

let lastTime = -1
let lastRandom: number[] = []

function nextRandom(): number[] {
  const digits = [...lastRandom]
  for (let i = digits.length - 1; i >= 0; i--) {
    if (digits[i] < 31) {
      digits[i]++
      return digits
    }
    digits[i] = 0
  }
  return digits
}

export function newId(prefix: string, now: number = Date.now()): string {
  let random: number[]
  if (now <= lastTime) {
    now = lastTime
    random = nextRandom()
  } else {
    random = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b % 32)
    // Leave headroom so increments within one millisecond never wrap.
    random[0] = Math.min(random[0], 15)
  }
  lastTime = now
  lastRandom = random
  let time = ''
  let t = now
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time
    t = Math.floor(t / 32)
  }
  return `${prefix}_${time}${random.map((d) => ALPHABET[d]).join('')}`
}

/** The smallest id of this prefix minted at `time` or later: ids below it were minted before `time`. */
export function idFloor(prefix: string, time: number): string {
  let encoded = ''
  let t = Math.max(0, Math.floor(time))
  for (let i = 0; i < 10; i++) {
    encoded = ALPHABET[t % 32] + encoded
    t = Math.floor(t / 32)
  }
  return `${prefix}_${encoded}${'0'.repeat(16)}`
}

/** A high-entropy secret for bearer tokens: prefix plus 32 random bytes in base64url. */
export function newSecret(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return prefix + Buffer.from(bytes).toString('base64url')
}

/** SHA-256 hex of a secret; only the hash of a token is ever stored. */
export function hashSecret(secret: string): string {
  return new Bun.CryptoHasher('sha256').update(secret).digest('hex')
}

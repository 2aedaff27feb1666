// Identifiers: a readable prefix (`usr_`, `src_`, `job_` ...) and 26 Crockford base32 characters,
// time-ordered (48-bit millisecond timestamp, then 80 random bits) so ids sort by creation for cursors.

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'

export function newId(prefix: string, now: number = Date.now()): string {
  let time = ''
  let t = now
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time
    t = Math.floor(t / 32)
  }
  const random = crypto.getRandomValues(new Uint8Array(16))
  let rest = ''
  for (let i = 0; i < 16; i++) rest += ALPHABET[random[i] % 32]
  return `${prefix}_${time}${rest}`
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

// Provider tokens at rest: AES-256-GCM under TOKEN_ENCRYPTION_KEY. A sealed value names the key that
// sealed it (a short fingerprint), so after a rotation (new key first, old keys after it) old values
// still open and `needsReseal` tells the caller to write them back under the current key.

import { createHash } from 'node:crypto'
import { ProblemError } from '../../shared/problem'

const VERSION = 'v1'

const fingerprint = (key: Uint8Array) => createHash('sha256').update(key).digest('hex').slice(0, 8)

const b64 = (bytes: ArrayBuffer | Uint8Array) => Buffer.from(bytes as ArrayBuffer).toString('base64url')
const unb64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'))

export class TokenCipher {
  private readonly keys: { id: string; key: Promise<CryptoKey> }[]

  constructor(rawKeys: readonly Uint8Array[]) {
    this.keys = rawKeys.map((raw) => ({
      id: fingerprint(raw),
      key: crypto.subtle.importKey('raw', raw as Uint8Array<ArrayBuffer>, 'AES-GCM', false, [
        'encrypt',
        'decrypt',
      ]),
    }))
  }

  get configured(): boolean {
    return this.keys.length > 0
  }

  private current() {
    const first = this.keys[0]
    if (!first)
      throw new ProblemError(
        'unavailable',
        'Wearable connections need TOKEN_ENCRYPTION_KEY: provider tokens are only stored encrypted.',
      )
    return first
  }

  /** Encrypt under the current key; `context` (e.g. the connection id) is bound as associated data. */
  async seal(plaintext: string, context: string): Promise<string> {
    const { id, key } = this.current()
    const iv = crypto.getRandomValues(new Uint8Array(12))
    const sealed = await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(context) },
      await key,
      new TextEncoder().encode(plaintext),
    )
    return [VERSION, id, b64(iv), b64(sealed)].join('.')
  }

  /** Decrypt with whichever configured key sealed the value; throws when none did or it was altered. */
  async open(sealed: string, context: string): Promise<string> {
    this.current()
    const [version, id, iv, data] = sealed.split('.')
    const entry = this.keys.find((k) => k.id === id)
    if (version !== VERSION || !entry || !iv || !data)
      throw new ProblemError(
        'unavailable',
        'A stored provider token was sealed with a key that is no longer in TOKEN_ENCRYPTION_KEY; reconnect the wearable or restore the old key after the new one.',
      )
    try {
      const plain = await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: unb64(iv), additionalData: new TextEncoder().encode(context) },
        await entry.key,
        unb64(data),
      )
      return new TextDecoder().decode(plain)
    } catch {
      // GCM's tag check failed: the value was altered or moved to another row. Never echo it.
      throw new ProblemError(
        'unavailable',
        'A stored provider token could not be decrypted; reconnect the wearable.',
      )
    }
  }

  /** True when the value was sealed with an older key and should be written back under the current one. */
  needsReseal(sealed: string): boolean {
    return sealed.split('.')[1] !== this.current().id
  }
}

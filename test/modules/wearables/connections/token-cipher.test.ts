// Provider tokens at rest: AES-256-GCM sealing bound to its row, and key rotation (new key first, old
// keys after it) where old values still open and are flagged for re-sealing under the new key.

import { describe, expect, it } from 'bun:test'
import { ProblemError } from '../../../../modules/shared/problem'
import { TokenCipher } from '../../../../modules/wearables/connections/token-cipher'

const OLD = new Uint8Array(32).fill(1)
const NEW = new Uint8Array(32).fill(2)

describe('token cipher', () => {
  it('seals to a value that does not contain the token and opens back to it', async () => {
    const cipher = new TokenCipher([OLD])
    const sealed = await cipher.seal('at-secret-token', 'org:usr:whoop:access')
    expect(sealed).toStartWith('v1.')
    expect(sealed).not.toContain('at-secret-token')
    expect(await cipher.open(sealed, 'org:usr:whoop:access')).toBe('at-secret-token')
    // A fresh IV each time: sealing twice gives two different values.
    expect(await cipher.seal('at-secret-token', 'org:usr:whoop:access')).not.toBe(sealed)
  })

  it('refuses a value moved to another row or altered, without echoing it', async () => {
    const cipher = new TokenCipher([OLD])
    const sealed = await cipher.seal('at-secret-token', 'org:usr-a:whoop:access')
    const moved = cipher.open(sealed, 'org:usr-b:whoop:access')
    await expect(moved).rejects.toBeInstanceOf(ProblemError)
    await expect(moved).rejects.toThrow('could not be decrypted')
    const parts = sealed.split('.')
    parts[3] = `${parts[3]!.slice(0, -2)}${parts[3]!.endsWith('AA') ? 'BB' : 'AA'}`
    await expect(cipher.open(parts.join('.'), 'org:usr-a:whoop:access')).rejects.toThrow(
      'could not be decrypted',
    )
  })

  it('after rotation opens values sealed with the old key and asks for them to be re-sealed', async () => {
    const before = await new TokenCipher([OLD]).seal('rt-refresh', 'ctx')
    const rotated = new TokenCipher([NEW, OLD])
    expect(await rotated.open(before, 'ctx')).toBe('rt-refresh')
    expect(rotated.needsReseal(before)).toBe(true)
    const resealed = await rotated.seal('rt-refresh', 'ctx')
    expect(rotated.needsReseal(resealed)).toBe(false)
    // Once every value is re-sealed the old key can go.
    expect(await new TokenCipher([NEW]).open(resealed, 'ctx')).toBe('rt-refresh')
    await expect(new TokenCipher([NEW]).open(before, 'ctx')).rejects.toThrow(
      'no longer in TOKEN_ENCRYPTION_KEY',
    )
  })

  it('refuses to seal without a key', async () => {
    await expect(new TokenCipher([]).seal('x', 'ctx')).rejects.toThrow('TOKEN_ENCRYPTION_KEY')
  })
})

// Values kept per request on the Request itself (modules/shared/request-slot.ts): what a WeakMap keyed by
// the request did, including null values, separate slots and forgetting.

import { describe, expect, it } from 'bun:test'
import { requestSlot } from '../../../modules/shared/request-slot'

describe('requestSlot', () => {
  it('keeps a value per request, null included, and forgets it', () => {
    const peer = requestSlot<string | null>('peer')
    const a = new Request('http://localhost/a')
    const b = new Request('http://localhost/b')
    expect(peer.has(a)).toBe(false)
    expect(peer.get(a)).toBeUndefined()
    peer.set(a, null)
    peer.set(b, '127.0.0.1')
    expect(peer.has(a)).toBe(true)
    expect(peer.get(a)).toBeNull()
    expect(peer.get(b)).toBe('127.0.0.1')
    peer.delete(a)
    expect(peer.has(a)).toBe(false)
    expect(peer.get(b)).toBe('127.0.0.1')
  })

  it('keeps two slots apart even with the same description, and shows nothing on the request', () => {
    const one = requestSlot<number>('started at')
    const two = requestSlot<number>('started at')
    const request = new Request('http://localhost/')
    one.set(request, 1)
    two.set(request, 2)
    expect(one.get(request)).toBe(1)
    expect(two.get(request)).toBe(2)
    expect(Object.keys(request)).toEqual([])
    expect(request.url).toBe('http://localhost/')
  })
})

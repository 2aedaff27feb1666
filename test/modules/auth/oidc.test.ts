// OIDC bearer tokens: JWTs from the configured issuer, verified against a JWKS served by this test on
// 127.0.0.1, with issuer, audience, expiry and signature all checked.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import { type TestApp, testApp } from '../../support/app'

let t: TestApp
let issuerServer: ReturnType<typeof Bun.serve>
let issuer: string
let signingKey: CryptoKey
let strangerKey: CryptoKey

beforeAll(async () => {
  const pair = await generateKeyPair('RS256')
  signingKey = pair.privateKey as CryptoKey
  strangerKey = (await generateKeyPair('RS256')).privateKey as CryptoKey
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }
  issuerServer = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch(request) {
      const path = new URL(request.url).pathname
      if (path === '/.well-known/openid-configuration')
        return Response.json({ issuer, jwks_uri: `${issuer}/jwks` })
      if (path === '/jwks') return Response.json({ keys: [jwk] })
      return new Response('not found', { status: 404 })
    },
  })
  issuer = `http://127.0.0.1:${issuerServer.port}`
  t = await testApp({ oidc: { issuer, audience: 'wellness-api', jwksUrl: null } })
})
afterAll(async () => {
  await t.cleanup()
  issuerServer.stop(true)
})

async function token(
  claims: Record<string, unknown> = {},
  options: { key?: CryptoKey; audience?: string; expiresIn?: string; iss?: string } = {},
) {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setSubject((claims.sub as string) ?? 'subject-1')
    .setIssuer(options.iss ?? issuer)
    .setAudience(options.audience ?? 'wellness-api')
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '5m')
    .sign(options.key ?? signingKey)
}

describe('OIDC access tokens', () => {
  it('accepts a valid token and maps its subject to one user with a personal workspace', async () => {
    const first = await t.call('GET', '/me', { token: await token({ sub: 'alice' }) })
    expect(first.status).toBe(200)
    expect(first.body.kind).toBe('oidc')
    expect(first.body.user_id).toMatch(/^usr_/)
    expect(first.body.organization_id).toMatch(/^org_/)
    const again = await t.call('GET', '/me', { token: await token({ sub: 'alice' }) })
    expect(again.body.user_id).toBe(first.body.user_id)
    const bob = await t.call('GET', '/me', { token: await token({ sub: 'bob' }) })
    expect(bob.body.user_id).not.toBe(first.body.user_id)
  })

  it('takes grants from the scope claim, ignoring names it does not know', async () => {
    const r = await t.call('GET', '/me', {
      token: await token({ sub: 'carol', scope: 'imports trends openid keys' }),
    })
    expect(r.body.grants).toEqual(['imports', 'trends'])
  })

  it('refuses an expired token', async () => {
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setSubject('dave')
      .setIssuer(issuer)
      .setAudience('wellness-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(signingKey)
    const r = await t.call('GET', '/me', { token: expired })
    expect(r.status).toBe(401)
    expect(r.body.detail).toBe('The OIDC access token has expired.')
  })

  it('refuses a wrong audience, a wrong issuer and a signature from another key', async () => {
    for (const bad of [
      await token({}, { audience: 'someone-else' }),
      await token({}, { iss: 'http://127.0.0.1:1/other' }),
      await token({}, { key: strangerKey }),
    ]) {
      const r = await t.call('GET', '/me', { token: bad })
      expect(r.status).toBe(401)
      expect(r.body.detail).toBe('The OIDC access token could not be verified.')
    }
  })
})

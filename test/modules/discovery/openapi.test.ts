// The OpenAPI 3.1.0 document is generated from the registry, validates against the OAS 3.1 schema, and
// lists exactly the routes the app serves, each with its problem responses and security.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Validator } from '@seriousme/openapi-schema-validator'
import { allOperations } from '../../../modules/app'
import { isAuthorizationServerPath } from '../../../modules/oauth-server'
import { openApiPath } from '../../../modules/shared/operation'
import { type TestApp, testApp } from '../../support/app'

let t: TestApp
let doc: any
beforeAll(async () => {
  t = await testApp()
  doc = (await t.call('GET', '/openapi.json')).body
})
afterAll(() => t.cleanup())

const documented = () =>
  Object.entries(doc.paths as Record<string, Record<string, unknown>>)
    .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
    .sort()

describe('GET /openapi.json', () => {
  it('is a valid OpenAPI 3.1.0 document, version 0.5.2', async () => {
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.info.version).toBe('0.5.2')
    const validator = new Validator()
    const result = await validator.validate(doc)
    if (!result.valid) console.error(JSON.stringify(result.errors, null, 2).slice(0, 3000))
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')
  })

  it("names the repository's licence by its SPDX identifier", () => {
    expect(doc.info.license).toEqual({ name: 'Apache License 2.0', identifier: 'Apache-2.0' })
    const licence = readFileSync(join(import.meta.dir, '..', '..', '..', 'LICENSE'), 'utf8')
    expect(licence).toContain('Apache License')
    expect(licence).toContain('Version 2.0, January 2004')
  })

  it('documents every route the app serves, and nothing else', () => {
    // The console's pages are for people in a browser, not API operations (see modules/console); the
    // OAuth authorization server speaks OAuth's own wire format, described by its RFC 8414 metadata.
    const served = t.app.routes
      .filter((r) => r.path !== '/console' && !r.path.startsWith('/console/'))
      .filter((r) => !isAuthorizationServerPath(r.path))
      .map((r) => `${r.method} ${openApiPath(r.path)}`)
      .sort()
    expect(documented()).toEqual(served)
  })

  it('leaves the console out of the API document', () => {
    expect(t.app.routes.some((r) => r.path === '/console/keys')).toBe(true)
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/console'))).toEqual([])
  })

  it('documents every registry operation under its operationId', () => {
    const ids = Object.values(doc.paths as Record<string, Record<string, any>>).flatMap((ops) =>
      Object.values(ops).map((o) => o.operationId),
    )
    expect(ids.sort()).toEqual(allOperations.map((o) => o.id).sort())
  })

  it('declares the bearer scheme and problem+json responses', () => {
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' })
    const create = doc.paths['/api-keys'].post
    expect(create.security).toEqual([{ bearer: [] }])
    for (const status of ['400', '401', '403', '413', '415', '422', '500']) {
      expect(create.responses[status]).toEqual({ $ref: `#/components/responses/Problem${status}` })
    }
    expect(doc.components.responses.Problem401.content['application/problem+json'].schema).toEqual({
      $ref: '#/components/schemas/Problem',
    })
    expect(doc.components.schemas.Problem.required).toEqual(['type', 'title', 'status', 'detail'])
    expect(doc.paths['/health'].get.security).toEqual([])
  })

  it('documents the 402 of the introductory allowance where it can happen, and not where it cannot', () => {
    expect(doc.paths['/sources'].get.responses['402']).toEqual({ $ref: '#/components/responses/Problem402' })
    expect(doc.paths['/webhooks/endpoints'].post.responses['402']).toBeDefined()
    expect(doc.paths['/billing/subscription'].get.responses['402']).toBeUndefined()
    expect(doc.paths['/users/{user_id}/data/export'].get.responses['402']).toBeUndefined()
    expect(doc.paths['/pricing'].get.responses['402']).toBeUndefined()
    expect(doc.components.responses.Problem402.description).toContain('checkout')
  })

  it('carries request and response schemas, with named schemas referenced', () => {
    const create = doc.paths['/api-keys'].post
    expect(create.responses['201'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ApiKeyCreated',
    })
    expect(doc.components.schemas.ApiKeyCreated.required).toContain('api_key')
    const verify = doc.paths['/auth/otp/verify'].post
    expect(verify.requestBody.content['application/json'].schema.required).toEqual(['email', 'token'])
    const revoke = doc.paths['/api-keys/{id}/revoke'].post
    // Shared header parameters are declared once in components and referenced.
    const parameter = (p: any) => (p.$ref ? doc.components.parameters[p.$ref.split('/').pop()] : p)
    expect(revoke.parameters.filter((p: any) => parameter(p).in !== 'header')).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
    ])
    // A retry-safe key on authenticated POSTs; the x402 payment header on payable routes.
    expect(revoke.parameters).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' })
    expect(revoke.parameters.map((p: any) => parameter(p).name)).toContain('Idempotency-Key')
    const paid = doc.paths['/imports/file'].post
    expect(paid.parameters.map((p: any) => parameter(p).name)).toEqual([
      'Idempotency-Key',
      'PAYMENT-SIGNATURE',
    ])
    expect(Object.keys(paid.responses)).toEqual(expect.arrayContaining(['402', '503']))
  })

  it('writes a union of literals as an enum, with the same values in the same order', () => {
    const unions: unknown[] = []
    const visit = (node: any): void => {
      if (Array.isArray(node)) {
        for (const item of node) visit(item)
        return
      }
      if (!node || typeof node !== 'object') return
      const members = node.anyOf
      if (Array.isArray(members) && members.length > 1 && members.every((m: any) => m && 'const' in m))
        if (new Set(members.map((m: any) => m.type)).size === 1) unions.push(node)
      for (const value of Object.values(node)) visit(value)
    }
    visit(doc)
    expect(unions).toEqual([])
    // A TypeBox union of literals: the wearable provider of a sync request, its description kept.
    const body = doc.paths['/connections/wearables/sync'].post.requestBody.content['application/json'].schema
    expect(body.properties.source_provider).toEqual({
      description: 'A wearable provider.',
      type: 'string',
      enum: ['whoop', 'oura', 'health_connect'],
    })
  })
})

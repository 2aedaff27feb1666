// Discovery operations: the OpenAPI document, capabilities, pricing, health, readiness, problem types
// and the x402 route catalogue. All public.

import { Type } from '@sinclair/typebox'
import { API_VERSION, openApiDocument } from '../shared/openapi'
import { defineOperation } from '../shared/operation'
import { notFound, PROBLEM_TYPES } from '../shared/problem'
import { discoveryExamples } from './examples'
import { Capabilities, Health, Pricing, ProblemTypeDoc, Ready, X402Catalog } from './model'
import { capabilities, pricing, readiness, x402Document } from './service'

const tags = ['Discovery']
const startedAt = Date.now()
const documents = new WeakMap<object, unknown>()

export const openApiOperation = defineOperation(
  {
    id: 'discovery.openapi',
    example: discoveryExamples['discovery.openapi'],
    method: 'GET',
    path: '/openapi.json',
    document: true,
    summary: 'The OpenAPI 3.1 document of this API',
    tags,
    grant: null,
    output: Type.Unknown(),
  },
  (_input, { app }) => {
    let doc = documents.get(app.operations)
    if (!doc) {
      doc = openApiDocument(app.operations, app.config.publicBaseUrl)
      documents.set(app.operations, doc)
    }
    return doc
  },
)

export const capabilitiesOperation = defineOperation(
  {
    id: 'discovery.capabilities',
    example: discoveryExamples['discovery.capabilities'],
    method: 'GET',
    path: '/capabilities',
    document: true,
    summary: 'What this deployment offers',
    tags,
    grant: null,
    output: Capabilities,
  },
  (_input, { app }) => capabilities(app),
)

export const pricingOperation = defineOperation(
  {
    id: 'discovery.pricing',
    example: discoveryExamples['discovery.pricing'],
    method: 'GET',
    path: '/pricing',
    document: true,
    summary: 'The plan and limit catalogue',
    tags,
    grant: null,
    output: Pricing,
  },
  (_input, { app }) => pricing(app),
)

export const healthOperation = defineOperation(
  {
    id: 'discovery.health',
    example: discoveryExamples['discovery.health'],
    method: 'GET',
    path: '/health',
    summary: 'Liveness',
    tags,
    grant: null,
    output: Health,
  },
  () => ({
    status: 'ok' as const,
    version: API_VERSION,
    uptime_seconds: Math.round((Date.now() - startedAt) / 1000),
  }),
)

export const readyOperation = defineOperation(
  {
    id: 'discovery.ready',
    example: discoveryExamples['discovery.ready'],
    method: 'GET',
    path: '/ready',
    summary: 'Readiness: the database, blob storage and job queue answer',
    tags,
    grant: null,
    output: Ready,
    errors: [503],
  },
  (_input, { app }) => readiness(app),
)

export const problemTypeOperation = defineOperation(
  {
    id: 'discovery.problem_type',
    example: discoveryExamples['discovery.problem_type'],
    method: 'GET',
    path: '/problems/:slug',
    summary: 'Documentation of a problem type (the `type` URI of an error)',
    tags,
    grant: null,
    params: Type.Object({ slug: Type.String({ pattern: '^[a-z0-9-]{1,64}$' }) }),
    output: ProblemTypeDoc,
  },
  ({ params }, { app }) => {
    const type = Object.values(PROBLEM_TYPES).find((t) => t.slug === params.slug)
    if (!type) throw notFound(`Problem type ${params.slug}`)
    return {
      type: `${app.config.publicBaseUrl}/problems/${type.slug}`,
      title: type.title,
      status: type.status,
      description: type.description,
    }
  },
)

export const x402CatalogOperation = defineOperation(
  {
    id: 'discovery.x402',
    example: discoveryExamples['discovery.x402'],
    method: 'GET',
    path: '/.well-known/x402.json',
    document: true,
    summary: 'Pay-per-request (x402) networks, facilitators, route templates and prices',
    tags,
    grant: null,
    output: X402Catalog,
  },
  (_input, { app }) => x402Document(app),
)

export const discoveryOperations = [
  openApiOperation,
  capabilitiesOperation,
  pricingOperation,
  healthOperation,
  readyOperation,
  problemTypeOperation,
  x402CatalogOperation,
]

// Operations of the sources module: list the caller's sources and read one.

import { defineOperation } from '../shared/operation'
import { pageOf } from '../shared/pagination'
import { scopeOf } from '../shared/principal'
import { sourcesExamples } from './examples'
import { Source, SourceIdParams, SourceListQuery } from './model'
import { getSource, listSources } from './service'

const tags = ['Sources']

export const sourcesList = defineOperation(
  {
    id: 'sources.list',
    example: sourcesExamples['sources.list'],
    method: 'GET',
    path: '/sources',
    summary: "List the caller's sources (uploads and syncs), newest first",
    tags,
    grant: 'imports',
    query: SourceListQuery,
    output: pageOf(Source),
    mcp: { tool: 'list_sources' },
    x402: {
      price: '0.001',
      description: "List the payer's own sources (uploads and syncs).",
      tags: ['sources'],
    },
  },
  ({ query }, { app, principal }) => listSources(app, scopeOf(principal), query),
)

export const sourcesGet = defineOperation(
  {
    id: 'sources.get',
    example: sourcesExamples['sources.get'],
    method: 'GET',
    path: '/sources/:id',
    summary: 'Read one source',
    tags,
    grant: 'imports',
    params: SourceIdParams,
    output: Source,
    mcp: { tool: 'get_source' },
    x402: {
      price: '0.001',
      description: "Read one of the payer's own sources.",
      tags: ['sources'],
    },
  },
  ({ params }, { app, principal }) => getSource(app, scopeOf(principal), params.id),
)

export const sourcesOperations = [sourcesList, sourcesGet]

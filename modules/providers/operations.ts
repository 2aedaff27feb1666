// Operations of the providers module: GET /providers (SPEC "Provider discovery"), payable per request
// and offered as an MCP tool.

import { defineOperation } from '../shared/operation'
import { READS } from '../shared/tool-annotations'
import { providersExamples } from './examples'
import { ProvidersQuery, ProvidersResult } from './model'
import { findProviders } from './service'

export const providersSearch = defineOperation(
  {
    id: 'providers.search',
    example: providersExamples['providers.search'],
    method: 'GET',
    path: '/providers',
    summary: 'Where to get wellness data: genetic-testing providers, lab draw sites near a place, wearables',
    description:
      'Grouped by modality. Genetics: a curated, dated list of providers with their raw-data files and how ' +
      'each comes into this service. Biomarkers: lab draw sites near a postal code, city, lat/lon or in a ' +
      'country, nearest first with great-circle distance, from an offline gazetteer. Wearables: the ' +
      'integrations GET /capabilities lists. A location that cannot be found is 422 naming the parameter.',
    tags: ['Providers'],
    grant: 'authenticated',
    query: ProvidersQuery,
    output: ProvidersResult,
    mcp: { tool: 'find_providers', annotations: READS },
    x402: {
      price: '0.001',
      tags: ['providers', 'genetics', 'labs', 'wearables'],
    },
  },
  ({ query }, { app }) => findProviders(app, query),
)

export const providersOperations = [providersSearch]

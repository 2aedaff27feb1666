// Operations of the trends module: POST /users/{user_id}/trends.

import { defineOperation } from '../shared/operation'
import { scopeOf } from '../shared/principal'
import { READS } from '../shared/tool-annotations'
import { trendsExamples } from './examples'
import { TrendBody, TrendParams, TrendResult } from './model'
import { computeTrends } from './service'

export const trendsCompute = defineOperation(
  {
    id: 'trends.compute',
    example: trendsExamples['trends.compute'],
    method: 'POST',
    path: '/users/:user_id/trends',
    summary: 'Longitudinal trends of biomarkers (and wearable metrics) across all uploads',
    description:
      'For each marker: its results in the window in one canonical unit (whatever unit each upload used), first and latest value, delta, direction (improving, worsening or stable, knowing which way is better and ignoring changes within measurement noise; a single result is insufficient_data) and the status of the latest value against its cited reference range. Every point cites its source_id. window_days: 1-3650, default 365.',
    tags: ['Trends'],
    grant: 'trends',
    params: TrendParams,
    body: TrendBody,
    output: TrendResult,
    mcp: {
      tool: 'get_trends',
      annotations: READS,
      description: 'Trends of the user’s biomarkers and wearable metrics, with direction and status.',
    },
    x402: {
      price: '0.01',
      description: 'Longitudinal biomarker trends with direction, delta and status.',
      tags: ['trends', 'biomarkers', 'analysis'],
    },
  },
  ({ body }, { app, principal }) => computeTrends(app, scopeOf(principal), body),
)

export const trendsOperations = [trendsCompute]

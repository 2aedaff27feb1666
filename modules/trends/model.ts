// Models of POST /users/{user_id}/trends: the request body and the trend result of SPEC "Trend result",
// with per-marker direction, delta and status as extra fields of each marker trend.

import { type Static, Type } from '@sinclair/typebox'

export const DEFAULT_WINDOW_DAYS = 365
export const MAX_WINDOW_DAYS = 3650
/** Points a chart can use: a longer series is thinned to this many (first and latest always kept). */
export const MAX_POINTS_PER_MARKER = 500
/**
 * Observations one trend request reads for its biomarkers, and for each wearable metric: the newest this
 * many in the window. Past it the window is cut and the result says from when it covers.
 */
export const MAX_TREND_ROWS = 10_000

export const TrendParams = Type.Object({ user_id: Type.String({ minLength: 1 }) })

export const TrendBody = Type.Object({
  organization_id: Type.Optional(Type.String({ minLength: 1 })),
  markers: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
      maxItems: 200,
      description:
        'Biomarker codes, LOINC codes or names as reports write them ("LDL-C", "HbA1c"), or wearable metric codes (`resting_heart_rate`). Omitted or empty: every biomarker with results in the window.',
    }),
  ),
  window_days: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_WINDOW_DAYS,
      default: DEFAULT_WINDOW_DAYS,
      description: `Days back from now that count (1-${MAX_WINDOW_DAYS}, default ${DEFAULT_WINDOW_DAYS}).`,
    }),
  ),
})

export const TrendPoint = Type.Object({
  value: Type.Number({
    description: 'In the marker trend’s unit (canonical, whatever unit the upload used).',
  }),
  observed_at: Type.String({ format: 'date-time' }),
  source_id: Type.String(),
  comparator: Type.Optional(
    Type.Union([Type.Literal('<'), Type.Literal('<='), Type.Literal('>'), Type.Literal('>=')], {
      description:
        'A censored result ("<0.3"): value is a bound, shown with its comparator and left out of delta and direction.',
    }),
  ),
})

const Range = Type.Object({
  low: Type.Optional(Type.Number()),
  high: Type.Optional(Type.Number()),
  high_exclusive: Type.Optional(
    Type.Boolean({ description: 'A half-open guideline cut-off: `high` itself is already high (`< 130`).' }),
  ),
})

export const MarkerTrend = Type.Object(
  {
    marker: Type.String({ description: 'Canonical code (`ldl_cholesterol`, `steps`).' }),
    name: Type.String(),
    first: Type.Number(),
    latest: Type.Number(),
    first_comparator: Type.Optional(Type.String({ description: 'Set when the first result is censored.' })),
    latest_comparator: Type.Optional(Type.String({ description: 'Set when the latest result is censored.' })),
    points: Type.Array(TrendPoint, {
      maxItems: MAX_POINTS_PER_MARKER,
      description: `At most ${MAX_POINTS_PER_MARKER}: a longer series is thinned to evenly spaced real results (first and latest kept); see points_thinned.`,
    }),
    point_count: Type.Integer({
      description: 'Results in the window before thinning; direction and delta are judged on all of them.',
    }),
    points_thinned: Type.Boolean({
      description: `True when point_count passed ${MAX_POINTS_PER_MARKER} and points holds an evenly spaced selection.`,
    }),
    unit: Type.String({ description: 'Canonical UCUM unit of first, latest, delta and points.' }),
    kind: Type.Union([Type.Literal('biomarker'), Type.Literal('wearable')]),
    direction: Type.Union(
      [
        Type.Literal('improving'),
        Type.Literal('worsening'),
        Type.Literal('stable'),
        Type.Literal('insufficient_data'),
      ],
      {
        description:
          'Judged against which way is better for the marker, ignoring changes within its measurement noise.',
      },
    ),
    delta: Type.Number({
      description:
        'latest − first over exact results (censored results, which carry a comparator, are left out); 0 with fewer than two exact results.',
    }),
    delta_percent: Type.Union([Type.Number(), Type.Null()], {
      description: 'delta relative to first, in percent; null when first is 0.',
    }),
    change_percent: Type.Union([Type.Number(), Type.Null()], {
      description:
        'The change the direction rests on: the least-squares fit from first to last point (two points: the delta), in percent.',
    }),
    noise_percent: Type.Number({
      description: 'Changes smaller than this are measurement noise and read as stable.',
    }),
    better: Type.Union([Type.Literal('lower'), Type.Literal('higher'), Type.Literal('in_range')]),
    status: Type.Union(
      [
        Type.Literal('low'),
        Type.Literal('in_range'),
        Type.Literal('high'),
        Type.Literal('indeterminate'),
        Type.Literal('unknown'),
      ],
      {
        description:
          'The latest value against the reference range, judged as analyses judge it (profile sex and age; the lab’s printed interval where the catalog has only a typical one); `indeterminate` when the range depends on a sex or age the profile does not give.',
      },
    ),
    optimal: Type.Union([Type.Boolean(), Type.Null()], {
      description: 'Latest value inside the optimal range; null where none is defined.',
    }),
    reference_range: Type.Union([Range, Type.Null()]),
    note: Type.Union([Type.String(), Type.Null()], {
      description: 'A large move inside the reference range (stable for the direction, but said).',
    }),
    citation: Type.Union([Type.String(), Type.Null()], { description: 'Where the range comes from.' }),
  },
  { $id: 'MarkerTrend' },
)

export const TrendResult = Type.Object(
  {
    user_id: Type.String(),
    organization_id: Type.String(),
    generated_at: Type.String({ format: 'date-time' }),
    window_days: Type.Integer(),
    marker_count: Type.Integer(),
    improving: Type.Integer(),
    worsening: Type.Integer(),
    stable: Type.Integer(),
    insufficient_data: Type.Integer({
      description: 'Markers with a single result in the window: no direction yet.',
    }),
    markers: Type.Array(MarkerTrend),
    without_data: Type.Array(Type.String(), {
      description: 'Requested markers with no result in the window.',
    }),
    window_cut: Type.Union(
      [
        Type.Object({
          covered_from: Type.String({
            format: 'date-time',
            description: 'The oldest result read; older results in the window were not considered.',
          }),
          kinds: Type.Array(Type.Union([Type.Literal('biomarker'), Type.Literal('wearable')])),
          max_rows: Type.Integer(),
          detail: Type.String(),
        }),
        Type.Null(),
      ],
      {
        description: `Null when every result in the window was read. Otherwise more than ${MAX_TREND_ROWS} observations fell in the window and only the newest were read: ask for a shorter window_days or fewer markers.`,
      },
    ),
  },
  { $id: 'TrendResult' },
)

export type TrendBody = Static<typeof TrendBody>
export type MarkerTrend = Static<typeof MarkerTrend>
export type TrendResult = Static<typeof TrendResult>
export type TrendPoint = Static<typeof TrendPoint>

// Tables of the sources module: every uploaded or synced source, and the normalized observations read
// from it (biomarker results, wearable metrics, behavioral records). Each row carries its scope.
// Genetics findings live with the genetics module and point back at their source.

import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core'

export const sources = sqliteTable(
  'sources',
  {
    id: text('id').primaryKey(),
    organization_id: text('organization_id').notNull(),
    user_id: text('user_id').notNull(),
    modality: text('modality', { enum: ['biomarkers', 'wearables', 'genetics', 'behavioral'] }).notNull(),
    /** What the content was, as detected: `lab_csv`, `fhir_bundle`, `apple_health_xml`, `vcf`, `23andme` ... */
    format: text('format').notNull(),
    /** Who produced it: a lab, a device or app (`oura`, `whoop`, `apple_health`), a DNA test company. */
    provider: text('provider'),
    filename: text('filename'),
    content_type: text('content_type'),
    record_count: integer('record_count').notNull().default(0),
    /** Observations stored with the source; the per-user cap sums these over live sources. */
    observation_count: integer('observation_count').notNull().default(0),
    time_start: text('time_start'),
    time_end: text('time_end'),
    warnings: text('warnings', { mode: 'json' })
      .$type<{ code: string; message: string; line?: number }[]>()
      .notNull(),
    /** Modality-specific facts (genetics: build, annotation depth, variant counts ...). */
    details: text('details', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    created_at: text('created_at').notNull(),
    /** Set when the user's data is deleted (privacy lifecycle); deleted sources are never returned. */
    deleted_at: text('deleted_at'),
  },
  (t) => [index('sources_scope').on(t.organization_id, t.user_id, t.id)],
)

export const observations = sqliteTable(
  'observations',
  {
    id: text('id').primaryKey(),
    organization_id: text('organization_id').notNull(),
    user_id: text('user_id').notNull(),
    source_id: text('source_id').notNull(),
    modality: text('modality', { enum: ['biomarkers', 'wearables', 'behavioral'] }).notNull(),
    /** Canonical key of what was measured: a biomarker (`ldl_cholesterol`) or metric (`steps`, `resting_heart_rate`). */
    code: text('code').notNull(),
    /** The name as the source wrote it. */
    original_name: text('original_name').notNull(),
    /** Value in the canonical unit; null for a qualitative result (see value_text). */
    value: real('value'),
    value_text: text('value_text'),
    /** Canonical UCUM unit. */
    unit: text('unit'),
    original_value: text('original_value'),
    original_unit: text('original_unit'),
    /** When it was measured (start of the interval for daily and interval metrics). */
    observed_at: text('observed_at').notNull(),
    /** End of the interval for interval metrics (sleep sessions, daily totals); null for point values. */
    observed_end: text('observed_end'),
    /** Device or app that recorded it, for dedupe by source priority (`oura`, `apple_watch`, `iphone`). */
    device: text('device'),
    reference_low: real('reference_low'),
    reference_high: real('reference_high'),
    /**
     * A censored result (`<0.5`, `>2000`, FHIR `valueQuantity.comparator`): `value` is then a bound, not an
     * exact number. Null for an exact value.
     */
    comparator: text('comparator', { enum: ['<', '<=', '>', '>='] }),
    /**
     * The lab's own flag, normalized (`H` -> high, `HH`/`Critical`/`Panic` high -> critical_high, `A`/`*` ->
     * abnormal, a bare critical mark without direction -> critical). The printed text stays in details.flag.
     */
    lab_flag: text('lab_flag', {
      enum: ['low', 'high', 'critical_low', 'critical_high', 'abnormal', 'critical', 'normal'],
    }),
    /** What was sampled, where the source says: serum/plasma, whole blood, urine. Null when not stated. */
    specimen: text('specimen', { enum: ['serum_plasma', 'whole_blood', 'urine', 'other'] }),
    /** Line or record in the source this came from, so findings can cite it. */
    source_ref: text('source_ref'),
    details: text('details', { mode: 'json' }).$type<Record<string, unknown>>(),
  },
  (t) => [
    index('observations_scope_code').on(t.organization_id, t.user_id, t.code, t.observed_at),
    index('observations_source').on(t.source_id),
    // Bounded windows without a code (newest observations of a modality) read this index, not the table.
    index('observations_scope_time').on(t.organization_id, t.user_id, t.modality, t.observed_at),
  ],
)

// The companion and mobile-bridge upload protocol as JSON Schema (TypeBox): a batch of normalized records
// from one on-device store (Apple HealthKit, Samsung Health, Android Health Connect), each with the
// store's own record id and type identifier, its interval and zone offset, a value or a category, and
// where it came from (device and app). The same schema is in the OpenAPI document.

import { type Static, Type } from '@sinclair/typebox'

export const UploadStore = Type.Union(
  [Type.Literal('apple_health'), Type.Literal('samsung_health'), Type.Literal('health_connect')],
  { description: 'The on-device store the records were read from.' },
)
export type UploadStore = Static<typeof UploadStore>

const Offset = Type.String({
  pattern: '^[+-]\\d{2}:\\d{2}$',
  description: 'The zone offset where the record was made (`+02:00`); it decides the local day.',
})

export const DeviceMetadata = Type.Object(
  {
    manufacturer: Type.Optional(Type.String({ maxLength: 100 })),
    model: Type.Optional(Type.String({ maxLength: 100 })),
    name: Type.Optional(
      Type.String({ maxLength: 200, description: 'As the store names it ("Jane’s Apple Watch").' }),
    ),
    type: Type.Optional(
      Type.Union(
        [
          Type.Literal('watch'),
          Type.Literal('phone'),
          Type.Literal('ring'),
          Type.Literal('band'),
          Type.Literal('scale'),
          Type.Literal('chest_strap'),
          Type.Literal('unknown'),
        ],
        { description: 'The kind of device that measured it.' },
      ),
    ),
  },
  { description: 'The device that recorded the data.' },
)
export type DeviceMetadata = Static<typeof DeviceMetadata>

export const UploadRecord = Type.Object({
  id: Type.String({
    minLength: 1,
    maxLength: 256,
    description:
      'The store’s own id of the record (HealthKit sample UUID, Health Connect metadata.id, Samsung Health uid). Sending it again is recognised and not counted twice.',
  }),
  type: Type.String({
    minLength: 1,
    maxLength: 200,
    description:
      'The store’s type identifier: `HKQuantityTypeIdentifierStepCount`, `HKCategoryTypeIdentifierSleepAnalysis`, `StepsRecord`, `SleepSessionRecord`, `com.samsung.health.step_count` … (see the README for the list read).',
  }),
  start: Type.String({ format: 'date-time' }),
  end: Type.Optional(Type.String({ format: 'date-time', description: 'Absent for instant samples.' })),
  zone_offset: Type.Optional(Offset),
  value: Type.Optional(Type.Number({ description: 'The quantity, for quantity types.' })),
  unit: Type.Optional(
    Type.String({
      maxLength: 32,
      description: 'The unit the value is in (`count`, `kcal`, `count/min`, `ms`, `%` …).',
    }),
  ),
  category: Type.Optional(
    Type.Union([Type.String({ maxLength: 100 }), Type.Integer()], {
      description:
        'For category samples: the sleep stage (`HKCategoryValueSleepAnalysisAsleepDeep` or its number, Health Connect stage `deep` or its number, Samsung stage 40001-40004).',
    }),
  ),
  device: Type.Optional(DeviceMetadata),
  source_app: Type.Optional(
    Type.String({
      maxLength: 200,
      description: 'The app that wrote the record to the store (bundle id or Android package name).',
    }),
  ),
})
export type UploadRecord = Static<typeof UploadRecord>

export const MAX_UPLOAD_RECORDS = 5000

export const WearableUploadBody = Type.Object({
  user_id: Type.Optional(Type.String({ minLength: 1, description: 'Defaults to the caller.' })),
  organization_id: Type.Optional(Type.String({ minLength: 1, description: 'Defaults to the caller’s.' })),
  source: UploadStore,
  device: Type.Optional(DeviceMetadata),
  records: Type.Array(UploadRecord, {
    minItems: 1,
    maxItems: MAX_UPLOAD_RECORDS,
    description: `At most ${MAX_UPLOAD_RECORDS} records per batch; send more in further batches.`,
  }),
})
export type WearableUploadBody = Static<typeof WearableUploadBody>

export const WearableUploadResult = Type.Object({
  source: UploadStore,
  received: Type.Integer(),
  accepted: Type.Integer({ description: 'New records stored in this batch.' }),
  duplicates: Type.Integer({
    description: 'Records already uploaded (same id and content); not counted again.',
  }),
  skipped: Type.Array(Type.Object({ id: Type.String(), type: Type.String(), reason: Type.String() }), {
    description: 'Records not stored, with why (at most 100 listed).',
  }),
  skipped_count: Type.Integer(),
  source_id: Type.Union([Type.String(), Type.Null()], {
    description: 'The source this batch landed (listed by GET /sources); null when nothing new arrived.',
  }),
  observation_count: Type.Integer({ description: 'Daily observations stored (per metric, device and day).' }),
  warnings: Type.Array(Type.Object({ code: Type.String(), message: Type.String() })),
})

export const WearableUploadStreamResult = Type.Object({
  source: UploadStore,
  received: Type.Integer(),
  accepted: Type.Integer(),
  duplicates: Type.Integer(),
  skipped_count: Type.Integer(),
  observation_count: Type.Integer(),
  source_ids: Type.Array(Type.String(), {
    description:
      'The sources the stream landed, one per chunk of up to 5000 records that held something new.',
  }),
})

// Models of provider discovery (SPEC "Provider discovery: GET /providers"): every query parameter is a
// string as SPEC lists them; the answer is grouped by modality.

import { type Static, Type } from '@sinclair/typebox'

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()])
const NullableNumber = Type.Union([Type.Number(), Type.Null()])

export const ProvidersQuery = Type.Object({
  modality: Type.Optional(
    Type.String({ description: 'Comma-separated: genetics, biomarkers, wearables; default all.' }),
  ),
  type: Type.Optional(Type.String({ description: 'Genetics filter: wgs, snp_array or exome.' })),
  region: Type.Optional(
    Type.String({ description: 'Genetics filter: a region (Europe, North America) or a country code.' }),
  ),
  postal_code: Type.Optional(
    Type.String({ description: 'Lab locator: a US ZIP code or Canadian postal code.' }),
  ),
  city: Type.Optional(Type.String({ description: 'Lab locator: a city name, optionally "City, Region".' })),
  country: Type.Optional(Type.String({ description: 'Lab locator: ISO 3166-1 alpha-2 country code.' })),
  lat: Type.Optional(Type.String({ description: 'Lab locator: latitude (with lon).' })),
  lon: Type.Optional(Type.String({ description: 'Lab locator: longitude (with lat).' })),
  radius_miles: Type.Optional(
    Type.String({ description: 'Lab locator: search radius in miles; default 25.' }),
  ),
})
export type ProvidersQuery = Static<typeof ProvidersQuery>

const RawDataExport = Type.Object({
  file: Type.String(),
  format: Nullable(Type.String()),
  how_to_bring_here: Type.Union([
    Type.Literal('import'),
    Type.Literal('upload_session'),
    Type.Literal('not_possible'),
  ]),
  note: Type.String(),
})

const GeneticsProvider = Type.Object({
  id: Type.String(),
  name: Type.String(),
  types: Type.Array(Type.String()),
  regions: Type.Array(Type.String(), { description: 'Empty when the source does not say.' }),
  countries: Type.Array(Type.String()),
  raw_data: Type.Array(RawDataExport),
  source_url: Type.String(),
  checked_at: Type.String({ format: 'date' }),
  note: Type.String(),
})

const LabSite = Type.Object({
  id: Type.String(),
  name: Type.String(),
  operator: Nullable(Type.String()),
  address: Type.String(),
  city: Type.String(),
  region: Nullable(Type.String()),
  postal_code: Nullable(Type.String()),
  country: Type.String(),
  lat: Type.Number(),
  lon: Type.Number(),
  phone: Nullable(Type.String()),
  hours: Nullable(Type.String()),
  services: Nullable(Type.String()),
  source_url: Nullable(Type.String()),
  checked_at: Nullable(Type.String()),
  synthetic: Type.Boolean({ description: 'True for the repository’s made-up sample sites.' }),
  distance_miles: NullableNumber,
})

export const ProvidersResult = Type.Object(
  {
    modalities: Type.Array(Type.String()),
    genetics: Type.Optional(
      Type.Object({
        filters: Type.Object({ type: Nullable(Type.String()), region: Nullable(Type.String()) }),
        providers: Type.Array(GeneticsProvider),
        note: Type.String(),
      }),
    ),
    biomarkers: Type.Optional(
      Type.Object({
        location: Type.Union([
          Type.Object({
            label: Type.String(),
            lat: NullableNumber,
            lon: NullableNumber,
            country: Nullable(Type.String()),
            gazetteer: Type.String(),
          }),
          Type.Null(),
        ]),
        radius_miles: NullableNumber,
        sites: Type.Array(LabSite),
        nearest_beyond_radius: Type.Union([LabSite, Type.Null()]),
        sites_loaded: Type.Integer(),
        note: Type.String(),
      }),
    ),
    wearables: Type.Optional(
      Type.Object({
        integrations: Type.Array(
          Type.Object({
            provider: Type.String(),
            connection_model: Type.String(),
            first_party_oauth: Type.Boolean(),
          }),
        ),
        note: Type.String(),
      }),
    ),
  },
  { $id: 'ProvidersResult', additionalProperties: true },
)
export type ProvidersResult = Static<typeof ProvidersResult>

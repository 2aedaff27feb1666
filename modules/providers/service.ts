// Provider discovery: genetic-testing providers from the curated list, lab draw sites near a place
// from the operator's dataset, and wearable integrations from the same data /capabilities serves.
// A location that cannot be understood is a 422 naming the parameter; a place with no site in range
// answers an empty list plus the nearest site beyond the radius.

import { capabilities } from '../discovery/service'
import type { AppContext } from '../shared/context'
import { ProblemError } from '../shared/problem'
import { normalizePlaceName, type ResolvedPlace, resolveCity, resolvePostalCode } from './gazetteer'
import { GENETICS_PROVIDERS, type GeneticsType } from './genetics-providers'
import { LabSiteIndex, type NearbySite } from './lab-index'
import type { ProvidersQuery, ProvidersResult } from './model'
import * as repo from './repo'

const MODALITIES = ['genetics', 'biomarkers', 'wearables'] as const
type Modality = (typeof MODALITIES)[number]
const TYPES: GeneticsType[] = ['wgs', 'snp_array', 'exome']
export const DEFAULT_RADIUS_MILES = 25
const MAX_RADIUS_MILES = 500
const MAX_SITES = 50
const NUMBER = /^-?\d+(\.\d+)?$/

function invalid(parameter: string, message: string): ProblemError {
  return new ProblemError('validation', message, {
    extra: { errors: [{ in: 'query', path: `/${parameter}`, message }] },
  })
}

function modalitiesOf(query: ProvidersQuery): Modality[] {
  if (!query.modality) return [...MODALITIES]
  const asked = query.modality.split(',').map((m) => m.trim().toLowerCase())
  for (const m of asked)
    if (!(MODALITIES as readonly string[]).includes(m))
      throw invalid('modality', `Unknown modality "${m}"; use genetics, biomarkers or wearables.`)
  return MODALITIES.filter((m) => asked.includes(m))
}

function geneticsGroup(query: ProvidersQuery): NonNullable<ProvidersResult['genetics']> {
  const type = query.type?.trim().toLowerCase() || null
  if (type && !TYPES.includes(type as GeneticsType))
    throw invalid('type', `Unknown type "${query.type}"; use wgs, snp_array or exome.`)
  const region = query.region?.trim() || null
  const wanted = region ? normalizePlaceName(region) : null
  const providers = GENETICS_PROVIDERS.filter(
    (p) =>
      (!type || p.types.includes(type as GeneticsType)) &&
      (!wanted ||
        p.regions.some((r) => normalizePlaceName(r) === wanted) ||
        p.countries.some((c) => c.toLowerCase() === wanted)),
  )
  const notes = ['Each entry rests on the provider’s own page (source_url), checked on checked_at.']
  if (region)
    notes.push(
      'A region filter keeps only providers whose sources show them serving it; providers whose pages do not state regions are left out, not ruled out.',
    )
  if (providers.length === 0)
    notes.push(
      'No curated provider matches these filters; the list holds only providers whose own pages were checked.',
    )
  return {
    filters: { type, region },
    providers: providers.map((p) => ({
      ...p,
      types: [...p.types],
      regions: [...p.regions],
      countries: [...p.countries],
      raw_data: p.raw_data.map((r) => ({ ...r })),
    })),
    note: notes.join(' '),
  }
}

/** The place the query names, or null when it names none; 422 when it names one that cannot be found. */
function placeOf(query: ProvidersQuery): { place: ResolvedPlace | null; country: string | null } {
  const country = query.country?.trim().toUpperCase() || null
  if (country && !/^[A-Z]{2}$/.test(country))
    throw invalid('country', `"${query.country}" is not an ISO 3166-1 alpha-2 country code (US, GB, CA).`)
  if (query.lat !== undefined || query.lon !== undefined) {
    if (query.lat === undefined || query.lon === undefined)
      throw invalid(query.lat === undefined ? 'lat' : 'lon', 'lat and lon go together; give both.')
    const lat = query.lat.trim()
    const lon = query.lon.trim()
    if (!NUMBER.test(lat) || Math.abs(Number(lat)) > 90)
      throw invalid('lat', `Latitude "${query.lat}" is not a number from -90 to 90.`)
    if (!NUMBER.test(lon) || Math.abs(Number(lon)) > 180)
      throw invalid('lon', `Longitude "${query.lon}" is not a number from -180 to 180.`)
    return {
      place: {
        lat: Number(lat),
        lon: Number(lon),
        label: `${lat}, ${lon}`,
        country,
        gazetteer: 'coordinates',
      },
      country,
    }
  }
  if (query.postal_code !== undefined) {
    const place = resolvePostalCode(query.postal_code, country)
    if (!place)
      throw invalid(
        'postal_code',
        `The postal code "${query.postal_code}"${country ? ` in ${country}` : ''} could not be found; the offline gazetteer knows US ZIP codes and Canadian postal codes. Try city or lat and lon.`,
      )
    return { place, country: country ?? place.country }
  }
  if (query.city !== undefined) {
    const place = resolveCity(query.city, country)
    if (!place)
      throw invalid(
        'city',
        `The city "${query.city}"${country ? ` in ${country}` : ''} could not be found among cities of 1,000 or more inhabitants. Try "City, Region", a postal code, or lat and lon.`,
      )
    return { place, country: country ?? place.country }
  }
  return { place: null, country }
}

function radiusOf(query: ProvidersQuery): number {
  if (query.radius_miles === undefined) return DEFAULT_RADIUS_MILES
  const r = query.radius_miles.trim()
  if (!NUMBER.test(r) || Number(r) <= 0 || Number(r) > MAX_RADIUS_MILES)
    throw invalid('radius_miles', `radius_miles must be a number above 0 and at most ${MAX_RADIUS_MILES}.`)
  return Number(r)
}

const indexes = new WeakMap<AppContext, { signature: string; index: LabSiteIndex }>()

/** The spatial index over the stored sites, rebuilt when an import has changed them. */
async function siteIndex(app: AppContext): Promise<LabSiteIndex> {
  const sites = await repo.allSites(app.db)
  const latestImport =
    sites
      .map((s) => s.imported_at)
      .sort()
      .at(-1) ?? ''
  const signature = `${sites.length}:${latestImport}`
  const cached = indexes.get(app)
  if (cached && cached.signature === signature) return cached.index
  const index = new LabSiteIndex(sites)
  indexes.set(app, { signature, index })
  return index
}

const siteOut = (s: NearbySite | { site: repo.LabSite; distance_miles: null }) => ({
  ...s.site,
  imported_at: undefined,
  distance_miles: s.distance_miles,
})

async function labsGroup(
  app: AppContext,
  query: ProvidersQuery,
): Promise<NonNullable<ProvidersResult['biomarkers']>> {
  const { place, country } = placeOf(query)
  const radius = radiusOf(query)
  const index = await siteIndex(app)
  const loaded = index.sites.length
  const synthetic = loaded > 0 && index.sites.every((s) => s.synthetic)
  const dataNote =
    loaded === 0
      ? 'No lab draw sites are loaded on this deployment (the operator loads them with bun run labs:import FILE).'
      : synthetic
        ? 'Only the repository’s synthetic sample sites are loaded: they are not real places.'
        : 'Sites come from the operator’s dataset; each names its source where the dataset gives one.'
  if (!place && !country)
    return {
      location: null,
      radius_miles: null,
      sites: [],
      nearest_beyond_radius: null,
      sites_loaded: loaded,
      note: `Nearby lab draw sites need a location: postal_code, city, lat and lon, or country. ${dataNote}`,
    }
  if (!place) {
    const inCountry = index.sites
      .filter((s) => s.country === country)
      .sort((a, b) => a.name.localeCompare(b.name))
    return {
      location: { label: country!, lat: null, lon: null, country, gazetteer: 'country' },
      radius_miles: null,
      sites: inCountry.slice(0, MAX_SITES).map((site) => siteOut({ site, distance_miles: null })),
      nearest_beyond_radius: null,
      sites_loaded: loaded,
      note: `Sites in ${country}, by name (a country alone gives no distances). ${dataNote}`,
    }
  }
  const within = index.within(place.lat, place.lon, radius, MAX_SITES)
  const nearest = within.length === 0 ? index.nearest(place.lat, place.lon) : null
  return {
    location: {
      label: place.label,
      lat: place.lat,
      lon: place.lon,
      country: place.country,
      gazetteer: place.gazetteer,
    },
    radius_miles: radius,
    sites: within.map(siteOut),
    nearest_beyond_radius: nearest ? siteOut(nearest) : null,
    sites_loaded: loaded,
    note: `${within.length === 0 ? `No site within ${radius} miles${nearest ? '; the nearest one beyond is given' : ''}. ` : 'Nearest first; distances are great-circle miles from the place’s centroid. '}${dataNote}`,
  }
}

function wearablesGroup(app: AppContext): NonNullable<ProvidersResult['wearables']> {
  const offered = capabilities(app).wearables
  return {
    integrations: Object.entries(offered).map(([provider, w]) => ({
      provider,
      connection_model: w.connection_model,
      first_party_oauth: w.first_party_oauth,
    })),
    note: 'The same integrations GET /capabilities lists (wearables.<provider>).',
  }
}

export async function findProviders(app: AppContext, query: ProvidersQuery): Promise<ProvidersResult> {
  const modalities = modalitiesOf(query)
  const result: ProvidersResult = { modalities }
  if (modalities.includes('genetics')) result.genetics = geneticsGroup(query)
  if (modalities.includes('biomarkers')) result.biomarkers = await labsGroup(app, query)
  if (modalities.includes('wearables')) result.wearables = wearablesGroup(app)
  return result
}

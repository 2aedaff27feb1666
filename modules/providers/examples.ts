// One example call per providers operation: the request a caller sends and the success response. Recorded
// from real runs of the test suite (lists cut to one item, tokens replaced by placeholders) and checked
// against each operation's schemas by test/modules/discovery/examples.test.ts. The OpenAPI document,
// MCP tool descriptions and the x402 catalogue all show these.

import type { OperationExample } from '../shared/operation'

export const providersExamples = {
  'providers.search': {
    request: {
      query: {
        postal_code: '02115',
      },
    },
    response: {
      modalities: ['genetics'],
      genetics: {
        filters: {
          type: null,
          region: null,
        },
        providers: [
          {
            id: '23andme',
            name: '23andMe',
            types: ['snp_array'],
            regions: ['Europe'],
            countries: ['GB'],
            raw_data: [
              {
                file: 'Raw genetic data (tab-separated text: rsid, chromosome, position, genotype)',
                format: '23andme',
                how_to_bring_here: 'upload_session',
                note: 'Small files (up to IMPORT_MAX_BYTES) can go through POST /imports/file; a full file goes through an upload session (POST /genetics/uploads).',
              },
            ],
            source_url: 'https://www.23andme.com/en-gb/gdpr/',
            checked_at: '2026-11-24',
            note: 'The UK page says customers can download their genetic data from their account; the Canadian customer-care site (ca.customercare.23andme.com) shows service in Canada. Other countries are not established by these pages.',
          },
        ],
        note: 'Each entry rests on the provider’s own page (source_url), checked on checked_at.',
      },
      biomarkers: {
        location: {
          label: 'Boston, MA, US (postal code 02115)',
          lat: 42.3427,
          lon: -71.0922,
          country: 'US',
          gazetteer: 'zipcodes',
        },
        radius_miles: 25,
        sites: [
          {
            id: 'sample-bos-1',
            name: 'Sample Draw Site Back Bay (synthetic)',
            operator: 'Example Labs (synthetic)',
            address: '1 Example Street',
            city: 'Boston',
            region: 'MA',
            postal_code: '02115',
            country: 'US',
            lat: 42.3467,
            lon: -71.0972,
            phone: null,
            hours: 'Mon-Fri 07:00-15:00',
            services: 'blood draw',
            source_url: null,
            checked_at: null,
            synthetic: true,
            distance_miles: 0.38,
          },
        ],
        nearest_beyond_radius: null,
        sites_loaded: 6,
        note: 'Nearest first; distances are great-circle miles from the place’s centroid. Only the repository’s synthetic sample sites are loaded: they are not real places.',
      },
      wearables: {
        integrations: [
          {
            provider: 'whoop',
            connection_model: 'server_oauth',
            first_party_oauth: false,
          },
        ],
        note: 'The same integrations GET /capabilities lists (wearables.<provider>).',
      },
    },
  },
} satisfies Record<string, OperationExample>

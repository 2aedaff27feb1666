// One example call per genetics operation: the request a caller sends and the success response. Recorded
// from real runs of the test suite (lists cut to one item, tokens replaced by placeholders) and checked
// against each operation's schemas by test/modules/discovery/examples.test.ts. The OpenAPI document,
// MCP tool descriptions and the x402 catalogue all show these.

import type { OperationExample } from '../shared/operation'
import { FINDING_NOTICES } from './finding-notice'

export const geneticsExamples = {
  'genetics.uploads.create': {
    request: {
      body: {
        user_id: 'usr_01kt1gw6g02sc0xx7jcac0y6wf',
        organization_id: 'org_01kt1gw6g02sc0xx7jcac0y6wg',
        filename: 'genome.vcf.gz',
        content_type: 'application/octet-stream',
        size_bytes: 24681,
        sha256: '99e1b23bb547dce9f2590b7db177d0c4c00c1dab1fc9cdb7013f6b594cec649b',
        sample: 'HG00096',
      },
    },
    response: {
      upload_id: 'upl_01kt1gw6g02sc0xx7jcac0y6x1',
      id: 'upl_01kt1gw6g02sc0xx7jcac0y6x1',
      organization_id: 'org_01kt1gw6g02sc0xx7jcac0y6wg',
      user_id: 'usr_01kt1gw6g02sc0xx7jcac0y6wf',
      state: 'pending',
      filename: 'genome.vcf.gz',
      content_type: 'application/octet-stream',
      provider: null,
      size_bytes: 24681,
      sha256: '99e1b23bb547dce9f2590b7db177d0c4c00c1dab1fc9cdb7013f6b594cec649b',
      annotation_depth: 'compact',
      sample: 'HG00096',
      received_bytes: 0,
      storage: 's3',
      job_id: null,
      source_id: null,
      max_bytes: 10737418240,
      expires_at: '2026-01-15T10:00:00.000Z',
      created_at: '2026-01-15T09:00:00.000Z',
      completed_at: null,
      upload_url: null,
      method: 'PUT',
      headers: {},
      part_size: 8192,
      part_count: 4,
      resumable: true,
      multipart: {
        parts: [
          {
            part_number: 1,
            url: 'http://127.0.0.1:38245/wds/genetics/org_01kt1gw6g02sc0xx7jcac0y6wg/usr_01kt1gw6g02sc0xx7jcac0y6wf/upl_01kt1gw6g02sc0xx7jcac0y6x1?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=S3RVER%2F20261124%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20261124T204718Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&partNumber=1&uploadId=b03e41e9a2f0f2aa2893894612fc2ed3&X-Amz-Signature=949ddb1370b9d584dad30847bcf49bf05324b108364628b9e820c2568e116023',
            method: 'PUT',
            offset: 0,
            size: 8192,
            expires_at: '2026-01-15T10:00:00.000Z',
          },
        ],
        parts_url: 'http://localhost:3000/genetics/uploads/upl_01kt1gw6g02sc0xx7jcac0y6x1/parts',
        etag_header: 'ETag',
      },
    },
  },
  'genetics.uploads.get': {
    request: {
      params: {
        id: 'upl_01kt1gw6g02sc0xx7jcac0y986',
      },
    },
    response: {
      upload_id: 'upl_01kt1gw6g02sc0xx7jcac0y986',
      id: 'upl_01kt1gw6g02sc0xx7jcac0y986',
      organization_id: 'org_01kt1gw6g02sc0xx7jcac0y97y',
      user_id: 'usr_01kt1gw6g02sc0xx7jcac0y97x',
      state: 'completed',
      filename: 'genome.vcf.gz',
      content_type: 'application/octet-stream',
      provider: '1000 Genomes',
      size_bytes: 24681,
      sha256: '99e1b23bb547dce9f2590b7db177d0c4c00c1dab1fc9cdb7013f6b594cec649b',
      annotation_depth: 'compact',
      sample: 'HG00096',
      received_bytes: 24681,
      storage: 'local',
      job_id: 'job_01kt1gw6g02sc0xx7jcac0y987',
      source_id: 'src_01kt1gw6g02sc0xx7jcac0y988',
      max_bytes: 5368709120,
      expires_at: '2026-01-16T09:00:00.000Z',
      created_at: '2026-01-15T09:00:00.000Z',
      completed_at: '2026-01-15T09:00:00.000Z',
    },
  },
  'genetics.uploads.part_urls': {
    request: {
      params: {
        id: 'upl_01kt1gw6g02sc0xx7jcac0y6x6',
      },
      body: {
        part_numbers: [6145],
      },
    },
    response: {
      upload_id: 'upl_01kt1gw6g02sc0xx7jcac0y6x6',
      part_size: 1048576,
      part_count: 6145,
      parts: [
        {
          part_number: 101,
          url: 'http://127.0.0.1:38245/wds/genetics/org_01kt1gw6g02sc0xx7jcac0y6wg/usr_01kt1gw6g02sc0xx7jcac0y6wf/upl_01kt1gw6g02sc0xx7jcac0y6x6?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=S3RVER%2F20261124%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20261124T204719Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&partNumber=101&uploadId=f1e9895e314d6832e0aecf7289290d1e&X-Amz-Signature=d00be7a22fa7d492af9222a0e0b81e29f78344d212cc11291e259246f8e536d9',
          method: 'PUT',
          offset: 104857600,
          size: 1048576,
          expires_at: '2026-01-15T10:00:00.000Z',
        },
      ],
    },
  },
  'genetics.uploads.parts': {
    request: {
      params: {
        id: 'upl_01kt1gw6g02sc0xx7jcac0y6wx',
      },
    },
    response: {
      upload_id: 'upl_01kt1gw6g02sc0xx7jcac0y6wx',
      state: 'pending',
      size_bytes: 38736,
      part_size: 8192,
      part_count: 5,
      received_bytes: 16384,
      parts: [
        {
          part_number: 1,
          size: 8192,
          expected_size: 8192,
          etag: '"259a32a26b44aec9395578fbf715ba5c"',
          last_modified: '2026-11-24T20:47:18.337Z',
        },
      ],
      missing_part_numbers: [2],
    },
  },
  'genetics.uploads.complete': {
    request: {
      params: {
        id: 'upl_01kt1gw6g02sc0xx7jcac0y6wr',
      },
      body: {},
    },
    response: {
      upload_id: 'upl_01kt1gw6g02sc0xx7jcac0y6wr',
      id: 'upl_01kt1gw6g02sc0xx7jcac0y6wr',
      organization_id: 'org_01kt1gw6g02sc0xx7jcac0y6wg',
      user_id: 'usr_01kt1gw6g02sc0xx7jcac0y6wf',
      state: 'completed',
      filename: 'genome.vcf.gz',
      content_type: 'application/gzip',
      provider: null,
      size_bytes: 24681,
      sha256: '99e1b23bb547dce9f2590b7db177d0c4c00c1dab1fc9cdb7013f6b594cec649b',
      annotation_depth: 'compact',
      sample: null,
      received_bytes: 24681,
      storage: 's3',
      job_id: 'job_01kt1gw6g02sc0xx7jcac0y6ws',
      source_id: 'src_01kt1gw6g02sc0xx7jcac0y6wt',
      max_bytes: 10737418240,
      expires_at: '2026-01-15T10:00:00.000Z',
      created_at: '2026-01-15T09:00:00.000Z',
      completed_at: '2026-01-15T09:00:00.000Z',
    },
  },
  'genetics.uploads.cancel': {
    request: {
      params: {
        id: 'upl_01kt1gw6g02sc0xx7jcac0y6x7',
      },
    },
    response: {
      upload_id: 'upl_01kt1gw6g02sc0xx7jcac0y6x7',
      id: 'upl_01kt1gw6g02sc0xx7jcac0y6x7',
      organization_id: 'org_01kt1gw6g02sc0xx7jcac0y6wg',
      user_id: 'usr_01kt1gw6g02sc0xx7jcac0y6wf',
      state: 'cancelled',
      filename: 'genome.vcf.gz',
      content_type: 'application/octet-stream',
      provider: null,
      size_bytes: 24681,
      sha256: '99e1b23bb547dce9f2590b7db177d0c4c00c1dab1fc9cdb7013f6b594cec649b',
      annotation_depth: 'compact',
      sample: null,
      received_bytes: 8192,
      storage: 's3',
      job_id: null,
      source_id: null,
      max_bytes: 10737418240,
      expires_at: '2026-01-15T10:00:00.000Z',
      created_at: '2026-01-15T09:00:00.000Z',
      completed_at: null,
    },
  },
  'genetics.jobs.list': {
    request: {
      query: {
        limit: 1,
      },
    },
    response: {
      data: [
        {
          id: 'job_01kt1gw6g02sc0xx7jcac0y6s7',
          job_id: 'job_01kt1gw6g02sc0xx7jcac0y6s7',
          organization_id: 'org_01kt1gw6g02sc0xx7jcac0y6s1',
          user_id: 'usr_01kt1gw6g02sc0xx7jcac0y6s0',
          upload_id: 'upl_01kt1gw6g02sc0xx7jcac0y6s6',
          state: 'succeeded',
          stage: 'done',
          annotation_depth: 'compact',
          progress: {
            bytes: 38736,
            bytes_total: 38736,
            records: 1517,
            percent: 100,
            updated_at: '2026-01-15T09:00:00.000Z',
          },
          attempts: 1,
          max_attempts: 3,
          error: null,
          sample: null,
          samples_in_file: 0,
          warnings: [],
          source_id: 'src_01kt1gw6g02sc0xx7jcac0y6sb',
          created_at: '2026-01-15T09:00:00.000Z',
          started_at: '2026-01-15T09:00:00.000Z',
          finished_at: '2026-01-15T09:00:00.000Z',
        },
      ],
      next_cursor: 'am9iXzAxa3QxZ3c2ZzAyc2MweHg3amNhYzB5NnM3',
    },
  },
  'genetics.jobs.get': {
    request: {
      params: {
        id: 'job_01kt1gw6g02sc0xx7jcac0y6sk',
      },
    },
    response: {
      id: 'job_01kt1gw6g02sc0xx7jcac0y6sk',
      job_id: 'job_01kt1gw6g02sc0xx7jcac0y6sk',
      organization_id: 'org_01kt1gw6g02sc0xx7jcac0y6sf',
      user_id: 'usr_01kt1gw6g02sc0xx7jcac0y6se',
      upload_id: 'upl_01kt1gw6g02sc0xx7jcac0y6sj',
      state: 'failed',
      stage: 'failed',
      annotation_depth: 'compact',
      progress: {
        bytes: 0,
        bytes_total: 164,
        records: 0,
        percent: 0,
        updated_at: '2026-01-15T09:00:00.000Z',
      },
      attempts: 1,
      max_attempts: 3,
      error: {
        type: 'http://localhost:3000/problems/validation',
        title: 'Unprocessable Content',
        status: 422,
        detail: 'The file could not be analysed: line 5: POS "not-a-position" is not a whole number',
        code: 'BAD_POSITION',
        line: 5,
      },
      sample: null,
      samples_in_file: null,
      warnings: [],
      source_id: null,
      created_at: '2026-01-15T09:00:00.000Z',
      started_at: '2026-01-15T09:00:00.000Z',
      finished_at: '2026-01-15T09:00:00.000Z',
    },
  },
  'genetics.jobs.events': {
    request: {
      params: {
        id: 'job_01kt1gw6g02sc0xx7jcac0y6sk',
      },
    },
    response:
      'retry: 2000\nid: 2026-01-15T09:00:00.000Z\nevent: job\ndata: {"id":"job_01kt1gw6g02sc0xx7jcac0y6sk","state":"running","stage":"annotating","progress":{"bytes":12288,"bytes_total":24681,"records":5120,"percent":49.8,"updated_at":"2026-01-15T09:00:00.000Z"}}\n\n' +
      'event: end\ndata: {"state":"succeeded","source_id":"src_01kt1gw6g02sc0xx7jcac0y6sm"}\n\n',
  },
  'genetics.jobs.cancel': {
    request: {
      params: {
        id: 'job_01kt1gw6g02sc0xx7jcac0y6t7',
      },
    },
    response: {
      id: 'job_01kt1gw6g02sc0xx7jcac0y6t7',
      job_id: 'job_01kt1gw6g02sc0xx7jcac0y6t7',
      organization_id: 'org_01kt1gw6g02sc0xx7jcac0y6t3',
      user_id: 'usr_01kt1gw6g02sc0xx7jcac0y6t2',
      upload_id: 'upl_01kt1gw6g02sc0xx7jcac0y6t6',
      state: 'cancelled',
      stage: 'cancelled',
      annotation_depth: 'compact',
      progress: {
        bytes: 0,
        bytes_total: 24681,
        records: 0,
        percent: 0,
        updated_at: '2026-01-15T09:00:00.000Z',
      },
      attempts: 1,
      max_attempts: 3,
      error: null,
      sample: null,
      samples_in_file: null,
      warnings: [],
      source_id: null,
      created_at: '2026-01-15T09:00:00.000Z',
      started_at: '2026-01-15T09:00:00.000Z',
      finished_at: '2026-01-15T09:00:00.000Z',
    },
  },
  'genetics.findings.list': {
    request: {
      query: {
        source_id: 'src_01kt1gw6g02sc0xx7jcac0y6xj',
      },
    },
    response: {
      data: [
        {
          id: 'gf_01kt1gw6g02sc0xx7jcac0y6xk',
          source_id: 'src_01kt1gw6g02sc0xx7jcac0y6xj',
          entry_id: 'herc2-eye-colour',
          rsid: 'rs12913832',
          gene: 'HERC2/OCA2',
          label: 'HERC2 rs12913832 (eye colour)',
          category: 'trait',
          genotype: 'G/G',
          zygosity: 'hom_alt',
          alt_copies: 2,
          interpretation:
            'Two copies of the G allele: strongly associated with blue (light) eyes in European-ancestry studies; other genes modify the shade.',
          evidence_level: 'moderate',
          evidence_summary: 'Replicated genome-wide associations with eye and hair colour (GWAS Catalog).',
          notice: FINDING_NOTICES.trait,
          citations: [
            {
              kind: 'pmid',
              id: '18483556',
              title: 'Han J 2008 (GWAS Catalog): Black vs. blond hair color; Black vs. red hair color',
            },
          ],
          matched_by: 'rsid_and_position',
          filter: null,
          sample: 'HG00096',
          imputed: false,
          imputation_r2: null,
          call_quality: { gq: 99, depth: 31, alt_fraction: 1, concerns: [] },
          created_at: '2026-01-15T09:00:00.000Z',
        },
      ],
      next_cursor: null,
    },
  },
  'genetics.ancestry': {
    request: {
      body: {
        source_id: 'src_01kt1gw6g02sc0xx7jcac0y6s8',
      },
    },
    response: {
      id: 'anc_01kt1gw6g02sc0xx7jcac0y6sa',
      source_id: 'src_01kt1gw6g02sc0xx7jcac0y6s8',
      organization_id: 'org_01kt1gw6g02sc0xx7jcac0y6s1',
      user_id: 'usr_01kt1gw6g02sc0xx7jcac0y6s0',
      result: {
        method:
          'aisnp-169 population likelihood with calibrated probabilities; supervised admixture maximum likelihood',
        panel: {
          name: 'Kidd 55 + Kosoy/Seldin 128 ancestry-informative SNPs (169 unique)',
          markers: 169,
        },
        build: 'GRCh37',
        assumption: 'variant_only',
        assumption_applied:
          'variant_only: the 114 panel markers absent from the source were treated as unknown, because a variant-only file says nothing about the sites it does not list.',
        coverage: {
          panel_size: 169,
          found: 55,
          usable: 55,
          assumed_homozygous_reference: 0,
          missing: 114,
          unusable: {
            no_call: 0,
            filtered: 0,
            allele_mismatch: 0,
            unexpected_ploidy: 0,
          },
        },
        closest_group: {
          super_population: {
            code: 'EUR',
            name: 'European',
            probability: 0.9652,
          },
          population: {
            code: 'GBR',
            name: 'British in England and Scotland',
            super_population: 'EUR',
            probability: 0.3518,
          },
          super_populations: [
            {
              code: 'EUR',
              name: 'European',
              probability: 0.9652,
            },
          ],
          top_populations: [
            {
              code: 'GBR',
              name: 'British in England and Scotland',
              super_population: 'EUR',
              probability: 0.3518,
            },
          ],
          low_confidence: false,
        },
        admixture: {
          components: [
            {
              code: 'AFR',
              name: 'African',
              proportion: 0.0007,
              interval: [0],
            },
          ],
          confidence_level: 0.95,
          bootstrap: {
            replicates: 200,
            seed: 1,
            resampled: 'markers',
          },
          log_likelihood: -35.7192,
          low_confidence: false,
        },
        confidence: 'moderate',
        warnings: [],
        explanation: {
          method:
            'We read 55 of the 169 ancestry-informative markers of the panel (single-letter DNA differences whose frequencies differ between continents, from the Kidd and Kosoy/Seldin panels). Closest reference group: for each of the 26 populations sampled by the 1000 Genomes Project we work out how likely your genotypes are given that population’s allele frequencies (for the six admixed populations, given the mixes of ancestry seen in their members), then turn these into probabilities that were calibrated on reference people the model had not seen, and add them up per super-population. Admixture: we find the mix of the five super-populations’ allele frequencies that best explains your genotypes (maximum likelihood), and repeat that on 200 random resamplings of your markers to give 95% intervals.',
          limits: [
            'The reference is 1,252 people from 26 populations. Someone whose ancestry is not among them (for example Middle Eastern, Oceanian or Native American without European or African ancestry) is matched to the nearest group available; the label is a statistical resemblance, not an identity.',
          ],
        },
        model: {
          format: 'wellness-ancestry-model/1',
          training_samples: 1252,
          calibration: {
            frequency_shrinkage: 20,
            admixed_log_prior: -1,
            temperature: 1.75,
          },
        },
      },
      created_at: '2026-01-15T09:00:00.000Z',
    },
  },
  'genetics.uploads.put_content': {
    request: {
      params: {
        id: 'upl_01kt1gw6g02sc0xx7jcac0y6qh',
      },
    },
    response: {
      upload_id: 'upl_01kt1gw6g02sc0xx7jcac0y6qh',
      received_bytes: 8388608,
      size_bytes: 20971520,
      complete: false,
    },
  },
} satisfies Record<string, OperationExample>

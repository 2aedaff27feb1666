// Seeded fuzzing helpers: a small deterministic PRNG, schema-driven mutations of an operation's example
// input, byte-level mutations of real files, and the judge every fuzzed answer must pass (no 5xx, no hang,
// errors as application/problem+json). The same seed replays the same inputs: FUZZ_SEED=<n>.

import type { TObject, TSchema } from '@sinclair/typebox'

/** mulberry32: tiny, fast and reproducible; not for secrets. */
export function prng(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(next() * items.length)]
    },
  }
}
export type Prng = ReturnType<typeof prng>

/** The run's seed: FUZZ_SEED when given (to replay a failure), else the one printed by the run. */
export const fuzzSeed = () => Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647)

/** Values no schema field should choke on: wrong types, boundaries, hostile strings. */
const HOSTILE_VALUES: readonly (() => unknown)[] = [
  () => null,
  () => true,
  () => 0,
  () => -1,
  () => -2_147_483_649,
  () => Number.MAX_SAFE_INTEGER + 2,
  () => 1e308,
  () => 3.5,
  () => '',
  () => ' ',
  () => 'a\u0000b',
  () => '\uD800',
  () => '../../../../etc/passwd',
  () => '..%2f..%2f..%2fetc%2fpasswd',
  () => '%00',
  () => '<script>alert(1)</script>',
  () => "' OR 1=1 --",
  () => '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🧬',
  () => 'x'.repeat(70_000),
  () => [],
  () => Array.from({ length: 5_000 }, (_, i) => i),
  () => ({}),
  () => ({ nested: { deeper: [1, { deepest: 'x' }] } }),
  () => deepNest(2_000),
  () => '2026-02-30T25:61:00Z',
  () => 'NaN',
  () => '-0',
  () => '1e999',
]

/** An object nested `depth` levels deep. */
export function deepNest(depth: number): unknown {
  let value: unknown = 'bottom'
  for (let i = 0; i < depth; i++) value = { a: value }
  return value
}

export interface FuzzInput {
  params: Record<string, unknown>
  query: Record<string, unknown>
  body: unknown
  /** Extra request headers (header abuse). */
  headers: Record<string, string>
  /** A raw body to send instead of JSON (invalid UTF-8, broken JSON). */
  rawBody?: Uint8Array | string
  /** What was done, for the failure report. */
  what: string
}

const fieldNames = (schema: TObject | undefined) => Object.keys(schema?.properties ?? {})

/** One mutation of an example input, chosen by the PRNG from the operation's own schemas. */
export function mutateInput(
  rng: Prng,
  parts: { params?: TObject; query?: TObject; body?: TObject },
  example: {
    params: Record<string, unknown>
    query: Record<string, unknown>
    body?: Record<string, unknown>
  },
): FuzzInput {
  const input: FuzzInput = {
    params: { ...example.params },
    query: { ...example.query },
    body: parts.body ? { ...(example.body ?? {}) } : undefined,
    headers: {},
    what: '',
  }
  const choices: (() => void)[] = []
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = parts[part]
    for (const field of fieldNames(schema)) {
      const target = () => input[part] as Record<string, unknown>
      choices.push(() => {
        const value = rng.pick(HOSTILE_VALUES)()
        target()[field] = value
        input.what = `${part}.${field} = ${preview(value)}`
      })
      if (part !== 'params')
        choices.push(() => {
          delete target()[field]
          input.what = `${part}.${field} missing`
        })
    }
  }
  if (parts.body) {
    choices.push(() => {
      ;(input.body as Record<string, unknown>)[`extra_${rng.int(1000)}`] = rng.pick(HOSTILE_VALUES)()
      input.what = 'body with an extra field'
    })
    choices.push(() => {
      input.body = rng.pick([[], 'text', 42, null, deepNest(3_000)])
      input.what = `body of the wrong type (${preview(input.body)})`
    })
    choices.push(() => {
      input.rawBody = new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d])
      input.what = 'body of invalid UTF-8'
    })
    choices.push(() => {
      input.rawBody = '{"a": [1, 2, {"b": '
      input.what = 'truncated JSON'
    })
    choices.push(() => {
      input.rawBody = JSON.stringify(example.body ?? {})
      input.headers['content-type'] = rng.pick([
        'text/plain',
        'application/xml',
        'application/json; charset=utf-16',
        '*/*',
      ])
      input.what = `content-type ${input.headers['content-type']}`
    })
  }
  choices.push(() => {
    input.headers[rng.pick(['x-request-id', 'traceparent', 'accept', 'x-forwarded-for', 'accept-language'])] =
      rng.pick(['\u0001', 'x'.repeat(8_000), '00-zz-yy-01', '999.999.999.999, ::ffff:1', ';;;,,,'])
    input.what = `abused header ${Object.keys(input.headers).join()}`
  })
  choices.push(() => {
    input.headers.authorization = rng.pick([
      'Bearer ',
      'Bearer x',
      `Bearer ${'a'.repeat(10_000)}`,
      'Basic Og==',
    ])
    input.what = 'abused authorization header'
  })
  rng.pick(choices)()
  return input
}

const preview = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 40 ? `${text.slice(0, 40)}… (${text.length} chars)` : text
}

/** Byte mutations of a real file: bit flips, truncation, CRLF, a huge line, swapped columns. */
export function mutateFile(rng: Prng, name: string, bytes: Uint8Array): { bytes: Uint8Array; what: string } {
  const copy = new Uint8Array(bytes)
  const text = () => new TextDecoder().decode(bytes)
  const encode = (s: string) => new TextEncoder().encode(s)
  const mutations: (() => { bytes: Uint8Array; what: string })[] = [
    () => {
      const flips = 1 + rng.int(20)
      for (let i = 0; i < flips; i++) copy[rng.int(copy.length)] ^= 1 << rng.int(8)
      return { bytes: copy, what: `${name} with ${flips} bit flips` }
    },
    () => {
      const at = rng.int(copy.length)
      return { bytes: copy.slice(0, at), what: `${name} truncated at byte ${at}` }
    },
    () => ({ bytes: encode(text().replace(/\r?\n/g, '\r\n')), what: `${name} with CRLF line ends` }),
    () => {
      const lines = text().split('\n')
      lines.splice(1 + rng.int(Math.max(1, lines.length - 1)), 0, 'x'.repeat(300_000))
      return { bytes: encode(lines.join('\n')), what: `${name} with a 300 kB line` }
    },
    () => {
      const lines = text()
        .split('\n')
        .map((line) => {
          const cells = line.split(/([,\t])/)
          if (cells.length < 3) return line
          ;[cells[0], cells[2]] = [cells[2], cells[0]]
          return cells.join('')
        })
      return { bytes: encode(lines.join('\n')), what: `${name} with its first two columns swapped` }
    },
    () => ({
      bytes: encode(`\uFEFF${text()}`.replace(/,/g, ';')),
      what: `${name} with a BOM and semicolons`,
    }),
  ]
  return rng.pick(mutations)()
}

/** Apple Health and FHIR XML that expands entities (billion laughs) and reads local files (XXE). */
export function entityBombs(): { name: string; text: string }[] {
  const levels = ['<!ENTITY lol0 "lollollollollollollollollollol">']
  for (let i = 1; i < 10; i++) levels.push(`<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`)
  const doctype = `<!DOCTYPE HealthData [${levels.join('')}<!ENTITY xxe SYSTEM "file:///etc/passwd">]>`
  return [
    {
      name: 'export.xml',
      text: `<?xml version="1.0" encoding="UTF-8"?>\n${doctype}\n<HealthData locale="en_US"><Record type="HKQuantityTypeIdentifierStepCount" sourceName="&lol9;" unit="count" startDate="2026-01-01 08:00:00 +0000" endDate="2026-01-01 09:00:00 +0000" value="100"/></HealthData>`,
    },
    {
      name: 'export.xml',
      text: `<?xml version="1.0"?>\n${doctype}\n<HealthData><Record type="HKQuantityTypeIdentifierStepCount" sourceName="&xxe;" unit="count" startDate="2026-01-01 08:00:00 +0000" endDate="2026-01-01 09:00:00 +0000" value="1"/></HealthData>`,
    },
    {
      name: 'fhir-bundle.xml',
      text: `<?xml version="1.0"?>\n${doctype}\n<Bundle xmlns="http://hl7.org/fhir"><type value="collection"/><entry><resource><Observation><status value="&lol9;"/></Observation></resource></entry></Bundle>`,
    },
  ]
}

/**
 * What a fuzzed answer did wrong, if anything: 5xx, or an error that is not a problem document. A 502 or
 * 503 problem is the service saying a dependency is missing or down (the test app configures no wearable
 * provider and no token encryption key): a clear answer, not a failure of the service.
 */
export function misbehaviour(status: number, contentType: string | null): string | null {
  const problem = contentType?.startsWith('application/problem+json') === true
  if ((status === 502 || status === 503) && problem) return null
  if (status >= 500) return `answered ${status}`
  if (status >= 400 && !problem)
    return `answered ${status} as ${contentType ?? 'no content type'}, not application/problem+json`
  return null
}

/** Resolve to `null` when `promise` takes longer than `ms` (a hang). */
export function withinMs<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

export type { TSchema }

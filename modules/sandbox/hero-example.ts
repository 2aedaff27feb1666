// The demo's own output as documentation: its answer to an empty body, as JSON sends it, with every list
// cut to its first item. The demo is deterministic, so an example made from it can never show what the
// code no longer does; the sandbox and analyses operations document themselves with it.

import { runHeroDemo } from './hero'

let heroOutput: ReturnType<typeof runHeroDemo> | undefined

/** Made on first use (when a document first asks for an example), then kept. */
export function heroExample(): ReturnType<typeof runHeroDemo> {
  heroOutput ??= firstOfEachList(JSON.parse(JSON.stringify(runHeroDemo({})))) as ReturnType<
    typeof runHeroDemo
  >
  return heroOutput
}

function firstOfEachList(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, 1).map(firstOfEachList)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, firstOfEachList(item)]))
}

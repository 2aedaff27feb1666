// The calls of every sample of a multi-sample VCF, made one sample at a time when asked for. A
// 1000 Genomes file has thousands of samples; building every sample's calls up front made peak memory
// grow with the sample count. This read-only map keeps nothing per sample: iterating it builds one
// sample's calls, the caller uses them, and they can be collected before the next.

import type { GenomeBuild, SiteCall } from '../types'
import type { TargetResolver } from './target-resolver'

export class SampleCalls implements ReadonlyMap<string, Map<string, SiteCall>> {
  private readonly index: Map<string, number>

  constructor(
    private readonly resolver: TargetResolver,
    private readonly build: GenomeBuild | 'unknown',
    private readonly samples: readonly string[],
  ) {
    this.index = new Map(samples.map((name, i) => [name, i]))
  }

  get size(): number {
    return this.samples.length
  }

  has(sample: string): boolean {
    return this.index.has(sample)
  }

  /** Builds the sample's calls afresh on every call (nothing is cached). */
  get(sample: string): Map<string, SiteCall> | undefined {
    const i = this.index.get(sample)
    return i === undefined ? undefined : this.resolver.callsFor(this.build, i)
  }

  *entries(): MapIterator<[string, Map<string, SiteCall>]> {
    for (const [i, name] of this.samples.entries()) yield [name, this.resolver.callsFor(this.build, i)]
  }

  keys(): MapIterator<string> {
    return this.samples[Symbol.iterator]() as MapIterator<string>
  }

  *values(): MapIterator<Map<string, SiteCall>> {
    for (const [, calls] of this.entries()) yield calls
  }

  [Symbol.iterator](): MapIterator<[string, Map<string, SiteCall>]> {
    return this.entries()
  }

  forEach(
    callback: (
      calls: Map<string, SiteCall>,
      sample: string,
      map: ReadonlyMap<string, Map<string, SiteCall>>,
    ) => void,
  ): void {
    for (const [name, calls] of this.entries()) callback(calls, name, this)
  }
}

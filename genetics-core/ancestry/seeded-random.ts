// A small seeded pseudo-random generator (mulberry32) for the marker bootstrap and the
// cross-validation folds: the same seed gives the same replicates on every machine, so results can be
// reproduced and tested. Not for anything security-related.

/** Returns a function giving uniform numbers in [0, 1), fully determined by `seed`. */
export function createSeededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Fisher-Yates shuffle in place, driven by the given generator. */
export function shuffleInPlace<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    const swap = items[i]
    items[i] = items[j]
    items[j] = swap
  }
  return items
}

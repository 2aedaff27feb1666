// Canonical chromosome names for catalog positions: '1'..'22', 'X', 'Y', 'MT'. Sources name them
// 'chr10', '10', 'chrM' or 'M'; the catalog and the reader engine agree on the bare form.

export function canonicalChrom(name: string): string {
  const bare = name.trim().replace(/^chr/i, '')
  const upper = bare.toUpperCase()
  if (upper === 'M' || upper === 'MT') return 'MT'
  if (upper === 'X' || upper === 'Y') return upper
  return bare
}

/** True for a chromosome where a person can carry a single copy (X, Y) or one haplotype (MT). */
export function isSexOrMitochondrial(chrom: string): boolean {
  return chrom === 'X' || chrom === 'Y' || chrom === 'MT'
}

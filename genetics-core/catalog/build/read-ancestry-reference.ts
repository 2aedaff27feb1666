// Reads the AISNP reference table shipped for ancestry (ancestry/aisnp_reference_train.tsv): one row
// per marker with its GRCh37 and GRCh38 positions and the 1000 Genomes REF/ALT.

export interface AncestryReferenceRow {
  line: number
  rsid: string
  chrom: string
  grch37: number
  grch38: number
  ref: string
  alt: string
}

export function readAncestryReference(text: string): Map<string, AncestryReferenceRow> {
  const out = new Map<string, AncestryReferenceRow>()
  const lines = text.split(/\r?\n/)
  let header: string[] | null = null
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]
    if (raw === '' || raw.startsWith('#')) continue
    const cols = raw.split('\t')
    if (!header) {
      header = cols
      continue
    }
    const get = (name: string) => cols[header!.indexOf(name)] ?? ''
    out.set(get('rsid'), {
      line: i + 1,
      rsid: get('rsid'),
      chrom: get('chrom'),
      grch37: Number(get('pos_grch37')),
      grch38: Number(get('pos_grch38')),
      ref: get('ref').toUpperCase(),
      alt: get('alt').toUpperCase(),
    })
  }
  return out
}

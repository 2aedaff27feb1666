// Reads a PGS Catalog scoring file (format 2.0): '#key=value' header lines, then a TSV table.

export interface PgsRow {
  line: number
  rsid: string
  chrom: string
  pos: number
  effectAllele: string
  otherAllele: string
  weight: number
}

export interface PgsScore {
  meta: Record<string, string>
  rows: PgsRow[]
}

export function readPgsScoringFile(text: string): PgsScore {
  const meta: Record<string, string> = {}
  const rows: PgsRow[] = []
  const lines = text.split(/\r?\n/)
  let header: string[] | null = null
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]
    if (raw === '') continue
    if (raw.startsWith('#')) {
      const m = /^#+([^=]+)=(.*)$/.exec(raw)
      if (m) meta[m[1].trim()] = m[2].trim()
      continue
    }
    const cols = raw.split('\t')
    if (!header) {
      header = cols
      continue
    }
    const get = (name: string) => cols[header!.indexOf(name)] ?? ''
    const pos = Number(get('chr_position'))
    const weight = Number(get('effect_weight'))
    if (!Number.isInteger(pos) || !Number.isFinite(weight)) continue
    rows.push({
      line: i + 1,
      rsid: get('rsID'),
      chrom: get('chr_name'),
      pos,
      effectAllele: get('effect_allele').toUpperCase(),
      otherAllele: get('other_allele').toUpperCase(),
      weight,
    })
  }
  return { meta, rows }
}

// Reads the site columns of small VCF excerpts (dbSNP, ClinVar, PharmCAT positions) used to build and
// check the catalog. These files are a few kilobytes; the streaming reader engine is for genomes.

import { canonicalChrom } from '../chrom'

export interface VcfSite {
  /** 1-based line number in the file. */
  line: number
  chrom: string
  pos: number
  id: string
  ref: string
  alts: string[]
  info: Map<string, string>
}

/** Parses every data line; malformed lines are skipped and counted, not thrown. */
export function readVcfSites(text: string): { sites: VcfSite[]; skipped: number } {
  const sites: VcfSite[] = []
  let skipped = 0
  const lines = text.split(/\r?\n/)
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]
    if (raw === '' || raw.startsWith('#')) continue
    const cols = raw.split('\t')
    const pos = Number(cols[1])
    if (cols.length < 8 || !Number.isInteger(pos) || pos < 1) {
      skipped++
      continue
    }
    const info = new Map<string, string>()
    for (const field of cols[7].split(';')) {
      if (field === '' || field === '.') continue
      const eq = field.indexOf('=')
      if (eq === -1) info.set(field, '')
      else info.set(field.slice(0, eq), field.slice(eq + 1))
    }
    sites.push({
      line: i + 1,
      chrom: canonicalChrom(cols[0]),
      pos,
      id: cols[2],
      ref: cols[3].toUpperCase(),
      alts: cols[4] === '.' ? [] : cols[4].toUpperCase().split(','),
      info,
    })
  }
  return { sites, skipped }
}

/** The rsIDs a record names: its ID column (split on ';') and, for ClinVar, the RS= INFO field. */
export function siteRsids(site: VcfSite): string[] {
  const ids = site.id === '.' ? [] : site.id.split(';').filter((id) => /^rs\d+$/.test(id))
  const rs = site.info.get('RS')
  if (rs && /^\d+$/.test(rs) && !ids.includes(`rs${rs}`)) ids.push(`rs${rs}`)
  return ids
}

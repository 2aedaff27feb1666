// Reads pathogenic and likely pathogenic assertions out of ClinVar VCF records, in both the legacy
// "ClinVar and dbSNP" format (numeric CLNSIG aligned with CLNALLE, per-condition '|' lists) and the
// current format (CLNSIG words, CLNDN, ID = VariationID). Benign or conflicting records, and records
// whose only condition is 'not provided' / 'not specified', are left out.

import type { VcfSite } from './read-vcf-sites'
import { siteRsids } from './read-vcf-sites'

export interface ClinvarAssertion {
  path: string
  line: number
  chrom: string
  pos: number
  ref: string
  alt: string
  rsid: string
  gene: string | null
  hgvs: string | null
  significance: 'pathogenic' | 'likely pathogenic'
  conditions: string[]
  /** Review status in ClinVar's words, e.g. 'no assertion criteria provided'. */
  reviewStatus: string
  accessions: string[]
}

const UNNAMED = new Set(['not_provided', 'not_specified'])

const LEGACY_REVIEW: Record<string, string> = {
  no_assertion: 'no assertion provided',
  no_criteria: 'no assertion criteria provided',
  single: 'criteria provided, single submitter',
  mult: 'criteria provided, multiple submitters, no conflicts',
  conf: 'criteria provided, conflicting interpretations',
  exp: 'reviewed by expert panel',
  guideline: 'practice guideline',
}

function readable(name: string): string {
  return name.replace(/\\x2c/g, ',').replace(/_/g, ' ').trim()
}

function geneOf(site: VcfSite): string | null {
  const info = site.info.get('GENEINFO')
  const symbol = info?.split('|')[0]?.split(':')[0]
  return symbol ? symbol : null
}

function legacyAssertions(site: VcfSite, path: string, rsid: string): ClinvarAssertion[] {
  const part = (key: string, k: number) => (site.info.get(key) ?? '').split(',')[k]?.split('|') ?? []
  const alleles = (site.info.get('CLNALLE') ?? '').split(',').map(Number)
  const out: ClinvarAssertion[] = []
  alleles.forEach((alleleIndex, k) => {
    if (!Number.isInteger(alleleIndex) || alleleIndex < 1 || alleleIndex > site.alts.length) return
    const sigs = part('CLNSIG', k)
    const names = part('CLNDBN', k)
    const reviews = part('CLNREVSTAT', k)
    const accs = part('CLNACC', k)
    if (sigs.some((s) => s === '2' || s === '3') || reviews.includes('conf')) return
    const keep = sigs.flatMap((s, j) =>
      (s === '4' || s === '5') && names[j] && !UNNAMED.has(names[j]) ? [j] : [],
    )
    if (keep.length === 0) return
    out.push({
      path,
      line: site.line,
      chrom: site.chrom,
      pos: site.pos,
      ref: site.ref,
      alt: site.alts[alleleIndex - 1],
      rsid,
      gene: geneOf(site),
      hgvs: (site.info.get('CLNHGVS') ?? '').split(',')[k] || null,
      significance: keep.every((j) => sigs[j] === '5') ? 'pathogenic' : 'likely pathogenic',
      conditions: keep.map((j) => readable(names[j])),
      reviewStatus: LEGACY_REVIEW[reviews[keep[0]]] ?? readable(reviews[keep[0]] ?? 'unknown'),
      accessions: keep.map((j) => accs[j]).filter((a) => /^RCV\d+/.test(a ?? '')),
    })
  })
  return out
}

const CURRENT_SIGNIFICANCE: Record<string, ClinvarAssertion['significance']> = {
  Pathogenic: 'pathogenic',
  'Pathogenic/Likely_pathogenic': 'likely pathogenic',
  Likely_pathogenic: 'likely pathogenic',
}

function currentAssertions(site: VcfSite, path: string, rsid: string): ClinvarAssertion[] {
  const significance = CURRENT_SIGNIFICANCE[site.info.get('CLNSIG') ?? '']
  if (!significance || site.alts.length !== 1 || !/^\d+$/.test(site.id)) return []
  const conditions = (site.info.get('CLNDN') ?? '').split('|').filter((n) => n && !UNNAMED.has(n))
  if (conditions.length === 0) return []
  return [
    {
      path,
      line: site.line,
      chrom: site.chrom,
      pos: site.pos,
      ref: site.ref,
      alt: site.alts[0],
      rsid,
      gene: geneOf(site),
      hgvs: site.info.get('CLNHGVS') ?? null,
      significance,
      conditions: conditions.map(readable),
      reviewStatus: readable(site.info.get('CLNREVSTAT') ?? 'unknown'),
      // VCV accessions are the VariationID zero-padded to nine digits.
      accessions: [`VCV${site.id.padStart(9, '0')}`],
    },
  ]
}

export function clinvarAssertions(site: VcfSite, path: string): ClinvarAssertion[] {
  const rsid = siteRsids(site)[0]
  if (!rsid) return []
  if (site.info.has('CLNALLE')) return legacyAssertions(site, path, rsid)
  if (site.info.has('ALLELEID')) return currentAssertions(site, path, rsid)
  return []
}

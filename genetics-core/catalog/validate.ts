// Structural checks of a compact catalog: run by the build script before it writes the JSON and by
// the tests on the committed file. Returns one message per problem; an empty list means valid.

import type { CatalogEntry, CompactCatalog } from './types'

const CATEGORIES = new Set(['pharmacogenomic', 'clinical', 'trait'])
const LEVELS = new Set(['strong', 'moderate', 'limited'])
const CHROMS = new Set([...Array.from({ length: 22 }, (_, i) => String(i + 1)), 'X', 'Y', 'MT'])
const CITATION_ID: Record<string, RegExp> = {
  clinvar: /^(RCV|VCV|SCV)\d{9}(\.\d+)?$/,
  pmid: /^\d{1,9}$/,
  pgs: /^PGS\d{6}$/,
  cpic_guideline: /\S/,
  pharmcat_allele: /^[A-Z0-9-]+ \S.*$/,
}

function entryProblems(e: CatalogEntry): string[] {
  const p: string[] = []
  const at = `entry ${e.id}`
  if (!/^[a-z0-9][a-z0-9.+-]*$/.test(e.id))
    p.push(`${at}: id must be lower-case letters, digits, '.', '+' or '-'`)
  if (e.rsid !== null && !/^rs\d+$/.test(e.rsid)) p.push(`${at}: rsid ${e.rsid} is not of the form rs123`)
  if (!CATEGORIES.has(e.category)) p.push(`${at}: unknown category ${e.category}`)
  if (!/^[ACGT]+$/.test(e.ref) || !/^[ACGT]+$/.test(e.alt)) p.push(`${at}: REF/ALT must be A, C, G, T`)
  if (e.ref === e.alt) p.push(`${at}: REF equals ALT`)
  for (const [name, position] of [
    ['GRCh37', e.grch37],
    ['GRCh38', e.grch38],
  ] as const) {
    if (position === null) continue
    if (!CHROMS.has(position.chrom)) p.push(`${at}: ${name} chromosome ${position.chrom} is not canonical`)
    if (!Number.isSafeInteger(position.pos) || position.pos < 1)
      p.push(`${at}: ${name} position must be a positive integer`)
  }
  if (e.grch37 && e.grch38 && e.grch37.chrom !== e.grch38.chrom)
    p.push(`${at}: chromosome differs between builds`)
  if (e.grch37 === null && e.grch38 === null) p.push(`${at}: no position on either build`)
  if ((e.grch37 === null || e.grch38 === null) && e.positionNotes.length === 0) {
    p.push(`${at}: a null position needs a note saying why`)
  }
  const i = e.interpretation
  if (![i.homRef, i.het, i.homAlt].every((t) => typeof t === 'string' && t.trim().length > 0)) {
    p.push(`${at}: every genotype needs an interpretation`)
  }
  const chrom = e.grch38?.chrom ?? e.grch37?.chrom
  if (chrom === 'X' && !(i.hemizygousRef && i.hemizygousAlt))
    p.push(`${at}: X-linked entries need hemizygous wording`)
  if (!LEVELS.has(e.evidence.level) || e.evidence.summary.trim() === '')
    p.push(`${at}: evidence needs a level and a summary`)
  if (e.citations.length === 0) p.push(`${at}: no citation`)
  for (const c of e.citations) {
    const pattern = CITATION_ID[c.kind]
    if (!pattern) p.push(`${at}: unknown citation kind ${c.kind}`)
    else if (!pattern.test(c.id)) p.push(`${at}: citation id ${c.id} is not a valid ${c.kind} id`)
    if (c.kind === 'cpic_guideline' && !c.title) p.push(`${at}: a guideline citation needs its title`)
  }
  if (e.provenance.length === 0) p.push(`${at}: no provenance`)
  for (const pr of e.provenance) {
    if (!pr.source || !pr.locator || !pr.note) p.push(`${at}: provenance needs source, locator and note`)
  }
  return p
}

export function validateCatalog(catalog: CompactCatalog): string[] {
  const problems: string[] = []
  if (!/^\d+\.\d+\.\d+\+[0-9a-f]{12}$/.test(catalog.version))
    problems.push(`version ${catalog.version} is malformed`)
  const ids = new Set<string>()
  const rsids = new Set<string>()
  const sites = new Set<string>()
  for (const e of catalog.entries) {
    problems.push(...entryProblems(e))
    if (ids.has(e.id)) problems.push(`duplicate id ${e.id}`)
    ids.add(e.id)
    if (e.rsid !== null) {
      if (rsids.has(`${e.rsid}>${e.alt}`)) problems.push(`duplicate rsID and ALT ${e.rsid}>${e.alt}`)
      rsids.add(`${e.rsid}>${e.alt}`)
    }
    for (const [build, position] of [
      ['GRCh37', e.grch37],
      ['GRCh38', e.grch38],
    ] as const) {
      if (!position) continue
      const key = `${build}:${position.chrom}:${position.pos}:${e.ref}:${e.alt}`
      if (sites.has(key)) problems.push(`duplicate site ${key}`)
      sites.add(key)
    }
  }
  return problems
}

// Turns the hand-curated facts (curated.ts) into catalog entries: each position is read from the
// sources the fact names and every source must agree; PharmCAT allele names, GWAS citations and
// the dbSNP/ClinVar excerpts are checked on the way. Problems are collected, never thrown.

import type { CuratedFact, PositionSource } from '../curated-fact'
import type { CatalogEntry, Citation, GenomicPosition, Provenance } from '../types'
import { crossCheckGrch37 } from './cross-check-grch37'
import { makeEntry } from './make-entry'
import { type CatalogSources, SOURCE_PATHS, sharedSource } from './sources'

function linesLocator(lines: number[]): string {
  return lines.length === 1 ? `line ${lines[0]}` : `lines ${lines.join(', ')}`
}

/** Genome-wide significance, the threshold for citing a GWAS Catalog row. */
export const GWAS_SIGNIFICANCE = 5e-8

type Build = 'grch37' | 'grch38'

function resolvePosition(
  fact: CuratedFact,
  build: Build,
  source: PositionSource,
  sources: CatalogSources,
  problems: string[],
): { pos: number; provenance: Provenance } | null {
  const fail = (why: string) => {
    problems.push(`${fact.id}: ${build} from ${source.from}: ${why}`)
    return null
  }
  switch (source.from) {
    case 'pharmcat': {
      if (build !== 'grch38') return fail('PharmCAT positions are GRCh38 only')
      const site = sources.pharmcatPositions.find((s) => s.id === fact.rsid)
      if (!site) return fail(`${fact.rsid} is not in pharmcat_positions.vcf`)
      if (site.chrom !== fact.chrom) return fail(`chromosome ${site.chrom} differs from ${fact.chrom}`)
      if (site.ref !== fact.ref || !site.alts.includes(fact.alt)) {
        return fail(`alleles ${site.ref}>${site.alts.join(',')} do not include ${fact.ref}>${fact.alt}`)
      }
      const gene = site.info.get('PX')
      if (gene !== fact.gene) return fail(`PX=${gene} differs from gene ${fact.gene}`)
      return {
        pos: site.pos,
        provenance: {
          source: sharedSource(SOURCE_PATHS.pharmcatPositions),
          locator: `line ${site.line}`,
          note: `GRCh38 ${site.chrom}:${site.pos} ${site.ref}>${site.alts.join(',')} (PX=${gene})`,
        },
      }
    }
    case 'gwas': {
      if (build !== 'grch37') return fail('the GWAS Catalog 2013 export has GRCh37 positions only')
      const rows = (sources.gwas.get(fact.rsid) ?? []).filter((r) => r.pos !== null)
      if (rows.length === 0) return fail(`${fact.rsid} has no positioned row in the GWAS export`)
      const places = new Set(rows.map((r) => `${r.chrom}:${r.pos}`))
      if (places.size !== 1) return fail(`GWAS rows disagree: ${[...places].join(', ')}`)
      if (rows[0].chrom !== fact.chrom) return fail(`chromosome ${rows[0].chrom} differs from ${fact.chrom}`)
      return {
        pos: rows[0].pos as number,
        provenance: {
          source: sharedSource(SOURCE_PATHS.gwas),
          locator: linesLocator(rows.map((r) => r.line)),
          note: `GRCh37 ${rows[0].chrom}:${rows[0].pos} (Chr_id, Chr_pos) in every row for ${fact.rsid}`,
        },
      }
    }
    case 'ancestry_reference': {
      const row = sources.ancestryReference.get(fact.rsid)
      if (!row) return fail(`${fact.rsid} is not in the AISNP reference table`)
      if (row.chrom !== fact.chrom) return fail(`chromosome ${row.chrom} differs from ${fact.chrom}`)
      if (row.ref !== fact.ref || row.alt !== fact.alt)
        return fail(`alleles ${row.ref}>${row.alt} differ from ${fact.ref}>${fact.alt}`)
      const pos = build === 'grch37' ? row.grch37 : row.grch38
      return {
        pos,
        provenance: {
          source: sharedSource(SOURCE_PATHS.ancestryReference),
          locator: `line ${row.line}`,
          note: `${build === 'grch37' ? 'GRCh37' : 'GRCh38'} ${row.chrom}:${pos}, REF/ALT ${row.ref}>${row.alt} from 1000 Genomes Phase 3`,
        },
      }
    }
    case 'documented':
      return { pos: source.pos, provenance: source.checked }
  }
}

function resolveBuild(
  fact: CuratedFact,
  build: Build,
  sources: CatalogSources,
  problems: string[],
  provenance: Provenance[],
  positionNotes: string[],
): GenomicPosition | null {
  const spec = fact[build]
  if (spec.sources.length === 0) {
    if (!spec.missing) problems.push(`${fact.id}: ${build} has no source and no reason for being empty`)
    else positionNotes.push(`${build === 'grch37' ? 'GRCh37' : 'GRCh38'}: ${spec.missing}`)
    return null
  }
  const resolved = spec.sources.map((s) => resolvePosition(fact, build, s, sources, problems))
  if (resolved.some((r) => r === null)) return null
  const positions = new Set(resolved.map((r) => r!.pos))
  if (positions.size !== 1) {
    problems.push(`${fact.id}: ${build} sources disagree: ${[...positions].join(' vs ')}`)
    return null
  }
  for (const r of resolved) provenance.push(r!.provenance)
  return { chrom: fact.chrom, pos: resolved[0]!.pos }
}

function checkPharmcatAlleles(
  fact: CuratedFact,
  sources: CatalogSources,
  problems: string[],
  provenance: Provenance[],
) {
  for (const name of fact.pharmcatAlleles ?? []) {
    const named = sources.pharmcatAlleles.get(fact.gene)?.find((a) => a.name === name)
    const defining = named?.defining.find((d) => d.rsid === fact.rsid && d.allele === fact.alt)
    if (!defining) {
      problems.push(`${fact.id}: PharmCAT ${fact.gene} ${name} is not defined by ${fact.rsid} ${fact.alt}`)
      continue
    }
    provenance.push({
      source: sharedSource(`${SOURCE_PATHS.pharmcatAlleleDir}/${fact.gene}_translation.json`),
      locator: `namedAlleles "${name}"`,
      note: `${fact.gene} ${name} is defined with ${fact.rsid} ${fact.alt} at GRCh38 ${defining.pos}`,
    })
  }
}

function gwasCitations(fact: CuratedFact, sources: CatalogSources, provenance: Provenance[]): Citation[] {
  const rows = (sources.gwas.get(fact.rsid) ?? []).filter(
    (r) => r.pValue !== null && r.pValue <= GWAS_SIGNIFICANCE,
  )
  const byPmid = new Map<string, typeof rows>()
  for (const row of rows) byPmid.set(row.pmid, [...(byPmid.get(row.pmid) ?? []), row])
  const pmids = [...byPmid.keys()].sort((a, b) => Number(a) - Number(b))
  if (pmids.length > 0) {
    provenance.push({
      source: sharedSource(SOURCE_PATHS.gwas),
      locator: linesLocator(rows.map((r) => r.line)),
      note: `genome-wide significant (p <= 5e-8) associations of ${fact.rsid}, cited by PMID`,
    })
  }
  return pmids.map((pmid) => {
    const first = byPmid.get(pmid)![0]
    const traits = [...new Set(byPmid.get(pmid)!.map((r) => r.trait))].join('; ')
    const year = first.date.slice(-4)
    return {
      kind: 'pmid' as const,
      id: pmid,
      title: `${first.firstAuthor} ${year} (GWAS Catalog): ${traits}`,
    }
  })
}

export function curatedEntries(
  facts: CuratedFact[],
  sources: CatalogSources,
): { entries: CatalogEntry[]; problems: string[] } {
  const entries: CatalogEntry[] = []
  const problems: string[] = []
  for (const fact of facts) {
    const provenance: Provenance[] = []
    const positionNotes: string[] = []
    const grch37 = resolveBuild(fact, 'grch37', sources, problems, provenance, positionNotes)
    const grch38 = resolveBuild(fact, 'grch38', sources, problems, provenance, positionNotes)
    const cross = crossCheckGrch37(fact.id, fact.rsid, grch37, fact.ref, fact.alt, [
      ...sources.dbsnp,
      ...sources.clinvar,
    ])
    problems.push(...cross.problems)
    provenance.push(...cross.provenance)
    checkPharmcatAlleles(fact, sources, problems, provenance)
    const citations = [...fact.citations, ...(fact.citeGwas ? gwasCitations(fact, sources, provenance) : [])]
    provenance.push(...fact.checks)
    entries.push(
      makeEntry({
        id: fact.id,
        rsid: fact.rsid,
        gene: fact.gene,
        label: fact.label,
        category: fact.category,
        ref: fact.ref,
        alt: fact.alt,
        grch37,
        grch38,
        positionNotes,
        interpretation: fact.interpretation,
        evidence: fact.evidence,
        citations,
        provenance,
      }),
    )
  }
  return { entries, problems }
}

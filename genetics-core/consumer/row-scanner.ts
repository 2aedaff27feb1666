// Scanner for consumer genotype rows (23andMe, AncestryDNA, MyHeritage, FTDNA, LivingDNA,
// deCODEme). These files are small (about 700k rows), so rows are parsed as strings; counts and
// lookups mirror the VCF body scanner so both feed the same accumulator.

import { chromosomeCode } from '../normalize/chromosome'
import { C } from '../scan/counters'
import { LineScanner, latin1 } from '../scan/line-scanner'
import { Lookup, type LookupTables, rsNumber } from '../scan/lookup-tables'
import type { ChromRun } from '../scan/segment-scan'
import { isNonPseudoautosomalX } from '../sex/sex-chromosome-sites'
import { isRowProblem, parseConsumerRow } from './consumer-row'
import { type ConsumerLayout, normaliseHeaderRow } from './layouts'

export class ConsumerRowScanner extends LineScanner {
  private readonly lookup: Lookup | null
  private run: ChromRun | null = null

  constructor(
    private readonly layout: ConsumerLayout,
    lookup: LookupTables | null,
  ) {
    super()
    const built = lookup ? new Lookup(lookup) : null
    this.lookup = built && !built.empty ? built : null
  }

  protected override onPieceEnd(): void {
    this.run = null
  }

  protected scanLine(buf: Uint8Array, s: number, e: number): void {
    if (s === e) return
    if (buf[s] === 35 /* # */) return
    const line = latin1(buf, s, e)
    if (this.layout.headerRow !== null && normaliseHeaderRow(line) === this.layout.headerRow) return
    const parsed = parseConsumerRow(this.layout, line)
    const counts = this.counts
    let row = parsed
    if (isRowProblem(parsed)) {
      if (parsed.code !== 'BAD_GENOTYPE') {
        this.fail(parsed.code, parsed.message)
        return
      }
      this.warn('BAD_GENOTYPE', `${parsed.message}; counted as no-call`)
      row = parsed.row
    }
    if (isRowProblem(row)) return
    counts[C.records]++
    const rs = rsNumber(row.id)
    if (rs >= 0) counts[C.withRsid]++
    const n = isRowProblem(parsed) ? 0 : row.alleles.length
    if (n === 0) counts[C.gNoCall]++
    else if (n === 1) counts[C.gHemizygous]++
    else if (row.alleles[0] !== row.alleles[1]) counts[C.gHet]++
    else counts[C.gHomozygousUnknownRef]++
    if (row.alleles.some((a) => a === 'I' || a === 'D')) counts[C.indelCalls]++
    if (row.chrom === 'Y') counts[n === 0 ? C.yNoCall : C.yCalled]++
    else if (row.chrom === 'X' && n > 0 && isXOutsidePar(row)) {
      counts[n === 1 ? C.xHaploid : row.alleles[0] !== row.alleles[1] ? C.xHet : C.xHom]++
    }

    const run = this.run
    if (run === null || run.name !== row.rawChrom) {
      this.run = { name: row.rawChrom, records: 1, firstPos: row.pos, lastPos: row.pos, sorted: true }
      this.runs.push(this.run)
    } else {
      run.records++
      if (row.pos < run.lastPos) run.sorted = false
      run.lastPos = row.pos
    }

    const lookup = this.lookup
    if (lookup && ((rs >= 0 && lookup.hasRs(rs)) || lookup.hasPosition(chromosomeCode(row.chrom), row.pos))) {
      this.hit(buf, s, e)
    }
  }
}

/** AncestryDNA writes PAR rows as chromosome 25 and 23andMe-style files as XY: both are not X proper. */
function isXOutsidePar(row: { rawChrom: string; pos: number }): boolean {
  return row.rawChrom !== '25' && row.rawChrom.toUpperCase() !== 'XY' && isNonPseudoautosomalX(row.pos)
}

// Reads the NHGRI GWAS Catalog export of 2013-09-07 (legacy 34-column TSV, GRCh37 positions).

export interface GwasRow {
  /** 1-based line number in the decompressed file (line 1 is the header). */
  line: number
  pmid: string
  firstAuthor: string
  date: string
  trait: string
  chrom: string
  /** GRCh37 position, or null when the row has none. */
  pos: number | null
  /** e.g. 'rs9923231-T'; '?' when the study did not report the allele. */
  riskAllele: string
  snp: string
  pValue: number | null
}

const HEADER = [
  'PUBMEDID',
  'First Author',
  'Date',
  'Disease/Trait',
  'Chr_id',
  'Chr_pos',
  'Strongest SNP-Risk Allele',
  'SNPs',
  'p-Value',
]

/** Rows keyed by the SNPs column (rows naming several SNPs or none are left out). */
export function readGwasExport(text: string): Map<string, GwasRow[]> {
  const lines = text.split(/\r?\n/)
  const header = lines[0].split('\t')
  const col = Object.fromEntries(HEADER.map((name) => [name, header.indexOf(name)]))
  for (const name of HEADER) {
    if (col[name] < 0) throw new Error(`GWAS export is missing the column ${name}`)
  }
  const bySnp = new Map<string, GwasRow[]>()
  for (let i = 1; i < lines.length; i++) {
    if (lines[i] === '') continue
    const cols = lines[i].split('\t')
    const snp = (cols[col.SNPs] ?? '').trim()
    if (!/^rs\d+$/.test(snp)) continue
    const pos = Number(cols[col.Chr_pos])
    const p = Number(cols[col['p-Value']])
    const row: GwasRow = {
      line: i + 1,
      pmid: cols[col.PUBMEDID].trim(),
      firstAuthor: cols[col['First Author']].trim(),
      date: cols[col.Date].trim(),
      trait: cols[col['Disease/Trait']].trim(),
      chrom: cols[col.Chr_id].trim(),
      pos: Number.isInteger(pos) && pos > 0 ? pos : null,
      riskAllele: cols[col['Strongest SNP-Risk Allele']].trim(),
      snp,
      pValue: Number.isFinite(p) && cols[col['p-Value']].trim() !== '' ? p : null,
    }
    const list = bySnp.get(snp)
    if (list) list.push(row)
    else bySnp.set(snp, [row])
  }
  return bySnp
}

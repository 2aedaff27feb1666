// A VCF made from a chip download as `bcftools convert --tsv2vcf` writes one (its header lines as bcftools
// 1.16 writes them on a GRCh37 reference): one record per probe, ALT '.' with 0/0 for hom-ref rows and
// ./. for no-calls. Used by the genetics-core and the HTTP tests of chip VCFs.

// GRCh37 lengths of the contigs the files use, as tsv2vcf copies them from the reference's .fai.
const CONTIGS = [
  ['1', 249250621],
  ['2', 243199373],
  ['10', 135534747],
  ['X', 155270560],
  ['Y', 59373566],
] as const

/** The header lines `bcftools convert --tsv2vcf` (1.16) writes, on a GRCh37 reference. */
export const TSV2VCF_HEADER = [
  '##fileformat=VCFv4.2',
  '##FILTER=<ID=PASS,Description="All filters passed">',
  ...CONTIGS.map(([id, length]) => `##contig=<ID=${id},length=${length}>`),
  '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">',
  '##bcftools_convertVersion=1.16+htslib-1.16',
  '##bcftools_convertCommand=convert --tsv2vcf genome_Jane_Doe_v5_Full_20240101000000.txt -f human_g1k_v37.fasta -s Jane -Oz -o jane.vcf.gz; Date=Mon Jan  1 00:00:00 2024',
]

export interface ChipRecords {
  /** Every n-th of the 20,000 autosomal records is a no-call ('--' in the download, './.' here); 0: none. */
  noCallEvery: number
  /** 2,000 X records outside the PARs: every 10th heterozygous (a woman's), or one-letter calls (a man's). */
  x: 'het' | 'haploid'
  /** 500 Y records: none, all no-calls (a woman's), or called with one letter (a man's). */
  y: 'none' | 'uncalled' | 'called'
}

/** The file's text; a woman's also holds one copy of G6PD c.202G>A (rs1050828, GRCh37 X:153764217 C>T). */
export function chipVcfText(records: ChipRecords, header = TSV2VCF_HEADER): string {
  const lines = [...header, '#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tJane']
  for (let i = 0; i < 20_000; i++) {
    const variant = i % 7 === 0
    const gt = records.noCallEvery > 0 && i % records.noCallEvery === 0 ? './.' : variant ? '0/1' : '0/0'
    lines.push(`1\t${100_000 + i * 50}\trs${10_000_000 + i}\tA\t${variant ? 'G' : '.'}\t.\t.\t.\tGT\t${gt}`)
  }
  for (let i = 0; i < 2_000; i++) {
    const het = records.x === 'het' && i % 10 === 0
    const gt = het ? '0/1' : records.x === 'haploid' ? '0' : '0/0'
    lines.push(`X\t${3_000_000 + i * 1_000}\trs${30_000_000 + i}\tC\t${het ? 'T' : '.'}\t.\t.\t.\tGT\t${gt}`)
  }
  if (records.x === 'het') lines.push('X\t153764217\trs1050828\tC\tT\t.\t.\t.\tGT\t0/1')
  if (records.y !== 'none')
    for (let i = 0; i < 500; i++)
      lines.push(
        `Y\t${3_000_000 + i * 100}\trs${40_000_000 + i}\tA\t.\t.\t.\t.\tGT\t${records.y === 'called' ? '0' : './.'}`,
      )
  return `${lines.join('\n')}\n`
}

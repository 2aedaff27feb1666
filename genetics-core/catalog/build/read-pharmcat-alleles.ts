// Reads a PharmCAT/CPIC allele translation file (alleles/<GENE>_translation.json): for each named
// allele, the rsIDs and alleles that define it.

export interface PharmcatNamedAllele {
  name: string
  /** Defining variants: rsID (or null where PharmCAT has none), GRCh38 position and allele. */
  defining: { rsid: string | null; pos: number; allele: string }[]
}

interface TranslationFile {
  gene: string
  genomeBuild: string
  variants: { rsid: string | null; position: number }[]
  namedAlleles: { name: string; alleles: (string | null)[] }[]
}

export function readPharmcatTranslation(text: string): {
  gene: string
  build: string
  alleles: PharmcatNamedAllele[]
} {
  const data = JSON.parse(text) as TranslationFile
  const alleles = data.namedAlleles.map((named) => ({
    name: named.name,
    defining: named.alleles.flatMap((allele, i) =>
      allele === null ? [] : [{ rsid: data.variants[i].rsid, pos: data.variants[i].position, allele }],
    ),
  }))
  return { gene: data.gene, build: data.genomeBuild, alleles }
}

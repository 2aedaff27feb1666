// The curated list of genetic-testing providers: what each sells, where its own pages show it serving,
// which raw-data files it lets a customer download, and how each file comes into this service. Every
// entry names the provider's own page it rests on and the day that page was checked. Facts a page did
// not state are left empty rather than guessed (regions especially), and say so.

export type GeneticsType = 'wgs' | 'snp_array' | 'exome'
export type IntakeRoute = 'import' | 'upload_session' | 'not_possible'

export interface RawDataExport {
  /** What the provider hands out, in its words where it names it. */
  file: string
  /** The format this service detects it as, or null for files it does not read. */
  format: string | null
  how_to_bring_here: IntakeRoute
  note: string
}

export interface GeneticsProvider {
  id: string
  name: string
  types: GeneticsType[]
  /** Regions the provider's own regional pages show it serving; empty when the source does not say. */
  regions: string[]
  countries: string[]
  raw_data: RawDataExport[]
  source_url: string
  checked_at: string
  /** What the source did and did not establish. */
  note: string
}

const UPLOAD_NOTE =
  'Open an upload session (POST /genetics/uploads), send the file, complete it; the analysis runs as a job.'
const IMPORT_NOTE =
  'Small files (up to IMPORT_MAX_BYTES) can go through POST /imports/file; a full file goes through an upload session (POST /genetics/uploads).'

/** Checked on 2026-11-24 against stored copies of each provider's own page. */
export const GENETICS_PROVIDERS: readonly GeneticsProvider[] = [
  {
    id: '23andme',
    name: '23andMe',
    types: ['snp_array'],
    regions: ['Europe', 'North America'],
    countries: ['GB', 'CA'],
    raw_data: [
      {
        file: 'Raw genetic data (tab-separated text: rsid, chromosome, position, genotype)',
        format: '23andme',
        how_to_bring_here: 'upload_session',
        note: IMPORT_NOTE,
      },
    ],
    source_url: 'https://www.23andme.com/en-gb/gdpr/',
    checked_at: '2026-11-24',
    note: 'The UK page says customers can download their genetic data from their account; the Canadian customer-care site (ca.customercare.23andme.com) shows service in Canada. Other countries are not established by these pages.',
  },
  {
    id: 'ancestrydna',
    name: 'AncestryDNA',
    types: ['snp_array'],
    regions: ['Europe', 'North America'],
    countries: ['GB', 'FR', 'CA'],
    raw_data: [
      {
        file: 'DNA data as a .txt file inside dna-data-(date).zip',
        format: 'ancestrydna',
        how_to_bring_here: 'upload_session',
        note: IMPORT_NOTE,
      },
    ],
    source_url: 'https://support.ancestry.fr/articles/en_GB/Support_Site/Downloading-DNA-Data',
    checked_at: '2026-11-24',
    note: 'The support article describes the download (DNA Settings → Download DNA data; a one-time link by e-mail, valid a week). Regions: the provider’s French (en_GB) support site and its Canadian FAQ (ancestry.ca/dna/legal/faq); others not established here.',
  },
  {
    id: 'familytreedna',
    name: 'FamilyTreeDNA (Family Finder)',
    types: ['snp_array'],
    regions: [],
    countries: [],
    raw_data: [
      {
        file: 'Build 37 concatenated raw data (CSV, gzip-compressed)',
        format: 'ftdna',
        how_to_bring_here: 'upload_session',
        note: IMPORT_NOTE,
      },
      {
        file: 'Y-SNP raw data',
        format: null,
        how_to_bring_here: 'not_possible',
        note: 'Y-chromosome SNP files are not read by this service.',
      },
    ],
    source_url:
      'https://help.familytreedna.com/hc/en-us/articles/4415184836367-Downloading-Your-Family-Finder-Data',
    checked_at: '2026-11-24',
    note: 'The help article describes the Family Finder downloads (GRCh37 positions, CSV in GZ). Regions served are not stated on it.',
  },
  {
    id: 'livingdna',
    name: 'Living DNA',
    types: ['snp_array'],
    regions: [],
    countries: [],
    raw_data: [
      {
        file: 'Autosomal raw data (tab-delimited: rsID, chromosome, position, genotype)',
        format: 'livingdna',
        how_to_bring_here: 'upload_session',
        note: IMPORT_NOTE,
      },
      {
        file: 'mtDNA and Y-DNA files',
        format: null,
        how_to_bring_here: 'not_possible',
        note: 'Mitochondrial and Y files are not read by this service.',
      },
    ],
    source_url: 'https://support.livingdna.com/hc/en-us/articles/360028382892-How-do-I-interpret-my-raw-data',
    checked_at: '2026-11-24',
    note: 'The support article describes the raw data file (no imputed markers; "--" where no call). Regions served are not stated on it.',
  },
  {
    id: 'myheritage',
    name: 'MyHeritage DNA',
    types: ['snp_array'],
    regions: [],
    countries: [],
    raw_data: [
      {
        file: 'Raw DNA data file',
        format: 'myheritage',
        how_to_bring_here: 'upload_session',
        note: IMPORT_NOTE,
      },
    ],
    source_url: 'http://helpcenter.myheritage.com/DNA/DNA-Test/901978631/What-is-the-MyHeritage-DNA-kit.htm',
    checked_at: '2026-11-24',
    note: 'The help page establishes an autosomal SNP test. Its raw-data download is established by FamilyTreeDNA’s transfer article (which accepts MyHeritage raw data files), not by a MyHeritage page found; regions are not stated.',
  },
  {
    id: 'dantelabs',
    name: 'Dante Labs',
    types: ['wgs'],
    regions: [],
    countries: [],
    raw_data: [
      {
        file: 'VCF of SNPs (and separate VCFs of INDELs, SVs and CNVs)',
        format: 'vcf',
        how_to_bring_here: 'upload_session',
        note: UPLOAD_NOTE,
      },
      {
        file: 'BAM (aligned reads)',
        format: null,
        how_to_bring_here: 'not_possible',
        note: 'Read alignments are not analysed here; bring the VCF.',
      },
      {
        file: 'FASTQ (raw reads)',
        format: null,
        how_to_bring_here: 'not_possible',
        note: 'Raw reads are not analysed here; bring the VCF.',
      },
    ],
    source_url: 'https://www.dantelabs.com/blogs/news/genetic-data-fastq-bam-and-vcf',
    checked_at: '2026-11-24',
    note: 'The provider’s own article lists the files every whole-genome customer receives. Regions served are not stated on it.',
  },
]

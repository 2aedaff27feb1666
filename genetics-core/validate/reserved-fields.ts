// Number and Type of the INFO and FORMAT keys the VCF specification reserves (VCF 4.1-4.3 tables).
// A header that redeclares one of them differently, or a record whose value does not fit, is flagged.

export interface FieldDefinition {
  number: string
  type: string
}

export const RESERVED_INFO: Record<string, Partial<FieldDefinition>> = {
  AA: { number: '1', type: 'String' },
  AC: { number: 'A', type: 'Integer' },
  AD: { number: 'R', type: 'Integer' },
  ADF: { number: 'R', type: 'Integer' },
  ADR: { number: 'R', type: 'Integer' },
  AF: { number: 'A', type: 'Float' },
  AN: { number: '1', type: 'Integer' },
  BQ: { number: '1', type: 'Float' },
  CIGAR: { number: 'A', type: 'String' },
  DB: { number: '0', type: 'Flag' },
  DP: { number: '1', type: 'Integer' },
  END: { number: '1', type: 'Integer' },
  H2: { number: '0', type: 'Flag' },
  H3: { number: '0', type: 'Flag' },
  // The type of MQ changed between versions (Integer, then Float); only its Number is fixed.
  MQ: { number: '1' },
  MQ0: { number: '1', type: 'Integer' },
  NS: { number: '1', type: 'Integer' },
  SOMATIC: { number: '0', type: 'Flag' },
  VALIDATED: { number: '0', type: 'Flag' },
  '1000G': { number: '0', type: 'Flag' },
}

export const RESERVED_FORMAT: Record<string, Partial<FieldDefinition>> = {
  AD: { number: 'R', type: 'Integer' },
  ADF: { number: 'R', type: 'Integer' },
  ADR: { number: 'R', type: 'Integer' },
  DP: { number: '1', type: 'Integer' },
  EC: { number: 'A', type: 'Integer' },
  FT: { number: '1', type: 'String' },
  GL: { number: 'G', type: 'Float' },
  GLE: { number: 'G', type: 'String' },
  GP: { number: 'G', type: 'Float' },
  GQ: { number: '1', type: 'Integer' },
  GT: { number: '1', type: 'String' },
  HQ: { number: '2', type: 'Integer' },
  MQ: { number: '1', type: 'Integer' },
  PL: { number: 'G', type: 'Integer' },
  PQ: { number: '1', type: 'Integer' },
  PS: { number: '1', type: 'Integer' },
}

/** Reserved INFO keys that count things and so cannot be negative. */
export const NON_NEGATIVE_INFO = new Set(['AC', 'AN', 'DP', 'NS', 'MQ0', 'END', 'AF', 'AD', 'ADF', 'ADR'])

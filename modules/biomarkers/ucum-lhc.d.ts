// Types for the part of @lhncbc/ucum-lhc this project uses (the package ships none).

declare module '@lhncbc/ucum-lhc' {
  export interface UcumConversion {
    status: 'succeeded' | 'failed' | 'error'
    toVal: number | null
    msg: string[]
  }
  export interface UcumUtils {
    convertUnitTo(
      from: string,
      value: number,
      to: string,
      options?: { molecularWeight?: number },
    ): UcumConversion
  }
  export const UcumLhcUtils: { getInstance(): UcumUtils }
}

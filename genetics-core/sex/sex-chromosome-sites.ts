// Which X positions are inherited like an autosome (the pseudoautosomal regions, where men carry a
// copy on Y too) and must be left out of sex inference and hemizygous wording. The bounds take the
// union of GRCh37 and GRCh38 so one test serves both builds: PAR1 ends at 2,699,520 (GRCh37) and
// 2,781,479 (GRCh38); PAR2 starts at 154,931,044 (GRCh37) and 155,701,383 (GRCh38). The few Mb lost
// at each end do not matter for counting, and a site there is never read as hemizygous.

/** Last X position treated as PAR1 (GRCh38 bound, the larger). */
export const X_PAR1_LAST = 2_781_479
/** First X position treated as PAR2 (GRCh37 bound, the smaller). */
export const X_PAR2_FIRST = 154_931_044

/** True for an X position outside both pseudoautosomal regions on either build. */
export function isNonPseudoautosomalX(pos: number): boolean {
  return pos > X_PAR1_LAST && pos < X_PAR2_FIRST
}

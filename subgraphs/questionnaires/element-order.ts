/**
 * Element order as rank strings compared byte by byte (base 36, `0-9a-z`; SQL sorts them with
 * COLLATE "C"): a new element gets a rank strictly between its neighbours', so inserting never
 * renumbers the others. A rank never ends in `0`, so there is always room before any rank.
 */
const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz';
const BASE = DIGITS.length;
const RANK = /^[0-9a-z]*[1-9a-z]$/;

export function isRank(value: string): boolean {
  return value.length <= 200 && RANK.test(value);
}

/** A rank strictly between `low` and `high` (null: open end). Throws when `low >= high`. */
export function rankBetween(low: string | null, high: string | null): string {
  if (low !== null && high !== null && low >= high) throw new Error(`rankBetween: ${low} is not below ${high}`);
  let rank = '';
  // While the rank built so far equals high's prefix, high still bounds the next digit.
  let boundedByHigh = high !== null;
  for (let i = 0; ; i++) {
    const lo = low !== null && i < low.length ? DIGITS.indexOf(low[i]) : 0;
    const hi = boundedByHigh && high !== null && i < high.length ? DIGITS.indexOf(high[i]) : BASE;
    if (hi - lo > 1) return rank + DIGITS[Math.floor((lo + hi) / 2)];
    rank += DIGITS[lo];
    if (lo < hi) boundedByHigh = false;
  }
}

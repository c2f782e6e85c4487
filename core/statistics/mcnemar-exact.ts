/**
 * McNemar's exact test for paired yes/no readings: the same cells read twice, before and after. Only the cells
 * that changed carry evidence (`lost`: yes then no; `gained`: no then yes); under "nothing changed" each change is as
 * likely one way as the other, so the count one way is Binomial(lost + gained, 1/2). The two-sided p-value doubles
 * the smaller tail, capped at 1. Exact rather than the chi-square approximation, because a set has few cells
 * (25 prompts × a handful of models at most) and the approximation is poor below about 25 changed cells.
 */
export function mcnemarExact(lost: number, gained: number): number {
  if (!Number.isInteger(lost) || !Number.isInteger(gained) || lost < 0 || gained < 0) throw new RangeError('McNemar counts must be whole numbers from 0');
  const changed = lost + gained;
  if (changed === 0) return 1;
  const smaller = Math.min(lost, gained);
  // Counts one apart or level: the smaller tail holds half the distribution or more, so p is exactly 1.
  if (Math.abs(lost - gained) <= 1) return 1;
  // Summed in logs so a long history (hundreds of changed cells) neither overflows nor underflows on the way.
  let logChoose = 0;
  let tail = 0;
  const logHalfToThe = changed * Math.log(0.5);
  for (let k = 0; k <= smaller; k += 1) {
    if (k > 0) logChoose += Math.log(changed - k + 1) - Math.log(k);
    tail += Math.exp(logChoose + logHalfToThe);
  }
  return Math.min(1, 2 * tail);
}

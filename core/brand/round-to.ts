/** `value` rounded to `decimals` places (0.7000000001 → 0.7), as the contract's numbers are shown. */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

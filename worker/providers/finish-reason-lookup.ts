import type { FinishReason } from './answer-provider.ts';

/**
 * Looks a vendor's finish reason up in an adapter's table (`<name>-finish-reasons.ts`). Own keys only: the tables
 * are plain objects, and a vendor sending `toString` or `constructor` must not find something inherited.
 */
export function lookUpFinishReason(
  table: Readonly<Record<string, FinishReason | null>>,
  vendorReason: string | null | undefined,
  whenUnknown: FinishReason | null = null,
): FinishReason | null {
  if (!vendorReason) return null;
  return Object.hasOwn(table, vendorReason) ? (table[vendorReason] ?? null) : whenUnknown;
}

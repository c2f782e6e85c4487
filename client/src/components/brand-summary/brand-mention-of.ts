import type { BrandMention } from '../../../../contract/brand.ts';
import type { ModelResult } from '../../../../contract/model-result.ts';

/** The brand analysis a finished answer carries, or null when monitoring was off or there is no result yet. */
export function brandMentionOf(result: ModelResult | null): BrandMention | null {
  return result?.brandMention ?? null;
}

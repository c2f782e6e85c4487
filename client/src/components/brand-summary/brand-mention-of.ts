import type { BrandMention } from '../../../../contract/brand.ts';
import type { ModelResult } from '../../../../contract/model-result.ts';

/** The brand analysis a finished answer carries, or null when monitoring was off (or the server predates it). */
export function brandMentionOf(result: ModelResult | null): BrandMention | null {
  if (!result || !('brandMention' in result)) return null;
  const value: unknown = (result as { brandMention?: unknown }).brandMention;
  return typeof value === 'object' && value !== null && 'mentioned' in value ? (value as BrandMention) : null;
}

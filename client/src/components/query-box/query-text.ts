import { QUERY_MAX_LENGTH } from '../../../../contract/limits.ts';

/** Says the limit before anyone types. */
export const QUERY_PLACEHOLDER = `Ask me anything... (max ${QUERY_MAX_LENGTH} characters)`;

/**
 * Cuts typed or pasted text to the limit, as the textarea's `maxLength` does (in UTF-16 units), without splitting an
 * emoji or other character made of two UTF-16 units. The server counts code points (`contract/text-length.ts`), where
 * such a character is one, so it accepts whatever this keeps.
 */
export function limitQueryLength(text: string, maxLength = QUERY_MAX_LENGTH): string {
  if (text.length <= maxLength) return text;
  const lastKept = text.charCodeAt(maxLength - 1);
  const endsInsidePair = lastKept >= 0xd800 && lastKept <= 0xdbff;
  return text.slice(0, endsInsidePair ? maxLength - 1 : maxLength);
}

/** Spec section 5's texts for the single view's form. */
export const SEARCH_VALIDATION = {
  query: 'Please enter a question',
  engine: 'Please select an AI model',
  model: 'Please select a specific model',
} as const;

/** Spec section 5's texts for the comparison form. */
export const COMPARISON_VALIDATION = {
  models: 'Please select at least one model to compare',
  query: 'Please enter a query',
} as const;

import type { FinishReason } from '../answer-provider.ts';

/**
 * SerpApi has no finish reason to map: it returns Google's finished AI Overview whole, never a truncated one. An
 * overview that is missing or still being built is reported as an error instead (`serpapi-errors.ts`), so every
 * overview that reaches the user ended naturally.
 */
export const SERPAPI_FINISH_REASON: FinishReason = 'stop';

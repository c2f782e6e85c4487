import type { ModelResult } from '../../../../contract/model-result.ts';
import type { AnswerSource } from '../../../../contract/run-events.ts';

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** "First token 0.4 s · 2.1 s total"; whichever part is unknown is left out, and null when both are. */
export function timingText(timeToFirstTokenMs: number | null, durationMs: number | null): string | null {
  const parts: string[] = [];
  if (timeToFirstTokenMs !== null) parts.push(`First token ${seconds(timeToFirstTokenMs)}`);
  if (durationMs !== null) parts.push(`${seconds(durationMs)} total`);
  return parts.length > 0 ? parts.join(' · ') : null;
}

type TokenCounts = Pick<ModelResult, 'inputTokens' | 'outputTokens' | 'cachedTokens' | 'reasoningTokens'>;

/**
 * "1,200 in · 800 cached · 96 reasoning · 340 out tokens": input, the part of it read from the provider's cache,
 * the part of the output spent reasoning, and output. A figure the model does not report is left out; null when
 * the provider counted nothing.
 */
export function tokensText(counts: TokenCounts): string | null {
  const figures: [number | null | undefined, string][] = [
    [counts.inputTokens, 'in'],
    [counts.cachedTokens, 'cached'],
    [counts.reasoningTokens, 'reasoning'],
    [counts.outputTokens, 'out'],
  ];
  const parts = figures.filter(([value]) => value !== null && value !== undefined).map(([value, label]) => `${value!.toLocaleString('en-US')} ${label}`);
  return parts.length > 0 ? `${parts.join(' · ')} tokens` : null;
}

/**
 * "85 tokens/s": output tokens over the time from the first token to the end (the writing speed, not the wait);
 * null when the provider did not count tokens or the answer came in one piece.
 */
export function speedText(outputTokens: number | null, timeToFirstTokenMs: number | null, durationMs: number | null): string | null {
  if (outputTokens === null || outputTokens === 0 || timeToFirstTokenMs === null || durationMs === null) return null;
  const writingMs = durationMs - timeToFirstTokenMs;
  if (writingMs <= 0) return null;
  return `${Math.round((outputTokens * 1000) / writingMs).toLocaleString('en-US')} tokens/s`;
}

/** A source's title, or its host name (without `www.`) when the page had none. */
export function sourceLabel(source: AnswerSource): string {
  if (source.title && source.title.trim() !== '') return source.title.trim();
  try {
    return new URL(source.url).hostname.replace(/^www\./, '');
  } catch {
    return source.url;
  }
}

/** Only web addresses become links: a `javascript:` URL from a model's citations must never be clickable. */
export function isWebAddress(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

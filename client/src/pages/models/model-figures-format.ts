/** How the models page writes its numbers. */

/** "128K", "1M", "1.05M": a context window in tokens, as people speak of it. */
export function contextText(tokens: number): string {
  if (tokens >= 1_000_000) return `${Math.round(tokens / 10_000) / 100}M`;
  if (tokens >= 1_000) return `${Math.round(tokens / 1_000)}K`;
  return String(tokens);
}

/** "420 ms" below a second, "1.3 s" above. */
export const waitText = (ms: number): string => (ms < 1_000 ? `${Math.round(ms)} ms` : `${(Math.round(ms / 100) / 10).toFixed(1)} s`);

/** "2.5%": a share from 0 to 1. */
export const rateText = (share: number): string => `${Math.round(share * 1_000) / 10}%`;

/** "84.2 /s". */
export const speedText = (tokensPerSecond: number): string => `${tokensPerSecond >= 100 ? Math.round(tokensPerSecond) : Math.round(tokensPerSecond * 10) / 10} /s`;

/** "1 answer", "40 answers". */
export const answersText = (count: number): string => `${count.toLocaleString('en-US')} ${count === 1 ? 'answer' : 'answers'}`;

import type { CompareApiModelResult } from '../../contract/compare-api.ts';

const seconds = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(1)} s`);
const count = (value: number | null) => (value === null ? '—' : String(value));

/**
 * One model of a comparison as the `compare` tool writes it for the assistant: its figures on one line (the same
 * ones `/v1/compare` answers with: time to first token, duration, tokens, credits), then its answer or its error.
 */
export function describeComparedModel(result: CompareApiModelResult): string {
  const { tokens } = result;
  const figures =
    `first token ${seconds(result.time_to_first_token_ms)} · done in ${seconds(result.duration_ms)} · ` +
    `tokens ${count(tokens.input)} in (${count(tokens.cached)} cached), ${count(tokens.output)} out (${count(tokens.reasoning)} reasoning) · ${result.credits} credits`;
  const heading = `## ${result.model}\n${figures}`;
  if (result.status === 'answering') return `${heading}\nStill answering: read it later with GET /v1/compare/{id}.`;
  if (result.status === 'failed') return `${heading}\nFailed (nothing was charged): ${result.error?.message ?? 'the model did not answer'}`;
  return `${heading}\n\n${result.answer ?? ''}`;
}

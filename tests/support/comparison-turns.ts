import type { SearchStreamResult } from './search-stream-client.ts';

/** The request id a finished stream (a comparison's or a single answer's) was asked under. */
export function requestIdOf(result: SearchStreamResult): string {
  const started = result.events.find((event) => event.event === 'model_start' || event.event === 'start');
  return String(started!.data.requestId);
}

/** Each model's final answer in a finished comparison stream, by model id. */
export function answersByModel(result: SearchStreamResult): Map<string, string> {
  const answers = new Map<string, string>();
  for (const event of result.events.filter((candidate) => candidate.event === 'model_complete')) {
    const outcome = event.data.result as { model: string; response: string };
    answers.set(outcome.model, outcome.response);
  }
  return answers;
}

import { COMPARISON_MODELS, type VendorId } from './benchmark-plan.ts';
import { describeError, type BenchmarkPath, type ComparisonPath } from './benchmark-path.ts';
import { readServerSentEvents } from './read-server-sent-events.ts';
import type { ReceivedChunks } from './stream-outcome.ts';

interface ChatCompletionChunk {
  choices?: { delta?: { content?: string | null }; finish_reason?: string | null }[];
}

/**
 * The baseline: the client calls the simulator itself, with the request Quorum's worker sends through the OpenAI
 * SDK (same model, streaming with usage). Whatever Quorum adds is the difference from this.
 */
export function directPath(baseUrl: string, model: string): BenchmarkPath {
  return { name: 'direct', receiveChunks: (prompt, signal) => receiveDirectChunks(baseUrl, model, prompt, signal) };
}

/**
 * The comparison baseline: every model of a comparison called directly, all at once, each at its vendor's
 * simulator. A round of N comparisons is thus N × 3 concurrent model streams, as through Quorum.
 */
export function directComparisonPath(baseUrls: Record<VendorId, string>): ComparisonPath {
  return {
    name: 'direct',
    receiveComparison: (prompt, signal) =>
      Promise.all(COMPARISON_MODELS.map(({ engine, model }) => receiveDirectChunks(baseUrls[engine], model, prompt, signal))),
  };
}

async function receiveDirectChunks(baseUrl: string, model: string, prompt: string, signal: AbortSignal): Promise<ReceivedChunks> {
  const arrivals: number[] = [];
  const characters: number[] = [];
  try {
    const response = await fetch(`${baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer bench-key', 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({
        model,
        messages: [{ role: 'user', content: prompt }],
        stream: true,
        stream_options: { include_usage: true },
      }),
      signal,
    });
    if (response.status !== 200 || response.body === null) {
      return { arrivals, characters, failure: `HTTP ${response.status}: ${(await response.text()).slice(0, 200)}` };
    }
    const seen = { finishReason: false, done: false };
    await readServerSentEvents(response.body, (event, receivedAt) => {
      if (event.data === '[DONE]') {
        seen.done = true;
        return;
      }
      const choice = (JSON.parse(event.data) as ChatCompletionChunk).choices?.[0];
      // The first chunk only names the role, with empty content; it is not part of the answer.
      if (choice?.delta?.content) {
        arrivals.push(receivedAt);
        characters.push(choice.delta.content.length);
      }
      if (choice?.finish_reason) seen.finishReason = true;
    });
    if (!seen.finishReason || !seen.done) return { arrivals, characters, failure: 'the stream ended without a finish reason and [DONE]' };
    return { arrivals, characters, failure: undefined };
  } catch (error) {
    return { arrivals, characters, failure: describeError(error) };
  }
}

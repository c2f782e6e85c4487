import { createHash, randomBytes } from 'node:crypto';

/** Fields shared by every chunk of one completion, as the real API repeats them on each. */
export interface CompletionIdentity {
  id: string;
  created: number;
  model: string;
  systemFingerprint: string;
}

/** The counts every vendor sends, and the detail each adds in its own way (see `chat-completion-usage.ts`). */
export interface CompletionUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details?: { cached_tokens: number; audio_tokens: number };
  completion_tokens_details?: {
    reasoning_tokens: number;
    audio_tokens?: number;
    accepted_prediction_tokens?: number;
    rejected_prediction_tokens?: number;
  };
  /** DeepSeek's own names for the cache's hits and misses. */
  prompt_cache_hit_tokens?: number;
  prompt_cache_miss_tokens?: number;
}

const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function randomBase62(length: number): string {
  return [...randomBytes(length)].map((byte) => base62[byte % base62.length]).join('');
}

export function createCompletionIdentity(model: string): CompletionIdentity {
  return {
    id: `chatcmpl-${randomBase62(29)}`,
    created: Math.floor(Date.now() / 1000),
    model,
    // Real fingerprints identify a backend configuration, so one per model is both stable and realistic.
    systemFingerprint: `fp_${createHash('sha256').update(model).digest('hex').slice(0, 10)}`,
  };
}

type Delta = { role: 'assistant'; content: string; refusal: null } | { content: string } | Record<string, never>;

/** The fields every `chat.completion.chunk` of one completion repeats, in the order the real API sends them. */
function chunkHead(identity: CompletionIdentity): Record<string, unknown> {
  return {
    id: identity.id,
    object: 'chat.completion.chunk',
    created: identity.created,
    model: identity.model,
    service_tier: 'default',
    system_fingerprint: identity.systemFingerprint,
  };
}

/**
 * One `chat.completion.chunk`. With `include_usage` the real API puts `"usage": null` on every chunk and the
 * totals on one extra chunk at the end, so `usage` is left out only when usage was not asked for.
 */
export function createChunk(
  identity: CompletionIdentity,
  delta: Delta,
  finishReason: 'stop' | null,
  includeUsage: boolean,
): Record<string, unknown> {
  return {
    ...chunkHead(identity),
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    ...(includeUsage ? { usage: null } : {}),
  };
}

export function createUsageChunk(identity: CompletionIdentity, usage: CompletionUsage): Record<string, unknown> {
  return { ...chunkHead(identity), choices: [], usage };
}

export function createCompletion(
  identity: CompletionIdentity,
  content: string,
  usage: CompletionUsage,
): Record<string, unknown> {
  return {
    id: identity.id,
    object: 'chat.completion',
    created: identity.created,
    model: identity.model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: null, annotations: [] },
        logprobs: null,
        finish_reason: 'stop',
      },
    ],
    usage,
    service_tier: 'default',
    system_fingerprint: identity.systemFingerprint,
  };
}

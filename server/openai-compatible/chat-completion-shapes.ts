import type { FinishReason } from '../../contract/run-events.ts';
import type { ChatCompletion, ChatCompletionChunk, CompletionUsage } from '../../contract/openai-compatible.ts';
import type { ModelResult } from '../../contract/model-result.ts';

/** What every chunk and completion of one call share. */
export interface CompletionIdentity {
  id: string;
  created: number;
  model: string;
  requestId: string;
}

export function completionIdentity(requestId: string, model: string): CompletionIdentity {
  return { id: `chatcmpl-${requestId}`, created: Math.floor(Date.now() / 1_000), model, requestId };
}

/** Our finish reasons in OpenAI's words; a reason OpenAI has no word for reads as a normal stop. */
export function openAiFinishReason(reason: FinishReason | null): 'stop' | 'length' | 'content_filter' | 'tool_calls' {
  return reason === 'length' || reason === 'content_filter' || reason === 'tool_calls' ? reason : 'stop';
}

export function completionUsage(result: Pick<ModelResult, 'inputTokens' | 'outputTokens'>): CompletionUsage {
  const prompt = result.inputTokens ?? 0;
  const completion = result.outputTokens ?? 0;
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

/** A whole answer, for a call without `stream`. */
export function chatCompletion(identity: CompletionIdentity, result: ModelResult & { response: string }): ChatCompletion {
  return {
    id: identity.id,
    object: 'chat.completion',
    created: identity.created,
    model: identity.model,
    choices: [{ index: 0, message: { role: 'assistant', content: result.response, refusal: null }, finish_reason: openAiFinishReason(result.finishReason), logprobs: null }],
    usage: completionUsage(result),
    quorum: { request_id: identity.requestId, credits_used: result.creditsUsed },
  };
}

export function deltaChunk(identity: CompletionIdentity, delta: { role?: 'assistant'; content?: string }, finishReason: ChatCompletionChunk['choices'][number]['finish_reason'] = null): ChatCompletionChunk {
  return {
    id: identity.id,
    object: 'chat.completion.chunk',
    created: identity.created,
    model: identity.model,
    choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }],
  };
}

/** The last chunk when usage was asked for: no choices, the usage, and what the answer cost. */
export function usageChunk(identity: CompletionIdentity, result: ModelResult): ChatCompletionChunk {
  return {
    id: identity.id,
    object: 'chat.completion.chunk',
    created: identity.created,
    model: identity.model,
    choices: [],
    usage: completionUsage(result),
    quorum: { request_id: identity.requestId, credits_used: result.creditsUsed },
  };
}

import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { Response } from 'openai/resources/responses/responses';
import type { FinishReason } from '../answer-provider.ts';
import { lookUpFinishReason } from '../finish-reason-lookup.ts';

type ChatFinishReason = NonNullable<ChatCompletionChunk.Choice['finish_reason']>;
type IncompleteReason = NonNullable<NonNullable<Response['incomplete_details']>['reason']>;

/**
 * Chat Completions' `finish_reason`. Typed against the SDK so a value a new SDK version adds fails the type check
 * until it is mapped. `function_call` is the deprecated spelling of `tool_calls`.
 */
const chatReasons = {
  stop: 'stop',
  length: 'length',
  content_filter: 'content_filter',
  tool_calls: 'tool_calls',
  function_call: 'tool_calls',
} as const satisfies Record<ChatFinishReason, FinishReason>;

/**
 * What OpenAI-compatible vendors send beyond OpenAI's own values. DeepSeek ends an answer its servers could not
 * finish with `insufficient_system_resource`; Ollama and vLLM stick to OpenAI's words.
 */
const compatibleChatReasons = {
  ...chatReasons,
  insufficient_system_resource: 'other',
} as const satisfies Record<string, FinishReason>;

/** A chat completion chunk's `finish_reason`, from OpenAI or a compatible vendor; null when absent or unknown. */
export function chatFinishReason(reason: string | null | undefined): FinishReason | null {
  return lookUpFinishReason(compatibleChatReasons, reason);
}

/** Why a Responses API answer stopped early (`incomplete_details.reason`). `max_messages` is a limit too. */
const incompleteReasons = {
  max_output_tokens: 'length',
  max_messages: 'length',
  content_filter: 'content_filter',
  steered: 'other',
} as const satisfies Record<IncompleteReason, FinishReason>;

/**
 * The Responses API has no finish reason: a `completed` response ended naturally, an `incomplete` one says why in
 * `incomplete_details`. Any other status on a terminal event is not one we expect, so it says nothing.
 */
export function responseFinishReason(response: Pick<Response, 'status' | 'incomplete_details'>): FinishReason | null {
  if (response.status === 'completed') return 'stop';
  if (response.status !== 'incomplete') return null;
  // Incomplete without saying why (or why in words we do not know) was still cut short: `other`, never null.
  return lookUpFinishReason(incompleteReasons, response.incomplete_details?.reason, 'other') ?? 'other';
}

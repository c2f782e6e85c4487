import type { StopReason } from '@anthropic-ai/sdk/resources/messages';
import type { FinishReason } from '../answer-provider.ts';
import { lookUpFinishReason } from '../finish-reason-lookup.ts';

/**
 * The Messages API's `stop_reason`, typed against the SDK so a value a new SDK version adds fails the type check
 * until it is mapped. `refusal` is Anthropic stopping the answer on policy grounds; `pause_turn` is a long
 * server-side tool turn handed back unfinished, which Quorum does not resume.
 */
const stopReasons = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  max_tokens: 'length',
  model_context_window_exceeded: 'length',
  tool_use: 'tool_calls',
  refusal: 'content_filter',
  pause_turn: 'other',
} as const satisfies Record<StopReason, FinishReason>;

/** A `message_delta`'s `stop_reason`; null when absent or a value this version does not know. */
export function anthropicFinishReason(stopReason: string | null | undefined): FinishReason | null {
  return lookUpFinishReason(stopReasons, stopReason);
}

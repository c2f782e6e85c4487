/**
 * Why a model stopped writing, in the same words whichever provider answered, so the stored run, the `run_end`
 * event and the page never need to know a vendor's vocabulary. Null (not listed) means the provider gave no reason,
 * or one nobody has mapped yet. The list is part of the contract the browser reads.
 *
 * - `stop`: the answer ended naturally (or at a stop sequence).
 * - `length`: a length limit cut it short (the output token ceiling, the context window).
 * - `content_filter`: the provider withheld or stopped it on policy grounds.
 * - `tool_calls`: the model stopped to call a tool.
 * - `other`: the provider named a reason that fits none of the above.
 */
import { FINISH_REASONS, type FinishReason as NullableFinishReason } from '../../contract/run-events.ts';

export { FINISH_REASONS };
export type FinishReason = Exclude<NullableFinishReason, null>;

export function isFinishReason(value: unknown): value is FinishReason {
  return typeof value === 'string' && (FINISH_REASONS as readonly string[]).includes(value);
}

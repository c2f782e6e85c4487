import { randomBase62 } from './anthropic-errors.ts';

/** Why the simulated model stopped: the whole answer, or the request's `max_tokens` ran out first. */
export type SimulatedStopReason = 'end_turn' | 'max_tokens';

export interface MessageIdentity {
  id: string;
  model: string;
}

/** Real message ids look like `msg_01XFDUDYJgAACzvnptvVoYEL`. */
export function createMessageIdentity(model: string): MessageIdentity {
  return { id: `msg_01${randomBase62(22)}`, model };
}

/** What the input cost, split as Anthropic splits it: `input_tokens` counts only what was not read from the cache. */
export interface InputTokens {
  total: number;
  cached: number;
}

function usage(input: InputTokens, outputTokens: number): Record<string, unknown> {
  return {
    input_tokens: input.total - input.cached,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: input.cached,
    output_tokens: outputTokens,
    service_tier: 'standard',
  };
}

function message(
  identity: MessageIdentity,
  content: Record<string, unknown>[],
  stopReason: SimulatedStopReason | null,
  usageFields: Record<string, unknown>,
): Record<string, unknown> {
  return {
    id: identity.id,
    type: 'message',
    role: 'assistant',
    model: identity.model,
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    usage: usageFields,
  };
}

/**
 * The message as `message_start` announces it: no content yet, no stop reason, and (as with the real API) an
 * output count of 1 that only `message_delta` makes final.
 */
export function createStartingMessage(identity: MessageIdentity, inputTokens: InputTokens): Record<string, unknown> {
  return message(identity, [], null, usage(inputTokens, 1));
}

/** The whole Message a non-streamed request gets. */
export function createMessage(
  identity: MessageIdentity,
  text: string,
  stopReason: SimulatedStopReason,
  inputTokens: InputTokens,
  outputTokens: number,
): Record<string, unknown> {
  return message(identity, [{ type: 'text', text }], stopReason, usage(inputTokens, outputTokens));
}

import Type, { type Static } from 'typebox';

/**
 * The events one model run emits while answering. Every event carries the request and run it belongs to and a
 * `seq` that is unique and increasing within its request, assigned when the event is appended to the request's
 * Redis Stream. The worker, the server's bridges and the browser all read this one description.
 */
const EventBase = {
  requestId: Type.String(),
  runId: Type.String(),
  seq: Type.Integer({ minimum: 1 }),
};

export const RunStartEvent = Type.Object({
  ...EventBase,
  type: Type.Literal('run_start'),
  engine: Type.String(),
  model: Type.String(),
});

export const TextDeltaEvent = Type.Object({
  ...EventBase,
  type: Type.Literal('text_delta'),
  text: Type.String(),
});

export const AnswerSource = Type.Object({ url: Type.String(), title: Type.Union([Type.String(), Type.Null()]) });

/** Web pages the answer cites or was grounded on; may come more than once, each adding to the list. */
export const SourcesEvent = Type.Object({
  ...EventBase,
  type: Type.Literal('sources'),
  sources: Type.Array(AnswerSource),
});

export const RunEndEvent = Type.Object({
  ...EventBase,
  type: Type.Literal('run_end'),
  /** The whole answer, so a late reader never has to stitch deltas together to know the final text. */
  text: Type.String(),
  finishReason: Type.Union([Type.String(), Type.Null()]),
  sources: Type.Array(AnswerSource),
  creditsUsed: Type.Integer({ minimum: 0 }),
  durationMs: Type.Integer({ minimum: 0 }),
  /** From the provider call to the first text; null when the answer had none. */
  timeToFirstTokenMs: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  inputTokens: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  outputTokens: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
});

export const RunErrorEvent = Type.Object({
  ...EventBase,
  type: Type.Literal('run_error'),
  message: Type.String(),
  code: Type.String(),
  retryable: Type.Boolean(),
});

export const RunEvent = Type.Union([RunStartEvent, TextDeltaEvent, SourcesEvent, RunEndEvent, RunErrorEvent]);

export type RunStartEvent = Static<typeof RunStartEvent>;
export type TextDeltaEvent = Static<typeof TextDeltaEvent>;
export type AnswerSource = Static<typeof AnswerSource>;
export type SourcesEvent = Static<typeof SourcesEvent>;
export type RunEndEvent = Static<typeof RunEndEvent>;
export type RunErrorEvent = Static<typeof RunErrorEvent>;
export type RunEvent = Static<typeof RunEvent>;
export type RunEventType = RunEvent['type'];

/** An event before the stream has given it its place: the writer adds `seq`. */
export type UnsequencedRunEvent = RunEvent extends infer Event
  ? Event extends RunEvent
    ? Omit<Event, 'seq'>
    : never
  : never;

export function isTerminalRunEvent(event: RunEvent): event is RunEndEvent | RunErrorEvent {
  return event.type === 'run_end' || event.type === 'run_error';
}

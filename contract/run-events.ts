import * as Type from 'typebox/type';
import { BrandMention } from './brand.ts';
import { SearchTrail } from './search-trail.ts';

/**
 * The events one model run emits while answering: the worker writes them, the server relays them, and the
 * browser's frames are made from them. Every event carries its request and run and a `seq` that is unique and
 * increasing within the request, assigned when the event is appended to the request's Redis Stream.
 */
const EventBase = {
  requestId: Type.String(),
  runId: Type.String(),
  seq: Type.Integer({ minimum: 1 }),
};

export const AnswerSource = Type.Object(
  { url: Type.String(), title: Type.Union([Type.String(), Type.Null()]) },
  { description: 'A web page the answer cites or was grounded on.' },
);

/** Why a model stopped writing, the same words whichever provider answered; null when it did not say. */
export const FINISH_REASONS = ['stop', 'length', 'content_filter', 'tool_calls', 'other'] as const;
export const FinishReason = Type.Union([
  Type.Literal('stop'),
  Type.Literal('length'),
  Type.Literal('content_filter'),
  Type.Literal('tool_calls'),
  Type.Literal('other'),
  Type.Null(),
]);

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
  /**
   * On a run's first delta only: when the worker had the provider's first text (milliseconds since the epoch), so
   * the server can tell operators how long that text took to reach the browser. Not passed on to browsers.
   */
  firstByteAt: Type.Optional(Type.Integer({ minimum: 0 })),
});

/** Sources may come more than once, each adding to the list. */
export const SourcesEvent = Type.Object({
  ...EventBase,
  type: Type.Literal('sources'),
  sources: Type.Array(AnswerSource),
});

/** Facts about a finished answer that every view shows. */
export const AnswerFacts = {
  creditsUsed: Type.Integer({ minimum: 0 }),
  /** From the question's acceptance to the answer's end, the wait for a worker included. */
  durationMs: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  /** From the question's acceptance to the first text, the wait for a worker included; null when the answer had none. */
  timeToFirstTokenMs: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  inputTokens: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  outputTokens: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  /** Of `inputTokens`, how many the provider read from its prompt cache; null when the model does not report it. */
  cachedTokens: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  /** Of `outputTokens`, how many the model spent reasoning before it wrote; null when the model does not report it. */
  reasoningTokens: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
};

export const RunEndEvent = Type.Object({
  ...EventBase,
  type: Type.Literal('run_end'),
  /** The whole answer, so a late reader never has to stitch deltas together to know the final text. */
  text: Type.String(),
  finishReason: FinishReason,
  sources: Type.Array(AnswerSource),
  /** The answer's search trail as stored; null without one, absent on end events written before it was recorded. */
  searchTrail: Type.Optional(Type.Union([SearchTrail, Type.Null()])),
  ...AnswerFacts,
  durationMs: Type.Integer({ minimum: 0 }),
  /** The answer's brand analysis, as stored with it; null when the request did not monitor a brand. */
  brandMention: Type.Union([BrandMention, Type.Null()]),
});

export const RunErrorEvent = Type.Object({
  ...EventBase,
  type: Type.Literal('run_error'),
  message: Type.String(),
  code: Type.String(),
  retryable: Type.Boolean(),
});

export const RunEvent = Type.Union([RunStartEvent, TextDeltaEvent, SourcesEvent, RunEndEvent, RunErrorEvent]);

export type FinishReason = Type.Static<typeof FinishReason>;
export type AnswerSource = Type.Static<typeof AnswerSource>;
export type RunStartEvent = Type.Static<typeof RunStartEvent>;
export type TextDeltaEvent = Type.Static<typeof TextDeltaEvent>;
export type SourcesEvent = Type.Static<typeof SourcesEvent>;
export type RunEndEvent = Type.Static<typeof RunEndEvent>;
export type RunErrorEvent = Type.Static<typeof RunErrorEvent>;
export type RunEvent = Type.Static<typeof RunEvent>;
export type RunEventType = RunEvent['type'];

/** An event before the stream has given it its place: the writer adds `seq`. */
export type UnsequencedRunEvent = RunEvent extends infer Event ? (Event extends RunEvent ? Omit<Event, 'seq'> : never) : never;

export function isTerminalRunEvent(event: RunEvent): event is RunEndEvent | RunErrorEvent {
  return event.type === 'run_end' || event.type === 'run_error';
}

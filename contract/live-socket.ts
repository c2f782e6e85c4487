import * as Type from 'typebox/type';
import { CompareStreamFrame, type StreamFrame } from './compare-stream.ts';
import { SearchStreamFrame } from './search-stream.ts';

/**
 * `GET /api/live`, one WebSocket per tab: it follows any number of requests at once (the same frames as the SSE
 * endpoints, each with its `seq`, so a reconnecting tab resumes where it was) and hears about the account.
 */

/**
 * The close code of a signed-in socket whose session ended (a sign-out, a new or reset password, "sign out every other
 * device", a deleted account, expiry): 1008, "policy violation". It hears nothing more of the account; a tab that
 * connects again is whoever its cookie now says.
 */
export const SESSION_ENDED_CLOSE_CODE = 1008;
export const SESSION_ENDED_CLOSE_REASON = 'Session ended';

const RequestId = Type.String({ minLength: 1, maxLength: 64 });

/**
 * Sequence numbers start from Redis's clock in microseconds (so they keep rising when Redis restarts and forgets
 * its counters): they fit a JavaScript number exactly, and anything beyond that is not one.
 */
export const AFTER_SEQ_MAX = Number.MAX_SAFE_INTEGER;

export const SubscribeMessage = Type.Object({
  type: Type.Literal('subscribe'),
  requestId: RequestId,
  afterSeq: Type.Optional(Type.Integer({ minimum: 0, maximum: AFTER_SEQ_MAX, description: 'The last `seq` received; 0 for everything.' })),
});
export const UnsubscribeMessage = Type.Object({ type: Type.Literal('unsubscribe'), requestId: RequestId });
export const PingMessage = Type.Object({ type: Type.Literal('ping') });

/** What a tab may send. */
export const LiveClientMessage = Type.Union([SubscribeMessage, UnsubscribeMessage, PingMessage]);

/** A hold was placed, captured or released: `creditsRemaining` is what `GET /api/credits` would now say. */
export const CreditsChangedMessage = Type.Object({ type: Type.Literal('credits_changed'), creditsRemaining: Type.Integer() });
/** One of the account's requests ended, whichever tab asked it. */
export const RequestFinishedMessage = Type.Object({ type: Type.Literal('request_finished'), requestId: Type.String() });
export const AccountEventMessage = Type.Union([CreditsChangedMessage, RequestFinishedMessage]);

/** A request's frame, named and shaped as on its SSE endpoint. `seq` is null for frames no stored event stands behind. */
const frameMessages = [...SearchStreamFrame.anyOf, ...CompareStreamFrame.anyOf]
  .filter((frame, index, all) => all.findIndex((other) => other.properties.event.const === frame.properties.event.const) === index)
  .map((frame) =>
    Type.Object({
      type: Type.Literal('event'),
      requestId: Type.String(),
      seq: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
      event: frame.properties.event,
      data: frame.properties.data,
    }),
  );
export const LiveFrameMessage = Type.Union(frameMessages);

/** What the server sends. */
export const LiveServerMessage = Type.Union([
  LiveFrameMessage,
  Type.Object({ type: Type.Literal('subscribed'), requestId: Type.String() }),
  Type.Object({ type: Type.Literal('request_finished'), requestId: Type.String() }),
  Type.Object({ type: Type.Literal('error'), requestId: Type.Optional(Type.String()), message: Type.String(), code: Type.String() }),
  Type.Object({ type: Type.Literal('pong') }),
  CreditsChangedMessage,
]);

export type LiveClientMessage = Type.Static<typeof LiveClientMessage>;
export type AccountEventMessage = Type.Static<typeof AccountEventMessage>;
/** Spelled out: the schema above is assembled from the frame unions, which the type checker cannot follow. */
export type LiveFrameMessage = StreamFrame extends infer Frame
  ? Frame extends StreamFrame
    ? { type: 'event'; requestId: string; seq: number | null; event: Frame['event']; data: Frame['data'] }
    : never
  : never;
export type LiveServerMessage = LiveFrameMessage | Exclude<Type.Static<typeof LiveServerMessage>, { type: 'event' }>;

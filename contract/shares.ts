import * as Type from 'typebox/type';
import { RequestKind } from './ask.ts';
import { AnswerSource } from './run-events.ts';

/**
 * Read-only public links to a finished request. The link's token is its only key (unguessable, revocable by the
 * owner); what it shows is the question and each model's answer with its name and timings, never anything about
 * the person who asked (no account, credits, brand settings or request id).
 */

export const SHARE_TOKEN_PATTERN = '^[A-Za-z0-9_-]{32}$';

export const CreateShareBody = Type.Object({ requestId: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false });

export const ShareLink = Type.Object({
  token: Type.String(),
  url: Type.String({ description: 'The public page of the link.' }),
  requestId: Type.String(),
  query: Type.String(),
  kind: RequestKind,
  createdAt: Type.String({ format: 'date-time' }),
});

export const ShareList = Type.Object({ links: Type.Array(ShareLink, { description: 'Live links, newest first.' }) });

export const ShareParams = Type.Object({ token: Type.String({ maxLength: 64 }) });

export const RevokedShare = Type.Object({ token: Type.String(), revoked: Type.Literal(true) });

/** One model's answer on a shared page. */
export const SharedAnswer = Type.Object({
  engine: Type.String(),
  model: Type.String(),
  engineName: Type.String(),
  modelName: Type.String(),
  success: Type.Boolean(),
  response: Type.Union([Type.String(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  sources: Type.Array(AnswerSource),
  timeToFirstTokenMs: Type.Union([Type.Integer(), Type.Null()]),
  durationMs: Type.Union([Type.Integer(), Type.Null()]),
});

export const SharedRequest = Type.Object({
  query: Type.String(),
  kind: RequestKind,
  askedAt: Type.String({ format: 'date-time' }),
  answers: Type.Array(SharedAnswer),
});

export type CreateShareBody = Type.Static<typeof CreateShareBody>;
export type ShareLink = Type.Static<typeof ShareLink>;
export type ShareList = Type.Static<typeof ShareList>;
export type SharedAnswer = Type.Static<typeof SharedAnswer>;
export type SharedRequest = Type.Static<typeof SharedRequest>;
export type RevokedShare = Type.Static<typeof RevokedShare>;

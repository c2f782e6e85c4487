import * as Type from 'typebox/type';
import { AttachmentInfo } from './attachments.ts';
import { AiOverviewParams, BrandConfig, RequestKind } from './ask.ts';
import { ContinueMode } from './continuation.ts';
import { StoredColumnSettings } from './column-settings.ts';
import { HISTORY_SEARCH_MAX_LENGTH } from './limits.ts';
import { ModelResult } from './model-result.ts';

/**
 * One model's place in a past request: the answer it stands by (its newest that completed, else its newest), and
 * every answer it gave there, oldest first, when it was regenerated: version 1 is the first, each Regenerate adds
 * one, each charged as its own run.
 */
export const HistoryVersion = Type.Object({
  ...ModelResult.properties,
  settings: Type.Union([StoredColumnSettings, Type.Null()], { description: "The model's own settings this answer was asked with; null when none." }),
});

export const HistoryResult = Type.Object({
  ...HistoryVersion.properties,
  versions: Type.Array(HistoryVersion, { description: 'Every answer this model gave in the request, oldest first (at least the one above).' }),
});

/**
 * One question a signed-in person asked, as the history shows it (a turn of a conversation in `GET
 * /api/user-requests`, or `GET /api/requests/:id`). It keeps the fields older clients read (`engine`, `model`,
 * `response` as text) and adds what the current one uses: the `kind` and every model's `results`.
 */
export const HistoryItem = Type.Object({
  id: Type.String(),
  kind: RequestKind,
  query: Type.String(),
  /** A single answer's text; for a comparison, a JSON string `{"results":[…]}`. */
  response: Type.Union([Type.String(), Type.Null()]),
  /** `stopped` when every model was stopped before it answered: not a failure (the spec styles it neutral). */
  status: Type.Union([Type.Literal('pending'), Type.Literal('completed'), Type.Literal('error'), Type.Literal('stopped')]),
  errorMessage: Type.Union([Type.String(), Type.Null()]),
  /** The engine id; for a comparison `comparison_stream` (asked streamed) or `comparison`. */
  engine: Type.String(),
  /** The model id; for a comparison `comparison:engine/model,engine/model…`. */
  model: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  completedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** Every answer's charge, regenerated versions included. */
  creditsUsed: Type.Integer({ minimum: 0 }),
  searchEnabled: Type.Boolean(),
  brandMonitoringEnabled: Type.Boolean(),
  brandConfig: Type.Union([BrandConfig, Type.Null()]),
  /** The AI Overview country and language it was asked with; null when no AI Overview was asked. */
  aiOverviewParams: Type.Union([AiOverviewParams, Type.Null()]),
  results: Type.Array(HistoryResult),
  followUpOf: Type.Union([Type.String(), Type.Null()], {
    description: 'The earlier request this one follows up in a conversation; null for a first question. Threads read back with `GET /api/requests/:id/thread`.',
  }),
  continueMode: ContinueMode,
  carryFrom: Type.Union([Type.String(), Type.Null()], {
    description: 'With `continueMode: carry`: the `engine/model` whose answer to the previous question every model was given.',
  }),
  versionOf: Type.Union([Type.String(), Type.Null()], {
    description: 'An edited question: the first version of the question it replaces (every version follows up the same request).',
  }),
  attachments: Type.Optional(
    Type.Array(AttachmentInfo, { description: 'The files the question was asked with, in order; an image’s bytes at its `contentUrl` (its owner only).' }),
  ),
});

/**
 * One entry of the history: a conversation. Its own fields are its first question's, as a history item (so a client
 * that reads entries as requests still sees the question that started it), and it adds what the conversation as a
 * whole says: every turn, oldest first, how many there are, when it was last asked in, and what it cost in all. A
 * question never followed up is a conversation of one turn.
 */
export const HistoryEntry = Type.Object({
  ...HistoryItem.properties,
  threadId: Type.String({
    description: 'The conversation: the request id of its first question (this entry’s `id`), to which every later turn’s `followUpOf` chain leads.',
  }),
  turnCount: Type.Integer({ minimum: 1, description: 'How many questions the conversation holds, edited versions included; 1 for a lone question.' }),
  lastActivityAt: Type.String({ format: 'date-time', description: 'When the newest question of the conversation (or an answer asked again in it) was asked.' }),
  totalCredits: Type.Integer({ minimum: 0, description: 'Every turn’s charges, regenerated versions included.' }),
  turns: Type.Array(HistoryItem, {
    description: 'Every question of the conversation, oldest first, the first included; the last is the one to continue from.',
  }),
});

export const HistoryList = Type.Object({
  requests: Type.Array(HistoryEntry, { description: 'One entry per conversation, the most recently active first.' }),
  total: Type.Integer({ minimum: 0, description: 'How many conversations the person has in all (matching `search`, when given).' }),
});

export const HistoryQuery = Type.Object({
  limit: Type.Optional(Type.String({ pattern: '^\\d{1,3}$', description: 'How many conversations to return: 1 to 100, default 20.' })),
  offset: Type.Optional(
    Type.String({ pattern: '^\\d{1,6}$', description: 'How many of the most recently active conversations to skip (the next page starts where the last ended). Default 0.' }),
  ),
  search: Type.Optional(
    Type.String({ maxLength: HISTORY_SEARCH_MAX_LENGTH, description: 'Only conversations with a question containing this text (any case), in any turn.' }),
  ),
});

export const HistoryItemParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const HistoryDeleted = Type.Object({
  id: Type.String(),
  message: Type.String(),
});

export type HistoryItem = Type.Static<typeof HistoryItem>;
export type HistoryEntry = Type.Static<typeof HistoryEntry>;
export type HistoryList = Type.Static<typeof HistoryList>;
export type HistoryResult = Type.Static<typeof HistoryResult>;
export type HistoryVersion = Type.Static<typeof HistoryVersion>;
export type HistoryDeleted = Type.Static<typeof HistoryDeleted>;

import * as Type from 'typebox/type';
import { BrandConfig, RequestKind } from './ask.ts';
import { ModelResult } from './model-result.ts';

/**
 * `GET /api/user-requests`: a signed-in person's requests, newest first. Each item keeps the fields older clients
 * read (`engine`, `model`, `response` as text) and adds what the current one uses: the `kind` and every model's
 * `results`.
 */
export const HistoryItem = Type.Object({
  id: Type.String(),
  kind: RequestKind,
  query: Type.String(),
  /** A single answer's text; for a comparison, a JSON string `{"results":[…]}`. */
  response: Type.Union([Type.String(), Type.Null()]),
  status: Type.Union([Type.Literal('pending'), Type.Literal('completed'), Type.Literal('error')]),
  errorMessage: Type.Union([Type.String(), Type.Null()]),
  /** The engine id; for a comparison `comparison_stream` (asked streamed) or `comparison`. */
  engine: Type.String(),
  /** The model id; for a comparison `comparison:engine/model,engine/model…`. */
  model: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  completedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  creditsUsed: Type.Integer({ minimum: 0 }),
  searchEnabled: Type.Boolean(),
  brandMonitoringEnabled: Type.Boolean(),
  brandConfig: Type.Union([BrandConfig, Type.Null()]),
  results: Type.Array(ModelResult),
  followUpOf: Type.Union([Type.String(), Type.Null()], {
    description: 'The earlier request this one follows up in a conversation; null for a first question. Threads read back with `GET /api/requests/:id/thread`.',
  }),
});

export const HistoryList = Type.Object({
  requests: Type.Array(HistoryItem),
  total: Type.Integer({ minimum: 0, description: 'How many requests the person has in all.' }),
});

export const HistoryQuery = Type.Object({
  limit: Type.Optional(Type.String({ pattern: '^\\d{1,3}$', description: 'How many to return: 1 to 100, default 20.' })),
});

export type HistoryItem = Type.Static<typeof HistoryItem>;
export type HistoryList = Type.Static<typeof HistoryList>;

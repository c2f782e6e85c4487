import * as Type from 'typebox/type';
import { AttachedFile } from './attachments.ts';
import { RequestKind } from './ask.ts';
import { AnswerSource } from './run-events.ts';

/**
 * Read-only public links to a finished request. The link's token is its only key (unguessable, revocable by the
 * owner); what it shows is the question and each model's answer with its name and timings, never anything about
 * the person who asked (no account, credits, brand settings or request id).
 */

export const SHARE_TOKEN_PATTERN = '^[A-Za-z0-9_-]{32}$';

/** What a reader is told when a link does not open, as the server words it and the page recognises it. */
export const SHARE_TEXTS = {
  missing: 'This shared link does not exist or was revoked.',
  expired: 'This shared link has expired.',
  protected: 'This shared link is protected by a passphrase.',
  wrongPassphrase: 'That passphrase does not open this link.',
  tooManyTries: 'Too many passphrase attempts. Please wait a while and try again.',
} as const;

/** How long a link may live, in days, when its owner gives it an end. */
export const SHARE_EXPIRY_DAYS = { min: 1, max: 365 } as const;
export const SHARE_PASSPHRASE_LENGTH = { min: 6, max: 128 } as const;

const ExpiresInDays = Type.Union([Type.Integer({ minimum: SHARE_EXPIRY_DAYS.min, maximum: SHARE_EXPIRY_DAYS.max }), Type.Literal('never')], {
  description: `Days from now until the link stops working (${SHARE_EXPIRY_DAYS.min}–${SHARE_EXPIRY_DAYS.max}), or "never".`,
});
const Passphrase = Type.String({
  minLength: SHARE_PASSPHRASE_LENGTH.min,
  maxLength: SHARE_PASSPHRASE_LENGTH.max,
  description: `A passphrase readers must give (${SHARE_PASSPHRASE_LENGTH.min}–${SHARE_PASSPHRASE_LENGTH.max} characters); it replaces any earlier one.`,
});

/**
 * `POST /api/shares`: the link is made with its end and passphrase, so it is never public for a moment without
 * them. Left out, the end is "never" and there is no passphrase. When the request is shared already, the settings
 * given are applied to its link.
 */
export const CreateShareBody = Type.Object(
  { requestId: Type.String({ minLength: 1, maxLength: 64 }), expiresInDays: Type.Optional(ExpiresInDays), passphrase: Type.Optional(Passphrase) },
  { additionalProperties: false },
);

export const ShareLink = Type.Object({
  token: Type.String(),
  url: Type.String({ description: 'The public page of the link.' }),
  requestId: Type.String(),
  query: Type.String(),
  kind: RequestKind,
  createdAt: Type.String({ format: 'date-time' }),
  expiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When the link stops working; null: never.' }),
  passphraseProtected: Type.Boolean({ description: 'Readers must give the passphrase the owner set.' }),
  mode: Type.Union([Type.Literal('live'), Type.Literal('snapshot')], {
    description: '`live` shows the request as it is now (a regenerated answer shows its newest version); `snapshot` shows it as it was when frozen.',
  }),
});

/**
 * `PATCH /api/shares/:token`: each field given changes that setting; a field left out keeps it. No setting takes a
 * null: the server's validator would read 0 or "" as null, so "never" and "remove" are said in words.
 */
export const ShareSettingsBody = Type.Object(
  {
    expiresInDays: Type.Optional(ExpiresInDays),
    passphrase: Type.Optional(Passphrase),
    removePassphrase: Type.Optional(Type.Literal(true, { description: 'Anyone holding the link may read it again.' })),
    mode: Type.Optional(Type.Union([Type.Literal('live'), Type.Literal('snapshot')], { description: '`snapshot` freezes the link at what the request shows now.' })),
  },
  { additionalProperties: false },
);

/** `POST /api/shared/:token/open`: the passphrase of a protected link. */
export const OpenShareBody = Type.Object({ passphrase: Type.String({ minLength: 1, maxLength: SHARE_PASSPHRASE_LENGTH.max }) }, { additionalProperties: false });

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
  attachments: Type.Optional(Type.Array(AttachedFile, { description: 'The files the question was asked with, by name (their contents are not shared).' })),
});

export type CreateShareBody = Type.Static<typeof CreateShareBody>;
/** What a new link is made with, besides its request. */
export type CreateShareSettings = Omit<CreateShareBody, 'requestId'>;
export type ShareLink = Type.Static<typeof ShareLink>;
export type ShareSettingsBody = Type.Static<typeof ShareSettingsBody>;
export type OpenShareBody = Type.Static<typeof OpenShareBody>;
export type ShareList = Type.Static<typeof ShareList>;
export type SharedAnswer = Type.Static<typeof SharedAnswer>;
export type SharedRequest = Type.Static<typeof SharedRequest>;
export type RevokedShare = Type.Static<typeof RevokedShare>;

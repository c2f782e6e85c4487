import * as Type from 'typebox/type';
import { fieldMessages } from './field-messages.ts';
import { PublicUser } from './auth.ts';

/**
 * `/api/account/…`: what a signed-in person changes about their own account on the Settings page (name, email,
 * password, signed-in devices), and the link that confirms a new address. Signing up, in and out, resetting a
 * forgotten password and deleting the account stay with `/api/auth?action=…`.
 */
export const ACCOUNT_LIMITS = { name: 100, email: 254, password: 256 } as const;

const strict = { additionalProperties: false } as const;

const Password = (label: string) =>
  Type.String({
    maxLength: ACCOUNT_LIMITS.password,
    description: `${label}, at most ${ACCOUNT_LIMITS.password} characters.`,
    ...fieldMessages({ required: `${label} is required`, invalid: `${label} is required`, tooLong: `Password must be at most ${ACCOUNT_LIMITS.password} characters long` }),
  });

export const ChangeNameBody = Type.Object(
  {
    name: Type.String({
      maxLength: ACCOUNT_LIMITS.name * 2,
      description: `The name shown in the app, at most ${ACCOUNT_LIMITS.name} characters once spaces are tidied.`,
      ...fieldMessages({ required: 'Name is required', invalid: 'Name is required', tooLong: `Name must be at most ${ACCOUNT_LIMITS.name} characters long` }),
    }),
  },
  { ...strict, examples: [{ name: 'Ada Lovelace' }] },
);

export const ChangeEmailBody = Type.Object(
  {
    email: Type.String({
      maxLength: ACCOUNT_LIMITS.email + 50,
      description: 'The new address. It changes only when the link mailed to it is opened.',
      ...fieldMessages({ required: 'Email is required', invalid: 'Please enter a valid email address', tooLong: 'Please enter a valid email address' }),
    }),
    currentPassword: Type.Optional(Password('Current password')),
  },
  {
    ...strict,
    description: '`currentPassword` is required when the account has a password (an account that only signs in with Google has none).',
    examples: [{ email: 'ada@example.org', currentPassword: 'correct horse battery' }],
  },
);

export const ConfirmEmailChangeBody = Type.Object(
  {
    token: Type.String({
      maxLength: 128,
      description: 'The token from the link mailed to the new address.',
      ...fieldMessages({ required: 'This confirmation link is invalid or has already been used.', invalid: 'This confirmation link is invalid or has already been used.' }),
    }),
  },
  strict,
);

export const ChangePasswordBody = Type.Object(
  { currentPassword: Password('Current password'), newPassword: Password('New password') },
  { ...strict, examples: [{ currentPassword: 'correct horse battery', newPassword: 'staple battery horse correct' }] },
);

export const AccountSession = Type.Object(
  {
    id: Type.String(),
    current: Type.Boolean({ description: 'The session of the browser asking.' }),
    device: Type.String({ description: 'The browser and system it signed in from, e.g. "Chrome on Windows"; "Unknown device" when it did not say.' }),
    createdAt: Type.String({ format: 'date-time', description: 'When it signed in.' }),
    lastSeenAt: Type.String({ format: 'date-time', description: 'Last used (to within 5 minutes).' }),
    expiresAt: Type.String({ format: 'date-time' }),
  },
  strict,
);

export const AccountSessions = Type.Object({ sessions: Type.Array(AccountSession, { description: 'This one first, then the most recently used.' }) }, strict);
export const NameChanged = Type.Object({ message: Type.String(), user: PublicUser }, strict);
export const EmailChangeRequested = Type.Object({ message: Type.String(), pendingEmail: Type.String() }, strict);
export const EmailChanged = Type.Object({ message: Type.String(), email: Type.String() }, strict);
export const SessionsSignedOut = Type.Object({ message: Type.String(), signedOutSessions: Type.Integer({ minimum: 0 }) }, strict);

export type AccountSession = Type.Static<typeof AccountSession>;
export type AccountSessions = Type.Static<typeof AccountSessions>;
export type NameChanged = Type.Static<typeof NameChanged>;
export type EmailChangeRequested = Type.Static<typeof EmailChangeRequested>;
export type EmailChanged = Type.Static<typeof EmailChanged>;
export type SessionsSignedOut = Type.Static<typeof SessionsSignedOut>;

/** Money paid by card in one currency, and the credits it bought, each less what was refunded or disputed. */
export const PaidForCredits = Type.Object(
  {
    currency: Type.String({ description: 'ISO 4217, lower case (`usd`).' }),
    amountCents: Type.Integer({ minimum: 0, description: 'What was paid, in cents, less refunds.' }),
    credits: Type.Integer({ minimum: 0, description: 'The credits that money bought, less those taken back.' }),
  },
  strict,
);

/** `GET /api/account/deletion-cost`: what deleting the account forfeits, so the dialog can say it before it is done. */
export const AccountDeletionCost = Type.Object(
  {
    balance: Type.Integer({ minimum: 0, description: 'Every credit on the account, those held for answers still running included: all are forfeited.' }),
    paid: Type.Array(PaidForCredits, { description: 'Per currency, oldest currency first; empty when no credits were bought. Nothing is refunded.' }),
  },
  strict,
);
export type PaidForCredits = Type.Static<typeof PaidForCredits>;
export type AccountDeletionCost = Type.Static<typeof AccountDeletionCost>;

import * as Type from 'typebox/type';
import { fieldMessages } from './field-messages.ts';

/**
 * `/api/auth?action=…`: one endpoint for accounts. GET for `session` and `profile`; POST for the rest. Each action
 * checks its own fields and answers in the product's words, so the body schema only bounds the shape.
 */
export const AUTH_READ_ACTIONS = ['session', 'profile'] as const;
export const AUTH_WRITE_ACTIONS = [
  'register',
  'login',
  'google',
  'logout',
  'verify-email',
  'resend-verification',
  'delete-account',
  'request-password-reset',
  'reset-password',
] as const;

export const AuthQuery = Type.Object({
  action: Type.String({
    minLength: 1,
    maxLength: 64,
    description: `GET: ${AUTH_READ_ACTIONS.join(', ')}. POST: ${AUTH_WRITE_ACTIONS.join(', ')}.`,
    ...fieldMessages({ required: 'An action is required' }),
  }),
});

const Field = Type.Optional(Type.Unknown());
export const AuthBody = Type.Union(
  [Type.Object({ name: Field, email: Field, password: Field, token: Field }, { additionalProperties: false }), Type.Null()],
  {
    description:
      'register: `{name, email, password}`; login: `{email, password}`; google: `{token}` (the ID token Google issued); ' +
      'verify-email: `{email, token}`; resend-verification: `{email}`; request-password-reset: `{email}`; ' +
      'reset-password: `{token, password}` (the token from the mailed link); logout and delete-account: none.',
    examples: [{ name: 'Ada Lovelace', email: 'ada@example.com', password: 'correct horse battery' }],
  },
);

export const PublicUser = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    email: Type.String(),
    tier: Type.Union([Type.Literal('registered'), Type.Literal('subscribed')]),
    emailVerified: Type.Boolean(),
  },
  { additionalProperties: false },
);

export const SessionExpiry = Type.Object({ expiresAt: Type.String({ format: 'date-time' }) }, { additionalProperties: false });

const strict = { additionalProperties: false } as const;

/** login, google */
export const SignedIn = Type.Object({ user: PublicUser, session: SessionExpiry }, strict);
/** verify-email, reset-password */
export const VerifiedAndSignedIn = Type.Object({ message: Type.String(), user: PublicUser, session: SessionExpiry }, strict);
/** register: the account must be verified before it can sign in. */
export const Registered = Type.Object(
  { requiresVerification: Type.Literal(true), email: Type.String(), user: Type.Null(), session: Type.Null(), message: Type.String() },
  strict,
);
/** resend-verification */
export const VerificationResent = Type.Object({ message: Type.String(), remainingAttempts: Type.Integer({ minimum: 0 }) }, strict);
/** logout, delete-account, request-password-reset */
export const Done = Type.Object({ message: Type.String() }, strict);
/** session: never an error, "nobody" is an answer. */
export const SessionState = Type.Object(
  {
    authenticated: Type.Boolean(),
    user: Type.Union([PublicUser, Type.Null()]),
    session: Type.Union([SessionExpiry, Type.Null()]),
    googleClientId: Type.Union([Type.String(), Type.Null()], { description: 'Set when Google sign-in is offered.' }),
  },
  strict,
);
/** profile */
export const Profile = Type.Object(
  {
    user: Type.Object(
      {
        ...PublicUser.properties,
        createdAt: Type.String({ format: 'date-time' }),
        signInMethods: Type.Array(Type.Union([Type.Literal('password'), Type.Literal('google')])),
      },
      strict,
    ),
  },
  strict,
);

/** Whatever an action answers; each variant is closed, so the right one is always picked. */
export const AuthData = Type.Union([SessionState, Profile, SignedIn, VerifiedAndSignedIn, Registered, VerificationResent, Done]);

/** A refused login of an address not yet verified carries this as its `data`. */
export const NeedsVerification = Type.Object({ requiresVerification: Type.Literal(true), email: Type.String() });

export type PublicUser = Type.Static<typeof PublicUser>;
export type SignedIn = Type.Static<typeof SignedIn>;
export type SessionState = Type.Static<typeof SessionState>;
export type Registered = Type.Static<typeof Registered>;
export type VerificationResent = Type.Static<typeof VerificationResent>;
export type VerifiedAndSignedIn = Type.Static<typeof VerifiedAndSignedIn>;
export type Profile = Type.Static<typeof Profile>;
export type SessionExpiry = Type.Static<typeof SessionExpiry>;
export type Done = Type.Static<typeof Done>;
export type AuthData = Type.Static<typeof AuthData>;

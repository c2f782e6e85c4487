import { defineEntity, p } from '@mikro-orm/core';

/** Signed-in tiers. Guests have no row: they are identified by their IP (HMAC'd) and an anonymous session id. */
export const USER_TIERS = ['registered', 'subscribed'] as const;
export type UserTier = (typeof USER_TIERS)[number];

const UserSchema = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p.uuid().primary(),
    name: p.string(),
    /** Lower-cased and trimmed; unique. */
    email: p.string().unique(),
    emailVerified: p.boolean().default(false),
    /** argon2id in PHC format; null for accounts that only sign in with Google. */
    passwordHash: p.text().nullable().lazy(),
    /** Google's `sub` claim, the stable identity of a Google account. */
    googleSubject: p.string().nullable().unique(),
    tier: p.enum(USER_TIERS).default('registered'),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});

export class User extends UserSchema.class {}
UserSchema.setClass(User);
export { UserSchema };

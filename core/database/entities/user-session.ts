import { defineEntity, p } from '@mikro-orm/core';
import { User } from './user.ts';

/** A signed-in browser. Only the SHA-256 of its token is stored, so a database leak signs nobody in. */
const UserSessionSchema = defineEntity({
  name: 'UserSession',
  tableName: 'user_sessions',
  properties: {
    id: p.uuid().primary(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    tokenHash: p.string().unique(),
    createdAt: p.datetime().onCreate(() => new Date()),
    lastSeenAt: p.datetime().onCreate(() => new Date()),
    /** Slides forward with use, never past `absoluteExpiresAt`. */
    expiresAt: p.datetime(),
    absoluteExpiresAt: p.datetime(),
    /** The browser's User-Agent when it signed in (cut to 300 characters), to tell devices apart in Settings. */
    userAgent: p.string().nullable(),
  },
});

export class UserSession extends UserSessionSchema.class {}
UserSessionSchema.setClass(UserSession);
export { UserSessionSchema };

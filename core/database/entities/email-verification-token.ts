import { defineEntity, p } from '@mikro-orm/core';
import { User } from './user.ts';

/** A single-use link proving the user owns `email`. Stored hashed; valid 24 hours. */
const EmailVerificationTokenSchema = defineEntity({
  name: 'EmailVerificationToken',
  tableName: 'email_verification_tokens',
  properties: {
    id: p.uuid().primary(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    /** The address the link was sent to: verifying proves this address, not whatever the user has now. */
    email: p.string(),
    tokenHash: p.string().unique(),
    createdAt: p.datetime().onCreate(() => new Date()),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
  },
});

export class EmailVerificationToken extends EmailVerificationTokenSchema.class {}
EmailVerificationTokenSchema.setClass(EmailVerificationToken);
export { EmailVerificationTokenSchema };

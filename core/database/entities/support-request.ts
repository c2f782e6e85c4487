import { defineEntity, p } from '@mikro-orm/core';
import { User } from './user.ts';

/**
 * A question or problem sent from the Help & Support page. Kept even when its sender deletes their account (the
 * link to them is cleared), since the conversation continues by email. The sender's IP is kept only as a keyed
 * digest, enough to recognise a flood from one place.
 */
const SupportRequestSchema = defineEntity({
  name: 'SupportRequest',
  tableName: 'support_requests',
  properties: {
    id: p.uuid().primary(),
    /** Who was signed in when it was sent; null for a guest. */
    user: () => p.manyToOne(User).nullable().deleteRule('set null'),
    email: p.string(),
    name: p.string(),
    /** The category, one of the contract's support subjects. */
    subject: p.string(),
    title: p.string(),
    description: p.text(),
    ipHash: p.string(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class SupportRequest extends SupportRequestSchema.class {}
SupportRequestSchema.setClass(SupportRequest);
export { SupportRequestSchema };

import type { EntityManager } from '@mikro-orm/postgresql';
import { SupportRequest } from '../database/index.ts';
import type { SupportRequestBody } from '../../contract/support.ts';
import type { SupportMailFacts } from '../mail/index.ts';

export interface SupportSender {
  /** The signed-in account, or null for a guest. */
  userId: string | null;
  /** Keyed digest of the sender's IP; the IP itself is never stored. */
  ipHash: string;
}

/**
 * Stores a support request as sent, minus the blanks around each field (the contract has already judged the
 * trimmed lengths). The address is kept as typed apart from its case, since it is where the answer goes.
 */
export async function recordSupportRequest(em: EntityManager, body: SupportRequestBody, sender: SupportSender): Promise<SupportMailFacts> {
  const record = em.create(SupportRequest, {
    id: crypto.randomUUID(),
    user: sender.userId,
    email: body.email.trim().toLowerCase(),
    name: body.name.trim(),
    subject: body.subject,
    title: body.title.trim(),
    description: body.description.trim(),
    ipHash: sender.ipHash,
  });
  await em.flush();
  return {
    id: record.id,
    name: record.name,
    email: record.email,
    subject: body.subject,
    title: record.title,
    description: record.description,
    userId: sender.userId,
  };
}

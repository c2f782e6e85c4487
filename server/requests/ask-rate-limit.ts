import type { FastifyReply, FastifyRequest } from 'fastify';
import type { QuorumConfig } from '../../core/config/index.ts';
import { personAndAddressLimit, type LimitStore } from '../limits/person-and-address-limit.ts';

const MINUTE_MS = 60_000;

/**
 * The limits on asking: per asker (a signed-in user, or a guest by their hashed address) and per address (many
 * accounts from one place), counted in Redis and failing closed like every limit here (see person-and-address-limit).
 * Returns the preHandler the asking routes run before admitting a question.
 */
export function askRateLimit(
  store: LimitStore,
  asking: Pick<QuorumConfig['asking'], 'perAskerPerMinute' | 'perAddressPerMinute'>,
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  return personAndAddressLimit(store, {
    name: 'ask',
    perPerson: asking.perAskerPerMinute,
    perAddress: asking.perAddressPerMinute,
    windowMs: MINUTE_MS,
    refusal: 'Too many questions in a short time. Please wait a moment and try again.',
  });
}

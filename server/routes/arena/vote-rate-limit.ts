import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { personAndAddressLimit, limitStoreOf } from '../../limits/person-and-address-limit.ts';

const HOUR_MS = 3_600_000;

/**
 * The limits on voting: per account and per address, per hour (`ARENA_VOTE_RATE_LIMIT_PER_HOUR`,
 * `ARENA_VOTE_RATE_LIMIT_PER_IP_PER_HOUR`). A round already costs credits; this caps how fast one person, or one
 * place with many accounts, can pour votes into the boards.
 */
export function voteRateLimit(app: FastifyInstance): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  return personAndAddressLimit(limitStoreOf(app), {
    name: 'arena-vote',
    perPerson: app.config.arena.votesPerAccountPerHour,
    perAddress: app.config.arena.votesPerAddressPerHour,
    windowMs: HOUR_MS,
    refusal: 'Too many votes in a short time. Please wait a while and try again.',
  });
}

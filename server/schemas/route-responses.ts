import * as Type from 'typebox/type';
import { ERROR_CODES, type ErrorCode } from '../../contract/error-codes.ts';
import { FailureEnvelope, SuccessEnvelope } from '../../contract/envelope.ts';

/**
 * Response schemas for a route, built from the contract: the success envelope around the route's `data`, and one
 * error envelope per status the route can answer with, naming its codes. Fastify serialises every answer through
 * them (a field the contract does not name never leaves), and the OpenAPI reference is generated from them.
 */

/** Any call can meet these: a broken server (masked) or Postgres/Redis out of reach. */
const ALWAYS: ErrorCode[] = ['SERVER_ERROR', 'SERVICE_UNAVAILABLE'];

/** `data` of an error: null, or the details a call documents (a login that needs verification, a failed answer). */
const ErrorDetails = Type.Unknown({ description: 'Null, or details this call documents.' });

export function errorResponses(codes: readonly ErrorCode[]): Record<number, Type.TSchema> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of [...codes, ...ALWAYS]) {
    const status = ERROR_CODES[code].status;
    const list = byStatus.get(status) ?? [];
    if (!list.includes(code)) list.push(code);
    byStatus.set(status, list);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      status,
      FailureEnvelope(ErrorDetails, {
        description: list.map((code) => `\`${code}\`: ${ERROR_CODES[code].message}`).join(' · '),
        examples: [{ success: false, data: null, error: { code: list[0], message: ERROR_CODES[list[0]!].message } }],
      }),
    ]),
  );
}

/** A JSON call: `data` on success, the envelope with one of `codes` otherwise. */
export function jsonResponses(data: Type.TSchema, codes: readonly ErrorCode[] = []) {
  return { 200: SuccessEnvelope(data), ...errorResponses(codes) };
}

/**
 * A server-sent event stream: each frame is an `event:` line with the frame's name, a `data:` line with its JSON,
 * and an `id:` line with its sequence number. A request refused before the stream opens is answered in JSON.
 */
export function eventStreamResponses(frames: Type.TSchema, codes: readonly ErrorCode[] = []) {
  return {
    200: {
      description: 'A stream of server-sent events. Each frame below is sent as `event: <event>`, `data: <JSON of data>`, `id: <seq>`.',
      content: { 'text/event-stream': { schema: frames } },
    },
    ...errorResponses(codes),
  };
}

import type { FastifyReply } from 'fastify';
import { Readable } from 'node:stream';

/**
 * Sends one of a set's CSV files as a download named after the set (`<prefix>-<set name>.csv`). A stream, not the
 * string the schema describes: Fastify pipes the rows as they are produced, so a long history never sits in memory.
 */
export function sendSetCsv(reply: FastifyReply, prefix: string, setName: string, rows: AsyncIterable<string>): FastifyReply {
  const fileName = `${prefix}-${setName.replace(/[^a-z0-9]+/gi, '-').toLowerCase() || 'set'}.csv`;
  reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`);
  return reply.send(Readable.from(rows) as never);
}

import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { failure } from '../../contract/envelope.ts';
import { ERROR_CODES } from '../../contract/error-codes.ts';

/**
 * Some requests never reach Fastify: Node's HTTP parser refuses an address or headers over its size limit (431) or
 * bytes that are not HTTP (400) and hands the socket to `clientError`. Those are answered here, still in the
 * envelope, with a request id and the same security headers every other answer carries (copied from what the app
 * itself sends, so the two never drift), then the connection is closed: after a parse error it cannot be reused.
 */
export class ClientErrorResponder {
  private securityHeaders: [string, string][] = [];

  /** Learns the app's security headers from one answer of its own (a not-found), once the app is ready. */
  async learnHeaders(app: FastifyInstance): Promise<void> {
    const probe = await app.inject({ method: 'GET', url: '/api/' });
    this.securityHeaders = Object.entries(probe.headers)
      .filter(([name]) => SECURITY_HEADERS.test(name))
      .map(([name, value]) => [name, String(value)]);
  }

  /** For Fastify's `clientErrorHandler` option. */
  readonly handle = (error: Error & { code?: string }, socket: Socket): void => {
    // A client that went away, or a response already under way on this socket, gets nothing more. (Earlier
    // answers on a kept-alive connection do not count: the refused request is a new one.)
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
    if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable || inFlight) {
      socket.destroy();
      return;
    }
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const body = JSON.stringify(
      tooLarge ? failure('PAYLOAD_TOO_LARGE', 'The address or headers are too large.') : failure('VALIDATION_ERROR', ERROR_CODES.VALIDATION_ERROR.message),
    );
    const headers: [string, string][] = [
      ['content-type', 'application/json; charset=utf-8'],
      ['content-length', String(Buffer.byteLength(body))],
      ['x-request-id', randomUUID()],
      ...this.securityHeaders,
      ['connection', 'close'],
    ];
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headers.map(([name, value]) => `${name}: ${value}`).join('\r\n')}\r\n\r\n${body}`);
    // The client may still be sending the rest of its oversized request. Closing with unread bytes would reset the
    // connection and lose the answer, so what still arrives is read and dropped, for a short while.
    socket.on('data', () => undefined);
    socket.resume();
    setTimeout(() => socket.destroy(), 5_000).unref();
  };
}

const SECURITY_HEADERS = /^(content-security-policy|cross-origin-.*|origin-agent-cluster|referrer-policy|strict-transport-security|x-content-type-options|x-dns-prefetch-control|x-download-options|x-frame-options|x-permitted-cross-domain-policies|x-xss-protection)$/;

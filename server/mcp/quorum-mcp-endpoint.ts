import { createMcpHandler, isLegacyRequest, WebStandardStreamableHTTPServerTransport, type Server } from '@modelcontextprotocol/server';
import { createQuorumMcpServer } from './quorum-mcp-server.ts';
import type { McpCallContext } from './quorum-mcp-tools.ts';

/** What a hung-up client is answered with (nobody reads it): the status servers log for a closed connection. */
const CLIENT_CLOSED_REQUEST = 499;

/**
 * Answers one POST to the MCP endpoint, whichever protocol era it speaks, from one server definition:
 *
 * - 2026-07-28: the message carries its protocol version, client and capabilities in `_meta` (a negotiating client
 *   first asks `server/discover`). The SDK's per-request handler serves it.
 * - 2025 era: the `initialize` handshake and the calls after it, which name their version in the
 *   `MCP-Protocol-Version` header. Served as before this endpoint spoke 2026-07-28: stateless (no `Mcp-Session-Id`,
 *   so any server node takes any call) with plain JSON answers rather than an event stream.
 *
 * The SDK's own classifier decides the era, so this routing can never disagree with what the SDK would serve.
 * `request` is the call as a web request (its signal aborts when the client hangs up); `body` is its parsed JSON.
 */
export async function answerMcpCall(context: McpCallContext, request: Request, body: unknown): Promise<Response> {
  const createServer = () => createQuorumMcpServer(context);
  // What the SDK refuses or fails at (a malformed envelope, a version it does not serve) is answered to the client
  // in JSON-RPC; the log keeps why, next to the request's id.
  const onerror = (error: Error) => context.request.log.info({ err: error }, 'MCP message refused or failed');
  if (await isLegacyRequest(request, body)) return answerLegacyCall(createServer(), request, body, onerror);
  // Strict: anything without the 2026-07-28 envelope was routed above, so the handler never needs its own fallback.
  return createMcpHandler(createServer, { legacy: 'reject', onerror }).fetch(request, { parsedBody: body });
}

/** One 2025-era message on a fresh stateless transport, answered as JSON once the handler is done. */
async function answerLegacyCall(server: Server, request: Request, body: unknown, onerror: (error: Error) => void): Promise<Response> {
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  server.onerror = onerror;
  await server.connect(transport);
  // A JSON answer is only written when the handler returns; a client that hangs up first is not waited for.
  const hungUp = new Promise<Response>((resolve) => {
    request.signal.addEventListener('abort', () => resolve(new Response(null, { status: CLIENT_CLOSED_REQUEST })), { once: true });
  });
  try {
    return await Promise.race([transport.handleRequest(request, { parsedBody: body }), hungUp]);
  } finally {
    void transport.close();
    void server.close();
  }
}

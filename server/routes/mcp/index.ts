import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { apiKeyCaller, type ApiKeyCaller } from '../../callers/api-key-caller.ts';
import { AppError } from '../../../core/errors/index.ts';
import { answerMcpCall } from '../../mcp/quorum-mcp-endpoint.ts';

export const MCP_PATH = '/mcp';
/** RFC 9728's well-known address for the metadata of the protected resource at `MCP_PATH`. */
export const MCP_RESOURCE_METADATA_PATH = `/.well-known/oauth-protected-resource${MCP_PATH}`;

/** A JSON-RPC error with no request id: what an MCP client reads when the HTTP call itself is refused. */
function protocolError(message: string) {
  return { jsonrpc: '2.0', error: { code: -32001, message }, id: null };
}

/** Headers that describe the body on the wire, which the web request below does not carry. */
const BODY_FRAMING_HEADERS = new Set(['content-length', 'transfer-encoding']);

/**
 * The call as a web request, as the MCP SDK takes it; its signal aborts if the client hangs up before the answer.
 * The body is handed over already parsed (and limited by Fastify), so the request itself carries none.
 */
function webRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (BODY_FRAMING_HEADERS.has(name)) continue;
    for (const each of Array.isArray(value) ? value : [value]) if (each !== undefined) headers.append(name, each);
  }
  const hangUp = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) hangUp.abort();
  });
  return new Request(new URL(request.url, `${request.protocol}://${request.host}`), { method: request.method, headers, signal: hangUp.signal });
}

/**
 * Quorum's MCP server over streamable HTTP at `/mcp`, stateless: every POST carries `Authorization: Bearer <key>`
 * and is answered on its own (no session to keep, so any server node can take any call). Clients of both protocol
 * eras use this one address (see answerMcpCall). The stdio server (`npm run mcp`) bridges to this endpoint.
 */
const mcpRoutes: FastifyPluginAsync = async (app) => {
  const services = { orm: app.orm, redis: app.redis, keyPrefix: app.config.redis.keyPrefix, appSecret: app.config.appSecret };
  const metadataUrl = new URL(MCP_RESOURCE_METADATA_PATH, app.config.server.appUrl).toString();

  // Protected Resource Metadata (RFC 9728): tells an MCP client what the endpoint is and how to present its key. The
  // key is a Quorum API key made on the Developers page, sent as a bearer token; no authorization server issues it.
  const resourceMetadata = async () => ({
    resource: new URL(MCP_PATH, app.config.server.appUrl).toString(),
    resource_name: 'Quorum MCP server',
    bearer_methods_supported: ['header'],
    resource_documentation: new URL('/developers', app.config.server.appUrl).toString(),
  });
  app.get(MCP_RESOURCE_METADATA_PATH, { schema: { hide: true } }, resourceMetadata);
  app.get('/.well-known/oauth-protected-resource', { schema: { hide: true } }, resourceMetadata);

  app.post(MCP_PATH, { schema: { hide: true } }, async (request, reply) => {
    let caller: ApiKeyCaller;
    try {
      caller = await apiKeyCaller(services, request);
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      const retryAfter = (error as AppError & { retryAfterSeconds?: number }).retryAfterSeconds;
      if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
      if (error.statusCode === 401) reply.header('www-authenticate', `Bearer realm="quorum", resource_metadata="${metadataUrl}"`);
      return reply.status(error.statusCode).send(protocolError(error.message));
    }
    // Fastify writes the SDK's answer, so it carries the headers every answer carries (the request id, security).
    return reply.send(await answerMcpCall({ services: app.requestServices, caller, request }, webRequest(request, reply), request.body));
  });

  // Stateless in both eras: there is no server-initiated stream to open and no session to end.
  const notAllowed = async (_request: unknown, reply: FastifyReply) =>
    reply.status(405).header('allow', 'POST').send(protocolError('Quorum’s MCP endpoint is stateless: send each message with POST.'));
  app.get(MCP_PATH, { schema: { hide: true } }, notAllowed);
  app.delete(MCP_PATH, { schema: { hide: true } }, notAllowed);
};

export default mcpRoutes;

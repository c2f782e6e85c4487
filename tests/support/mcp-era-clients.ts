import { Client as SessionlessClient, StreamableHTTPClientTransport as SessionlessTransport } from '@modelcontextprotocol/client';
import { Client as HandshakeClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as HandshakeTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import path from 'node:path';
import { PROJECT_ROOT } from '../../core/config/config.ts';

/**
 * The two official MCP clients Quorum's endpoint serves, each over streamable HTTP with a Quorum API key, behind one
 * small face so a test can run the same steps at both protocol eras:
 *
 * - `2025-11-25`: the v1 SDK (`@modelcontextprotocol/sdk`), which opens with the `initialize` handshake.
 * - `2026-07-28`: the v2 SDK (`@modelcontextprotocol/client`), negotiating as a real client would (`auto`: it asks
 *   `server/discover` first and falls back to the handshake only if the server does not answer it), after which
 *   every request names its protocol version, client and capabilities in `_meta`.
 *
 * Every HTTP exchange is recorded, so a test can see what went over the wire and what the server answered.
 */

export type McpEra = '2025-11-25' | '2026-07-28';
export const MCP_ERAS: McpEra[] = ['2025-11-25', '2026-07-28'];

/** One HTTP call to `/mcp` as it went: the JSON-RPC method, the headers and `_meta` it carried, and the answer. */
export interface McpExchange {
  httpMethod: string;
  /** The JSON-RPC method of a POST. */
  method: string | undefined;
  protocolVersionHeader: string | null;
  meta: Record<string, unknown> | undefined;
  status: number;
  sessionId: string | null;
  wwwAuthenticate: string | null;
}

export interface EraClient {
  /** The protocol version the client and server settled on. */
  negotiatedVersion: string | undefined;
  exchanges: McpExchange[];
  listTools(): Promise<{ tools: { name: string; _meta?: Record<string, unknown> }[] }>;
  listResources(): Promise<{ resources: { uri: string; mimeType?: string }[] }>;
  readResource(uri: string): Promise<{ contents: { uri: string; mimeType?: string; text?: string }[] }>;
  callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

/** `fetch`, writing down each exchange it makes. */
function recordingFetch(exchanges: McpExchange[]): typeof fetch {
  return async (input, init) => {
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { method?: string; params?: { _meta?: Record<string, unknown> } }) : undefined;
    const response = await fetch(input, init);
    exchanges.push({
      httpMethod: init?.method ?? 'GET',
      method: body?.method,
      protocolVersionHeader: new Headers(init?.headers).get('mcp-protocol-version'),
      meta: body?.params?._meta,
      status: response.status,
      sessionId: response.headers.get('mcp-session-id'),
      wwwAuthenticate: response.headers.get('www-authenticate'),
    });
    return response;
  };
}

/** What both official clients offer, each in its own types. */
interface OfficialClient {
  listTools(): Promise<unknown>;
  listResources(): Promise<unknown>;
  readResource(params: { uri: string }): Promise<unknown>;
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  close(): Promise<void>;
}

function eraClient(client: OfficialClient, negotiatedVersion: string | undefined, exchanges: McpExchange[]): EraClient {
  return {
    negotiatedVersion,
    exchanges,
    listTools: () => client.listTools() as ReturnType<EraClient['listTools']>,
    listResources: () => client.listResources() as ReturnType<EraClient['listResources']>,
    readResource: (uri) => client.readResource({ uri }) as ReturnType<EraClient['readResource']>,
    callTool: (name, args) => client.callTool({ name, arguments: args }) as Promise<CallToolResult>,
    close: () => client.close(),
  };
}

/**
 * Connects the client of `era` to `<baseUrl>/mcp` with `apiKey`; rejects as the client does when refused. Exchanges
 * are recorded into `exchanges`, which the caller may pass to read them even when connecting fails.
 */
export async function connectEraClient(era: McpEra, baseUrl: string, apiKey: string, exchanges: McpExchange[] = []): Promise<EraClient> {
  const url = new URL('/mcp', baseUrl);
  const transportOptions = { requestInit: { headers: { authorization: `Bearer ${apiKey}` } }, fetch: recordingFetch(exchanges) };
  if (era === '2025-11-25') {
    const client = new HandshakeClient({ name: 'quorum-test', version: '1.0.0' });
    const transport = new HandshakeTransport(url, transportOptions);
    await client.connect(transport);
    return eraClient(client, transport.protocolVersion, exchanges);
  }
  const client = new SessionlessClient({ name: 'quorum-test', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(new SessionlessTransport(url, transportOptions));
  return eraClient(client, client.getNegotiatedProtocolVersion(), exchanges);
}

/** How an assistant starts the stdio bridge (`npx quorum-mcp`) against the server at `baseUrl`: for either SDK's stdio transport. */
export function stdioBridgeParameters(baseUrl: string, apiKey: string) {
  return {
    command: process.execPath,
    args: [path.join(PROJECT_ROOT, 'scripts/quorum-mcp.mjs')],
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? '', QUORUM_URL: baseUrl, QUORUM_API_KEY: apiKey },
    stderr: 'pipe' as const,
  };
}

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListResourcesRequestSchema, ListToolsRequestSchema, ReadResourceRequestSchema } from '@modelcontextprotocol/sdk/types.js';

/**
 * Quorum's MCP server over stdio, for assistants that start their tools as local programs (`npx quorum-mcp`). It is
 * a bridge to a Quorum server's `/mcp` endpoint rather than a second server: the tools are defined once, every call
 * is admitted and charged by the server that owns the credits, and the developer's machine needs only a URL and an
 * API key, never database or Redis credentials.
 *
 * QUORUM_API_KEY (required): the key, made on the API page. QUORUM_URL: the Quorum server (http://localhost:3000).
 */

/** Answers can take minutes (a slow model, several compared): far beyond the SDK's one-minute default. */
const TOOL_CALL_TIMEOUT_MS = 10 * 60_000;

function bridgeSettings(environment: NodeJS.ProcessEnv): { url: URL; apiKey: string } {
  const apiKey = environment.QUORUM_API_KEY?.trim();
  if (!apiKey) throw new Error('QUORUM_API_KEY is not set: create a key on the API page of Quorum and pass it in the environment.');
  const base = environment.QUORUM_URL?.trim() || 'http://localhost:3000';
  return { url: new URL('/mcp', base), apiKey };
}

async function main(): Promise<void> {
  const { url, apiKey } = bridgeSettings(process.env);
  const remote = new Client({ name: 'quorum-mcp-stdio', version: '1.0.0' });
  await remote.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: `Bearer ${apiKey}` } } }));

  // The same capabilities as the server's (tools, the comparison's MCP App view among the resources).
  const local = new Server({ name: 'quorum', version: '1.0.0' }, { capabilities: remote.getServerCapabilities() ?? { tools: {} } });
  local.setRequestHandler(ListToolsRequestSchema, async (request) => remote.listTools(request.params));
  local.setRequestHandler(ListResourcesRequestSchema, async (request) => remote.listResources(request.params));
  local.setRequestHandler(ReadResourceRequestSchema, async (request) => remote.readResource(request.params));
  local.setRequestHandler(CallToolRequestSchema, async (request, extra) =>
    remote.callTool(request.params, undefined, { signal: extra.signal, timeout: TOOL_CALL_TIMEOUT_MS }),
  );
  local.onclose = () => {
    void remote.close();
  };
  await local.connect(new StdioServerTransport());
}

main().catch((error: unknown) => {
  // stdout belongs to the protocol; people read stderr.
  process.stderr.write(`quorum-mcp: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

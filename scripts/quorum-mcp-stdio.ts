import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Server, type ServerCapabilities } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { MCP_PROTOCOL_VERSIONS } from '../server/mcp/mcp-protocol-versions.ts';

/**
 * Quorum's MCP server over stdio, for assistants that start their tools as local programs (`npx quorum-mcp`). It is
 * a bridge to a Quorum server's `/mcp` endpoint rather than a second server: the tools are defined once, every call
 * is admitted and charged by the server that owns the credits, and the developer's machine needs only a URL and an
 * API key, never database or Redis credentials.
 *
 * Both protocol eras on both sides: the assistant may open with the 2025 `initialize` handshake or speak 2026-07-28
 * (the SDK's stdio entry pins the connection to whichever it chose), and the bridge itself talks 2026-07-28 to a
 * server that offers it, falling back to the handshake with one that does not.
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

/**
 * The local face of the bridge: the server's capabilities (tools, the comparison's MCP App view among the
 * resources), each request passed on with only its own fields, never the local side's `_meta` envelope, which
 * names the assistant's protocol era rather than the one the bridge speaks to the server.
 */
function bridgeServer(remote: Client, capabilities: ServerCapabilities): Server {
  const local = new Server({ name: 'quorum', version: '1.0.0' }, { capabilities, supportedProtocolVersions: MCP_PROTOCOL_VERSIONS });
  local.setRequestHandler('tools/list', async (request) => remote.listTools({ cursor: request.params?.cursor }));
  local.setRequestHandler('resources/list', async (request) => remote.listResources({ cursor: request.params?.cursor }));
  local.setRequestHandler('resources/read', async (request) => remote.readResource({ uri: request.params.uri }));
  local.setRequestHandler('tools/call', async (request, context) =>
    remote.callTool({ name: request.params.name, arguments: request.params.arguments }, { signal: context.mcpReq.signal, timeout: TOOL_CALL_TIMEOUT_MS }),
  );
  return local;
}

async function main(): Promise<void> {
  const { url, apiKey } = bridgeSettings(process.env);
  const remote = new Client({ name: 'quorum-mcp-stdio', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  try {
    await remote.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: `Bearer ${apiKey}` } } }));
  } catch (error) {
    // The SDK's words say what failed; which address, and so which setting to check, is ours to add.
    throw new Error(`could not connect to ${url.href} (QUORUM_URL): ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const capabilities = remote.getServerCapabilities() ?? { tools: {} };
  const connection = serveStdio(() => bridgeServer(remote, capabilities), {
    onerror: (error) => process.stderr.write(`quorum-mcp: ${error.message}\n`),
  });
  // The assistant closing stdin ends the connection; the HTTP side goes with it.
  process.stdin.once('end', () => {
    void connection.close().finally(() => remote.close());
  });
}

main().catch((error: unknown) => {
  // stdout belongs to the protocol; people read stderr.
  process.stderr.write(`quorum-mcp: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

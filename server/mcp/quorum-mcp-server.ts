import { ProtocolError, ProtocolErrorCode, Server, type CallToolResult, type Tool } from '@modelcontextprotocol/server';
import { Value } from 'typebox/value';
import type { SearchRequestBody } from '../../contract/ask.ts';
import { MCP_TOOLS, type BrandVisibilityInput, type CompareToolInput, type McpToolName } from '../../contract/mcp-tools.ts';
import { AppError } from '../../core/errors/index.ts';
import { MCP_PROTOCOL_VERSIONS } from './mcp-protocol-versions.ts';
import { COMPARE_APP_URI, compareAppHtml, compareAppResource, compareAppToolMeta, MCP_APPS_EXTENSION, MCP_APP_MIME_TYPE } from './compare-app.ts';
import { askTool, brandVisibilityTool, compareTool, listModelsTool, listTeamsTool, type McpCallContext } from './quorum-mcp-tools.ts';

const SERVER_INFO = { name: 'quorum', version: '1.0.0' };

/** The tools as MCP lists them: each input schema is the contract's, as JSON Schema. */
function toolList(): Tool[] {
  return Object.entries(MCP_TOOLS).map(([name, tool]) => ({
    name,
    title: tool.title,
    description: tool.description,
    // TypeBox schemas are JSON Schema; a JSON round trip leaves only the JSON.
    inputSchema: JSON.parse(JSON.stringify(tool.inputSchema)) as Tool['inputSchema'],
    // A host that renders MCP Apps shows the comparison side by side; any other shows the text result.
    ...(name === 'compare' ? { _meta: compareAppToolMeta } : {}),
  }));
}

function isToolName(name: string): name is McpToolName {
  return Object.hasOwn(MCP_TOOLS, name);
}

/** A refusal the assistant can read and act on (no credits, a locked model): a tool error, not a protocol error. */
function toolError(message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: message }] };
}

/**
 * Quorum's MCP server for one HTTP call (stateless: every call carries its own API key), whichever protocol era the
 * call speaks: the same instance answers a 2025-era `initialize` handshake and a self-describing 2026-07-28 request.
 * Arguments are checked against the tool's contract schema (with the contract's own wording, which is why this is the
 * SDK's low-level server rather than its schema-validating one); asking and comparing go through the web app's own
 * admission, so they are priced, held and charged exactly like the app's questions and land in the key owner's
 * history.
 */
export function createQuorumMcpServer(context: McpCallContext): Server {
  const capabilities = { tools: {}, resources: {}, extensions: { [MCP_APPS_EXTENSION]: { mimeTypes: [MCP_APP_MIME_TYPE] } } };
  const server = new Server(SERVER_INFO, { capabilities, supportedProtocolVersions: MCP_PROTOCOL_VERSIONS });
  server.setRequestHandler('tools/list', async () => ({ tools: toolList() }));
  server.setRequestHandler('resources/list', async () => ({ resources: [compareAppResource] }));
  server.setRequestHandler('resources/read', async (read) => {
    if (read.params.uri !== COMPARE_APP_URI) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown resource "${read.params.uri}".`);
    return { contents: [{ uri: COMPARE_APP_URI, mimeType: MCP_APP_MIME_TYPE, text: compareAppHtml(), _meta: compareAppResource._meta }] };
  });
  server.setRequestHandler('tools/call', async (call) => {
    const { name } = call.params;
    const args: unknown = call.params.arguments ?? {};
    if (!isToolName(name)) return toolError(`Unknown tool "${name}". Quorum offers: ${Object.keys(MCP_TOOLS).join(', ')}.`);
    const schema = MCP_TOOLS[name].inputSchema;
    if (!Value.Check(schema, args)) {
      const first = Value.Errors(schema, args)[0];
      return toolError(`Invalid arguments for ${name}: ${first ? `${first.instancePath || 'input'} ${first.message}` : 'they do not match the tool’s input schema'}.`);
    }
    try {
      switch (name) {
        case 'list_models':
          return listModelsTool(context);
        case 'ask':
          return await askTool(context, args as SearchRequestBody);
        case 'compare':
          return await compareTool(context, args as CompareToolInput);
        case 'list_teams':
          return await listTeamsTool(context);
        case 'brand_visibility':
          return await brandVisibilityTool(context, args as BrandVisibilityInput);
      }
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) return toolError(error.message);
      throw error;
    }
  });
  return server;
}

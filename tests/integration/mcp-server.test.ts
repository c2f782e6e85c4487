import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchRequestBody } from '../../contract/ask.ts';
import { COMPARE_APP_URI, MCP_APP_MIME_TYPE, MCP_APPS_EXTENSION } from '../../server/mcp/compare-app.ts';
import { createApiKeyFor } from '../support/api-key-client.ts';
import { accountLedger, createPayer } from '../support/funded-user.ts';
import { stdioBridgeParameters } from '../support/mcp-era-clients.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.close();
});

/** The official MCP client over streamable HTTP, authorised by `apiKey`. */
async function httpClient(apiKey: string): Promise<Client> {
  const client = new Client({ name: 'quorum-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', stack.baseUrl), { requestInit: { headers: { authorization: `Bearer ${apiKey}` } } }));
  return client;
}

async function developer(credits: number) {
  const payer = await createPayer(stack.records(), stack.config, credits);
  const key = await createApiKeyFor(stack.baseUrl, payer.cookie, { name: 'Assistant' });
  return { ...payer, key };
}

function textOf(result: CallToolResult): string {
  return result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}

async function historyCredits(cookie: string): Promise<number[]> {
  const response = await fetch(`${stack.baseUrl}/api/user-requests?limit=50`, { headers: { cookie } });
  return ((await response.json()) as { data: { requests: { creditsUsed: number }[] } }).data.requests.map((item) => item.creditsUsed);
}

describe('the MCP server, driven by the official MCP client', () => {
  it('lists its five tools, each with the contract’s input schema', async () => {
    const { key } = await developer(10);
    const client = await httpClient(key.key);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['ask', 'brand_visibility', 'compare', 'list_models', 'list_teams']);
    const ask = tools.find((tool) => tool.name === 'ask')!;
    expect(ask.inputSchema.required).toEqual(SearchRequestBody.required);
    expect(Object.keys(ask.inputSchema.properties ?? {})).toEqual(Object.keys(SearchRequestBody.properties));
    const models = (await client.callTool({ name: 'list_models', arguments: {} })) as CallToolResult;
    expect(textOf(models)).toContain('anthropic/claude-3-haiku-20240307');
    await client.close();
  });

  it('asks one model and charges its price, as a web question, into the history', async () => {
    const { key, accountId, cookie } = await developer(40);
    const client = await httpClient(key.key);
    const result = (await client.callTool({ name: 'ask', arguments: { query: 'How do tides work?', model: 'openai', specificModel: 'gpt-4o-mini' } })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toContain('gpt-4o-mini');
    expect(result.structuredContent).toMatchObject({ success: true, creditsUsed: 6, engine: 'openai', model: 'gpt-4o-mini' });
    expect(await accountLedger(stack.records(), accountId)).toEqual({ balance: 34, held: 0 });
    expect(await historyCredits(cookie)).toEqual([6]);
    await client.close();
  });

  it('compares several models, each charged its own price and a failed one nothing', async () => {
    const { key, accountId } = await developer(40);
    const client = await httpClient(key.key);
    const result = (await client.callTool({
      name: 'compare',
      arguments: {
        query: 'Compare tea and coffee [[simulate for=deepseek status=401]]',
        models: [
          { engine: 'openai', model: 'gpt-4o-mini' },
          { engine: 'anthropic', model: 'claude-3-haiku-20240307' },
          { engine: 'deepseek', model: 'deepseek-chat' },
        ],
      },
    })) as CallToolResult;
    const structured = result.structuredContent as { results: { engine: string; success: boolean; creditsUsed: number }[]; totalCreditsUsed: number };
    expect(structured.results.map((entry) => [entry.engine, entry.success, entry.creditsUsed])).toEqual([
      ['openai', true, 6],
      ['anthropic', true, 4],
      ['deepseek', false, 0],
    ]);
    expect(structured.totalCreditsUsed).toBe(10);
    expect(await accountLedger(stack.records(), accountId)).toEqual({ balance: 30, held: 0 });
    await client.close();
  });

  it('refuses what the web app refuses, as tool errors: bad arguments and too few credits', async () => {
    const { key, accountId } = await developer(3);
    const client = await httpClient(key.key);
    const invalid = (await client.callTool({ name: 'ask', arguments: { query: 'Missing the model' } })) as CallToolResult;
    expect(invalid.isError).toBe(true);
    const poor = (await client.callTool({ name: 'ask', arguments: { query: 'Too dear', model: 'openai', specificModel: 'gpt-4o-mini' } })) as CallToolResult;
    expect(poor.isError).toBe(true);
    expect(textOf(poor)).toContain('Insufficient credits');
    expect(await accountLedger(stack.records(), accountId)).toEqual({ balance: 3, held: 0 });
    await client.close();
  });

  it('reads brand visibility from answers asked with brand monitoring', async () => {
    const { key } = await developer(40);
    const client = await httpClient(key.key);
    await client.callTool({
      name: 'ask',
      arguments: { query: 'Is Acme a good brand for rockets?', model: 'openai', specificModel: 'gpt-4o-mini', brandMonitoringEnabled: true, brandConfig: { brandName: 'Acme' } },
    });
    const visibility = (await client.callTool({ name: 'brand_visibility', arguments: { brandName: 'Acme' } })) as CallToolResult;
    const analytics = (visibility.structuredContent as { analytics: { brandName: string; totalRequests: number }[] }).analytics;
    expect(analytics).toHaveLength(1);
    expect(analytics[0]).toMatchObject({ brandName: 'Acme', totalRequests: 1 });
    await client.close();
  });

  it('answers every call with a request id and the security headers, like every other endpoint', async () => {
    const { key } = await developer(10);
    const response = await fetch(`${stack.baseUrl}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key.key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    await response.arrayBuffer();
  });

  it('offers the comparison as an MCP App: compare names its ui:// view, a self-contained page that writes answers as text', async () => {
    const { key } = await developer(10);
    const client = await httpClient(key.key);
    expect(client.getServerCapabilities()).toMatchObject({ resources: {}, extensions: { [MCP_APPS_EXTENSION]: { mimeTypes: [MCP_APP_MIME_TYPE] } } });
    const compare = (await client.listTools()).tools.find((tool) => tool.name === 'compare')!;
    expect(compare._meta).toMatchObject({ ui: { resourceUri: COMPARE_APP_URI } });
    expect((await client.listTools()).tools.find((tool) => tool.name === 'ask')!._meta).toBeUndefined();
    const { resources } = await client.listResources();
    expect(resources).toEqual([expect.objectContaining({ uri: COMPARE_APP_URI, mimeType: MCP_APP_MIME_TYPE })]);
    const { contents } = await client.readResource({ uri: COMPARE_APP_URI });
    const page = contents[0] as { uri: string; mimeType: string; text: string };
    expect(page).toMatchObject({ uri: COMPARE_APP_URI, mimeType: MCP_APP_MIME_TYPE });
    expect(page.text).toMatch(/^<!doctype html>/);
    expect(page.text).toContain("'ui/initialize'");
    // Nothing is loaded from elsewhere, and no answer is ever parsed as HTML.
    expect(page.text).not.toMatch(/\s(?:src|href)=|@import|url\(|innerHTML|insertAdjacentHTML/);
    await expect(client.readResource({ uri: 'ui://quorum/other.html' })).rejects.toThrow(/Unknown resource/);
    await client.close();
  });

  it('publishes its protected resource metadata (RFC 9728) and points a refused client to it', async () => {
    for (const pathname of ['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource']) {
      const metadata = await fetch(`${stack.baseUrl}${pathname}`);
      expect(metadata.status).toBe(200);
      expect(await metadata.json()).toMatchObject({ resource: `${stack.config.server.appUrl}/mcp`, bearer_methods_supported: ['header'] });
    }
    const refused = await fetch(`${stack.baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe(`Bearer realm="quorum", resource_metadata="${stack.config.server.appUrl}/.well-known/oauth-protected-resource/mcp"`);
    await refused.arrayBuffer();
  });

  it('negotiates each protocol version it speaks, newest first, and the key is checked on every call', async () => {
    const { key } = await developer(10);
    for (const version of ['2025-11-25', '2025-06-18', '2025-03-26']) {
      const response = await fetch(`${stack.baseUrl}/mcp`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key.key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }),
      });
      expect(((await response.json()) as { result: { protocolVersion: string } }).result.protocolVersion).toBe(version);
    }
    // Sessionless: a call with no initialize before it is answered, and one with a wrong key is refused.
    const call = (authorization: string) =>
      fetch(`${stack.baseUrl}/mcp`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
      });
    const listed = await call(`Bearer ${key.key}`);
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { result: { tools: unknown[] } }).result.tools).toHaveLength(5);
    const wrong = await call(`Bearer ${key.key.slice(0, -2)}xx`);
    expect(wrong.status).toBe(401);
    await wrong.arrayBuffer();
  });

  it('refuses a revoked key at the door', async () => {
    const { key, cookie } = await developer(10);
    await fetch(`${stack.baseUrl}/api/api-keys/${key.id}`, { method: 'DELETE', headers: { cookie } });
    await expect(httpClient(key.key)).rejects.toMatchObject({ code: 401, message: expect.stringContaining('revoked') });
  });

  it('serves the same tools over stdio, bridged to the server', async () => {
    const { key, accountId } = await developer(20);
    const client = new Client({ name: 'quorum-test-stdio', version: '1.0.0' });
    await client.connect(new StdioClientTransport(stdioBridgeParameters(stack.baseUrl, key.key)));
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('compare');
    expect((await client.listResources()).resources.map((resource) => resource.uri)).toEqual([COMPARE_APP_URI]);
    const result = (await client.callTool({ name: 'ask', arguments: { query: 'What is a comet?', model: 'groq', specificModel: 'llama-3.1-8b-instant' } })) as CallToolResult;
    expect(result.structuredContent).toMatchObject({ success: true, creditsUsed: 2 });
    expect(await accountLedger(stack.records(), accountId)).toEqual({ balance: 18, held: 0 });
    await client.close();
  });
});

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../core/config/config.ts';
import { SearchRequestBody } from '../../contract/ask.ts';
import { createApiKeyFor } from '../support/api-key-client.ts';
import { accountLedger, createPayer } from '../support/funded-user.ts';
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
  it('lists its four tools, each with the contract’s input schema', async () => {
    const { key } = await developer(10);
    const client = await httpClient(key.key);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['ask', 'brand_visibility', 'compare', 'list_models']);
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

  it('refuses a revoked key at the door', async () => {
    const { key, cookie } = await developer(10);
    await fetch(`${stack.baseUrl}/api/api-keys/${key.id}`, { method: 'DELETE', headers: { cookie } });
    await expect(httpClient(key.key)).rejects.toMatchObject({ code: 401, message: expect.stringContaining('revoked') });
  });

  it('serves the same tools over stdio, bridged to the server', async () => {
    const { key, accountId } = await developer(20);
    const client = new Client({ name: 'quorum-test-stdio', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [path.join(PROJECT_ROOT, 'scripts/quorum-mcp.mjs')],
        cwd: PROJECT_ROOT,
        env: { PATH: process.env.PATH ?? '', QUORUM_URL: stack.baseUrl, QUORUM_API_KEY: key.key },
        stderr: 'pipe',
      }),
    );
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('compare');
    const result = (await client.callTool({ name: 'ask', arguments: { query: 'What is a comet?', model: 'groq', specificModel: 'llama-3.1-8b-instant' } })) as CallToolResult;
    expect(result.structuredContent).toMatchObject({ success: true, creditsUsed: 2 });
    expect(await accountLedger(stack.records(), accountId)).toEqual({ balance: 18, held: 0 });
    await client.close();
  });
});

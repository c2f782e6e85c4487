import { Client as SessionlessClient } from '@modelcontextprotocol/client';
import { StdioClientTransport as SessionlessStdioTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPARE_APP_URI, MCP_APP_MIME_TYPE } from '../../server/mcp/compare-app.ts';
import { createApiKeyFor } from '../support/api-key-client.ts';
import { eventually } from '../support/eventually.ts';
import { accountLedger, createPayer } from '../support/funded-user.ts';
import { connectEraClient, MCP_ERAS, stdioBridgeParameters, type McpEra, type McpExchange } from '../support/mcp-era-clients.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

/**
 * One MCP endpoint, two protocol eras: the official v1 SDK client speaking 2025-11-25 (the `initialize` handshake)
 * and the official v2 SDK client speaking 2026-07-28 (sessionless, every request self-describing) get the same
 * tools, the same MCP App, the same charges and the same refusals from the same `/mcp`.
 */

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.close();
});

async function developer(credits: number) {
  const payer = await createPayer(stack.records(), stack.config, credits);
  const key = await createApiKeyFor(stack.baseUrl, payer.cookie, { name: 'Assistant' });
  return { ...payer, key };
}

function textOf(result: { content: { type: string; text?: string }[] }): string {
  return result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}

async function historyCredits(cookie: string): Promise<number[]> {
  const response = await fetch(`${stack.baseUrl}/api/user-requests?limit=50`, { headers: { cookie } });
  return ((await response.json()) as { data: { requests: { creditsUsed: number }[] } }).data.requests.map((item) => item.creditsUsed);
}

const ENVELOPE_VERSION = 'io.modelcontextprotocol/protocolVersion';

/** A hand-made POST of one JSON-RPC message to `/mcp` with `apiKey`, as any HTTP client could send it. */
function postMcp(apiKey: string, message: unknown, headers: Record<string, string> = {}, signal?: AbortSignal): Promise<Response> {
  return fetch(`${stack.baseUrl}/mcp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(message),
    ...(signal ? { signal } : {}),
  });
}

describe.each(MCP_ERAS)('the MCP endpoint at protocol %s', (era: McpEra) => {
  it('negotiates the version the client speaks, in the way that era does it', async () => {
    const { key } = await developer(10);
    const client = await connectEraClient(era, stack.baseUrl, key.key);
    expect(client.negotiatedVersion).toBe(era);
    await client.listTools();
    const posts = client.exchanges.filter((exchange) => exchange.httpMethod === 'POST');
    const methods = posts.map((exchange) => exchange.method);
    // Stateless in both eras: no session is handed out, so any server node can take any call.
    expect(client.exchanges.map((exchange) => exchange.sessionId)).toEqual(client.exchanges.map(() => null));
    if (era === '2025-11-25') {
      expect(methods).toEqual(['initialize', 'notifications/initialized', 'tools/list']);
      expect(posts.at(-1)!.protocolVersionHeader).toBe('2025-11-25');
      // The 2025 client also offers to hold a stream open for the server's own messages; a stateless server has none.
      expect(client.exchanges.filter((exchange) => exchange.httpMethod === 'GET').map((exchange) => exchange.status)).toEqual([405]);
    } else {
      expect(client.exchanges).toEqual(posts);
      // No handshake: the client asks what the server speaks, then every request names its version in `_meta`.
      expect(methods).toEqual(['server/discover', 'tools/list']);
      for (const exchange of client.exchanges) {
        expect(exchange.meta?.[ENVELOPE_VERSION]).toBe('2026-07-28');
        expect(exchange.protocolVersionHeader).toBe('2026-07-28');
      }
    }
    await client.close();
  });

  it('lists the five tools and serves the comparison’s MCP App', async () => {
    const { key } = await developer(10);
    const client = await connectEraClient(era, stack.baseUrl, key.key);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['ask', 'brand_visibility', 'compare', 'list_models', 'list_teams']);
    expect(tools.find((tool) => tool.name === 'compare')!._meta).toMatchObject({ ui: { resourceUri: COMPARE_APP_URI } });
    expect((await client.listResources()).resources).toEqual([expect.objectContaining({ uri: COMPARE_APP_URI, mimeType: MCP_APP_MIME_TYPE })]);
    const page = (await client.readResource(COMPARE_APP_URI)).contents[0]!;
    expect(page).toMatchObject({ uri: COMPARE_APP_URI, mimeType: MCP_APP_MIME_TYPE });
    expect(page.text).toMatch(/^<!doctype html>/);
    await expect(client.readResource('ui://quorum/other.html')).rejects.toThrow('Unknown resource "ui://quorum/other.html".');
    const posted = client.exchanges.filter((exchange) => exchange.httpMethod === 'POST');
    expect(posted.map((exchange) => exchange.status)).toEqual(posted.map((exchange) => (exchange.method?.startsWith('notifications/') ? 202 : 200)));
    await client.close();
  });

  it('compares models end to end through the simulator, each charged its own price and a failed one nothing', async () => {
    const { key, accountId, cookie } = await developer(40);
    const client = await connectEraClient(era, stack.baseUrl, key.key);
    const result = await client.callTool('compare', {
      query: `Compare tea and coffee at ${era} [[simulate for=deepseek status=401]]`,
      models: [
        { engine: 'openai', model: 'gpt-4o-mini' },
        { engine: 'anthropic', model: 'claude-3-haiku-20240307' },
        { engine: 'deepseek', model: 'deepseek-chat' },
      ],
    });
    const structured = result.structuredContent as { results: { engine: string; success: boolean; creditsUsed: number; response: string | null }[]; totalCreditsUsed: number };
    expect(structured.results.map((entry) => [entry.engine, entry.success, entry.creditsUsed])).toEqual([
      ['openai', true, 6],
      ['anthropic', true, 4],
      ['deepseek', false, 0],
    ]);
    // The simulated answers arrived whole: the text the assistant reads carries each one.
    for (const answered of structured.results.filter((entry) => entry.success)) {
      expect(answered.response).toBeTruthy();
      expect(textOf(result)).toContain(answered.response!);
    }
    expect(textOf(result)).toMatch(/^Compared 3 models for 10 credits \(comparison [0-9a-f-]{36}\)\./);
    expect(structured.totalCreditsUsed).toBe(10);
    expect(await accountLedger(stack.records(), accountId)).toEqual({ balance: 30, held: 0 });
    expect(await historyCredits(cookie)).toEqual([10]);
    await client.close();
  });

  it('refuses a wrong key at the door, with the pointer to the resource metadata', async () => {
    const { key } = await developer(10);
    const exchanges: McpExchange[] = [];
    await expect(connectEraClient(era, stack.baseUrl, `${key.key.slice(0, -2)}xx`, exchanges)).rejects.toThrow();
    expect(exchanges.map((exchange) => [exchange.method, exchange.status])).toEqual([[era === '2025-11-25' ? 'initialize' : 'server/discover', 401]]);
    expect(exchanges[0]!.wwwAuthenticate).toContain('resource_metadata=');
    // The answer itself, as any client receives it.
    const refused = await postMcp(`${key.key.slice(0, -2)}xx`, openingMessage(era));
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe(`Bearer realm="quorum", resource_metadata="${stack.config.server.appUrl}/.well-known/oauth-protected-resource/mcp"`);
    expect(await refused.json()).toMatchObject({ error: { message: expect.stringContaining('API key') } });
  });

  it('lets an answer the client hung up on finish and charges it once', async () => {
    const { key, accountId, cookie } = await developer(40);
    const hangUp = new AbortController();
    const call = {
      jsonrpc: '2.0',
      id: 5,
      method: 'tools/call',
      params: {
        name: 'ask',
        arguments: { query: 'A slow one [[simulate first-token-ms=1500]]', model: 'openai', specificModel: 'gpt-4o-mini' },
        ...(era === '2026-07-28' ? { _meta: sessionlessEnvelope() } : {}),
      },
    };
    const sessionlessHeaders: Record<string, string> = era === '2026-07-28' ? { 'mcp-method': 'tools/call', 'mcp-name': 'ask' } : {};
    const asked = postMcp(key.key, call, { 'mcp-protocol-version': era, ...sessionlessHeaders }, hangUp.signal);
    setTimeout(() => hangUp.abort(), 400);
    await expect(asked).rejects.toThrow();
    // The answer goes on without its caller, lands in the history, and is charged exactly once.
    const history = await eventually(() => historyCredits(cookie), (credits) => credits.length === 1 && credits[0] === 6);
    expect(history).toEqual([6]);
    expect(await eventually(() => accountLedger(stack.records(), accountId), (ledger) => ledger.held === 0)).toEqual({ balance: 34, held: 0 });
    // And the endpoint is none the worse for it.
    const client = await connectEraClient(era, stack.baseUrl, key.key);
    expect((await client.listTools()).tools).toHaveLength(5);
    await client.close();
  });

  it('checks the key on every request: once revoked, listing, reading and calling are all refused and nothing is charged', async () => {
    const { key, cookie, accountId } = await developer(40);
    const client = await connectEraClient(era, stack.baseUrl, key.key);
    await client.listTools();
    await fetch(`${stack.baseUrl}/api/api-keys/${key.id}`, { method: 'DELETE', headers: { cookie } });
    const before = client.exchanges.length;
    await expect(client.listTools()).rejects.toThrow();
    await expect(client.readResource(COMPARE_APP_URI)).rejects.toThrow();
    await expect(client.callTool('ask', { query: 'Still there?', model: 'openai', specificModel: 'gpt-4o-mini' })).rejects.toThrow();
    const refusals = client.exchanges.slice(before);
    expect(refusals.map((exchange) => exchange.method)).toEqual(['tools/list', 'resources/read', 'tools/call']);
    for (const refusal of refusals) {
      expect(refusal.status).toBe(401);
      expect(refusal.wwwAuthenticate).toContain('resource_metadata=');
    }
    expect(await accountLedger(stack.records(), accountId)).toEqual({ balance: 40, held: 0 });
    await client.close().catch(() => undefined);
  });
});

/** The first message each era's client sends. */
function openingMessage(era: McpEra) {
  if (era === '2025-11-25') {
    return { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: era, capabilities: {}, clientInfo: { name: 'raw', version: '1' } } };
  }
  return { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: sessionlessEnvelope() } };
}

/** What a 2026-07-28 request carries in `_meta` instead of a handshake. */
function sessionlessEnvelope() {
  return {
    [ENVELOPE_VERSION]: '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
    'io.modelcontextprotocol/clientCapabilities': {},
  };
}

describe('one endpoint for both eras', () => {
  it('answers a self-describing 2026-07-28 call with no handshake and no session, as JSON', async () => {
    const { key } = await developer(10);
    const response = await postMcp(
      key.key,
      { jsonrpc: '2.0', id: 7, method: 'tools/list', params: { _meta: sessionlessEnvelope() } },
      { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('mcp-session-id')).toBeNull();
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const answer = (await response.json()) as { id: number; result: { tools: unknown[] } };
    expect(answer.id).toBe(7);
    expect(answer.result.tools).toHaveLength(5);
  });

  it('offers 2026-07-28 through server/discover and the 2025 revisions through initialize', async () => {
    const { key } = await developer(10);
    const post = async (message: unknown, headers: Record<string, string> = {}) => {
      const response = await postMcp(key.key, message, headers);
      return (await response.json()) as { result?: Record<string, unknown>; error?: { message: string } };
    };
    const discovered = await post(openingMessage('2026-07-28'), { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'server/discover' });
    expect(discovered.result).toMatchObject({ supportedVersions: ['2026-07-28'] });
    const initialized = await post({ ...openingMessage('2025-11-25'), params: { ...openingMessage('2025-11-25').params, protocolVersion: '2026-07-28' } });
    // A 2026 version asked for through the old handshake gets the newest 2025 one: the handshake is the 2025 way in.
    expect(initialized.result).toMatchObject({ protocolVersion: '2025-11-25' });
  });

  it('answers a message it cannot serve with a JSON-RPC error that says why', async () => {
    const { key } = await developer(10);
    const post = async (message: unknown, protocolVersion: string) => {
      const response = await postMcp(key.key, message, { 'mcp-protocol-version': protocolVersion, 'mcp-method': 'tools/list' });
      return { status: response.status, body: (await response.json()) as { id: unknown; error?: { code: number; message: string; data?: unknown } } };
    };
    // A revision from the future: refused, naming the one this era of the endpoint speaks.
    const future = await post({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: { ...sessionlessEnvelope(), [ENVELOPE_VERSION]: '2027-01-01' } } }, '2027-01-01');
    expect(future.status).toBe(400);
    expect(future.body.error).toMatchObject({ data: { supported: ['2026-07-28'], requested: '2027-01-01' } });
    // The 2026-07-28 header on a message without its envelope is neither era: refused, not guessed at.
    const halfway = await post({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, '2026-07-28');
    expect(halfway.status).toBe(400);
    expect(halfway.body).toMatchObject({ id: 2, error: { code: -32602 } });
    // A 2025 call naming a version never spoken.
    const unknownOld = await post({ jsonrpc: '2.0', id: 3, method: 'tools/list' }, '2023-01-01');
    expect(unknownOld.status).toBe(400);
    expect(unknownOld.body.error!.message).toContain('Unsupported protocol version');
  });

  it('words a refused tool call the same at both versions', async () => {
    const { key } = await developer(3);
    const answers: string[][] = [];
    for (const era of MCP_ERAS) {
      const client = await connectEraClient(era, stack.baseUrl, key.key);
      const invalid = await client.callTool('ask', { query: 'Missing the model' });
      const poor = await client.callTool('ask', { query: 'Too dear', model: 'openai', specificModel: 'gpt-4o-mini' });
      const unknown = await client.callTool('summon', {});
      expect([invalid.isError, poor.isError, unknown.isError]).toEqual([true, true, true]);
      answers.push([textOf(invalid), textOf(poor), textOf(unknown)]);
      await client.close();
    }
    expect(answers[0]![1]).toContain('Insufficient credits');
    expect(answers[1]).toEqual(answers[0]);
  });
});

describe('the stdio bridge at 2026-07-28', () => {
  it('serves a sessionless assistant the same tools, charged by the server', { timeout: 60_000 }, async () => {
    const { key, accountId } = await developer(20);
    const client = new SessionlessClient({ name: 'quorum-test-stdio', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(new SessionlessStdioTransport(stdioBridgeParameters(stack.baseUrl, key.key)));
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('compare');
    expect((await client.listResources()).resources.map((resource) => resource.uri)).toEqual([COMPARE_APP_URI]);
    const result = await client.callTool({ name: 'ask', arguments: { query: 'What is a comet?', model: 'groq', specificModel: 'llama-3.1-8b-instant' } });
    expect(result.structuredContent).toMatchObject({ success: true, creditsUsed: 2 });
    expect(await accountLedger(stack.records(), accountId)).toEqual({ balance: 18, held: 0 });
    await client.close();
  });
});

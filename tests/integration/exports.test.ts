import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestExport } from '../../contract/exports.ts';
import { createPayer } from '../support/funded-user.ts';
import { THREE_MODELS } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.close();
});

const get = (path: string, cookie = '') => fetch(`${stack.baseUrl}${path}`, { headers: cookie ? { cookie } : {} });

async function compare(cookie: string, query: string, models = THREE_MODELS): Promise<string> {
  const response = await fetch(`${stack.baseUrl}/api/compare`, {
    method: 'POST',
    headers: { cookie, origin: stack.config.server.appUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ query, models }),
  });
  return ((await response.json()) as { data: { requestId: string } }).data.requestId;
}

/** RFC 4180 parsing, enough to read the export back: quoted fields, doubled quotes, CRLF line ends. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let field = '';
  let row: string[] = [];
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!;
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') (field += '"'), (index += 1);
      else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') row.push(field), (field = '');
    else if (character === '\r' && text[index + 1] === '\n') row.push(field), rows.push(row), (row = []), (field = ''), (index += 1);
    else field += character;
  }
  return rows;
}

describe('exports', () => {
  it('downloads a comparison as Markdown: the question as title, a section per model with its facts and answer', async () => {
    const owner = await createPayer(stack.records(), stack.config, 100);
    const requestId = await compare(owner.cookie, 'What makes *good* # documentation?');
    const response = await get(`/api/requests/${requestId}/export`, owner.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="quorum-${requestId.slice(0, 8)}.md"`);
    const markdown = await response.text();
    const lines = markdown.split('\n');
    expect(lines[0]).toBe('# What makes \\*good\\* \\# documentation?');
    expect(lines[2]).toMatch(/^Asked \d{4}-\d\d-\d\d \d\d:\d\d UTC · comparison · 14 credits$/);
    expect(lines.filter((line) => line.startsWith('## '))).toEqual(['## GPT-4o mini (OpenAI)', expect.stringMatching(/^## .+ \(DeepSeek\)$/), expect.stringMatching(/^## .+ \(Groq\)$/)]);
    expect(markdown).toMatch(/\*6 credits · first word after [\d.]+ s · done in [\d.]+ s\*/);
    expect(markdown).toContain('gpt-4o-mini');
    expect(markdown.endsWith('\n')).toBe(true);
  });

  it('downloads the same request as JSON with every result and the models’ names, and only for its owner', async () => {
    const owner = await createPayer(stack.records(), stack.config, 100);
    const stranger = await createPayer(stack.records(), stack.config, 100);
    const requestId = await compare(owner.cookie, 'Name three sorting algorithms');
    const response = await get(`/api/requests/${requestId}/export?format=json`, owner.cookie);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="quorum-${requestId.slice(0, 8)}.json"`);
    const exported = (await response.json()) as RequestExport;
    expect(exported).toMatchObject({ query: 'Name three sorting algorithms', kind: 'comparison', totalCreditsUsed: 14 });
    expect(exported.answers.map((answer) => [answer.engine, answer.modelName, answer.success])).toEqual([
      ['openai', 'GPT-4o mini', true],
      ['deepseek', expect.any(String), true],
      ['groq', expect.any(String), true],
    ]);
    expect(exported.answers[0]!.response).toContain('gpt-4o-mini');
    expect((await get(`/api/requests/${requestId}/export?format=json`, stranger.cookie)).status).toBe(404);
    expect((await get(`/api/requests/${requestId}/export`)).status).toBe(404);
    expect((await get(`/api/requests/${requestId}/export?format=pdf`, owner.cookie)).status).toBe(400);
  });

  it('downloads the history as CSV, newest first, quoting what needs it and defusing formulas', async () => {
    const owner = await createPayer(stack.records(), stack.config, 100);
    await compare(owner.cookie, 'Plain question', THREE_MODELS.slice(0, 2));
    await compare(owner.cookie, '=HYPERLINK("http://example.com","a, b")\nsecond line', THREE_MODELS.slice(2));
    const response = await get('/api/user-requests/export.csv', owner.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="quorum-history.csv"');
    const rows = parseCsv(await response.text());
    expect(rows[0]).toEqual(['asked_at', 'kind', 'status', 'question', 'models', 'answered', 'credits_used']);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toEqual([expect.stringMatching(/^\d{4}-/), 'comparison', 'completed', `'=HYPERLINK("http://example.com","a, b")\nsecond line`, 'groq/llama-3.1-8b-instant', '1', '2']);
    expect(rows[2]).toEqual([expect.stringMatching(/^\d{4}-/), 'comparison', 'completed', 'Plain question', 'openai/gpt-4o-mini deepseek/deepseek-chat', '2', '12']);
    expect((await get('/api/user-requests/export.csv')).status).toBe(401);
  });
});

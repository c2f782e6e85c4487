import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MentionsData } from '../../contract/brand.ts';
import { storeAnalysedAnswer } from '../support/analysed-answers.ts';
import { createPayer } from '../support/funded-user.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

/**
 * The Brand Mentions list and its CSV: the server's filters (brand, model, sentiment, surface, words, days), its
 * pages and total, refusals in the error envelope, and a CSV whose formula-like cells are defused.
 */

let stack: TestStack;
let owner: { userId: string; cookie: string };
/** Request ids by name, to say which answers a filter should keep. */
const asked: Record<string, string> = {};

interface Envelope<Data> {
  success: boolean;
  data: Data;
  error: { code: string; message: string } | null;
}

async function get<Data>(path: string, cookie = owner.cookie): Promise<{ status: number; body: Envelope<Data> }> {
  const response = await fetch(`${stack.baseUrl}${path}`, { headers: { cookie } });
  return { status: response.status, body: (await response.json()) as Envelope<Data> };
}

/** The requests a list call returns, by the names they were stored under, in the order given. */
async function listed(query: string): Promise<string[]> {
  const { status, body } = await get<MentionsData>(`/api/brand-config/mentions?pageSize=100&${query}`);
  expect(status, JSON.stringify(body)).toBe(200);
  const names = Object.fromEntries(Object.entries(asked).map(([name, id]) => [id, name]));
  return body.data.mentions.map((mention) => names[mention.request.id] ?? mention.request.id);
}

beforeAll(async () => {
  stack = await startTestStack();
  const payer = await createPayer(stack.records(), stack.config, 10);
  owner = { userId: payer.user.id, cookie: payer.cookie };
  const store = async (name: string, answer: Parameters<typeof storeAnalysedAnswer>[2]) => {
    asked[name] = await storeAnalysedAnswer(stack.records(), owner.userId, answer);
  };
  // Oldest first, so the list's newest-first order is the reverse of this one.
  await store('old', { brandName: 'Zentrovia', daysAgo: 45 });
  await store('plain', { brandName: 'Zentrovia', daysAgo: 5, sentiment: 'positive', engine: 'openai', model: 'gpt-4o-mini' });
  await store('searched', { brandName: 'Zentrovia', daysAgo: 4, sentiment: 'negative', engine: 'openai', model: 'gpt-4o', searchEnabled: true });
  await store('perplexity', { brandName: 'Zentrovia', daysAgo: 3, engine: 'perplexity', model: 'sonar' });
  await store('overview', { brandName: 'Zentrovia', daysAgo: 2, sentiment: 'positive', engine: 'ai-overview', model: 'google-ai-overview' });
  await store('other brand', { brandName: 'Vandelay', daysAgo: 1, engine: 'anthropic', model: 'claude-3-5-haiku-latest' });
  await store('not named', { brandName: 'Zentrovia', daysAgo: 1, mentioned: false });
  await store('hostile', {
    brandName: 'Zentrovia',
    daysAgo: 0.5,
    query: '=HYPERLINK("http://evil.example","Zentrovia")',
    context: '+cmd|calc Zentrovia',
    sentiment: 'negative',
  });
});

afterAll(async () => {
  await stack?.close();
});

describe('the mentions list', () => {
  it('keeps to 30 days by default, newest first, with each answer’s surface; unnamed answers are not mentions', async () => {
    expect(await listed('')).toEqual(['hostile', 'other brand', 'overview', 'perplexity', 'searched', 'plain']);
    expect(await listed('days=60')).toContain('old');
    const { body } = await get<MentionsData>('/api/brand-config/mentions?pageSize=100');
    const surfaces = Object.fromEntries(body.data.mentions.map((mention) => [mention.request.id, mention.surface]));
    expect([asked.plain, asked.searched, asked.perplexity, asked.overview].map((id) => surfaces[id!])).toEqual(['model', 'web-search', 'web-search', 'ai-overview']);
  });

  it('filters by brand, model, sentiment, surface and words on the server, each alone and together', async () => {
    expect(await listed('brandName=Vandelay')).toEqual(['other brand']);
    expect(await listed('brandName=vandelay')).toEqual([]);
    expect(await listed('model=gpt-4o')).toEqual(['searched']);
    expect(await listed('sentiment=positive')).toEqual(['overview', 'plain']);
    expect(await listed('surface=model')).toEqual(['hostile', 'other brand', 'plain']);
    expect(await listed('surface=web-search')).toEqual(['perplexity', 'searched']);
    expect(await listed('surface=ai-overview')).toEqual(['overview']);
    expect(await listed('surface=web-search&sentiment=negative&brandName=Zentrovia')).toEqual(['searched']);
    expect(await listed('search=CALC')).toEqual(['hostile']);
    // `%` and `_` are searched for as themselves, not as wildcards.
    expect(await listed('search=%25')).toEqual([]);
    // An empty filter is no filter (the page sends one when "All" is chosen).
    expect(await listed('model=&brandName=')).toHaveLength(6);
  });

  it('pages through the matches with a total over every page', async () => {
    const pages = [];
    for (const page of [1, 2, 3]) {
      const { body } = await get<MentionsData>(`/api/brand-config/mentions?page=${page}&pageSize=4&days=60`);
      expect(body.data).toMatchObject({ total: 7, page, pageSize: 4 });
      pages.push(body.data.mentions.map((mention) => mention.id));
    }
    expect(pages.map((page) => page.length)).toEqual([4, 3, 0]);
    const all = (await get<MentionsData>('/api/brand-config/mentions?pageSize=100&days=60')).body.data.mentions.map((mention) => mention.id);
    expect(pages.flat()).toEqual(all);
    // `limit` is the older name of `pageSize`; without either a page holds 10.
    expect((await get<MentionsData>('/api/brand-config/mentions?limit=2')).body.data).toMatchObject({ pageSize: 2, total: 6 });
    expect((await get<MentionsData>('/api/brand-config/mentions')).body.data).toMatchObject({ page: 1, pageSize: 10 });
  });

  it('refuses bad filters and pages in the error envelope, naming the range', async () => {
    const refusals: [string, RegExp][] = [
      ['days=0', /days must be between 1 and 365/],
      ['days=400', /days must be between 1 and 365/],
      ['page=0', /page must be between 1/],
      ['pageSize=101', /pageSize must be between 1 and 100/],
      ['limit=0', /limit must be between 1 and 100/],
      ['pageSize=5&limit=6', /pageSize or limit, not both/],
      ['sentiment=happy', /sentiment/],
      ['surface=radio', /surface/],
      ['days=ten', /days/],
      [`model=${'m'.repeat(201)}`, /model/],
    ];
    for (const [query, message] of refusals) {
      const { status, body } = await get(`/api/brand-config/mentions?${query}`);
      expect({ query, status, code: body.error?.code, success: body.success, data: body.data }).toEqual({ query, status: 400, code: 'VALIDATION_ERROR', success: false, data: null });
      expect(body.error!.message).toMatch(message);
    }
    const csv = await get('/api/brand-config/mentions.csv?surface=radio');
    expect(csv.status).toBe(400);
    expect(csv.body.error!.code).toBe('VALIDATION_ERROR');
  });

  it('shows each person only their own, and a guest is told to sign in', async () => {
    const stranger = await createPayer(stack.records(), stack.config, 10);
    expect((await get<MentionsData>('/api/brand-config/mentions', stranger.cookie)).body.data).toMatchObject({ mentions: [], total: 0 });
    for (const path of ['/api/brand-config/mentions', '/api/brand-config/mentions.csv']) {
      const response = await fetch(`${stack.baseUrl}${path}`);
      expect(response.status).toBe(401);
      expect(((await response.json()) as Envelope<null>).error!.code).toBe('UNAUTHORIZED');
    }
  });
});

describe('the mentions CSV', () => {
  async function csv(query: string): Promise<{ response: Response; lines: string[] }> {
    const response = await fetch(`${stack.baseUrl}/api/brand-config/mentions.csv?${query}`, { headers: { cookie: owner.cookie } });
    const text = await response.text();
    return { response, lines: text.split('\r\n').filter((line) => line !== '') };
  }

  it('downloads every mention the filters match, as CSV with a header', async () => {
    const { response, lines } = await csv('days=60');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="brand-mentions.csv"');
    expect(lines[0]).toBe('created_at,brand_name,sentiment,confidence,recommendation,surface,engine,model,query,context,keywords_found,competitors,request_id,mention_id,verdict_by,original_sentiment');
    expect(lines).toHaveLength(1 + 7);
    const filtered = await csv('surface=web-search');
    expect(filtered.lines.slice(1).map((line) => line.split(',')[5])).toEqual(['web-search', 'web-search']);
    expect(filtered.lines.slice(1).map((line) => line.split(',').at(-4))).toEqual([asked.perplexity, asked.searched]);
  });

  it('defuses cells a spreadsheet would run as a formula', async () => {
    const { lines } = await csv('search=calc');
    expect(lines).toHaveLength(2);
    const row = lines[1]!;
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""Zentrovia"")"`);
    expect(row).toContain(",'+cmd|calc Zentrovia,");
    // No field of the line starts with a bare formula character.
    expect(row).not.toMatch(/(^|,)"?[=+@\t\r-]/);
  });
});

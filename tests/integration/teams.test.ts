import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_LIMITS, type Team, type TeamList } from '../../contract/teams.ts';
import { createApiKeyFor } from '../support/api-key-client.ts';
import { accountLedger, createPayer } from '../support/funded-user.ts';
import { signedInCalls } from '../support/signed-in-calls.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.close();
});

const call = signedInCalls(() => stack);

const WRITERS = {
  name: 'Writers',
  models: [
    { engine: 'openai', model: 'gpt-4o-mini', settings: { systemPrompt: 'Answer as a pirate.', temperature: 0.3 } },
    { engine: 'anthropic', model: 'claude-3-haiku-20240307' },
  ],
  judge: { kind: 'council', engine: 'groq', model: 'llama-3.1-8b-instant' },
};

describe('saved teams', () => {
  it('are saved, listed, read, changed and deleted by their owner alone', async () => {
    const owner = await createPayer(stack.records(), stack.config, 10);
    const stranger = await createPayer(stack.records(), stack.config, 10);
    const saved = await call<Team>('/api/teams', owner.cookie, WRITERS);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ name: 'Writers', models: WRITERS.models, judge: WRITERS.judge });

    const listed = await call<TeamList>('/api/teams', owner.cookie);
    expect(listed.body.data.limit).toBe(TEAM_LIMITS.perAccount);
    expect(listed.body.data.teams.map((team) => team.id)).toEqual([saved.body.data.id]);
    expect((await call<TeamList>('/api/teams', stranger.cookie)).body.data.teams).toEqual([]);
    expect((await call(`/api/teams/${saved.body.data.id}`, stranger.cookie)).status).toBe(404);
    expect((await call(`/api/teams/${saved.body.data.id}`, stranger.cookie, undefined, 'DELETE')).status).toBe(404);
    expect((await call('/api/teams', '')).status).toBe(401);

    const changed = await call<Team>(`/api/teams/${saved.body.data.id}`, owner.cookie, { ...WRITERS, name: 'Poets', judge: { kind: 'judge', mode: 'rank', engine: 'groq', model: 'llama-3.1-8b-instant' } }, 'PUT');
    expect(changed.body.data).toMatchObject({ id: saved.body.data.id, name: 'Poets', judge: { kind: 'judge', mode: 'rank' } });
    expect((await call<Team>(`/api/teams/${saved.body.data.id}`, owner.cookie)).body.data.name).toBe('Poets');

    expect((await call(`/api/teams/${saved.body.data.id}`, owner.cookie, undefined, 'DELETE')).body.data).toEqual({ id: saved.body.data.id, deleted: true });
    expect((await call(`/api/teams/${saved.body.data.id}`, owner.cookie)).status).toBe(404);
  });

  it('refuses what could not be asked, with a clear error: names, duplicates, unknown models, settings a model does not take, the cap', async () => {
    const owner = await createPayer(stack.records(), stack.config, 10);
    await call('/api/teams', owner.cookie, WRITERS);
    const refusal = async (body: unknown) => (await call('/api/teams', owner.cookie, body)).body.error;
    expect(await refusal({ ...WRITERS, name: 'WRITERS' })).toMatchObject({ code: 'VALIDATION_ERROR', message: 'You already have a team called "WRITERS".' });
    expect(await refusal({ ...WRITERS, name: '   ' })).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Give the team a name' });
    expect(await refusal({ ...WRITERS, name: 'x'.repeat(61) })).toMatchObject({ message: 'A team name can be at most 60 characters' });
    expect(await refusal({ ...WRITERS, name: 'Twice', models: [WRITERS.models[1], WRITERS.models[1]] })).toMatchObject({
      message: 'Anthropic - Claude 3 Haiku is in the team twice',
    });
    expect(await refusal({ ...WRITERS, name: 'Ghost', models: [{ engine: 'openai', model: 'gpt-0' }] })).toMatchObject({ message: 'Unknown model "gpt-0" for openai' });
    expect((await refusal({ ...WRITERS, name: 'Hot', models: [{ engine: 'anthropic', model: 'claude-3-haiku-20240307', settings: { temperature: 1.5 } }], judge: null }))!.message).toMatch(/Claude 3 Haiku/);
    expect(await refusal({ ...WRITERS, name: 'Lonely', models: [WRITERS.models[1]] })).toMatchObject({ message: 'A council needs a team of two models or more.' });
    expect(await refusal({ ...WRITERS, name: 'Extra', colour: 'red' })).toMatchObject({ code: 'VALIDATION_ERROR' });

    for (let index = 2; index <= TEAM_LIMITS.perAccount; index += 1) {
      expect((await call('/api/teams', owner.cookie, { ...WRITERS, name: `Team ${index}` })).status).toBe(200);
    }
    expect(await refusal({ ...WRITERS, name: 'One too many' })).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: `You can keep at most ${TEAM_LIMITS.perAccount} teams. Delete one to save another.`,
    });
    expect((await call<TeamList>('/api/teams', owner.cookie)).body.data.teams).toHaveLength(TEAM_LIMITS.perAccount);
  });

  it('asks a team by teamId: its models with their saved settings, charged like any comparison', async () => {
    const owner = await createPayer(stack.records(), stack.config, 100);
    const stranger = await createPayer(stack.records(), stack.config, 100);
    const team = (await call<Team>('/api/teams', owner.cookie, WRITERS)).body.data;
    const question = 'Which sea is the saltiest? (team question)';
    const asked = await call<{ results: { engine: string; model: string; success: boolean }[] }>('/api/compare', owner.cookie, { query: question, teamId: team.id });
    expect(asked.status).toBe(200);
    expect(asked.body.data.results.map((result) => [result.engine, result.model, result.success])).toEqual([
      ['openai', 'gpt-4o-mini', true],
      ['anthropic', 'claude-3-haiku-20240307', true],
    ]);
    const sent = stack.simulator.requests.filter((request) => request.lastUserMessage.includes(question));
    expect(sent.find((request) => request.model === 'gpt-4o-mini')).toMatchObject({ systemPrompt: 'Answer as a pirate.', temperature: 0.3 });
    expect(sent.find((request) => request.model === 'claude-3-haiku-20240307')!.systemPrompt).toBeUndefined();
    expect(await accountLedger(stack.records(), owner.accountId)).toEqual({ balance: 90, held: 0 });

    // Someone else's team, a team and models at once, and neither: refused before anything is held.
    expect((await call('/api/compare', stranger.cookie, { query: question, teamId: team.id })).body.error).toMatchObject({ code: 'NOT_FOUND', message: 'Team not found' });
    expect((await call('/api/compare', owner.cookie, { query: question, teamId: team.id, models: WRITERS.models })).body.error).toMatchObject({
      message: 'Send either models or teamId, not both.',
    });
    expect((await call('/api/compare', owner.cookie, { query: question })).body.error).toMatchObject({ message: 'Please select at least one model to compare' });
    expect((await call('/api/compare', owner.cookie, { query: question, teamId: 'not-a-uuid' })).status).toBe(400);
    expect(await accountLedger(stack.records(), stranger.accountId)).toEqual({ balance: 100, held: 0 });
    expect(await accountLedger(stack.records(), owner.accountId)).toEqual({ balance: 90, held: 0 });

    // The stream takes it too.
    const streamed = await fetch(`${stack.baseUrl}/api/compare/stream`, {
      method: 'POST',
      headers: { cookie: owner.cookie, origin: stack.config.server.appUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ query: `${question} streamed`, teamId: team.id }),
    });
    const frames = await streamed.text();
    expect(frames).toContain('event: all_complete');
    expect((frames.match(/event: model_complete/g) ?? []).length).toBe(2);
  });

  it('are listed and asked through the MCP server by name', async () => {
    const owner = await createPayer(stack.records(), stack.config, 100);
    const key = await createApiKeyFor(stack.baseUrl, owner.cookie, { name: 'Assistant' });
    const client = new Client({ name: 'quorum-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', stack.baseUrl), { requestInit: { headers: { authorization: `Bearer ${key.key}` } } }));
    const none = (await client.callTool({ name: 'list_teams', arguments: {} })) as CallToolResult;
    expect(none.structuredContent).toEqual({ teams: [] });
    const team = (await call<Team>('/api/teams', owner.cookie, WRITERS)).body.data;
    const listed = (await client.callTool({ name: 'list_teams', arguments: {} })) as CallToolResult;
    expect((listed.content[0] as { text: string }).text).toContain(`Writers (id ${team.id}): openai/gpt-4o-mini (own settings), anthropic/claude-3-haiku-20240307; council chaired by groq/llama-3.1-8b-instant`);

    const compared = (await client.callTool({ name: 'compare', arguments: { query: 'Name a calm sea', team: 'writers' } })) as CallToolResult;
    expect(compared.isError).toBeFalsy();
    expect((compared.structuredContent as { results: { model: string }[] }).results.map((result) => result.model)).toEqual(['gpt-4o-mini', 'claude-3-haiku-20240307']);
    expect(await accountLedger(stack.records(), owner.accountId)).toEqual({ balance: 90, held: 0 });
    const unknown = (await client.callTool({ name: 'compare', arguments: { query: 'Name a calm sea', team: 'Painters' } })) as CallToolResult;
    expect(unknown.isError).toBe(true);
    expect((unknown.content[0] as { text: string }).text).toBe('You have no team called "Painters". list_teams lists your teams.');
    await client.close();
  });
});

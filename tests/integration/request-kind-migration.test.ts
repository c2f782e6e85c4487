import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useDatabaseAtMigration } from '../support/database-at-migration.ts';

const BEFORE = 'Migration20261121050000_run_position';

const database = useDatabaseAtMigration(BEFORE);

interface StoredRequest {
  id: string;
  kind: string;
  streamed: boolean;
  engine: string | null;
  model: string | null;
}

async function storeLegacyRequest(engine: string, model: string, runs: [string, string][]): Promise<string> {
  const id = randomUUID();
  const connection = database().em.getConnection();
  await connection.execute(`insert into search_requests (id, query, engine, model) values (?, 'q', ?, ?)`, [id, engine, model]);
  for (const [position, [runEngine, runModel]] of runs.entries()) {
    await connection.execute(`insert into model_runs (id, request_id, engine, model, position) values (?, ?, ?, ?, ?)`, [randomUUID(), id, runEngine, runModel, position]);
  }
  return id;
}

async function stored(id: string): Promise<StoredRequest> {
  const [row] = await database().em.getConnection().execute<StoredRequest[]>(`select * from search_requests where id = ?`, [id]);
  return row!;
}

describe('the request kind migration', () => {
  it('reads the kind and how a comparison was asked out of the old engine strings, and can put them back', async () => {
    const orm = database();
    const single = await storeLegacyRequest('openai', 'gpt-4o-mini', [['openai', 'gpt-4o-mini']]);
    const streamed = await storeLegacyRequest('comparison_stream', 'comparison:openai/gpt-4o-mini,groq/llama-3.1-8b-instant', [
      ['openai', 'gpt-4o-mini'],
      ['groq', 'llama-3.1-8b-instant'],
    ]);
    const whole = await storeLegacyRequest('comparison', 'comparison:deepseek/deepseek-chat', [['deepseek', 'deepseek-chat']]);

    await orm.migrator.up();
    expect(await stored(single)).toMatchObject({ kind: 'single', streamed: false, engine: 'openai', model: 'gpt-4o-mini' });
    expect(await stored(streamed)).toMatchObject({ kind: 'comparison', streamed: true, engine: null, model: null });
    expect(await stored(whole)).toMatchObject({ kind: 'comparison', streamed: false, engine: null, model: null });

    // The database refuses a kind it does not know, and a single question without its model.
    const connection = orm.em.getConnection();
    await expect(connection.execute(`insert into search_requests (id, query, kind, engine, model) values (?, 'q', 'panel', 'openai', 'x')`, [randomUUID()])).rejects.toThrow(/check/i);
    await expect(connection.execute(`insert into search_requests (id, query, kind) values (?, 'q', 'single')`, [randomUUID()])).rejects.toThrow(/check/i);

    await orm.migrator.down({ to: BEFORE });
    expect(await stored(streamed)).toMatchObject({ engine: 'comparison_stream', model: 'comparison:openai/gpt-4o-mini,groq/llama-3.1-8b-instant' });
    expect(await stored(whole)).toMatchObject({ engine: 'comparison', model: 'comparison:deepseek/deepseek-chat' });
    expect(await stored(single)).toMatchObject({ engine: 'openai', model: 'gpt-4o-mini' });
    expect(await stored(single)).not.toHaveProperty('kind');
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigurationError, loadConfig } from '../../core/config/config.ts';

describe('loadConfig', () => {
  it('starts with documented defaults and no environment at all, in demo mode', () => {
    const config = loadConfig({});
    expect(config.server.port).toBe(3000);
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/quorum');
    expect(config.redis.url).toBe('redis://127.0.0.1:6379');
    expect(config.server.appUrl).toBe('http://localhost:3000');
    expect(config.providers.openai.baseUrl).toBe('https://api.openai.com/v1');
    expect(config.demoMode).toBe(true);
    expect(config.usingDevelopmentSecret).toBe(true);
  });

  it('points APP_URL at PORT unless it is set', () => {
    expect(loadConfig({ PORT: '4100' }).server.appUrl).toBe('http://localhost:4100');
    expect(loadConfig({ PORT: '4100', APP_URL: 'https://quorum.example' }).server.appUrl).toBe('https://quorum.example');
    expect(loadConfig({ PORT: '0' }).server.appUrl).toBe('http://localhost:3000');
  });

  it('leaves demo mode as soon as any provider key is set, unless forced', () => {
    expect(loadConfig({ ANTHROPIC_API_KEY: 'sk-ant' }).demoMode).toBe(false);
    expect(loadConfig({ OPENAI_API_KEY: 'sk', DEMO_MODE: 'on' }).demoMode).toBe(true);
    expect(loadConfig({ DEMO_MODE: 'off' }).demoMode).toBe(false);
  });

  it('reads every provider key and base URL, trimming a trailing slash', () => {
    const config = loadConfig({ GROQ_API_KEY: 'gsk', GROQ_BASE_URL: 'http://127.0.0.1:4010/groq/openai/v1/' });
    expect(config.providers.groq).toEqual({ apiKey: 'gsk', baseUrl: 'http://127.0.0.1:4010/groq/openai/v1' });
    expect(Object.keys(config.providers).sort()).toEqual(['anthropic', 'deepseek', 'gemini', 'groq', 'openai', 'perplexity', 'serpapi']);
  });

  it('reads REDIS_CLUSTER_NODES as host:port seed nodes, and refuses anything else by name', () => {
    expect(loadConfig({}).redis.clusterNodes).toBeUndefined();
    expect(loadConfig({ REDIS_CLUSTER_NODES: ' 10.0.0.1:7000, redis-b.internal:7001,[::1]:7002 ' }).redis.clusterNodes).toEqual([
      { host: '10.0.0.1', port: 7000 },
      { host: 'redis-b.internal', port: 7001 },
      { host: '::1', port: 7002 },
    ]);
    for (const bad of ['10.0.0.1', 'host:0', 'host:70000', 'redis://host:7000', ',']) {
      expect(() => loadConfig({ REDIS_CLUSTER_NODES: bad }), bad).toThrow(/REDIS_CLUSTER_NODES must list/);
    }
  });

  it('treats a blank variable as unset', () => {
    expect(loadConfig({ PORT: '  ', OPENAI_API_KEY: '' }).server.port).toBe(3000);
  });

  it('names every bad variable in one error', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'eighty', REDIS_URL: 'http://nope', DATABASE_URL: 'not a url', LOG_LEVEL: 'loud', DEMO_MODE: 'maybe' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigurationError);
    const problems = (caught as ConfigurationError).problems.join('\n');
    for (const name of ['PORT', 'REDIS_URL', 'DATABASE_URL', 'LOG_LEVEL', 'DEMO_MODE']) expect(problems).toContain(name);
    expect((caught as Error).message).toMatch(/^Invalid configuration:/);
  });

  it('requires a long APP_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET is required/);
    expect(() => loadConfig({ APP_SECRET: 'short' })).toThrow(/APP_SECRET must be at least 32 characters/);
    const secret = 's'.repeat(32);
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: secret }).appSecret).toBe(secret);
  });

  it('keeps numbers inside their limits', () => {
    expect(() => loadConfig({ WORKER_CONCURRENCY: '0' })).toThrow(/WORKER_CONCURRENCY must be a whole number from 1/);
    expect(() => loadConfig({ RUN_LEASE_MS: '1.5' })).toThrow(/RUN_LEASE_MS/);
    expect(loadConfig({ WORKER_CONCURRENCY: '8' }).worker.concurrency).toBe(8);
  });
});

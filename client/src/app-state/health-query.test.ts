import { describe, expect, it } from 'vitest';
import { SYSTEM_STATUS_TEXT, systemStatusOf } from './health-query.ts';

describe('systemStatusOf', () => {
  it('shows a check that gave up (no report) as a grey "System status unavailable"', () => {
    const status = systemStatusOf(false, null);
    expect(status).toBe('unavailable');
    expect(SYSTEM_STATUS_TEXT[status]).toEqual({ label: 'System status unavailable', colour: 'gray' });
  });

  it('tells a healthy server from a degraded one, and a check still running', () => {
    expect(systemStatusOf(true, undefined)).toBe('loading');
    expect(systemStatusOf(false, { status: 'ok', checks: { postgres: 'up', redis: 'up' }, demoMode: false })).toBe('operational');
    expect(systemStatusOf(false, { status: 'degraded', checks: { postgres: 'down', redis: 'up' }, demoMode: false })).toBe('maintenance');
  });
});

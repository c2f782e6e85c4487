import { describe, expect, it } from 'vitest';
import { canFollowUp, columnThread, turnFromState, turnFromThread } from './conversation.ts';
import { initialRequestState, type RequestState, type RunColumn } from './request-state.ts';

const column = (model: string, phase: RunColumn['phase'], text: string): RunColumn => ({
  engine: 'openai',
  model,
  requestId: 'r1',
  runId: `run-${model}`,
  attempt: 0,
  phase,
  text,
  sources: [],
  result: null,
  stopping: false, earlier: [],
});

const finished = (columns: RunColumn[]): RequestState => ({ ...initialRequestState, status: 'finished', requestId: 'r1', columns });

describe('a conversation of follow-ups', () => {
  it('keeps each model’s own answer of a finished turn, and marks the ones that did not answer', () => {
    const turn = turnFromState('Why is the sky blue?', finished([column('a', 'done', 'Rayleigh scattering.'), column('b', 'error', 'partial')]));
    expect(columnThread([turn], { engine: 'openai', model: 'a' })).toMatchObject([
      { requestId: 'r1', query: 'Why is the sky blue?', answer: { text: 'Rayleigh scattering.', answered: true } },
    ]);
    expect(columnThread([turn], { engine: 'openai', model: 'b' })[0]!.answer!.answered).toBe(false);
    expect(columnThread([turn], { engine: 'openai', model: 'c' })[0]!.answer).toBeUndefined();
  });

  it('reads a turn from the server’s record the same way', () => {
    const turn = turnFromThread({
      requestId: 'r0',
      query: 'First?',
      createdAt: '2026-11-24T00:00:00.000Z',
      results: [{ engine: 'openai', model: 'a', success: true, response: 'Yes.' } as never, { engine: 'openai', model: 'b', success: false, response: null } as never],
      continueMode: 'carry',
      carryFrom: 'openai/a',
      versions: [{ requestId: 'r0', query: 'First?', latestRequestId: 'r2' }],
    });
    // Where the turn stands comes along: how it continued and its versions.
    expect(columnThread([turn], { engine: 'openai', model: 'b' })[0]!.place).toMatchObject({
      continueMode: 'carry',
      carryFrom: 'openai/a',
      versions: [{ requestId: 'r0', query: 'First?', latestRequestId: 'r2' }],
    });
    expect(columnThread([turn], { engine: 'openai', model: 'a' })[0]!.answer).toEqual({ text: 'Yes.', answered: true });
    expect(columnThread([turn], { engine: 'openai', model: 'b' })[0]!.answer).toEqual({ text: '', answered: false });
  });

  it('offers a follow-up only once every model has finished and one of them answered', () => {
    expect(canFollowUp(finished([column('a', 'done', 'x'), column('b', 'error', '')]))).toBe(true);
    expect(canFollowUp(finished([column('a', 'error', ''), column('b', 'stopped', '')]))).toBe(false);
    expect(canFollowUp({ ...finished([column('a', 'done', 'x'), column('b', 'streaming', '')]), status: 'running' })).toBe(false);
    expect(canFollowUp(initialRequestState)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import type { HistoryConversation, HistoryRequest, HistoryResult } from '../api/history-api.ts';
import type { ModelResult } from '../../../contract/model-result.ts';
import {
  comparisonResultView,
  groupCredits,
  groupKeyOf,
  groupRequests,
  lastTurnOf,
  outcomeColour,
  RESULT_TEXTS,
  requestAnswerView,
  requestResults,
  shortRequestId,
  statusColour,
  statusText,
} from './request-groups.ts';

let nextId = 0;

function request(overrides: Partial<HistoryRequest> = {}): HistoryRequest {
  nextId += 1;
  return {
    id: `${String(nextId).padStart(8, '0')}-aaaa-bbbb-cccc-dddddddddddd`,
    kind: 'single',
    query: 'What is a quorum?',
    response: 'An answer',
    status: 'completed',
    errorMessage: null,
    engine: 'openai',
    model: 'gpt-4o-mini',
    createdAt: '2025-03-01T10:00:00.000Z',
    completedAt: '2025-03-01T10:00:05.000Z',
    creditsUsed: 6,
    searchEnabled: false,
    brandMonitoringEnabled: false,
    brandConfig: null,
    aiOverviewParams: null,
    results: [],
    followUpOf: null,
    continueMode: 'independent',
    carryFrom: null,
    versionOf: null,
    ...overrides,
  };
}

/** A history entry: a conversation made of `turns` (just the request itself when none are given). */
function entry(first: HistoryRequest, later: readonly HistoryRequest[] = []): HistoryConversation {
  const turns = [first, ...later];
  return {
    ...first,
    threadId: first.id,
    turnCount: turns.length,
    lastActivityAt: turns.at(-1)!.createdAt,
    totalCredits: turns.reduce((sum, turn) => sum + turn.creditsUsed, 0),
    turns,
  };
}

/** A comparison as the history lists it: `kind` says what it is, `results` holds each model's outcome and versions. */
const comparison = (results: readonly Partial<ModelResult>[], overrides: Partial<HistoryRequest> = {}) =>
  request({ kind: 'comparison', engine: 'comparison_stream', model: 'comparison:x', response: null, results: results.map(withOwnVersion), ...overrides });

/** A model result as the server stores it, with itself as its only version. */
function withOwnVersion(result: Partial<ModelResult>): HistoryResult {
  const full = { errorCode: null, brandMention: null, settings: null, ...result } as ModelResult & { settings: null };
  return { ...full, versions: [full] };
}

describe('groupRequests', () => {
  it('puts conversations started with identical parameters in one group, newest first, and counts them', () => {
    const older = entry(request({ createdAt: '2025-03-01T10:00:00.000Z' }));
    const newer = entry(request({ createdAt: '2025-03-02T10:00:00.000Z' }));
    const [group, ...rest] = groupRequests([older, newer]);
    expect(rest).toEqual([]);
    expect(group).toMatchObject({ engine: 'openai', model: 'gpt-4o-mini', query: 'What is a quorum?', count: 2 });
    expect(group!.requests).toEqual([newer, older]);
    expect(group!.latestRequest).toBe(newer);
    expect(group!.key).toBe(groupKeyOf(older));
  });

  it.each([
    ['query', { query: 'Something else' }],
    ['engine', { engine: 'deepseek' }],
    ['model', { model: 'gpt-4o' }],
    ['search flag', { searchEnabled: true }],
    ['brand name', { brandMonitoringEnabled: true, brandConfig: { brandName: 'Acme' } }],
  ] as const)('keeps conversations apart when the %s differs', (_name, difference) => {
    const groups = groupRequests([entry(request()), entry(request(difference))]);
    expect(groups).toHaveLength(2);
    expect(groups.map((group) => group.count)).toEqual([1, 1]);
  });

  it('ignores what is not part of the key (status, answer, credits, brand website)', () => {
    const groups = groupRequests([
      entry(request({ brandConfig: { brandName: 'Acme', websiteUrl: 'https://a.example' } })),
      entry(request({ status: 'error', response: null, creditsUsed: 0, brandConfig: { brandName: 'Acme', websiteUrl: 'https://b.example' } })),
    ]);
    expect(groups).toHaveLength(1);
  });

  it('groups by the first question only: the follow-ups of a conversation are its turns, never entries', () => {
    const first = request({ query: 'Where do glaciers form?', createdAt: '2025-03-01T10:00:00.000Z' });
    const second = request({ query: 'And why do they melt?', followUpOf: first.id, createdAt: '2025-03-01T10:05:00.000Z' });
    const [group, ...rest] = groupRequests([entry(first, [second])]);
    expect(rest).toEqual([]);
    expect(group).toMatchObject({ query: 'Where do glaciers form?', count: 1 });
    expect(lastTurnOf(group!.latestRequest)).toBe(second);
  });

  it('does not let a separator inside the query merge different parameter sets', () => {
    expect(groupKeyOf(request({ query: 'a|openai', engine: 'x' }))).not.toBe(groupKeyOf(request({ query: 'a', engine: 'openai|x' })));
  });

  it('orders groups by their latest activity, whatever order the list came in', () => {
    const a1 = entry(request({ query: 'a', createdAt: '2025-03-01T00:00:00.000Z' }));
    const b = entry(request({ query: 'b', createdAt: '2025-03-02T00:00:00.000Z' }));
    const a2 = entry(request({ query: 'a', createdAt: '2025-03-03T00:00:00.000Z' }));
    const groups = groupRequests([b, a1, a2]);
    expect(groups.map((group) => group.query)).toEqual(['a', 'b']);
    expect(groups[0]!.requests).toEqual([a2, a1]);
    // A conversation asked in today comes first, however old its first question.
    const old = entry(request({ query: 'c', createdAt: '2025-02-01T00:00:00.000Z' }), [request({ query: 'c, go on', createdAt: '2025-03-04T00:00:00.000Z' })]);
    expect(groupRequests([b, a1, a2, old]).map((group) => group.query)).toEqual(['c', 'a', 'b']);
  });

  it('keeps the given order for conversations last active at the same moment', () => {
    const first = entry(request({ query: 'first' }));
    const second = entry(request({ query: 'second' }));
    expect(groupRequests([first, second]).map((group) => group.query)).toEqual(['first', 'second']);
  });

  it('gives nothing for no conversations', () => {
    expect(groupRequests([])).toEqual([]);
  });

  it('totals the credits of every turn of every conversation in a group', () => {
    const [group] = groupRequests([
      entry(request({ creditsUsed: 6 }), [request({ creditsUsed: 6 })]),
      entry(request({ creditsUsed: 0, status: 'error' })),
      entry(request({ creditsUsed: 8 })),
    ]);
    expect(groupCredits(group!)).toBe(20);
  });
});

describe('statusColour', () => {
  it('is green for completed, red for error, grey for anything else', () => {
    expect(statusColour('completed')).toBe('green');
    expect(statusColour('error')).toBe('red');
    expect(statusColour('pending')).toBe('gray');
    expect(statusColour('')).toBe('gray');
  });
});

describe('outcomeColour', () => {
  it('is green only for a completed request, red for anything else, a pending one included', () => {
    expect(outcomeColour('completed')).toBe('green');
    expect(outcomeColour('error')).toBe('red');
    expect(outcomeColour('pending')).toBe('red');
    expect(outcomeColour('streaming')).toBe('red');
  });
});

describe('requestResults', () => {
  const result = { engine: 'openai', model: 'gpt-4o-mini', success: true, response: 'Hi', error: null, creditsUsed: 6 };

  it('takes the results the history sends, without reading the response text', () => {
    expect(requestResults(comparison([result], { response: 'not json at all' }))).toMatchObject([{ ...result, versions: [result] }]);
  });

  it('reads an empty message as none', () => {
    expect(requestResults(comparison([{ ...result, success: false, error: '' }]))).toMatchObject([{ error: null }]);
  });
});

describe('requestAnswerView for a single request', () => {
  it('renders a completed answer as markdown', () => {
    expect(requestAnswerView(request({ response: '# Hi' }))).toEqual({ kind: 'markdown', markdown: '# Hi' });
  });

  it('shows the error message of a failed request', () => {
    expect(requestAnswerView(request({ status: 'error', response: null, errorMessage: 'Provider refused' }))).toEqual({
      kind: 'error',
      message: 'Error: Provider refused',
    });
  });

  it('says the model request failed when a failed request has no message', () => {
    expect(requestAnswerView(request({ status: 'error', response: null }))).toEqual({ kind: 'error', message: RESULT_TEXTS.modelFailed });
  });

  it('says there is no content for a completed request without an answer', () => {
    expect(requestAnswerView(request({ response: null }))).toEqual({ kind: 'note', text: 'No response content available' });
    expect(requestAnswerView(request({ response: '' }))).toEqual({ kind: 'note', text: 'No response content available' });
  });

  it('says the data is not available for a request that has not finished', () => {
    expect(requestAnswerView(request({ status: 'pending', response: null, completedAt: null }))).toEqual({
      kind: 'note',
      text: 'Response data not available',
    });
  });
});

describe('requestAnswerView for a comparison', () => {
  const results = [
    { engine: 'openai', model: 'gpt-4o-mini', success: true, response: 'Answer A', error: null, creditsUsed: 6 },
    { engine: 'deepseek', model: 'deepseek-chat', success: false, response: null, error: 'Provider refused', creditsUsed: 0 },
    { engine: 'gemini', model: 'gemini-2.5-flash', success: false, response: null, error: null, creditsUsed: 0 },
    { engine: 'anthropic', model: 'claude-3-haiku', success: true, response: null, error: null, creditsUsed: 4 },
  ];

  it('gives one section per model: answer, error, "Model request failed", the predates note', () => {
    const view = requestAnswerView(comparison(results));
    expect(view).toMatchObject({
      kind: 'comparison',
      results: [
        { label: 'openai - gpt-4o-mini', pair: { engine: 'openai', model: 'gpt-4o-mini' }, creditsUsed: 6, answer: { kind: 'markdown', markdown: 'Answer A' } },
        { label: 'deepseek - deepseek-chat', pair: { engine: 'deepseek', model: 'deepseek-chat' }, creditsUsed: 0, answer: { kind: 'error', message: 'Error: Provider refused' } },
        { label: 'gemini - gemini-2.5-flash', pair: { engine: 'gemini', model: 'gemini-2.5-flash' }, creditsUsed: 0, answer: { kind: 'error', message: 'Error: Model request failed' } },
        { label: 'anthropic - claude-3-haiku', pair: { engine: 'anthropic', model: 'claude-3-haiku' }, creditsUsed: 4, answer: { kind: 'note', text: RESULT_TEXTS.predatesLogging } },
      ],
    });
  });

  it('words the predates note as the product asks: older request, run the comparison again', () => {
    expect(RESULT_TEXTS.predatesLogging).toMatch(/before full answers were kept/);
    expect(RESULT_TEXTS.predatesLogging).toMatch(/Run the comparison again/);
  });

  it('says there are no results for an empty list', () => {
    expect(requestAnswerView(comparison([]))).toEqual({ kind: 'note', text: 'No comparison results available' });
  });

  it('shows a failed comparison’s own error when it has no per-model results', () => {
    expect(requestAnswerView(comparison([], { status: 'error', errorMessage: 'Insufficient credits' }))).toEqual({
      kind: 'error',
      message: 'Error: Insufficient credits',
    });
  });

  it('shows per-model outcomes even when the comparison as a whole failed', () => {
    const view = requestAnswerView(comparison(results.slice(1, 2), { status: 'error', errorMessage: 'All failed' }));
    expect(view.kind).toBe('comparison');
  });

  it('goes by kind, whatever the engine says', () => {
    const single = request({ kind: 'single', engine: 'comparison', response: 'Plain answer' });
    expect(requestAnswerView(single)).toEqual({ kind: 'markdown', markdown: 'Plain answer' });
    const renamed = comparison(results.slice(0, 1), { engine: 'multi' });
    expect(requestAnswerView(renamed).kind).toBe('comparison');
  });
});

describe('shortRequestId', () => {
  it('is the first 8 characters', () => {
    expect(shortRequestId('0123456789abcdef')).toBe('01234567');
  });
});

describe('versions and stops in the history', () => {
  const version = (runId: string, success: boolean, errorCode: string | null, response: string | null) => ({
    runId,
    engine: 'openai',
    model: 'gpt-4o-mini',
    success,
    response,
    error: success ? null : errorCode === 'CANCELLED' ? 'Stopped.' : 'Provider refused',
    errorCode,
    creditsUsed: success ? 6 : 0,
  });

  it('shows a stopped model as stopped, not as an error', () => {
    const view = requestAnswerView(comparison([version('r1', false, 'CANCELLED', null)]));
    expect(view).toMatchObject({ kind: 'comparison', results: [{ stopped: true, answer: { kind: 'stopped', text: RESULT_TEXTS.stopped } }] });
    expect(requestAnswerView(request({ status: 'stopped', response: null }))).toEqual({ kind: 'stopped', text: RESULT_TEXTS.stopped });
  });

  it('gives every version to flip through and starts at the newest that answered', () => {
    const versions = [version('r1', true, null, 'First'), version('r2', true, null, 'Second'), version('r3', false, 'CANCELLED', null)];
    const [model] = requestResults({ results: [{ ...versions[1]!, versions }] as unknown as HistoryRequest['results'] });
    const view = comparisonResultView(model!);
    expect(view.versions.map((shown) => shown.answer.kind)).toEqual(['markdown', 'markdown', 'stopped']);
    expect(view.standing).toBe(1);
  });

  it('colours a stopped request grey everywhere, and names each status', () => {
    expect([statusColour('stopped'), outcomeColour('stopped'), outcomeColour('error'), outcomeColour('completed')]).toEqual(['gray', 'gray', 'red', 'green']);
    expect(['completed', 'error', 'stopped', 'pending'].map(statusText)).toEqual(['Completed', 'Error', 'Stopped', 'Answering']);
  });
});

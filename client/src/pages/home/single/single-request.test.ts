import { describe, expect, it } from 'vitest';
import { SEARCH_VALIDATION } from '../../../components/query-box/query-text.ts';
import { buildSearchRequest, NO_PROBLEMS, singleProblems } from './single-request.ts';

const settings = { searchEnabled: true, brandMonitoringEnabled: false, brandConfig: null };
const overview = { gl: 'uk', hl: 'en' };

describe('singleProblems', () => {
  it('reports a blank question, a missing engine and a missing model at once', () => {
    expect(singleProblems('  ', { engine: '', model: '' })).toEqual({
      query: SEARCH_VALIDATION.query,
      engine: SEARCH_VALIDATION.engine,
      model: SEARCH_VALIDATION.model,
    });
  });

  it('finds nothing wrong with a question and a model', () => {
    expect(singleProblems('Why?', { engine: 'openai', model: 'gpt-4o-mini' })).toEqual(NO_PROBLEMS);
  });
});

describe('buildSearchRequest', () => {
  it('trims the question and sends the engine, the model and the settings', () => {
    expect(buildSearchRequest('  Why?  ', { engine: 'openai', model: 'gpt-4o-mini' }, settings, overview)).toEqual({
      query: 'Why?',
      model: 'openai',
      specificModel: 'gpt-4o-mini',
      ...settings,
    });
  });

  it('sends the AI Overview country and language only to that engine', () => {
    expect(buildSearchRequest('Why?', { engine: 'ai-overview', model: 'ai-overview' }, settings, overview)).toMatchObject({ aiOverviewParams: overview });
  });
});

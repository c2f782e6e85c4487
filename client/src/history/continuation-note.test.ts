import { describe, expect, it } from 'vitest';
import { withoutContinuation } from '../requests/continuation-body.ts';
import { continuationNote } from './continuation-note.ts';

const named = (engineModel: string) => `name of ${engineModel}`;
const first = { followUpOf: null, continueMode: 'independent', carryFrom: null, versionOf: null } as const;

describe('how a past question continued its conversation', () => {
  it('says nothing of a first question, and names the carried answer', () => {
    expect(continuationNote(first, named)).toBeNull();
    expect(continuationNote({ ...first, followUpOf: 'r1' }, named)).toMatch(/each model was given its own/);
    expect(continuationNote({ ...first, followUpOf: 'r1', continueMode: 'carry', carryFrom: 'openai/gpt-4o-mini' }, named)).toContain(
      "every model was given name of openai/gpt-4o-mini's answer",
    );
    expect(continuationNote({ ...first, followUpOf: 'r1', continueMode: 'fork' }, named)).toMatch(/went on alone/);
    expect(continuationNote({ ...first, versionOf: 'r0' }, named)).toBe('It is an edited version of an earlier question.');
  });

  it('lets a question asked from an earlier body say where it goes itself', () => {
    const body = { query: 'Q', model: 'openai', specificModel: 'gpt-4o-mini', followUpOf: 'a', versionOf: 'b', continueMode: 'carry' as const, carryFrom: 'x/y' };
    expect(withoutContinuation(body)).toEqual({ query: 'Q', model: 'openai', specificModel: 'gpt-4o-mini' });
  });
});

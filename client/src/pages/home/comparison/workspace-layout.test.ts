import { describe, expect, it } from 'vitest';
import { activeKeyAmong, chooseLayout, hideKey, layoutPreferenceOf, neighbourKey, showKey } from './workspace-layout.ts';

describe('choosing the layout', () => {
  it('puts up to three answers side by side and more into tabs', () => {
    expect(chooseLayout(2, null)).toBe('columns');
    expect(chooseLayout(3, null)).toBe('columns');
    expect(chooseLayout(4, null)).toBe('tabs');
    expect(chooseLayout(10, null)).toBe('tabs');
  });

  it('follows the person’s own choice either way', () => {
    expect(chooseLayout(5, 'columns')).toBe('columns');
    expect(chooseLayout(2, 'tabs')).toBe('tabs');
  });

  it('shows a lone answer as a column whatever was chosen', () => {
    expect(chooseLayout(1, 'tabs')).toBe('columns');
  });

  it('reads only a known choice from storage', () => {
    expect(layoutPreferenceOf('tabs')).toBe('tabs');
    expect(layoutPreferenceOf('columns')).toBe('columns');
    expect(layoutPreferenceOf('grid')).toBeNull();
    expect(layoutPreferenceOf(undefined)).toBeNull();
    expect(layoutPreferenceOf(true)).toBeNull();
  });
});

describe('the tab shown', () => {
  it('keeps the chosen tab while it is visible and falls back to the first', () => {
    expect(activeKeyAmong(['a', 'b', 'c'], 'b')).toBe('b');
    expect(activeKeyAmong(['a', 'c'], 'b')).toBe('a');
    expect(activeKeyAmong(['a', 'c'], null)).toBe('a');
    expect(activeKeyAmong([], 'a')).toBeNull();
  });
});

describe('moving between answers', () => {
  const keys = ['a', 'b', 'c'];

  it('steps without wrapping, with nothing past either end', () => {
    expect(neighbourKey(keys, 'b', 1, false)).toBe('c');
    expect(neighbourKey(keys, 'b', -1, false)).toBe('a');
    expect(neighbourKey(keys, 'c', 1, false)).toBeNull();
    expect(neighbourKey(keys, 'a', -1, false)).toBeNull();
  });

  it('wraps round when asked', () => {
    expect(neighbourKey(keys, 'c', 1, true)).toBe('a');
    expect(neighbourKey(keys, 'a', -1, true)).toBe('c');
  });

  it('starts from the first when the current one is gone', () => {
    expect(neighbourKey(keys, 'z', 1, true)).toBe('a');
    expect(neighbourKey(keys, null, -1, false)).toBe('a');
    expect(neighbourKey([], 'a', 1, true)).toBeNull();
  });
});

describe('hiding and showing answers', () => {
  const all = ['a', 'b', 'c'];

  it('hides an answer and shows it again', () => {
    const hidden = hideKey(new Set(), 'b', all);
    expect([...hidden]).toEqual(['b']);
    expect([...showKey(hidden, 'b')]).toEqual([]);
  });

  it('never hides the last answer in view', () => {
    const twoHidden = new Set(['a', 'b']);
    expect(hideKey(twoHidden, 'c', all)).toBe(twoHidden);
  });

  it('ignores an answer that is not there or not hidden', () => {
    const none = new Set<string>();
    expect(hideKey(none, 'z', all)).toBe(none);
    expect(showKey(none, 'a')).toBe(none);
  });
});

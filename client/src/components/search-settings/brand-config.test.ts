import { describe, expect, it } from 'vitest';
import { addKeyword, brandConfigForRequest, brandConfigProblem, canAddKeyword } from './brand-config.ts';

describe('brand keywords', () => {
  it('trims and adds, refusing empty, duplicate, too long and a sixth', () => {
    expect(addKeyword([], '  fast shoes ')).toEqual({ keywords: ['fast shoes'], error: null });
    expect(addKeyword(['a'], '   ').error).toBe('Enter a keyword first');
    expect(addKeyword(['Acme'], 'acme').error).toBe('That keyword is already in the list');
    expect(addKeyword([], 'x'.repeat(51)).error).toBe('Keywords are at most 50 characters');
    expect(addKeyword(['a', 'b', 'c', 'd', 'e'], 'f').error).toBe('At most 5 keywords');
  });

  it('disables Add for an empty input or a full list', () => {
    expect(canAddKeyword([], ' ')).toBe(false);
    expect(canAddKeyword(['a', 'b', 'c', 'd', 'e'], 'f')).toBe(false);
    expect(canAddKeyword(['a'], 'b')).toBe(true);
  });
});

describe('brand config', () => {
  it('needs a brand name', () => {
    expect(brandConfigProblem(null)).toBe('Brand name is required');
    expect(brandConfigProblem({ brandName: '  ', keywords: [] })).toBe('Brand name is required');
    expect(brandConfigProblem({ brandName: 'Acme', keywords: [] })).toBeNull();
  });

  it('is sent trimmed, without an empty website', () => {
    expect(brandConfigForRequest({ brandName: ' Acme ', websiteUrl: ' ', keywords: ['x'] })).toEqual({ brandName: 'Acme', keywords: ['x'] });
  });
});

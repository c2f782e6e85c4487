import { describe, expect, it } from 'vitest';
import { addCompetitor, addKeyword, canAddCompetitor, canAddKeyword } from './brand-config-editing.ts';
import { brandConfigForRequest, brandConfigProblem } from './brand-config.ts';

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

describe('competitors', () => {
  const ten = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'];

  it('trims and adds, refusing empty, duplicate, the brand itself, too long and an eleventh', () => {
    expect(addCompetitor([], '  Globex ', 'Acme')).toEqual({ competitors: ['Globex'], error: null });
    expect(addCompetitor([], '  ', 'Acme').error).toBe('Enter a competitor first');
    expect(addCompetitor(['Globex'], 'GLOBEX', 'Acme').error).toBe('That competitor is already in the list');
    expect(addCompetitor([], ' acme ', 'Acme ').error).toBe('A competitor cannot be your own brand');
    expect(addCompetitor([], 'x'.repeat(101), 'Acme').error).toBe('Competitors are at most 100 characters');
    expect(addCompetitor([], 'x'.repeat(100), 'Acme').error).toBeNull();
    expect(addCompetitor(ten, 'k', 'Acme')).toEqual({ competitors: ten, error: 'At most 10 competitors' });
  });

  it('disables Add for an empty input or a full list', () => {
    expect(canAddCompetitor([], '   ')).toBe(false);
    expect(canAddCompetitor(ten, 'k')).toBe(false);
    expect(canAddCompetitor(ten.slice(1), 'k')).toBe(true);
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

  it('sends competitors when there are some, never the brand itself', () => {
    expect(brandConfigForRequest({ brandName: 'Acme', keywords: [], competitors: ['Globex', 'acme', ' Initech '] })).toEqual({
      brandName: 'Acme',
      keywords: [],
      competitors: ['Globex', 'Initech'],
    });
    expect(brandConfigForRequest({ brandName: 'Acme', keywords: [], competitors: [] })).not.toHaveProperty('competitors');
  });
});

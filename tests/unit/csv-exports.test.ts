import { describe, expect, it } from 'vitest';
import { csvField, csvRow } from '../../core/text/csv-writer.ts';
import { csvLine } from '../../core/tracking/tracking-csv.ts';

/** Every export writes through one CSV writer: untrusted text can never become a live formula in a spreadsheet. */
const HOSTILE = ['=1+1', '+2+3', '-2+3', '-0+HYPERLINK("http://x.test","click")', '@SUM(A1)', '\tTAB', '\rCR'];

describe('the CSV writer', () => {
  it('neutralises every formula start, quotes what needs quoting, and leaves numbers as numbers', () => {
    for (const text of HOSTILE) expect(csvField(text).replace(/^"/, '').startsWith("'")).toBe(true);
    expect(csvField('-0+HYPERLINK("http://x.test","click")')).toBe(`"'-0+HYPERLINK(""http://x.test"",""click"")"`);
    expect(csvField('a, "b"\nc')).toBe('"a, ""b""\nc"');
    expect(csvField(-3)).toBe('-3');
    expect(csvField(0.25)).toBe('0.25');
    expect(csvField(true)).toBe('true');
    expect(csvField(null)).toBe('');
    expect(csvRow(['a', 1, null])).toBe('a,1,\r\n');
  });

  it('is the writer of the tracking export too: its "-" cells are neutralised like the history\'s', () => {
    const line = csvLine({
      id: 'r1',
      runId: 'run-1',
      slotStart: '2026-01-01T00:00:00.000Z',
      prompt: '-2+3',
      engine: 'openai',
      model: 'gpt-4o-mini',
      country: null,
      language: null,
      status: 'completed',
      surface: 'model',
      // A vendor's string: it reaches the sheet defused like any other cell.
      modelVersion: '=1+1',
      mentioned: false,
      position: null,
      sentiment: null,
    sentimentBy: null,
      shareOfVoice: -0.5,
      citedDomains: [],
      creditsCharged: 2,
      answer: '-0+HYPERLINK("http://x.test","click")',
      createdAt: '2026-01-01T00:00:01.000Z',
    });
    const cells = line.trimEnd().split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    expect(cells[2]).toBe("'-2+3");
    expect(cells[14]).toBe(`"'-0+HYPERLINK(""http://x.test"",""click"")"`);
    // A number stays a number.
    expect(cells[11]).toBe('-0.5');
    expect(cells.slice(16)).toEqual(['model', "'=1+1"]);
  });
});

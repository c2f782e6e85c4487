import { describe, expect, it } from 'vitest';
import { clearPlace, type Box } from './clear-of-ask.ts';

/** A phone: 844 px tall, the top bar 60 px high, an invitation across the whole width, 170 px tall. */
const WINDOW = 844;
const TOP_BAR = 60;
const ACROSS = { start: 16, end: 374 };
const HEIGHT = 170;
const button = (top: number, left = 280, right = 360): Box => ({ top, bottom: top + 36, left, right });
const place = (asks: Box[], across = ACROSS) => clearPlace(asks, across, HEIGHT, WINDOW, TOP_BAR);

describe('where a floating element keeps clear of the Ask buttons', () => {
  it('stays at the bottom while no Ask is near it', () => {
    expect(place([])).toBe('bottom');
    expect(place([button(300)])).toBe('bottom');
  });

  it('moves to the top when an Ask lies under the bottom place, or within the gap kept around it', () => {
    expect(place([button(700)])).toBe('top');
    // The bottom place starts at 844 − 16 − 170 = 658; a button ending 10 px above it is too close.
    expect(place([button(658 - 36 - 10)])).toBe('top');
  });

  it('weighs every Ask, not only the first: Ask high on the screen and Ask follow-up low sets it aside', () => {
    expect(place([button(120), button(760)])).toBe('aside');
    // The first alone would leave the bottom free; the second alone the top.
    expect(place([button(120)])).toBe('bottom');
    expect(place([button(760)])).toBe('top');
  });

  it('ignores an Ask that lies beside it rather than under it (a wide window)', () => {
    expect(place([button(760, 100, 200)], { start: 984, end: 1424 })).toBe('bottom');
  });
});

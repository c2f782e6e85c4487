import { describe, expect, it } from 'vitest';
import { settledBlocks } from './settled-blocks.ts';

describe('splitting a streaming answer into settled blocks', () => {
  it('cuts at blank lines between paragraphs and headings, the last block being the growing one', () => {
    expect(settledBlocks('# Title\n\nFirst paragraph\nstill first.\n\nSecond para')).toEqual(['# Title\n', 'First paragraph\nstill first.\n', 'Second para']);
  });

  it('gives back the text unchanged when joined', () => {
    const text = 'One\n\n\nTwo\n\n- a\n- b\n\nThree\n';
    expect(settledBlocks(text).join('\n')).toBe(text);
  });

  it('keeps a loose list in one block, with its items and their indented paragraphs', () => {
    const list = '- first item\n\n- second item\n\n  more about the second\n\n1. numbered';
    expect(settledBlocks(`${list}\n\nAfter the list`)).toEqual([`${list}\n`, 'After the list']);
  });

  it('never cuts inside a fenced code block, whatever blank lines it holds', () => {
    const code = '```js\nconst a = 1;\n\nconst b = 2;\n```';
    expect(settledBlocks(`Intro\n\n${code}\n\nOutro`)).toEqual(['Intro\n', `${code}\n`, 'Outro']);
    // Still open while streaming: everything after the opening fence is one growing block.
    expect(settledBlocks('Intro\n\n~~~\ncode\n\nmore code')).toEqual(['Intro\n', '~~~\ncode\n\nmore code']);
  });

  it('closes a fence only with a run of the same character at least as long', () => {
    const code = '````\n```\n\nstill code\n````';
    expect(settledBlocks(`${code}\n\nText`)).toEqual([`${code}\n`, 'Text']);
  });

  it('has no settled block before the first blank line, nor for trailing blank lines', () => {
    expect(settledBlocks('Just one line')).toEqual(['Just one line']);
    expect(settledBlocks('Paragraph\n\n')).toEqual(['Paragraph\n\n']);
    expect(settledBlocks('')).toEqual(['']);
  });
});

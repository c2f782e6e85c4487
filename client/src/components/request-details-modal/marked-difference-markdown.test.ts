import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { describe, expect, it } from 'vitest';
import { compareAnswers } from './answer-differences.ts';
import { markDifferences, markedDifferenceMarkdown } from './marked-difference-markdown.ts';

/** The diff of two Markdown answers as the history modal renders it (without its styles). */
function rendered(earlier: string, later: string): string {
  const markdown = markedDifferenceMarkdown(compareAnswers(earlier, later).parts);
  return renderToStaticMarkup(
    createElement(Markdown, { remarkPlugins: [remarkGfm], rehypePlugins: [[markDifferences, { addedClass: 'added', removedClass: 'removed' }]] }, markdown),
  );
}

describe('a word diff rendered as Markdown', () => {
  it('keeps bold and lists as such, never as raw ** or -, with the changed words still marked', () => {
    const html = rendered('**Tides** follow the moon.\n\n- High water twice a day\n- Springs at full moon', '**Tides** follow the moon and sun.\n\n- High water twice a day\n- Neaps at half moon');
    expect(html).toContain('<strong>Tides</strong>');
    expect(html).toMatch(/<ul>\s*<li>High water twice a day<\/li>/);
    expect(html).not.toContain('**');
    expect(html).not.toMatch(/(^|>)\s*- /);
    expect(html).toContain('<ins class="added">and sun</ins>');
    expect(html).toMatch(/<li><del class="removed">Springs<\/del><ins class="added">Neaps<\/ins> at <del class="removed">full<\/del><ins class="added">half<\/ins> moon<\/li>/);
  });

  it('marks a whole added list item and heading, their syntax kept as structure', () => {
    const html = rendered('## Plan\n\n- One', '## Plan\n\n- One\n- Two things\n\n### Later steps');
    expect(html).toContain('<h2>Plan</h2>');
    expect(html).toMatch(/<li><ins class="added">Two things<\/ins><\/li>/);
    expect(html).toContain('<h3><ins class="added">Later steps</ins></h3>');
    expect(html).not.toMatch(/#|\uE000|\uE001|\uE002|\uE003/);
  });

  it('marks a change that starts in bold and ends outside it on both sides of the boundary', () => {
    const html = rendered('Use a **small** team.', 'Use a **very small group** always.');
    expect(html).toMatch(/<strong><ins class="added">very<\/ins> small <ins class="added">group<\/ins><\/strong>/);
    expect(html).toContain('<ins class="added">always</ins>');
    expect(html).toContain('<del class="removed">team</del>');
  });

  it('drops marks an answer carries itself, and raw HTML stays text', () => {
    const html = rendered('Plain \uE000words\uE001 here.', 'Plain words here. <b>bold?</b>');
    expect(html).not.toMatch(/[\uE000-\uE003]/);
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;b&gt;');
  });
});

import { describe, expect, it } from 'vitest';
import { HIDDEN_NAME, MaskedTextStream, nameMask, namesToHide } from '../../core/arena/blind-text.ts';

const mask = nameMask(namesToHide(['openai', 'OpenAI', 'gpt-4o-mini', 'GPT-4o mini', 'anthropic', 'claude-3-haiku-20240307', 'Claude 3 Haiku']));

describe('hiding model names in a blind answer', () => {
  it('replaces ids, names and family names whole, in any case, and leaves other words alone', () => {
    expect(mask.apply('**gpt-4o-mini** here. As Claude 3 Haiku (by ANTHROPIC), I think metadata matters.')).toBe(
      `**${HIDDEN_NAME}** here. As ${HIDDEN_NAME} (by ${HIDDEN_NAME}), I think metadata matters.`,
    );
  });

  it('never lets a name through when it is split across streamed pieces, and holds back no more than it must', () => {
    const text = 'I am Claude 3 Haiku, made by Anthropic; some say gpt-4o-mini is Meta data but not metadata. The end of it all is here.';
    for (const size of [1, 2, 3, 5, 7, 11]) {
      const stream = new MaskedTextStream(mask);
      let out = '';
      for (let start = 0; start < text.length; start += size) {
        const piece = stream.push(text.slice(start, start + size));
        expect(piece).not.toMatch(/claude|anthropic|gpt|meta\b/i);
        out += piece;
      }
      // What went out is a prefix of the masked whole.
      expect(mask.apply(text).startsWith(out)).toBe(true);
      expect(out.length).toBeGreaterThan(0);
    }
  });
});

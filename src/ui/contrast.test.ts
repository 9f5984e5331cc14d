import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { colourTokens, contrastRatio, parseHex } from './contrast';

const tokens = colourTokens(readFileSync(new URL('./styles.css', import.meta.url), 'utf8'));

/** Each text colour token and the surfaces it is painted on. */
const TEXT_ON: [text: string, surfaces: string[]][] = [
  ['--text', ['--bg', '--surface', '--surface-2']],
  // muted text also sits on the soft status fills (the inspector's waits, status lines)
  ['--text-muted', ['--bg', '--surface', '--surface-2', '--warn-soft', '--bad-soft', '--accent-soft']],
  ['--text-faint', ['--bg', '--surface', '--surface-2']],
  ['--accent', ['--bg', '--surface', '--accent-soft']],
  ['--ok', ['--surface', '--ok-soft']],
  ['--warn', ['--surface', '--warn-soft']],
  ['--bad', ['--surface', '--bad-soft']],
  ['--unknown', ['--surface', '--unknown-soft']],
  // filled buttons and badges: the primary button (and its hover), Drain / Reset, cut and shutdown tags
  ['--on-accent', ['--accent', '--accent-strong']],
  ['--on-bad', ['--bad']],
  ['--on-warn', ['--warn']],
  ['--term-text', ['--term-bg', '--term-bar']],
  ['--term-muted', ['--term-bg', '--term-bar']],
  ['--term-prompt', ['--term-bg']],
  ['--term-ok', ['--term-bg']],
  ['--term-warn', ['--term-bg']],
  ['--term-bad', ['--term-bg']],
];

describe('contrast', () => {
  it('computes WCAG ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#fff', '#ffffff')).toBe(1);
    expect(parseHex('#1a8f4c')).toEqual([26, 143, 76]);
    expect(() => parseHex('red')).toThrow();
  });

  it('reads both schemes of light-dark() tokens', () => {
    expect(tokens.light['--surface']).toBe('#ffffff');
    expect(tokens.dark['--surface']).not.toBe('#ffffff');
    expect(tokens.light['--term-text']).toBe(tokens.dark['--term-text']);
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`every text colour is AA (4.5:1) on its surfaces, ${scheme} theme`, () => {
      const failures: string[] = [];
      for (const [text, surfaces] of TEXT_ON) {
        for (const surface of surfaces) {
          const fg = tokens[scheme][text];
          const bg = tokens[scheme][surface];
          expect(fg, text).toBeDefined();
          expect(bg, surface).toBeDefined();
          const ratio = contrastRatio(fg, bg);
          if (ratio < 4.5) failures.push(`${text} on ${surface}: ${ratio.toFixed(2)}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }
});

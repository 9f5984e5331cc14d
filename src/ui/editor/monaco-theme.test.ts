import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { colourTokens } from '../contrast';
import { EDITOR_COLOURS, rgbToHex, SYNTAX_COLOURS, themeData } from './monaco-theme';

const tokens = colourTokens(readFileSync(new URL('../styles.css', import.meta.url), 'utf8'));

describe('monaco theme from the design tokens', () => {
  it('reads computed colours', () => {
    expect(rgbToHex('rgb(18, 24, 37)')).toBe('#121825');
    expect(rgbToHex('rgba(255, 0, 10, 0.5)')).toBe('#ff000a');
    expect(rgbToHex('color(srgb 1 0 0)')).toBeUndefined();
  });

  it('every colour it uses is a token of styles.css', () => {
    for (const token of [...Object.values(EDITOR_COLOURS), ...SYNTAX_COLOURS.map(([, t]) => t)]) {
      expect(tokens.light[token], token).toBeDefined();
      expect(tokens.dark[token], token).toBeDefined();
    }
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`paints the editor with the page's ${scheme} surface and text`, () => {
      const values = new Map(Object.entries(tokens[scheme]));
      const theme = themeData(scheme === 'dark', values);
      expect(theme.base).toBe(scheme === 'dark' ? 'vs-dark' : 'vs');
      expect(theme.colors['editor.background']).toBe(tokens[scheme]['--surface']);
      expect(theme.colors['editor.foreground']).toBe(tokens[scheme]['--text']);
      expect(theme.rules.find((r) => r.token === 'string')?.foreground).toBe(tokens[scheme]['--ok'].slice(1));
    });
  }
});

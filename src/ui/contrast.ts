// contrast: WCAG 2.x contrast ratios of the design tokens (styles.css), so a test can hold every
// text colour to AA (4.5:1) on the surfaces it is painted on, in both themes. Tokens are read
// from the `:root` block as written: `--name: #hex` or `--name: light-dark(#light, #dark)`.

export type Scheme = 'light' | 'dark';

/** `#rgb` / `#rrggbb` → [r, g, b] in 0..255. */
export function parseHex(hex: string): [number, number, number] {
  const h = hex.trim().replace(/^#/, '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  if (!/^[0-9a-f]{6}$/i.test(full)) throw new Error(`not a hex colour: ${hex}`);
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** Relative luminance (WCAG 2.x). */
export function luminance([r, g, b]: readonly number[]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** Contrast ratio of two hex colours, 1..21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(parseHex(a)), luminance(parseHex(b))].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The hex colour tokens of a stylesheet's first `:root { … }` block, per scheme. */
export function colourTokens(css: string): Record<Scheme, Record<string, string>> {
  const root = /:root\s*\{([\s\S]*?)\n\}/.exec(css)?.[1] ?? '';
  const out: Record<Scheme, Record<string, string>> = { light: {}, dark: {} };
  for (const m of root.matchAll(/(--[\w-]+):\s*([^;]+);/g)) {
    const [, name, value] = m;
    const pair = /^light-dark\(\s*(#[0-9a-f]{3,6})\s*,\s*(#[0-9a-f]{3,6})\s*\)$/i.exec(value.trim());
    if (pair) {
      out.light[name] = pair[1];
      out.dark[name] = pair[2];
    } else if (/^#[0-9a-f]{3,6}$/i.test(value.trim())) {
      out.light[name] = out.dark[name] = value.trim();
    }
  }
  return out;
}

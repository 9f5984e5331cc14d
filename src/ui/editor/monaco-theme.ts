// monaco-theme: Monaco's colours taken from the page's design tokens (styles.css), so the editor
// looks like the rest of the page in both themes instead of Monaco's stock vs / vs-dark. The
// tokens are light-dark() pairs, resolved by the browser for the current scheme through a probe
// element; the theme is defined again whenever the page switches scheme.

/** Editor colour → the design token it takes (Monaco's colour ids). */
export const EDITOR_COLOURS: Readonly<Record<string, string>> = {
  'editor.background': '--surface',
  'editor.foreground': '--text',
  'editorGutter.background': '--surface',
  'editorLineNumber.foreground': '--text-faint',
  'editorLineNumber.activeForeground': '--text',
  'editor.lineHighlightBackground': '--surface-2',
  'editor.lineHighlightBorder': '--surface-2',
  'editorCursor.foreground': '--accent',
  'editor.selectionBackground': '--accent-soft',
  'editor.inactiveSelectionBackground': '--accent-soft',
  'editorIndentGuide.background1': '--border',
  'editorIndentGuide.activeBackground1': '--border-strong',
  'editorWidget.background': '--surface',
  'editorWidget.border': '--border-strong',
  'editorHoverWidget.background': '--surface',
  'editorHoverWidget.border': '--border-strong',
  'editorSuggestWidget.background': '--surface',
  'editorSuggestWidget.border': '--border-strong',
  'editorSuggestWidget.selectedBackground': '--accent-soft',
  'editorError.foreground': '--bad',
  'editorWarning.foreground': '--warn',
  focusBorder: '--accent',
};

/** YAML token colours (Monaco's yaml tokenizer scopes) → tokens, so keys, strings and numbers read. */
export const SYNTAX_COLOURS: readonly [scope: string, token: string][] = [
  ['type', '--accent'], // mapping keys
  ['string', '--ok'],
  ['number', '--warn'],
  ['keyword', '--bad'],
  ['comment', '--text-faint'],
];

/** `rgb(1, 2, 3)` / `rgba(…)` as the browser serialises a computed colour → `#010203`. */
export function rgbToHex(css: string): string | undefined {
  const m = /^rgba?\(\s*(\d+)[,\s]+(\d+)[,\s]+(\d+)/.exec(css.trim());
  if (!m) return undefined;
  return `#${[m[1], m[2], m[3]].map((n) => Number(n).toString(16).padStart(2, '0')).join('')}`;
}

/** The current scheme's value of each token, read from a probe element in `root`. */
export function resolveTokens(tokens: Iterable<string>, root: HTMLElement = document.body): Map<string, string> {
  const probe = document.createElement('span');
  probe.style.display = 'none';
  root.appendChild(probe);
  const out = new Map<string, string>();
  try {
    for (const token of tokens) {
      probe.style.color = `var(${token})`;
      const hex = rgbToHex(getComputedStyle(probe).color);
      if (hex) out.set(token, hex);
    }
  } finally {
    probe.remove();
  }
  return out;
}

export interface ThemeData {
  base: 'vs' | 'vs-dark';
  inherit: boolean;
  rules: { token: string; foreground: string }[];
  colors: Record<string, string>;
}

/** Monaco theme data from resolved token values (a token that did not resolve keeps Monaco's colour). */
export function themeData(dark: boolean, values: ReadonlyMap<string, string>): ThemeData {
  const colors: Record<string, string> = {};
  for (const [id, token] of Object.entries(EDITOR_COLOURS)) {
    const value = values.get(token);
    if (value) colors[id] = value;
  }
  const rules = SYNTAX_COLOURS.flatMap(([scope, token]) => {
    const value = values.get(token);
    return value ? [{ token: scope, foreground: value.slice(1) }] : [];
  });
  return { base: dark ? 'vs-dark' : 'vs', inherit: true, rules, colors };
}

/** The name the page's theme is defined under. */
export const PAGE_THEME = 'kubeplay';

/** Defines (again) the page's theme for the current scheme and applies it. */
export function applyPageTheme(
  editorApi: { defineTheme(name: string, data: ThemeData): void; setTheme(name: string): void },
  dark: boolean,
): void {
  const tokens = new Set([...Object.values(EDITOR_COLOURS), ...SYNTAX_COLOURS.map(([, t]) => t)]);
  editorApi.defineTheme(PAGE_THEME, themeData(dark, resolveTokens(tokens)));
  editorApi.setTheme(PAGE_THEME);
}

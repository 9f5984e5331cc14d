// params: the page's URL query, read into a PageConfig — embed mode and which chrome it keeps,
// the clock's start (speed, paused), the theme, and what runs at start (an example, a script).
// This grammar is a public contract (docs/embedding.md): parsing never throws; whatever cannot
// be used is left out and explained in `notes`, which the page prints in the console.

import { SPEEDS, isSpeed, type Speed } from '../../protocol/messages';
import { decodeBase64Url } from './codec';
import { parseScript, ScriptSyntaxError, type ScriptCommand } from './script';

/** The panels embed mode can keep. */
export const PANELS = ['graph', 'inspector', 'controlplane', 'console', 'manifests', 'events'] as const;
export type Panel = (typeof PANELS)[number];

/** Top-bar extras embed mode can keep (the clock controls always stay). */
export const EXTRAS = ['share', 'reset'] as const;
export type Extra = (typeof EXTRAS)[number];

export type Chrome = Panel | Extra;

/** What `?embed` with no list keeps. */
export const DEFAULT_EMBED: readonly Chrome[] = ['graph', 'console'];

export type Theme = 'light' | 'dark';

export interface PageConfig {
  /** Embed mode: a compact top bar, and only the chrome in `show`. */
  embed: boolean;
  /** What is shown: everything outside embed mode. */
  show: ReadonlySet<Chrome>;
  speed?: Speed;
  paused: boolean;
  theme?: Theme;
  /** A docs example to apply at start (an absolute URL). */
  example?: string;
  /** The start-up script, parsed (valid syntax, at least one command). */
  script?: ScriptCommand[];
  /** What was ignored and why, one sentence each. */
  notes: string[];
}

/** Longest script accepted (decoded characters); browsers cut URLs not far above this. */
export const MAX_SCRIPT_CHARS = 200_000;

/** Where `example=PATH` (no scheme) points: the Kubernetes docs' examples. */
export const EXAMPLES_BASE = 'https://k8s.io/examples/';

const KNOWN = new Set(['embed', 'speed', 'paused', 'theme', 'script', 'example']);

/** Shows a value in a note, shortened. */
function shown(value: string): string {
  const short = value.length > 40 ? `${value.slice(0, 37)}…` : value;
  return `'${short}'`;
}

function parseChrome(value: string, notes: string[]): Set<Chrome> {
  const words = value
    .split(/[\s,]+/)
    .map((w) => w.trim().toLowerCase())
    .filter(Boolean);
  if (words.length === 0) return new Set(DEFAULT_EMBED);
  const show = new Set<Chrome>();
  const unknown: string[] = [];
  for (const word of words) {
    if (word === 'all') PANELS.forEach((p) => show.add(p));
    else if ((PANELS as readonly string[]).includes(word) || (EXTRAS as readonly string[]).includes(word))
      show.add(word as Chrome);
    else unknown.push(word);
  }
  if (unknown.length > 0) {
    notes.push(
      `ignored embed=${unknown.map(shown).join(',')}: not a part of the page (use ${[...PANELS, ...EXTRAS, 'all'].join(', ')})`,
    );
  }
  if (![...show].some((c) => (PANELS as readonly string[]).includes(c))) {
    DEFAULT_EMBED.forEach((c) => show.add(c));
    notes.push(`embed lists no panel, so it shows ${DEFAULT_EMBED.join(' and ')}`);
  }
  return show;
}

function parseSpeed(value: string, notes: string[]): Speed | undefined {
  const v = value
    .trim()
    .toLowerCase()
    .replace(/(?<=\d)[x×]$/, '');
  const speed = v === 'max' ? 'max' : v !== '' && Number.isFinite(Number(v)) ? Number(v) : NaN;
  if (isSpeed(speed)) return speed;
  notes.push(`ignored speed=${shown(value)}: use one of ${SPEEDS.map(String).join(', ')}`);
  return undefined;
}

function parseFlag(name: string, value: string, notes: string[]): boolean {
  const v = value.trim().toLowerCase();
  if (v === '' || v === '1' || v === 'true' || v === 'yes') return true;
  if (v === '0' || v === 'false' || v === 'no') return false;
  notes.push(`ignored ${name}=${shown(value)}: write ${name} alone, or ${name}=true / ${name}=false`);
  return false;
}

function parseTheme(value: string, notes: string[]): Theme | undefined {
  const v = value.trim().toLowerCase();
  if (v === 'light' || v === 'dark') return v;
  if (v !== 'auto' && v !== 'system') notes.push(`ignored theme=${shown(value)}: use light, dark or auto`);
  return undefined;
}

function parseExample(value: string, notes: string[]): string | undefined {
  const v = value.trim();
  if (/^[A-Za-z0-9_][\w.-]*(\/[\w.-]+)*\.(ya?ml|json)$/.test(v) && !v.split('/').includes('..')) return EXAMPLES_BASE + v;
  try {
    const url = new URL(v);
    if ((url.protocol === 'https:' || url.protocol === 'http:') && !/\s/.test(v)) return url.href;
  } catch {
    // not a URL: explained below
  }
  notes.push(
    `ignored example=${shown(value)}: give a docs example URL such as ${EXAMPLES_BASE}controllers/nginx-deployment.yaml`,
  );
  return undefined;
}

function parseScriptParam(value: string, notes: string[]): ScriptCommand[] | undefined {
  let source: string;
  try {
    source = decodeBase64Url(value);
  } catch (error) {
    notes.push(`ignored script=: it is ${(error as Error).message} (a script is base64url of UTF-8 text)`);
    return undefined;
  }
  if (source.length > MAX_SCRIPT_CHARS) {
    notes.push(`ignored script=: ${source.length} characters is more than the ${MAX_SCRIPT_CHARS} a link may carry`);
    return undefined;
  }
  try {
    const commands = parseScript(source);
    return commands.length > 0 ? commands : undefined;
  } catch (error) {
    if (error instanceof ScriptSyntaxError) {
      notes.push(`ignored script=: syntax error at ${error.message}; nothing in it ran`);
      return undefined;
    }
    throw error;
  }
}

/** Reads a query string (`location.search`, with or without `?`). Never throws. */
export function parsePageParams(search: string): PageConfig {
  const notes: string[] = [];
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(search);
  } catch {
    params = new URLSearchParams();
  }
  const config: PageConfig = { embed: false, show: new Set<Chrome>([...PANELS, ...EXTRAS]), paused: false, notes };
  const unknown = [...new Set([...params.keys()].filter((k) => !KNOWN.has(k)))];
  if (unknown.length > 0)
    notes.push(`ignored unknown parameter${unknown.length > 1 ? 's' : ''} ${unknown.map(shown).join(', ')}`);

  const embed = params.get('embed');
  if (embed !== null) {
    config.embed = true;
    config.show = parseChrome(embed, notes);
  }
  const speed = params.get('speed');
  if (speed !== null) config.speed = parseSpeed(speed, notes);
  const paused = params.get('paused');
  if (paused !== null) config.paused = parseFlag('paused', paused, notes);
  const theme = params.get('theme');
  if (theme !== null) config.theme = parseTheme(theme, notes);
  const example = params.get('example');
  if (example !== null) config.example = parseExample(example, notes);
  const script = params.get('script');
  if (script !== null) config.script = parseScriptParam(script, notes);

  // leave out what was not set, so configs compare simply
  for (const key of ['speed', 'theme', 'example', 'script'] as const) if (config[key] === undefined) delete config[key];
  return config;
}

// completion: Tab completion for the console, as a pure function of the line, the cursor and the
// mirrored cluster objects. It completes the program (kubectl, kubeplay, sleep, clear, help),
// kubectl verbs and sub-verbs (rollout status…), resource types, object names of the typed type
// (in the `-n` namespace, or every namespace with `-A`; a name already on the line is not offered
// again, as kubectl's own completion drops it), flags of the verb, namespaces after `-n`, `-o`
// formats, kubeplay verbs and their arguments (nodes, zones, pods), and `kubectl explain` field
// paths (explain-paths.ts). Like bash: one candidate is completed (with a space after it, unless
// it ends in `=` or `/`); several are completed to their common prefix and returned so a second
// Tab can list them.

import { parseObjectKey } from '../../protocol/delta';
import type { KindTable } from '../../protocol/mirror';
import {
  KUBECTL_FLAGS,
  KUBECTL_GLOBAL_FLAGS,
  KUBEPLAY_FLAGS,
  KUBEPLAY_VERBS,
  OBJECT_OUTPUT_FORMATS,
  OUTPUT_FORMATS,
  PROGRAMS,
  RESOURCE_TYPES,
  parseFlagList,
  type FlagInfo,
  type ResourceType,
} from './completion-data';
import { explainPathCandidates } from './explain-paths';
import { maxOf } from '../../k8s/arrays';

const ZONE_LABEL = 'topology.kubernetes.io/zone';

export interface CompletionContext {
  /** The mirrored objects of a kind (the store's `objects`, or its `events` for Event). */
  ofKind(kind: string): Pick<KindTable, 'keys' | 'values'>;
}

export interface Completion {
  /** The line after completing. */
  line: string;
  /** Where the cursor goes. */
  cursor: number;
  /** Every candidate for the word at the cursor (sorted); several mean the completion was partial. */
  candidates: string[];
}

/** The kubectl verbs (and `verb sub` pairs) completion knows. */
const KUBECTL_VERBS = [...new Set(Object.keys(KUBECTL_FLAGS).map((k) => k.split(' ')[0]))];

/** Verbs whose first argument is a resource type (or TYPE/NAME) followed by names. */
const RESOURCE_VERBS = new Set([
  'annotate',
  'autoscale',
  'delete',
  'describe',
  'expose',
  'get',
  'label',
  'patch',
  'scale',
  'taint',
  'wait',
  'rollout history',
  'rollout pause',
  'rollout restart',
  'rollout resume',
  'rollout status',
  'rollout undo',
  'set image',
  'set resources',
]);
/** Verbs whose arguments are node names. */
const NODE_VERBS = new Set(['cordon', 'uncordon', 'drain']);
/** Verbs whose first argument is a pod name. */
const POD_VERBS = new Set(['logs', 'exec', 'debug']);

/** Completes the word that ends at `cursor`. */
export function complete(line: string, cursor: number, ctx: CompletionContext): Completion {
  const before = line.slice(0, cursor);
  const after = line.slice(cursor);
  const wordStart = before.search(/\S*$/);
  const word = before.slice(wordStart);
  const previous = before.slice(0, wordStart).trim().split(/\s+/).filter(Boolean);
  // Quoted or escaped words are left alone.
  if (/['"\\]/.test(before)) return { line, cursor, candidates: [] };
  const candidates = [...new Set(candidatesFor(previous, word, ctx))].sort();
  const unchanged: Completion = { line, cursor, candidates };
  if (candidates.length === 0) return unchanged;

  let insert: string;
  if (candidates.length === 1) {
    const only = candidates[0];
    const open = only.endsWith('=') || only.endsWith('/');
    if (open || /^\s/.test(after)) {
      insert = only;
      const moved = wordStart + insert.length + (open ? 0 : 1);
      return { line: line.slice(0, wordStart) + insert + after, cursor: moved, candidates };
    }
    insert = `${only} `;
  } else {
    insert = commonPrefix(candidates);
    if (insert.length <= word.length) return unchanged;
  }
  return { line: line.slice(0, wordStart) + insert + after, cursor: wordStart + insert.length, candidates };
}

/** The longest prefix every string shares. */
export function commonPrefix(words: readonly string[]): string {
  if (words.length === 0) return '';
  let prefix = words[0];
  for (const w of words) {
    let i = 0;
    while (i < prefix.length && i < w.length && prefix[i] === w[i]) i++;
    prefix = prefix.slice(0, i);
  }
  return prefix;
}

/** Candidates in columns, as bash lists them (column-major, two spaces apart, within `width`). */
export function formatCandidates(candidates: readonly string[], width = 80): string {
  if (candidates.length === 0) return '';
  const colWidth = maxOf(candidates.map((c) => c.length)) + 2;
  const cols = Math.max(1, Math.floor((width + 2) / colWidth));
  const rows = Math.ceil(candidates.length / cols);
  const lines: string[] = [];
  for (let r = 0; r < rows; r++) {
    let text = '';
    for (let c = 0; c < cols; c++) {
      const item = candidates[c * rows + r];
      if (item !== undefined) text += item.padEnd(colWidth);
    }
    lines.push(text.trimEnd());
  }
  return lines.join('\n');
}

function startsWith(options: Iterable<string>, word: string): string[] {
  return [...options].filter((o) => o.startsWith(word));
}

function candidatesFor(previous: string[], word: string, ctx: CompletionContext): string[] {
  if (previous.length === 0) return startsWith(PROGRAMS, word);
  const [program, ...args] = previous;
  if (program === 'kubectl') return kubectlCandidates(args, word, ctx);
  if (program === 'kubeplay') return kubeplayCandidates(args, word, ctx);
  return [];
}

// --- the command line after the verb ----------------------------------------------------------

interface Scanned {
  positionals: string[];
  namespace: string | undefined;
  allNamespaces: boolean;
  /** A flag still waiting for its value (the word being completed is that value). */
  pending: FlagInfo | undefined;
  /** After `--`: nothing more to complete. */
  ended: boolean;
}

function scan(args: readonly string[], flags: readonly FlagInfo[]): Scanned {
  const byName = new Map(flags.map((f) => [f.name, f]));
  const byShort = new Map(flags.filter((f) => f.short).map((f) => [f.short!, f]));
  const s: Scanned = { positionals: [], namespace: undefined, allNamespaces: false, pending: undefined, ended: false };
  const setValue = (flag: FlagInfo, value: string) => {
    if (flag.name === 'namespace') s.namespace = value;
  };
  for (const arg of args) {
    if (s.pending) {
      setValue(s.pending, arg);
      s.pending = undefined;
      continue;
    }
    if (arg === '--') {
      s.ended = true;
      break;
    }
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      const flag = byName.get(eq >= 0 ? arg.slice(2, eq) : arg.slice(2));
      if (!flag) continue;
      if (flag.name === 'all-namespaces') s.allNamespaces = eq < 0 || arg.slice(eq + 1) === 'true';
      if (eq >= 0) setValue(flag, arg.slice(eq + 1));
      else if (flag.takesValue) s.pending = flag;
      continue;
    }
    if (arg.startsWith('-') && arg.length > 1) {
      // Grouped shorthands: -it, -nkube-system, -n=kube-system.
      for (let i = 1; i < arg.length; i++) {
        const flag = byShort.get(arg[i]);
        if (!flag) break;
        if (!flag.takesValue) {
          if (flag.name === 'all-namespaces') s.allNamespaces = true;
          continue;
        }
        const rest = arg.slice(i + 1).replace(/^=/, '');
        if (rest) setValue(flag, rest);
        else s.pending = flag;
        break;
      }
      continue;
    }
    s.positionals.push(arg);
  }
  return s;
}

/** The flags as candidates: `--watch`, `--output=`. */
function flagCandidates(flags: readonly FlagInfo[], word: string): string[] {
  return startsWith(
    flags.map((f) => `--${f.name}${f.takesValue ? '=' : ''}`),
    word,
  );
}

/** Values of a flag the completion knows (namespaces, zones, `-o` formats of `verb`), or none. */
function flagValues(flag: FlagInfo, ctx: CompletionContext, verb: string): string[] {
  if (flag.name === 'namespace') return namesOf(ctx, 'Namespace', undefined);
  if (flag.name === 'zone') return zonesOf(ctx);
  if (flag.name === 'output') return [...(OUTPUT_FORMATS[verb] ?? OBJECT_OUTPUT_FORMATS)];
  return [];
}

/**
 * Flags, flag values (`-n <ns>`, `--namespace=<ns>`, `-o <format>`), or undefined when the word is
 * an argument. `verb`: the command the flags belong to (`get`, `rollout status`, `node add`).
 */
function flagWord(
  s: Scanned,
  flags: readonly FlagInfo[],
  word: string,
  ctx: CompletionContext,
  verb: string,
): string[] | undefined {
  if (s.pending) return startsWith(flagValues(s.pending, ctx, verb), word);
  if (!word.startsWith('-')) return undefined;
  const eq = word.indexOf('=');
  if (word.startsWith('--') && eq >= 0) {
    const flag = flags.find((f) => f.name === word.slice(2, eq));
    const head = word.slice(0, eq + 1);
    return flag ? startsWith(flagValues(flag, ctx, verb), word.slice(eq + 1)).map((v) => head + v) : [];
  }
  // a shorthand with its value attached: -owide, -o=json, -nkube-system
  const attached = /^-([A-Za-z])(=?)(.+)$/.exec(word);
  const short = attached && flags.find((f) => f.short === attached[1] && f.takesValue);
  if (attached && short) {
    const head = `-${attached[1]}${attached[2]}`;
    return startsWith(flagValues(short, ctx, verb), attached[3]).map((v) => head + v);
  }
  return flagCandidates(flags, word);
}

function withGlobals(flags: FlagInfo[]): FlagInfo[] {
  const names = new Set(flags.map((f) => f.name));
  return [...flags, ...parseFlagList(KUBECTL_GLOBAL_FLAGS).filter((g) => !names.has(g.name))];
}

function kubectlCandidates(args: string[], word: string, ctx: CompletionContext): string[] {
  if (args.length === 0) return word.startsWith('-') ? [] : startsWith(KUBECTL_VERBS, word);
  const verb = args[0];
  if (!KUBECTL_VERBS.includes(verb)) return [];
  const subs = Object.keys(KUBECTL_FLAGS)
    .filter((k) => k.startsWith(`${verb} `))
    .map((k) => k.slice(verb.length + 1));
  let name = verb;
  let rest = args.slice(1);
  if (subs.length && args.length >= 2 && subs.includes(args[1])) {
    name = `${verb} ${args[1]}`;
    rest = args.slice(2);
  }
  const flags = withGlobals(parseFlagList(KUBECTL_FLAGS[name] ?? ''));
  const s = scan(rest, flags);
  if (s.ended) return [];
  const asFlag = flagWord(s, flags, word, ctx, name);
  if (asFlag) return asFlag;
  if (name === verb && subs.length && s.positionals.length === 0 && args.length === 1) return startsWith(subs, word);

  const namespace = s.allNamespaces ? undefined : (s.namespace ?? 'default');
  const position = s.positionals.length;
  // a name already typed is not offered again (a second Tab after a completed name adds nothing)
  const typed = new Set(s.positionals);
  const fresh = (names: string[]) => names.filter((n) => !typed.has(n));
  if (RESOURCE_VERBS.has(name)) {
    if (word.includes('/')) return fresh(typedNameCandidates(word, namespace, ctx));
    if (position === 0) return typeCandidates(word);
    const first = s.positionals[0];
    if (first.includes('/')) return typeCandidates(word);
    const type = resolveType(first.split(',')[0]);
    return type ? fresh(startsWith(namesOf(ctx, type.kind, type.namespaced ? namespace : undefined), word)) : [];
  }
  if (name === 'explain' && position === 0) {
    // `pods.spec.con` → the fields of pods.spec (once the schema has loaded).
    if (word.includes('.')) return explainPathCandidates(word, resolveType(word.split('.')[0])) ?? [];
    return typeCandidates(word);
  }
  // cordon, uncordon and drain take one node
  if (NODE_VERBS.has(name)) return position === 0 ? startsWith(namesOf(ctx, 'Node', undefined), word) : [];
  if (POD_VERBS.has(name) && position === 0) {
    if (word.includes('/')) return typedNameCandidates(word, namespace, ctx);
    return startsWith(namesOf(ctx, 'Pod', namespace), word);
  }
  return [];
}

function kubeplayCandidates(args: string[], word: string, ctx: CompletionContext): string[] {
  if (args.length === 0) return word.startsWith('-') ? [] : startsWith(Object.keys(KUBEPLAY_VERBS), word);
  const group = args[0];
  const subs = KUBEPLAY_VERBS[group];
  if (!subs) return [];
  if (subs.length && args.length === 1) return word.startsWith('-') ? [] : startsWith(subs, word);
  const name = subs.length ? `${group} ${args[1]}` : group;
  if (subs.length && !subs.includes(args[1])) return [];
  const flags = parseFlagList(KUBEPLAY_FLAGS[name] ?? '');
  const s = scan(args.slice(subs.length ? 2 : 1), flags);
  const asFlag = flagWord(s, flags, word, ctx, name);
  if (asFlag) return asFlag;
  const namespace = s.namespace ?? 'default';
  const position = s.positionals.length;
  switch (name) {
    case 'node stop':
    case 'node start':
    case 'node disconnect':
    case 'node reconnect':
    case 'node shutdown':
      return position === 0 ? startsWith(namesOf(ctx, 'Node', undefined), word) : [];
    case 'node pressure':
      return startsWith(
        position === 0
          ? namesOf(ctx, 'Node', undefined)
          : position === 1
            ? ['memory', 'disk', 'pid']
            : position === 2
              ? ['on', 'off']
              : [],
        word,
      );
    case 'zone partition':
    case 'zone heal':
      return position === 0 ? startsWith(zonesOf(ctx), word) : [];
    case 'pod crash':
    case 'pod fail-readiness':
    case 'pod evict':
    case 'explain scheduling':
      return position === 0 ? startsWith(namesOf(ctx, 'Pod', namespace), word) : [];
    case 'load':
      if (position !== 0) return [];
      return word.includes('/') ? typedNameCandidates(word, namespace, ctx) : typeCandidates(word).map((t) => `${t}/`);
    default:
      return [];
  }
}

// --- resource types and names --------------------------------------------------------------------

/** Resolves `pods`, `pod`, `po`, `Pod`, `deployments.apps` as kubectl does (case-insensitive). */
export function resolveType(text: string): ResourceType | undefined {
  const lower = text.toLowerCase();
  const name = lower.split('.')[0];
  return RESOURCE_TYPES.find(
    (t) => t.plural === name || t.singular === name || t.kind.toLowerCase() === name || t.shortNames.includes(name),
  );
}

/**
 * Resource types for a typed prefix, as plurals: `no` → `nodes`. When no plural starts with it, a
 * singular or short name does: `svc` → `services`, `hp` → `horizontalpodautoscalers`.
 */
function typeCandidates(word: string): string[] {
  const lower = word.toLowerCase();
  const plurals = RESOURCE_TYPES.filter((t) => t.plural.startsWith(lower)).map((t) => t.plural);
  if (plurals.length) return plurals;
  return RESOURCE_TYPES.filter(
    (t) =>
      t.singular.startsWith(lower) || t.kind.toLowerCase().startsWith(lower) || t.shortNames.some((s) => s.startsWith(lower)),
  ).map((t) => t.plural);
}

/** `deploy/we` → `deploy/web`, keeping the type as typed. */
function typedNameCandidates(word: string, namespace: string | undefined, ctx: CompletionContext): string[] {
  const slash = word.indexOf('/');
  const typeText = word.slice(0, slash);
  const type = resolveType(typeText);
  if (!type) return [];
  return startsWith(namesOf(ctx, type.kind, type.namespaced ? namespace : undefined), word.slice(slash + 1)).map(
    (n) => `${typeText}/${n}`,
  );
}

/** Names of the objects of a kind; `namespace` undefined means every namespace (or cluster-scoped). */
function namesOf(ctx: CompletionContext, kind: string, namespace: string | undefined): string[] {
  const names = new Set<string>();
  for (const key of ctx.ofKind(kind).keys()) {
    const k = parseObjectKey(key);
    if (namespace !== undefined && k.namespace !== namespace) continue;
    names.add(k.name);
  }
  return [...names].sort();
}

/** The zones the nodes are labelled with. */
function zonesOf(ctx: CompletionContext): string[] {
  const zones = new Set<string>();
  for (const obj of ctx.ofKind('Node').values()) {
    const zone = obj.metadata.labels?.[ZONE_LABEL];
    if (zone) zones.add(zone);
  }
  return [...zones].sort();
}

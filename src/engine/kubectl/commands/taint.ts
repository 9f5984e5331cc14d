// kubectl taint (kubectl pkg/cmd/taint: taint.go, utils.go): `taint nodes NAME... KEY=VAL:EFFECT
// KEY:EFFECT- KEY- [--overwrite] [--all | -l selector] [--dry-run]`.
//
// Taints to add come first in the new list, followed by the node's other taints (as
// reorganizeTaints builds it); a taint "matches" another with the same key and effect. Without
// --overwrite, adding a key/effect the node already has is refused. The message is `node/x
// tainted` when taints were only added, `untainted` when only removed, `modified` when both or
// with --overwrite. The change is sent as a strategic merge patch of spec.taints (a list without
// merge strategy: replaced whole; null when it becomes empty).

import type { KObject, Taint } from '../../../k8s/types';
import { isQualifiedName, isValidLabelValue } from '../../../k8s/names';
import { ApiError } from '../../api/errors';
import { nodeKind } from '../../api/kinds';
import { KubectlError, type KubectlEnv, type KubectlIO } from '../context';
import type { FlagSpec, ParsedArgs } from '../flags';
import { formatError } from '../print-error';
import { dryRunStrategy, printFlags, printResult } from './label';
import { dryRunSuffix } from './manifest-target';
import { listResource } from '../resources';

export const taintFlags: FlagSpec[] = [
  ...printFlags,
  { name: 'selector', short: 'l', type: 'string' },
  { name: 'overwrite', type: 'bool' },
  { name: 'all', type: 'bool' },
  { name: 'dry-run', type: 'string', default: 'none', noOptDefault: 'unchanged' },
  { name: 'validate', type: 'string', default: 'strict', noOptDefault: 'strict' },
  { name: 'field-manager', type: 'string', default: 'kubectl-taint' },
];

const HINT = "See 'kubectl taint -h' for help and examples";
const EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

interface ParsedTaint {
  key: string;
  value: string;
  effect: string;
}

/** Taint.ToString: key[=value][:effect]. */
function taintString(t: ParsedTaint): string {
  let s = t.key;
  if (t.value) s += `=${t.value}`;
  if (t.effect) s += `:${t.effect}`;
  return s;
}

/** parseTaint: `key=value:effect`, `key:effect` or `key`. */
function parseTaint(st: string): ParsedTaint {
  const parts = st.split(':');
  let key: string;
  let value = '';
  let effect = '';
  if (parts.length === 1) {
    key = parts[0];
  } else if (parts.length === 2) {
    effect = parts[1];
    if (!EFFECTS.includes(effect)) throw new KubectlError(`invalid taint effect: ${effect}, unsupported taint effect`, HINT);
    const kv = parts[0].split('=');
    if (kv.length > 2) throw new KubectlError(`invalid taint spec: ${st}`, HINT);
    key = kv[0];
    if (kv.length === 2) {
      value = kv[1];
      const errs = isValidLabelValue(value);
      if (errs.length > 0) throw new KubectlError(`invalid taint spec: ${st}, ${errs.join('; ')}`, HINT);
    }
  } else {
    throw new KubectlError(`invalid taint spec: ${st}`, HINT);
  }
  const errs = isQualifiedName(key);
  if (errs.length > 0) throw new KubectlError(`invalid taint spec: ${st}, ${errs.join('; ')}`, HINT);
  return { key, value, effect };
}

/** parseTaints: taints to add (need an effect, unique by key+effect) and to remove. */
export function parseTaints(specs: string[]): { add: ParsedTaint[]; remove: ParsedTaint[] } {
  const add: ParsedTaint[] = [];
  const remove: ParsedTaint[] = [];
  const unique = new Map<string, Set<string>>();
  for (const spec of specs) {
    if (spec.endsWith('-')) {
      const t = parseTaint(spec.slice(0, -1));
      remove.push({ key: t.key, value: '', effect: t.effect });
      continue;
    }
    const t = parseTaint(spec);
    if (!t.effect) throw new KubectlError(`invalid taint spec: ${spec}`, HINT);
    const keys = unique.get(t.effect) ?? new Set<string>();
    if (keys.has(t.key))
      throw new KubectlError(`duplicated taints with the same key and effect: {${t.key} ${t.value} ${t.effect} <nil>}`, HINT);
    keys.add(t.key);
    unique.set(t.effect, keys);
    add.push(t);
  }
  return { add, remove };
}

const matches = (a: { key: string; effect?: string }, b: { key: string; effect?: string }) =>
  a.key === b.key && (a.effect ?? '') === (b.effect ?? '');

function toTaint(t: ParsedTaint): Taint {
  const out: Taint = { key: t.key, effect: t.effect as Taint['effect'] };
  if (t.value) out.value = t.value;
  return out;
}

/** reorganizeTaints: the operation word, the new list, and the "not found" errors. */
export function reorganizeTaints(
  old: readonly Taint[],
  overwrite: boolean,
  add: ParsedTaint[],
  remove: ParsedTaint[],
): { operation: string; taints: Taint[]; errors: string[] } {
  let next: Taint[] = add.map(toTaint);
  for (const o of old) if (!next.some((t) => matches(t, o))) next.push(o);
  const added = old.length !== next.length;
  const errors: string[] = [];
  let deleted = false;
  for (const r of remove) {
    const before = next.length;
    next = r.effect ? next.filter((t) => !matches(t, r)) : next.filter((t) => t.key !== r.key);
    deleted = next.length !== before;
    if (!deleted) errors.push(`taint ${JSON.stringify(taintString(r))} not found`);
  }
  const operation = (added && deleted) || overwrite ? 'modified' : added ? 'tainted' : 'untainted';
  return { operation, taints: next, errors };
}

export function runTaint(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const { flags } = parsed;
  const dryRun = dryRunStrategy(parsed);
  const resources: string[] = [];
  const taintArgs: string[] = [];
  for (const s of [...parsed.args, ...(parsed.afterDash ?? [])]) {
    const isTaint = s.includes('=') || s.includes(':') || s.endsWith('-');
    if (isTaint) taintArgs.push(s);
    else if (taintArgs.length === 0) resources.push(s);
    else throw new KubectlError(`all resources must be specified before taint changes: ${s}`);
  }
  if (resources.length < 1) throw new KubectlError('one or more resources must be specified as <resource> <name>');
  if (taintArgs.length < 1) throw new KubectlError('at least one taint update is required');
  const { add, remove } = parseTaints(taintArgs);

  // Validate: the type must be nodes, no taint both added and removed, names or --all/-l.
  const type = resources[0].toLowerCase();
  const def = env.registry.resolveResource(type);
  if (!def) throw new KubectlError(`the server doesn't have a resource type "${type}"`);
  if (def !== nodeKind) throw new KubectlError(`invalid resource type ${type}, only node types are supported`);
  const conflicts: string[] = [];
  for (const a of add)
    for (const r of remove)
      if (a.key === r.key && (!r.effect || a.effect === r.effect)) conflicts.push(`{"${r.key}":"${r.effect}"}`);
  if (conflicts.length > 0) {
    throw new KubectlError(`can not both modify and remove the following taint(s) in the same command: ${conflicts.join(', ')}`);
  }
  const all = !!flags.all;
  const selector = flags.selector as string | undefined;
  if (all && selector) throw new KubectlError("setting 'all' parameter with a non empty selector is prohibited");
  if (!all && !selector && resources.length < 2)
    throw new KubectlError("at least one resource name must be specified since 'all' parameter is not set");

  const targets: { name: string; node?: KObject; error?: unknown }[] = [];
  if (all || selector) {
    for (const node of listResource(env.api, nodeKind, { labelSelector: selector || undefined }))
      targets.push({ name: node.metadata.name ?? '', node });
  } else {
    for (const name of resources.slice(1)) {
      try {
        targets.push({ name, node: env.api.get(nodeKind, undefined, name) });
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        targets.push({ name, error: e });
      }
    }
  }
  const overwrite = !!flags.overwrite;
  const output = flags.output as string | undefined;
  const errors: string[] = [];
  for (const t of targets) {
    if (t.error || !t.node) {
      errors.push(formatError(t.error).trimEnd());
      continue;
    }
    const node = t.node;
    const old = (node.spec?.taints ?? []) as Taint[];
    if (!overwrite) {
      const existing = add.filter((a) => old.some((o) => matches(a, o))).map((a) => a.key);
      if (existing.length > 0) {
        errors.push(
          `error: node ${t.name} already has ${existing.join(',')} taint(s) with same effect(s) and --overwrite is false`,
        );
        continue;
      }
    }
    const r = reorganizeTaints(old, overwrite, add, remove);
    if (r.errors.length > 0) {
      errors.push(`error: ${r.errors.length === 1 ? r.errors[0] : `[${r.errors.join(', ')}]`}`);
      continue;
    }
    let result: KObject = { ...node, spec: { ...node.spec, taints: r.taints } };
    if (dryRun !== 'client') {
      try {
        result = env.api.patch(
          nodeKind,
          undefined,
          t.name,
          'strategic',
          { spec: { taints: r.taints.length > 0 ? r.taints : null } },
          { dryRun: dryRun === 'server' },
        );
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        errors.push(formatError(e).trimEnd());
        continue;
      }
    }
    io.out(printResult(nodeKind, result, `${r.operation}${dryRunSuffix(dryRun)}`, output));
  }
  for (const e of errors) io.err(`${e}\n`);
  return errors.length > 0 ? 1 : 0;
}

// kubectl label (kubectl pkg/cmd/label): `label TYPE NAME k=v k2- [--overwrite] [--all] [-l]
// [--list] [--resource-version] [--dry-run]`. Each object is updated with one merge patch of its
// labels (computed from the object before and after, as kubectl does), so the API server
// validates the keys and values and answers 422 for bad ones.
//
// Also home to what label, annotate and patch share: splitting resources from KEY=VALUE pairs,
// selecting objects the way the resource builder does, merge-patch creation and the printers.

import type { KObject } from '../../../k8s/types';
import { isValidLabelValue } from '../../../k8s/names';
import { deepEqual } from '../../api/deep';
import { ApiError } from '../../api/errors';
import type { KindDefinition } from '../../api/kinds/kind-definition';
import { KubectlError, type KubectlEnv, type KubectlIO } from '../context';
import type { FlagSpec, ParsedArgs } from '../flags';
import { loadManifests } from '../manifests';
import { formatError } from '../print-error';
import { parseOutputFormat, printStructured } from '../printers/output';
import { goJsonMarshal } from '../printers/yaml-json';
import { kindPrefix, listResource, parseResourceArgs } from '../resources';
import { namespaceFlags, requestNamespace } from './common-flags';
import { parseDryRun, targetOf, type DryRun } from './manifest-target';

/** Flags of commands that print the changed objects (genericclioptions PrintFlags + RecordFlags). */
export const printFlags: FlagSpec[] = [
  { name: 'output', short: 'o', type: 'string' },
  { name: 'template', type: 'string' },
  { name: 'allow-missing-template-keys', type: 'bool', default: true },
  { name: 'show-managed-fields', type: 'bool' },
  { name: 'record', type: 'bool' },
];

/** label and annotate take the same flags; only the field manager's name differs. */
export function metadataEditFlags(fieldManager: string): FlagSpec[] {
  return [
    ...namespaceFlags,
    ...printFlags,
    { name: 'selector', short: 'l', type: 'string' },
    { name: 'field-selector', type: 'string' },
    { name: 'all', type: 'bool' },
    { name: 'overwrite', type: 'bool' },
    { name: 'list', type: 'bool' },
    { name: 'local', type: 'bool' },
    { name: 'resource-version', type: 'string' },
    { name: 'dry-run', type: 'string', default: 'none', noOptDefault: 'unchanged' },
    { name: 'field-manager', type: 'string', default: fieldManager },
    { name: 'filename', short: 'f', type: 'stringArray', default: [] },
    { name: 'kustomize', short: 'k', type: 'string' },
    { name: 'recursive', short: 'R', type: 'bool' },
  ];
}

export const labelFlags: FlagSpec[] = metadataEditFlags('kubectl-label');

// ---- shared with annotate and patch --------------------------------------------------------

export const NO_RESOURCES = `You must provide one or more resources by argument or filename.
Example resource specifications include:
   '-f rsrc.yaml'
   '--filename=rsrc.json'
   '<resource> <name>'
   '<resource>'`;

/** cmdutil.GetDryRunStrategy: `--dry-run` alone means client. */
export function dryRunStrategy(parsed: ParsedArgs): DryRun {
  const value = parsed.flags['dry-run'];
  return parseDryRun(value === 'unchanged' ? 'client' : value);
}

/** cmdutil.GetResourcesAndPairs: resource arguments first, then `KEY=VALUE` / `KEY-` pairs. */
export function resourcesAndPairs(args: string[], pairType: string): { resources: string[]; pairs: string[] } {
  const resources: string[] = [];
  const pairs: string[] = [];
  let foundPair = false;
  for (const s of args) {
    const isPair = (s.includes('=') && s[0] !== '=') || (s.endsWith('-') && s !== '-');
    if (isPair) {
      foundPair = true;
      pairs.push(s);
    } else if (!foundPair) {
      resources.push(s);
    } else {
      throw new KubectlError(`all resources must be specified before ${pairType} changes: ${s}`);
    }
  }
  return { resources, pairs };
}

/** One object to act on, or the error getting it (collected, printed after the others). */
export interface Target {
  def: KindDefinition;
  obj?: KObject;
  error?: unknown;
}

export interface SelectOptions {
  resources: string[];
  filenames: string[];
  namespace: string;
  /** Whether `-n` was given (objects of a file must then be in it). */
  explicitNamespace: string | undefined;
  allNamespaces: boolean;
  selector?: string;
  fieldSelector?: string;
  /** `--all`: a bare type selects every object of it. */
  all: boolean;
  /** `--local`: the objects of the files themselves, not the server's. */
  local?: boolean;
}

/**
 * The objects a resource builder visits (ResourceTypeOrNameArgs + selectors + files), fetched
 * fresh; `single` is the builder's "single item implied" (one name, one TYPE/NAME, or one file).
 */
export function selectObjects(env: KubectlEnv, io: KubectlIO, o: SelectOptions): { targets: Target[]; single: boolean } {
  const targets: Target[] = [];
  if (o.filenames.length > 0) {
    for (const m of loadManifests(o.filenames, io, env)) {
      const t = targetOf(m, env, o.explicitNamespace);
      targets.push(o.local ? { def: t.def, obj: t.object } : fetch(env, t.def, t.namespace, t.object.metadata.name ?? ''));
    }
    return { targets, single: o.filenames.length === 1 && o.filenames[0] !== '-' };
  }
  if (o.resources.length === 0) throw new KubectlError(NO_RESOURCES);
  const requests = parseResourceArgs(env.registry, o.resources);
  const names = requests.reduce((n, r) => n + r.names.length, 0);
  const selecting = o.selector !== undefined || o.fieldSelector !== undefined;
  if (selecting || (o.all && names === 0)) {
    if (names > 0) throw new KubectlError('name cannot be provided when a selector is specified');
    for (const r of requests) {
      const items = listResource(env.api, r.def, {
        namespace: o.allNamespaces ? undefined : o.namespace,
        labelSelector: o.selector || undefined,
        fieldSelector: o.fieldSelector || undefined,
      });
      for (const obj of items) targets.push({ def: r.def, obj });
    }
    return { targets, single: false };
  }
  if (names === 0) throw new KubectlError('resource(s) were provided, but no name was specified');
  for (const r of requests) {
    if (r.def.namespaced && o.allNamespaces)
      throw new KubectlError('a resource cannot be retrieved by name across all namespaces');
    for (const name of r.names) targets.push(fetch(env, r.def, o.namespace, name));
  }
  return { targets, single: names === 1 };
}

function fetch(env: KubectlEnv, def: KindDefinition, namespace: string | undefined, name: string): Target {
  try {
    return { def, obj: env.api.get(def, namespace, name) };
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return { def, error: e };
  }
}

/** A deep copy of JSON data (objects from the store are frozen). */
export function copy<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

/** jsonpatch.CreateMergePatch: what turns `from` into `to` (null deletes, lists replaced). */
export function createMergePatch(from: unknown, to: unknown): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  const a = from as Record<string, unknown>;
  const b = to as Record<string, unknown>;
  // Own keys only, set as own properties: a label such as `__proto__` is data, not the prototype.
  const set = (key: string, value: unknown) =>
    Object.defineProperty(patch, key, { value, enumerable: true, writable: true, configurable: true });
  for (const key of Object.keys(b)) {
    if (!Object.hasOwn(a, key)) {
      set(key, b[key]);
    } else if (isObject(a[key]) && isObject(b[key])) {
      const inner = createMergePatch(a[key], b[key]);
      if (Object.keys(inner).length > 0) set(key, inner);
    } else if (!deepEqual(a[key], b[key])) {
      set(key, b[key]);
    }
  }
  for (const key of Object.keys(a)) if (!Object.hasOwn(b, key)) set(key, null);
  return patch;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const PRINT_FORMATS = 'go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml';

/** Checks `-o` like PrintFlags.ToPrinter (no table formats for these commands). */
export function checkOutputFormat(output: string | undefined): void {
  if (!output) return;
  const head = output.split('=')[0];
  if (
    [
      'json',
      'yaml',
      'name',
      'jsonpath',
      'jsonpath-as-json',
      'jsonpath-file',
      'go-template',
      'go-template-file',
      'template',
      'templatefile',
    ].includes(head)
  ) {
    return;
  }
  throw new KubectlError(
    `unable to match a printer suitable for the output format "${output}", allowed formats are: ${PRINT_FORMATS}`,
  );
}

/** What the PrintFlags printer writes for one object: `pod/web-0 labeled`, its name, or the object. */
export function printResult(def: KindDefinition, obj: KObject, operation: string, output: string | undefined): string {
  checkOutputFormat(output);
  const ref = `${kindPrefix(def)}/${obj.metadata.name ?? ''}`;
  if (!output) return `${ref}${operation ? ` ${operation}` : ''}\n`;
  if (output === 'name') return `${ref}\n`;
  return printStructured(parseOutputFormat(output), [obj], true);
}

/** How errors gathered while visiting objects are printed at the end (one: as is; several: one line each). */
export function printCollectedErrors(errors: unknown[], io: KubectlIO): void {
  if (errors.length === 1) {
    io.err(formatError(errors[0]));
    return;
  }
  for (const e of errors) {
    if (e instanceof ApiError) io.err(`Error from server (${e.status.reason}): ${e.status.message}\n`);
    else if (e instanceof Error) io.err(`${e.message}\n`);
    else io.err(`${String(e)}\n`);
  }
}

/** Go's len() of encoding/json output: compares how big an object serialises. */
export function jsonSize(obj: unknown): number {
  return new TextEncoder().encode(goJsonMarshal(obj)).length;
}

/** `Listing labels for Pod./web-0:` then `key=value` lines (indented when several objects). */
export function printListing(what: string, obj: KObject, values: Record<string, string> | undefined, single: boolean): string {
  let out = '';
  let indent = '';
  if (!single) {
    indent = ' ';
    const slash = obj.apiVersion.indexOf('/');
    const group = slash >= 0 ? obj.apiVersion.slice(0, slash) : '';
    out += `Listing ${what} for ${obj.kind}.${group}/${obj.metadata.name ?? ''}:\n`;
  }
  for (const key of Object.keys(values ?? {}).sort()) out += `${indent}${key}=${values![key]}\n`;
  return out;
}

// ---- label ---------------------------------------------------------------------------------

/** parseLabels: `k=v` to set, `k-` to remove. */
function parseLabels(specs: string[]): { set: Map<string, string>; remove: string[] } {
  const set = new Map<string, string>();
  const remove: string[] = [];
  for (const spec of specs) {
    if (spec.includes('=')) {
      const parts = spec.split('=');
      if (parts.length !== 2) throw new KubectlError(`invalid label spec: ${spec}`);
      const errs = isValidLabelValue(parts[1]);
      if (errs.length) throw new KubectlError(`invalid label value: ${JSON.stringify(spec)}: ${errs.join(';')}`);
      set.set(parts[0], parts[1]);
    } else if (spec.endsWith('-')) {
      remove.push(spec.slice(0, -1));
    } else {
      throw new KubectlError(`unknown label spec: ${spec}`);
    }
  }
  if (remove.some((k) => set.has(k))) throw new KubectlError('can not both modify and remove a label in the same command');
  return { set, remove };
}

/** labelFunc: applies the changes to a copy; refuses to overwrite without --overwrite. */
function applyLabels(
  obj: KObject,
  overwrite: boolean,
  resourceVersion: string,
  set: Map<string, string>,
  remove: string[],
): KObject {
  const labels = obj.metadata.labels ?? {};
  if (!overwrite) {
    const conflicts = [...set.keys()]
      .filter((k) => Object.hasOwn(labels, k))
      .map((k) => `'${k}' already has a value (${labels[k]}), and --overwrite is false`);
    if (conflicts.length === 1) throw new KubectlError(conflicts[0]);
    if (conflicts.length > 1) throw new MultiError(conflicts);
  }
  // Through a Map: a key such as `__proto__` is an own property, never the object's prototype.
  const entries = new Map(Object.entries(labels));
  for (const [k, v] of set) entries.set(k, v);
  for (const k of remove) entries.delete(k);
  const next: Record<string, string> = Object.fromEntries(entries);
  const out: KObject = { ...obj, metadata: { ...obj.metadata, labels: next } };
  if (resourceVersion) out.metadata.resourceVersion = resourceVersion;
  return out;
}

/** Several errors from one object, printed one per line without the `error:` prefix. */
export class MultiError extends Error {
  constructor(readonly messages: string[]) {
    super(messages.join('\n'));
  }
}

export function runLabel(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const { flags } = parsed;
  const dryRun = dryRunStrategy(parsed);
  const { resources, pairs } = resourcesAndPairs([...parsed.args, ...(parsed.afterDash ?? [])], 'label');
  const { set, remove } = parseLabels(pairs);
  const output = flags.output as string | undefined;
  const list = !!flags.list;
  if (list && output) throw new KubectlError('--list and --output may not be specified together');
  const filenames = flags.filename as string[];
  validateSelection(parsed, resources, filenames, 'pod.yaml', 'pod.json', dryRun);
  if (set.size === 0 && remove.length === 0 && !list) throw new KubectlError('at least one label update is required');

  const { targets, single } = selectObjects(env, io, {
    resources,
    filenames,
    namespace: requestNamespace(parsed),
    explicitNamespace: flags.namespace as string | undefined,
    allNamespaces: !!flags['all-namespaces'],
    selector: flags.selector as string | undefined,
    fieldSelector: flags['field-selector'] as string | undefined,
    all: !!flags.all,
    local: !!flags.local,
  });
  const resourceVersion = (flags['resource-version'] as string | undefined) ?? '';
  if (!single && resourceVersion) throw new KubectlError('--resource-version may only be used with a single resource');
  const overwrite = !!flags.overwrite;

  const errors: unknown[] = [];
  for (const target of targets) {
    if (target.error || !target.obj) {
      errors.push(target.error);
      continue;
    }
    try {
      let obj = copy(target.obj);
      if (resourceVersion) delete obj.metadata.resourceVersion;
      const before = obj;
      let outputObj: KObject;
      if (dryRun === 'client' || list || flags.local) {
        obj = applyLabels(obj, overwrite, resourceVersion, set, remove);
        outputObj = obj;
      } else {
        for (const key of remove)
          if (!Object.hasOwn(before.metadata.labels ?? {}, key)) io.out(`label ${JSON.stringify(key)} not found.\n`);
        obj = applyLabels(obj, overwrite, resourceVersion, set, remove);
        const patch = createMergePatch(before, obj);
        outputObj = env.api.patch(target.def, before.metadata.namespace, before.metadata.name ?? '', 'merge', patch, {
          dryRun: dryRun === 'server',
        });
      }
      const message = changeMessage(before, obj, overwrite);
      if (list) io.out(printListing('labels', outputObj, outputObj.metadata.labels, single));
      else io.out(printResult(target.def, obj, message, output));
    } catch (e) {
      if (!(e instanceof ApiError) && !(e instanceof KubectlError) && !(e instanceof MultiError)) throw e;
      errors.push(e);
    }
  }
  if (errors.length === 1 && errors[0] instanceof MultiError) {
    for (const m of errors[0].messages) io.err(`${m}\n`);
    return 1;
  }
  if (errors.length) printCollectedErrors(errors, io);
  return errors.length ? 1 : 0;
}

/** updateDataChangeMsg: `not labeled` when nothing changed, `unlabeled` when the object shrank. */
function changeMessage(before: KObject, after: KObject, overwrite: boolean): string {
  if (deepEqual(before, after)) return 'not labeled';
  if (!overwrite && jsonSize(after) < jsonSize(before)) return 'unlabeled';
  return 'labeled';
}

/** The resource / --local checks label and annotate share (their file examples differ). */
export function validateSelection(
  parsed: ParsedArgs,
  resources: string[],
  filenames: string[],
  yamlExample: string,
  jsonExample: string,
  dryRun: DryRun,
): void {
  const { flags } = parsed;
  if (flags.all && flags.selector) throw new KubectlError('cannot set --all and --selector at the same time');
  if (flags.all && flags['field-selector']) throw new KubectlError('cannot set --all and --field-selector at the same time');
  if (flags.local) {
    if (dryRun === 'server')
      throw new KubectlError('cannot specify --local and --dry-run=server - did you mean --dry-run=client?');
    if (resources.length > 0) {
      throw new KubectlError(
        `can only use local files by -f ${yamlExample} or --filename=${jsonExample} when --local=true is set`,
      );
    }
    if (filenames.length === 0)
      throw new KubectlError(`one or more files must be specified as -f ${yamlExample} or --filename=${jsonExample}`);
    return;
  }
  if (resources.length === 0 && filenames.length === 0) {
    throw new KubectlError('one or more resources must be specified as <resource> <name> or <resource>/<name>');
  }
}

// kubectl annotate (kubectl pkg/cmd/annotate): `annotate TYPE NAME k=v k2- [--overwrite] [--all]
// [-l] [--list] [--resource-version] [--dry-run]`. Like label, one merge patch per object; unlike
// label, it always says `annotated` and prints the object the server returned.

import type { KObject } from '../../../k8s/types';
import { ApiError } from '../../api/errors';
import { KubectlError, type KubectlEnv, type KubectlIO } from '../context';
import type { FlagSpec, ParsedArgs } from '../flags';
import { dryRunSuffix } from './manifest-target';
import { requestNamespace } from './common-flags';
import {
  checkOutputFormat,
  copy,
  createMergePatch,
  dryRunStrategy,
  printCollectedErrors,
  printListing,
  printResult,
  resourcesAndPairs,
  selectObjects,
  validateSelection,
  metadataEditFlags,
} from './label';

export const annotateFlags: FlagSpec[] = metadataEditFlags('kubectl-annotate');

/** The change-cause annotation `--record` writes may always be overwritten. */
const CHANGE_CAUSE = 'kubernetes.io/change-cause';

/** cmdutil.ParsePairs with removal: `k=v` (the value may hold `=`) and `k-`. */
function parseAnnotations(pairs: string[]): { set: Map<string, string>; remove: string[] } {
  const set = new Map<string, string>();
  const remove: string[] = [];
  const invalid: string[] = [];
  for (const pair of pairs) {
    if (pair.includes('=') && pair[0] !== '=') {
      const eq = pair.indexOf('=');
      set.set(pair.slice(0, eq), pair.slice(eq + 1));
    } else if (pair.endsWith('-') && pair !== '-') {
      remove.push(pair.slice(0, -1));
    } else {
      invalid.push(pair);
    }
  }
  if (invalid.length) throw new KubectlError(`invalid annotation format: ${invalid.join(', ')}`);
  return { set, remove };
}

/** updateAnnotations: applies the changes to a copy; refuses to overwrite without --overwrite. */
function applyAnnotations(
  obj: KObject,
  overwrite: boolean,
  resourceVersion: string,
  set: Map<string, string>,
  remove: string[],
): KObject {
  const annotations = obj.metadata.annotations ?? {};
  if (!overwrite) {
    const conflicts = [...set.keys()]
      .filter((k) => k !== CHANGE_CAUSE && Object.hasOwn(annotations, k))
      .map((k) => `'${k}' already has a value (${annotations[k]})`);
    if (conflicts.length) {
      throw new KubectlError(`--overwrite is false but found the following declared annotation(s): ${conflicts.join('; ')}`);
    }
  }
  // Through a Map: a key such as `__proto__` is an own property, never the object's prototype.
  const entries = new Map(Object.entries(annotations));
  for (const [k, v] of set) entries.set(k, v);
  for (const k of remove) entries.delete(k);
  const next: Record<string, string> = Object.fromEntries(entries);
  const out: KObject = { ...obj, metadata: { ...obj.metadata, annotations: next } };
  if (resourceVersion) out.metadata.resourceVersion = resourceVersion;
  return out;
}

export function runAnnotate(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const { flags } = parsed;
  const dryRun = dryRunStrategy(parsed);
  const output = flags.output as string | undefined;
  checkOutputFormat(output);
  const list = !!flags.list;
  if (list && output) throw new KubectlError('--list and --output may not be specified together');
  const { resources, pairs } = resourcesAndPairs([...parsed.args, ...(parsed.afterDash ?? [])], 'annotation');
  const { set, remove } = parseAnnotations(pairs);
  const filenames = flags.filename as string[];
  validateSelection(parsed, resources, filenames, 'rsrc.yaml', 'rsrc.json', dryRun);
  if (set.size === 0 && remove.length === 0 && !list) throw new KubectlError('at least one annotation update is required');
  const both = remove.filter((k) => set.has(k));
  if (both.length)
    throw new KubectlError(`can not both modify and remove the following annotation(s) in the same command: ${both.join(', ')}`);

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
  const operation = `annotated${dryRunSuffix(dryRun)}`;

  const errors: unknown[] = [];
  for (const target of targets) {
    if (target.error || !target.obj) {
      errors.push(target.error);
      continue;
    }
    try {
      let outputObj: KObject;
      if (dryRun === 'client' || list || flags.local) {
        outputObj = applyAnnotations(copy(target.obj), overwrite, resourceVersion, set, remove);
      } else {
        const before = copy(target.obj);
        if (resourceVersion) delete before.metadata.resourceVersion;
        const after = applyAnnotations(before, overwrite, resourceVersion, set, remove);
        const patch = createMergePatch(before, after);
        outputObj = env.api.patch(target.def, before.metadata.namespace, before.metadata.name ?? '', 'merge', patch, {
          dryRun: dryRun === 'server',
        });
      }
      if (list) io.out(printListing('annotations', outputObj, outputObj.metadata.annotations, single));
      else io.out(printResult(target.def, outputObj, operation, output));
    } catch (e) {
      if (!(e instanceof ApiError) && !(e instanceof KubectlError)) throw e;
      errors.push(e);
    }
  }
  if (errors.length) printCollectedErrors(errors, io);
  return errors.length ? 1 : 0;
}

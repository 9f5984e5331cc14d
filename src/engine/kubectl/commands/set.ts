// kubectl set image / set resources (kubectl pkg/cmd/set): change containers of pods and of the
// pod templates of workloads, one strategic-merge patch per object, printed as
// `<kind>.<group>/<name> image updated` / `resource requirements updated`. An object the change
// leaves as it was is skipped silently. --record (deprecated) writes the change cause.

import type { KObject } from '../../../k8s/types';
import { ApiError } from '../../api/errors';
import { deepEqual } from '../../api/deep';
import type { KindDefinition } from '../../api/kinds/kind-definition';
import { KubectlError, type KubectlEnv, type KubectlIO } from '../context';
import type { FlagSpec, ParsedArgs } from '../flags';
import { formatApiError } from '../print-error';
import { parseOutputFormat, printStructured } from '../printers/output';
import { kindPrefix, listResource, parseResourceArgs } from '../resources';
import { filenameFlags, requestNamespace } from './common-flags';
import { dryRunSuffix, parseDryRun } from './manifest-target';
import { changeCause, recordFlag, shouldRecord, warnRecord, withChangeCause } from './record';

const setCommonFlags: FlagSpec[] = [
  ...filenameFlags,
  { name: 'namespace', short: 'n', type: 'string' },
  { name: 'selector', short: 'l', type: 'string' },
  { name: 'all', type: 'bool' },
  { name: 'local', type: 'bool' },
  { name: 'output', short: 'o', type: 'string' },
  { name: 'dry-run', type: 'string', default: 'none', noOptDefault: 'unchanged' },
  { name: 'field-manager', type: 'string' },
  recordFlag,
];

export const setImageFlags: FlagSpec[] = [...setCommonFlags];
export const setResourcesFlags: FlagSpec[] = [
  ...setCommonFlags,
  { name: 'containers', short: 'c', type: 'string', default: '*' },
  { name: 'limits', type: 'string', default: '' },
  { name: 'requests', type: 'string', default: '' },
];

type Containers = Record<string, any>[];

/** Where an object keeps its containers: a pod's spec, a CronJob's job template, else spec.template. */
function podSpecOf(obj: KObject): Record<string, any> | undefined {
  if (obj.kind === 'Pod') return obj.spec;
  if (obj.kind === 'CronJob') return obj.spec?.jobTemplate?.spec?.template?.spec;
  return obj.spec?.template?.spec;
}

function withPodSpec(obj: KObject, spec: Record<string, any>): KObject {
  if (obj.kind === 'Pod') return { ...obj, spec };
  if (obj.kind === 'CronJob') {
    const jt = obj.spec.jobTemplate;
    return {
      ...obj,
      spec: { ...obj.spec, jobTemplate: { ...jt, spec: { ...jt.spec, template: { ...jt.spec.template, spec } } } },
    };
  }
  return { ...obj, spec: { ...obj.spec, template: { ...obj.spec.template, spec } } };
}

interface SetTarget {
  def: KindDefinition;
  obj: KObject;
}

/** The objects the resource arguments name (`TYPE NAME…`, `TYPE/NAME`, `TYPE --all`, `-l`). */
function resolve(
  parsed: ParsedArgs,
  env: KubectlEnv,
  resourceArgs: string[],
  io: KubectlIO,
): { targets: SetTarget[]; failed: boolean } {
  const namespace = requestNamespace(parsed);
  const out: SetTarget[] = [];
  let failed = false;
  for (const r of parseResourceArgs(env.registry, resourceArgs)) {
    if (r.names.length === 0) {
      if (!parsed.flags.all && !parsed.flags.selector)
        throw new KubectlError('resource(s) were provided, but no name was specified');
      for (const obj of listResource(env.api, r.def, { namespace, labelSelector: parsed.flags.selector as string | undefined })) {
        out.push({ def: r.def, obj });
      }
      continue;
    }
    for (const name of r.names) {
      try {
        out.push({ def: r.def, obj: env.api.get(r.def, namespace, name) });
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        io.err(formatApiError(e));
        failed = true;
      }
    }
  }
  return { targets: out, failed };
}

/** Sends the changed objects as patches and prints them. */
function apply(
  parsed: ParsedArgs,
  io: KubectlIO,
  env: KubectlEnv,
  commandPath: string,
  targets: SetTarget[],
  change: (obj: KObject) => KObject | string,
  operation: string,
): boolean {
  const dryRun = parseDryRun(parsed.flags['dry-run'] === 'unchanged' ? 'client' : parsed.flags['dry-run']);
  const format = parsed.flags.output ? parseOutputFormat(parsed.flags.output as string) : undefined;
  const cause = shouldRecord(parsed) ? changeCause(commandPath, parsed) : undefined;
  let failed = false;
  for (const { def, obj } of targets) {
    let next = change(obj);
    if (typeof next === 'string') {
      io.err(`error: ${next}\n`);
      failed = true;
      continue;
    }
    if (cause !== undefined) next = withChangeCause(next, cause);
    if (deepEqual(next, obj)) continue;
    const patch: Record<string, unknown> = { spec: next.spec };
    if (cause !== undefined) patch.metadata = { annotations: next.metadata.annotations };
    let result = next;
    try {
      if (dryRun !== 'client') {
        result = env.api.patch(def, obj.metadata.namespace, obj.metadata.name ?? '', 'strategic', patch, {
          dryRun: dryRun === 'server',
        });
      }
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      io.err(`error: failed to patch ${operation.split(' ')[0]} update to pod template: ${e.message}\n`);
      failed = true;
      continue;
    }
    if (format && format.kind !== 'name' && format.kind !== 'table') io.out(printStructured(format, [result], true));
    else if (format?.kind === 'name') io.out(`${kindPrefix(def)}/${result.metadata.name}\n`);
    else io.out(`${kindPrefix(def)}/${result.metadata.name} ${operation}${dryRunSuffix(dryRun)}\n`);
  }
  return failed;
}

// ---- set image -------------------------------------------------------------------------------

export function runSetImage(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  warnRecord(parsed, io);
  const resources = parsed.args.filter((a) => !a.includes('='));
  const pairs = parsed.args.filter((a) => a.includes('='));
  if (resources.length === 0 && (parsed.flags.filename as string[]).length === 0) {
    throw new KubectlError(
      'one or more resources must be specified as <resource> <name> or <resource>/<name>',
      "See 'kubectl set image -h' for help and examples",
    );
  }
  if (pairs.length === 0)
    throw new KubectlError('at least one image update is required', "See 'kubectl set image -h' for help and examples");
  const images = new Map<string, string>();
  for (const p of pairs) {
    const eq = p.indexOf('=');
    images.set(p.slice(0, eq), p.slice(eq + 1));
  }
  const { targets, failed: notFound } = resolve(parsed, env, resources, io);
  const failed = apply(
    parsed,
    io,
    env,
    'set image',
    targets,
    (obj) => {
      const spec = podSpecOf(obj);
      if (!spec) return `${kindPrefix(env.api.kindOf(obj))}/${obj.metadata.name} does not have a pod template`;
      const containers: Containers = spec.containers ?? [];
      const init: Containers = spec.initContainers ?? [];
      const ephemeral: Containers = spec.ephemeralContainers ?? [];
      const update = (list: Containers) =>
        list.map((c) => {
          const image = images.get(c.name) ?? images.get('*');
          return image !== undefined ? { ...c, image } : c;
        });
      for (const name of images.keys()) {
        if (name === '*') continue;
        if (![...containers, ...init, ...ephemeral].some((c) => c.name === name))
          return `unable to find container named "${name}"`;
      }
      const next: Record<string, any> = { ...spec, containers: update(containers) };
      if (spec.initContainers) next.initContainers = update(init);
      if (spec.ephemeralContainers) next.ephemeralContainers = update(ephemeral);
      return withPodSpec(obj, next);
    },
    'image updated',
  );
  return failed || notFound ? 1 : 0;
}

// ---- set resources -----------------------------------------------------------------------------

function parseResourceList(s: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!s) return out;
  for (const part of s.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) throw new KubectlError(`invalid argument syntax ${part}, expected <resource>=<value>`);
    out[part.slice(0, eq)] = part.slice(eq + 1);
  }
  return out;
}

export function runSetResources(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  warnRecord(parsed, io);
  const limits = parseResourceList(parsed.flags.limits as string);
  const requests = parseResourceList(parsed.flags.requests as string);
  if (Object.keys(limits).length === 0 && Object.keys(requests).length === 0) {
    throw new KubectlError(
      'you must specify an update to requests or limits (in the form of --requests/--limits)',
      "See 'kubectl set resources -h' for help and examples",
    );
  }
  if (parsed.args.length === 0 && (parsed.flags.filename as string[]).length === 0) {
    throw new KubectlError(
      'one or more resources must be specified as <resource> <name> or <resource>/<name>',
      "See 'kubectl set resources -h' for help and examples",
    );
  }
  const selector = parsed.flags.containers as string;
  const { targets, failed: notFound } = resolve(parsed, env, parsed.args, io);
  const failed = apply(
    parsed,
    io,
    env,
    'set resources',
    targets,
    (obj) => {
      const spec = podSpecOf(obj);
      if (!spec) return `${kindPrefix(env.api.kindOf(obj))}/${obj.metadata.name} does not have a pod template`;
      const containers: Containers = spec.containers ?? [];
      let matched = false;
      const next = containers.map((c) => {
        if (selector !== '*' && c.name !== selector) return c;
        matched = true;
        const resources = { ...(c.resources ?? {}) };
        if (Object.keys(limits).length) resources.limits = { ...(resources.limits ?? {}), ...limits };
        if (Object.keys(requests).length) resources.requests = { ...(resources.requests ?? {}), ...requests };
        return { ...c, resources };
      });
      if (!matched) return `unable to find container named ${selector}`;
      return withPodSpec(obj, { ...spec, containers: next });
    },
    'resource requirements updated',
  );
  return failed || notFound ? 1 : 0;
}

export function runSet(_parsed: ParsedArgs, io: KubectlIO): number {
  io.err('error: Must specify one of: env, image, resources, selector, serviceaccount, subject\n');
  return 1;
}

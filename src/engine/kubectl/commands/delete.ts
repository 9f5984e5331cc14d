// kubectl delete: by name, `-f`, `-l` or `--all`; grace period, --force, --now, --cascade, and
// --wait (the default), which blocks — advancing the virtual clock — until the objects are gone.

import { parseGoDuration } from '../../../k8s/duration';
import type { KObject } from '../../../k8s/types';
import type { DeleteOptions, PropagationPolicy } from '../../api/apiserver';
import { ApiError } from '../../api/errors';
import type { KindDefinition } from '../../api/kinds/kind-definition';
import { KubectlError, type KubectlEnv, type KubectlIO } from '../context';
import type { FlagSpec, ParsedArgs } from '../flags';
import { loadManifests } from '../manifests';
import { formatApiError } from '../print-error';
import { kindPrefix, listResource, parseResourceArgs } from '../resources';
import { filenameFlags, requestNamespace } from './common-flags';
import { dryRunSuffix, parseDryRun, targetOf } from './manifest-target';

export const deleteFlags: FlagSpec[] = [
  ...filenameFlags,
  { name: 'namespace', short: 'n', type: 'string' },
  { name: 'all-namespaces', short: 'A', type: 'bool' },
  { name: 'selector', short: 'l', type: 'string' },
  { name: 'field-selector', type: 'string' },
  { name: 'all', type: 'bool' },
  { name: 'grace-period', type: 'int', default: -1 },
  { name: 'force', type: 'bool' },
  { name: 'now', type: 'bool' },
  { name: 'cascade', type: 'string', default: 'background', noOptDefault: 'background' },
  { name: 'wait', type: 'bool', default: true },
  { name: 'timeout', type: 'duration', default: '0s' },
  { name: 'ignore-not-found', type: 'bool' },
  { name: 'output', short: 'o', type: 'string' },
  { name: 'dry-run', type: 'string', noOptDefault: 'unchanged' },
];

/** kubectl waits "forever" by default; the playground stops after this much virtual time. */
const MAX_WAIT_MS = 60 * 60_000;

const NO_RESOURCES = `You must provide one or more resources by argument or filename.
Example resource specifications include:
   '-f rsrc.yaml'
   '--filename=rsrc.json'
   '<resource> <name>'
   '<resource>'`;

/** --cascade; the old boolean spellings still work, with kubectl's deprecation warning. */
export function parseCascade(value: string, warn?: (text: string) => void): PropagationPolicy {
  switch (value) {
    case 'background':
      return 'Background';
    case 'true':
      warn?.('warning: --cascade=true is deprecated (boolean value) and can be replaced with --cascade=background.\n');
      return 'Background';
    case 'foreground':
      return 'Foreground';
    case 'orphan':
      return 'Orphan';
    case 'false':
      warn?.('warning: --cascade=false is deprecated (boolean value) and can be replaced with --cascade=orphan.\n');
      return 'Orphan';
    default:
      throw new KubectlError(`invalid cascade value (${value}). Must be "background", "foreground", or "orphan"`);
  }
}

interface Target {
  def: KindDefinition;
  namespace: string | undefined;
  name: string;
}

export function runDelete(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const { flags } = parsed;
  const filenames = flags.filename as string[];
  const namespace = requestNamespace(parsed);
  const allNamespaces = !!flags['all-namespaces'];
  const policy = parseCascade(flags.cascade as string, (text) => io.err(text));
  const dryRun = parseDryRun(flags['dry-run'] === 'unchanged' ? 'client' : flags['dry-run']);
  let grace = flags['grace-period'] as number;
  if (flags.now) {
    if (grace !== -1) throw new KubectlError('--now and --grace-period cannot be specified together');
    grace = 1;
  }
  const force = !!flags.force;
  // --grace-period=0 alone is taken as 1 (data-loss guard); --force makes it 0.
  if (grace === 0 && !force) grace = 1;
  if (force && grace < 0) grace = 0;
  if (force && grace > 0) throw new KubectlError('--force and --grace-period greater than 0 cannot be specified together');
  const forced = force && grace === 0;
  if (forced) {
    io.err(
      'Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.\n',
    );
  }

  const targets: Target[] = [];
  let failed = false;
  if (filenames.length > 0) {
    if (parsed.args.length > 0) throw new KubectlError('resource(s) were provided, but no name was specified');
    for (const m of loadManifests(filenames, io, env)) {
      const t = targetOf(m, env, flags.namespace as string | undefined);
      targets.push({ def: t.def, namespace: t.namespace, name: t.object.metadata.name ?? '' });
    }
  } else {
    if (parsed.args.length === 0) throw new KubectlError(NO_RESOURCES);
    const requests = parseResourceArgs(env.registry, parsed.args);
    const selecting = !!flags.selector || !!flags['field-selector'] || !!flags.all;
    for (const r of requests) {
      if (r.names.length > 0) {
        if (selecting && flags.selector) throw new KubectlError('name cannot be provided when a selector is specified');
        for (const name of r.names) targets.push({ def: r.def, namespace: r.def.namespaced ? namespace : undefined, name });
      } else {
        if (!selecting) throw new KubectlError('resource(s) were provided, but no name was specified');
        const items = listResource(env.api, r.def, {
          namespace: allNamespaces ? undefined : namespace,
          labelSelector: flags.selector as string | undefined,
          fieldSelector: flags['field-selector'] as string | undefined,
        });
        for (const o of items) targets.push({ def: r.def, namespace: o.metadata.namespace, name: o.metadata.name! });
      }
    }
    // DeleteResult: nothing visited is `No resources found` on stdout, without a namespace.
    if (targets.length === 0 && requests.every((r) => r.names.length === 0)) {
      io.out('No resources found\n');
      return 0;
    }
  }

  const options: DeleteOptions = { propagationPolicy: policy, dryRun: dryRun === 'server' };
  if (grace >= 0) options.gracePeriodSeconds = grace;
  const awaiting: { target: Target; uid: string }[] = [];
  for (const t of targets) {
    try {
      let obj: KObject;
      if (dryRun === 'client') obj = env.api.get(t.def, t.namespace, t.name);
      else obj = env.api.delete(t.def, t.namespace, t.name, options).object;
      io.out(deletedLine(t, obj, flags.output === 'name', forced, dryRun === 'none' ? '' : dryRunSuffix(dryRun)));
      if (dryRun === 'none') awaiting.push({ target: t, uid: obj.metadata.uid! });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      if (e.reason === 'NotFound' && flags['ignore-not-found']) continue;
      failed = true;
      io.err(formatApiError(e));
    }
  }

  if (flags.wait && awaiting.length > 0) {
    const timeout = parseGoDuration(flags.timeout as string);
    const limit = timeout > 0 ? timeout : MAX_WAIT_MS;
    const gone = () =>
      awaiting.every(({ target, uid }) => env.api.tryGet(target.def, target.namespace, target.name)?.metadata.uid !== uid);
    if (!env.clock.runUntilCondition(gone, limit)) {
      for (const { target, uid } of awaiting) {
        if (env.api.tryGet(target.def, target.namespace, target.name)?.metadata.uid === uid) {
          io.err(`error: timed out waiting for the condition on ${target.def.plural}/${target.name}\n`);
        }
      }
      failed = true;
    }
  }
  return failed ? 1 : 0;
}

function deletedLine(t: Target, obj: KObject, nameOnly: boolean, forced: boolean, suffix: string): string {
  const prefix = kindPrefix(t.def);
  if (nameOnly) return `${prefix}/${obj.metadata.name}\n`;
  const where = t.def.namespaced ? ` from ${obj.metadata.namespace} namespace` : '';
  return `${prefix} "${obj.metadata.name}" ${forced ? 'force deleted' : 'deleted'}${where}${suffix}\n`;
}

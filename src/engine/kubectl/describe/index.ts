// kubectl describe (kubectl pkg/cmd/describe): `describe TYPE [NAME_PREFIX] [-l selector] [-A]`,
// `describe TYPE/NAME`, `describe -f FILE`. Each object goes to its kind's describer (or the
// generic one); several descriptions are separated by a blank line pair. A single name that does
// not exist is retried as a prefix of the names in the namespace, as real kubectl does.

import type { KObject } from '../../../k8s/types';
import { ApiError } from '../../api/errors';
import type { KindDefinition } from '../../api/kinds/kind-definition';
import { namespaceFlags, requestNamespace } from '../commands/common-flags';
import { KubectlError, type KubectlEnv, type KubectlIO } from '../context';
import type { FlagSpec, ParsedArgs } from '../flags';
import { loadManifests } from '../manifests';
import { formatError } from '../print-error';
import { listResource, parseResourceArgs } from '../resources';
import { targetOf } from '../commands/manifest-target';
import { describeDaemonSet } from './daemonset';
import { describeCronJob } from './cronjob';
import { describeConfigMap, describeSecret, describeServiceAccount } from './config';
import { describeDeployment } from './deployment';
import { describeEndpointSlice } from './endpointslice';
import { describeEvent } from './event';
import { describeGeneric } from './generic';
import { describeHorizontalPodAutoscaler } from './horizontalpodautoscaler';
import { describeJob } from './job';
import { describeLease } from './lease';
import { describeNamespace } from './namespace';
import { describeNode } from './node';
import { describePod } from './pod';
import { describePodDisruptionBudget } from './poddisruptionbudget';
import { describePriorityClass } from './priorityclass';
import { describeReplicaSet, describeReplicationController } from './replicaset';
import { describeLimitRange, describeResourceQuota } from './resourcequota';
import { describeService } from './service';
import { describePersistentVolume, describePersistentVolumeClaim, describeStorageClass } from './storage';
import { describeStatefulSet } from './statefulset';
import type { DescribeContext, Describer } from './types';

export type { DescribeContext, Describer } from './types';

export const describeFlags: FlagSpec[] = [
  ...namespaceFlags,
  { name: 'selector', short: 'l', type: 'string' },
  { name: 'filename', short: 'f', type: 'stringArray', default: [] },
  { name: 'recursive', short: 'R', type: 'bool' },
  { name: 'show-events', type: 'bool', default: true },
  { name: 'chunk-size', type: 'int', default: 500 },
];

/** Describers by `group/Kind` (core kinds have an empty group). Kinds without one use the generic describer. */
const describers = new Map<string, Describer>([
  ['/Pod', describePod],
  ['/Node', describeNode],
  ['/Namespace', describeNamespace],
  ['/Event', describeEvent],
  ['/Service', describeService],
  ['coordination.k8s.io/Lease', describeLease],
  ['autoscaling/HorizontalPodAutoscaler', describeHorizontalPodAutoscaler],
  ['policy/PodDisruptionBudget', describePodDisruptionBudget],
  ['apps/ReplicaSet', describeReplicaSet],
  ['apps/Deployment', describeDeployment],
  ['apps/DaemonSet', describeDaemonSet],
  ['apps/StatefulSet', describeStatefulSet],
  ['/ReplicationController', describeReplicationController],
  ['/PersistentVolumeClaim', describePersistentVolumeClaim],
  ['/PersistentVolume', describePersistentVolume],
  ['storage.k8s.io/StorageClass', describeStorageClass],
  ['/ResourceQuota', describeResourceQuota],
  ['/LimitRange', describeLimitRange],
  ['batch/Job', describeJob],
  ['batch/CronJob', describeCronJob],
  ['/ConfigMap', describeConfigMap],
  ['/Secret', describeSecret],
  ['/ServiceAccount', describeServiceAccount],
  ['scheduling.k8s.io/PriorityClass', describePriorityClass],
  ['discovery.k8s.io/EndpointSlice', describeEndpointSlice],
]);

/** Lets later kinds (Deployment, ReplicaSet, …) plug their describer in. */
export function registerDescriber(group: string, kind: string, describer: Describer): void {
  describers.set(`${group}/${kind}`, describer);
}

export function describerFor(def: KindDefinition): Describer {
  return describers.get(`${def.group}/${def.kind}`) ?? describeGeneric;
}

/** Describes one object as kubectl prints it (no trailing separator). */
export function describeObject(def: KindDefinition, obj: KObject, env: KubectlEnv, showEvents = true): string {
  const ctx: DescribeContext = { env, showEvents, nowUnixMs: env.clock.nowUnixMs() };
  return describerFor(def)(obj, ctx);
}

const NEED_TYPE =
  'You must specify the type of resource to describe. Use "kubectl api-resources" for a complete list of supported resources.';

interface Info {
  def: KindDefinition;
  obj: KObject;
}

export function runDescribe(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const { flags, args } = parsed;
  const filenames = flags.filename as string[];
  if (args.length === 0 && filenames.length === 0) throw new KubectlError(NEED_TYPE);
  const namespace = requestNamespace(parsed);
  const allNamespaces = !!flags['all-namespaces'];
  const selector = flags.selector as string | undefined;
  const showEvents = flags['show-events'] !== false;

  const infos: Info[] = [];
  const errors: unknown[] = [];

  for (const m of filenames.length ? loadManifests(filenames, io, env) : []) {
    const target = targetOf(m, env, flags.namespace as string | undefined);
    try {
      infos.push({ def: target.def, obj: env.api.get(target.def, target.namespace, target.object.metadata.name ?? '') });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      errors.push(e);
    }
  }

  const requests = parseResourceArgs(env.registry, args);
  const named = requests.some((r) => r.names.length > 0);
  if (named && selector !== undefined) throw new KubectlError('name cannot be provided when a selector is specified');
  for (const request of requests) {
    const { def } = request;
    if (request.names.length === 0) {
      const items = listResource(env.api, def, {
        namespace: allNamespaces ? undefined : namespace,
        labelSelector: selector || undefined,
      });
      for (const obj of items) infos.push({ def, obj });
      continue;
    }
    if (def.namespaced && allNamespaces) throw new KubectlError('a resource cannot be retrieved by name across all namespaces');
    for (const name of request.names) {
      try {
        infos.push({ def, obj: env.api.get(def, namespace, name) });
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        errors.push(e);
      }
    }
  }

  // `describe TYPE NAME` with no such NAME: describe every object whose name starts with it.
  if (args.length === 2 && filenames.length === 0 && errors.length === 1 && isNotFound(errors[0])) {
    return describeMatching(requests[0].def, args[1], errors[0] as ApiError, namespace, showEvents, io, env);
  }

  let first = true;
  for (const { def, obj } of infos) {
    const text = describeObject(def, obj, env, showEvents);
    io.out(first ? text : `\n\n${text}`);
    first = false;
  }
  if (infos.length === 0 && errors.length === 0) {
    io.err(allNamespaces ? 'No resources found\n' : `No resources found in ${namespace} namespace.\n`);
  }
  for (const e of errors) io.err(formatError(e));
  return errors.length ? 1 : 0;
}

function isNotFound(e: unknown): boolean {
  return e instanceof ApiError && e.reason === 'NotFound';
}

function describeMatching(
  def: KindDefinition,
  prefix: string,
  original: ApiError,
  namespace: string,
  showEvents: boolean,
  io: KubectlIO,
  env: KubectlEnv,
): number {
  const matches = env.api.list(def, { namespace }).items.filter((o) => (o.metadata.name ?? '').startsWith(prefix));
  if (matches.length === 0) {
    io.err(formatError(original));
    return 1;
  }
  for (const obj of matches) io.out(`${describeObject(def, obj, env, showEvents)}\n`);
  return 0;
}

// The pods/binding subresource (pkg/registry/core/pod/storage BindingREST): how a scheduler
// assigns a pod to a node. It writes straight to storage — no update strategy, no pod-update
// validation (which forbids changing spec.nodeName), no admission of the pod and no generation
// bump — setting spec.nodeName and the PodScheduled=True condition in one write, but only when:
// the optional uid / resourceVersion preconditions hold, the pod is not being deleted, it is not
// assigned yet and it has no scheduling gates. Any of those refusals is a 409 Conflict on
// `pods/binding`; a missing pod is a 404. The target node does not have to exist (nor does it
// upstream).

import type { KObject } from '../../../k8s/types';
import type { ApiServer } from '../apiserver';
import { OPTIMISTIC_LOCK_ERROR_MSG } from '../apiserver';
import { deepFreeze } from '../deep';
import { errors, field } from '../errors';
import { groupResource } from '../kinds/kind-definition';
import { podKind } from '../kinds/pod';
import { setPodCondition } from './pod-conditions';
import { ObjectKeyMemo } from '../../runtime/small-map';

export interface BindOptions {
  /** Binding.metadata.uid: the pod's uid as the scheduler saw it. */
  uid?: string;
  /** Binding.metadata.resourceVersion. */
  resourceVersion?: string;
  /** Binding.metadata.annotations, merged into the pod's. */
  annotations?: Record<string, string>;
  dryRun?: boolean;
}

const BINDING = { group: '', resource: 'pods/binding' };

const EMPTY = Object.freeze({});

// Pods stamped from one template share their spec and (until something writes it) their status
// object; binding keeps them sharing: one spec per (template spec, node) and one status per
// (previous status, second). Only frozen inputs are memoised (a mutable one could change).
const specs = new ObjectKeyMemo<NonNullable<KObject['spec']>>();
const statuses = new WeakMap<object, { at: string; status: object }>();

function boundSpec(spec: KObject['spec'], nodeName: string): KObject['spec'] {
  if (!spec || !Object.isFrozen(spec)) return { ...spec, nodeName };
  const cached = specs.get(spec, nodeName);
  if (cached) return cached;
  const out = deepFreeze({ ...spec, nodeName });
  specs.set(spec, nodeName, out);
  return out;
}

function boundStatus(status: object, now: string): Record<string, unknown> {
  const frozen = Object.isFrozen(status);
  const cached = frozen ? statuses.get(status) : undefined;
  if (cached && cached.at === now) return cached.status as Record<string, unknown>;
  const next = setPodCondition(status as Record<string, unknown>, { type: 'PodScheduled', status: 'True' }, now);
  if (frozen) statuses.set(status, { at: now, status: deepFreeze(next) });
  return next;
}

/** POST pods/<name>/binding with target {kind: Node, name: nodeName}. Returns the bound pod. */
export function bindPod(api: ApiServer, namespace: string, name: string, nodeName: string, options: BindOptions = {}): KObject {
  // ValidatePodBinding.
  if (!nodeName) throw errors.invalid('', 'Binding', name, [field.required('target.name')]);
  const existing = api.get(podKind, namespace, name);
  const ns = existing.metadata.namespace ?? namespace;
  if (options.uid && options.uid !== existing.metadata.uid) {
    throw errors.conflict(
      groupResource(podKind),
      name,
      `StorageError: invalid object, Code: 4, Key: /registry/pods/${ns}/${name}, ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: UID in precondition: ${options.uid}, UID in object meta: ${existing.metadata.uid ?? ''}`,
    );
  }
  if (options.resourceVersion && options.resourceVersion !== existing.metadata.resourceVersion) {
    throw errors.conflict(groupResource(podKind), name, OPTIMISTIC_LOCK_ERROR_MSG);
  }
  if (existing.metadata.deletionTimestamp) {
    throw errors.conflict(BINDING, name, `pod ${name} is being deleted, cannot be assigned to a host`);
  }
  const current = existing.spec?.nodeName;
  if (current) throw errors.conflict(BINDING, name, `pod ${name} is already assigned to node ${JSON.stringify(current)}`);
  if (Array.isArray(existing.spec?.schedulingGates) && existing.spec.schedulingGates.length > 0) {
    throw errors.conflict(BINDING, name, `pod ${name} has non-empty .spec.schedulingGates`);
  }
  let metadata = existing.metadata;
  if (options.annotations && Object.keys(options.annotations).length > 0) {
    metadata = { ...metadata, annotations: { ...(metadata.annotations ?? {}), ...options.annotations } };
  }
  const status = boundStatus(existing.status ?? EMPTY, api.timestamp());
  const next: KObject = { ...existing, metadata, spec: boundSpec(existing.spec, nodeName), status };
  return api.commitPrepared(podKind, next, existing, { dryRun: options.dryRun });
}

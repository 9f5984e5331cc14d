// Priority admission (plugin/pkg/admission/priority), both phases:
//  - mutating, on pod CREATE (not subresources): resolves spec.priorityClassName — or, when it is
//    empty, the globalDefault class (the lowest-valued one if several claim it) — into
//    spec.priority and spec.preemptionPolicy; no class at all gives priority 0 with
//    PreemptLowerPriority. A client-set priority or preemptionPolicy that differs from the
//    class's is refused. On pod UPDATE a client that dropped priority / preemptionPolicy gets the
//    stored values back (validation then forbids any real change).
//  - validating, on PriorityClass CREATE / UPDATE: only one class may be globalDefault.
//  - DELETE of a built-in class is refused (the priorityclass storage's Delete does that upstream;
//    admission is where this server can say no before anything changes).
//
// Pods stamped from one template share their spec, and this plugin keeps them sharing: the
// admitted spec is memoised per (frozen input spec, resolved class).

import type { KObject } from '../../../k8s/types';
import type { AdmissionPlugin, AdmissionRequest } from '../admission';
import type { ApiServer } from '../apiserver';
import { deepFreeze } from '../deep';
import { errors } from '../errors';
import { groupResource } from '../kinds/kind-definition';
import { podKind } from '../kinds/pod';
import { PREEMPT_LOWER_PRIORITY, priorityClassKind } from '../kinds/priorityclass';
import { SYSTEM_PRIORITY_CLASSES } from '../validation/priorityclass';
import { ObjectKeyMemo } from '../../runtime/small-map';

/** scheduling.DefaultPriorityWhenNoDefaultClassExists. */
export const DEFAULT_PRIORITY_WHEN_NO_DEFAULT_CLASS = 0;

interface Resolved {
  className: string;
  priority: number;
  preemptionPolicy: string;
}

const valueOf = (pc: KObject): number => (typeof pc.value === 'number' ? pc.value : 0);
const policyOf = (pc: KObject): string =>
  typeof pc.preemptionPolicy === 'string' ? pc.preemptionPolicy : PREEMPT_LOWER_PRIORITY;

/** admission.NewForbidden names the object by name, else by generateName, else "Unknown". */
function requestName(request: AdmissionRequest): string {
  return request.name || request.object?.metadata.name || request.object?.metadata.generateName || 'Unknown';
}

/** Memo of admitted specs: input spec → (resolution key → output spec). */
const admittedSpecs = new ObjectKeyMemo<NonNullable<KObject['spec']>>();

export function priorityAdmission(api: ApiServer): AdmissionPlugin {
  const classes = () => api.store.kindStore(priorityClassKind).values();

  /** getDefaultPriorityClass: the globalDefault class with the lowest value. */
  const defaultClass = (): KObject | undefined => {
    let found: KObject | undefined;
    for (const pc of classes()) {
      if (pc.globalDefault !== true) continue;
      if (!found || valueOf(found) > valueOf(pc)) found = pc;
    }
    return found;
  };

  const resolve = (request: AdmissionRequest, className: string): Resolved => {
    if (className === '') {
      const dpc = defaultClass();
      if (!dpc)
        return { className: '', priority: DEFAULT_PRIORITY_WHEN_NO_DEFAULT_CLASS, preemptionPolicy: PREEMPT_LOWER_PRIORITY };
      return { className: dpc.metadata.name ?? '', priority: valueOf(dpc), preemptionPolicy: policyOf(dpc) };
    }
    const pc = api.tryGet(priorityClassKind, undefined, className);
    if (!pc)
      throw errors.forbidden(groupResource(podKind), requestName(request), `no PriorityClass with name ${className} was found`);
    return { className, priority: valueOf(pc), preemptionPolicy: policyOf(pc) };
  };

  const admitPodCreate = (request: AdmissionRequest): KObject | undefined => {
    const pod = request.object!;
    const spec = pod.spec ?? {};
    const r = resolve(request, typeof spec.priorityClassName === 'string' ? spec.priorityClassName : '');
    if (typeof spec.priority === 'number' && spec.priority !== r.priority) {
      throw errors.forbidden(
        groupResource(podKind),
        requestName(request),
        `the integer value of priority (${spec.priority}) must not be provided in pod spec; priority admission controller computed ${r.priority} from the given PriorityClass name`,
      );
    }
    if (typeof spec.preemptionPolicy === 'string' && spec.preemptionPolicy !== r.preemptionPolicy) {
      throw errors.forbidden(
        groupResource(podKind),
        requestName(request),
        `the string value of PreemptionPolicy (${spec.preemptionPolicy}) must not be provided in pod spec; priority admission controller computed ${r.preemptionPolicy} from the given PriorityClass name`,
      );
    }
    const next = admittedSpec(spec, r);
    return next === spec ? pod : { ...pod, spec: next };
  };

  const admitPodUpdate = (request: AdmissionRequest): KObject | undefined => {
    const pod = request.object!;
    const old = request.oldObject;
    const spec = pod.spec ?? {};
    const oldSpec = old?.spec ?? {};
    let next = spec;
    if (spec.priority === undefined && typeof oldSpec.priority === 'number') next = { ...next, priority: oldSpec.priority };
    if (spec.preemptionPolicy === undefined && typeof oldSpec.preemptionPolicy === 'string') {
      next = { ...next, preemptionPolicy: oldSpec.preemptionPolicy };
    }
    return next === spec ? pod : { ...pod, spec: next };
  };

  return {
    name: 'Priority',
    admit(request) {
      if (request.subresource) return undefined;
      if (request.kind === podKind && request.object) {
        if (request.operation === 'CREATE') return admitPodCreate(request);
        if (request.operation === 'UPDATE') return admitPodUpdate(request);
        return undefined;
      }
      if (request.kind === priorityClassKind && request.operation === 'DELETE') {
        if (SYSTEM_PRIORITY_CLASSES.some((c) => c.name === request.name)) {
          throw errors.forbidden(
            groupResource(priorityClassKind),
            request.name,
            'this is a system priority class and cannot be deleted',
          );
        }
      }
      return undefined;
    },
    validate(request) {
      if (request.subresource || request.kind !== priorityClassKind || !request.object) return;
      if (request.operation !== 'CREATE' && request.operation !== 'UPDATE') return;
      const pc = request.object;
      if (pc.globalDefault !== true) return;
      const dpc = defaultClass();
      if (!dpc) return;
      if (request.operation === 'CREATE' || dpc.metadata.name !== pc.metadata.name) {
        throw errors.forbidden(
          groupResource(priorityClassKind),
          requestName(request),
          `PriorityClass ${dpc.metadata.name ?? ''} is already marked as default. Only one default can exist`,
        );
      }
    },
  };
}

/** The spec with the resolved fields, memoised per frozen input spec so template pods share it. */
function admittedSpec(spec: NonNullable<KObject['spec']>, r: Resolved): NonNullable<KObject['spec']> {
  const unchanged =
    spec.priority === r.priority &&
    spec.preemptionPolicy === r.preemptionPolicy &&
    (spec.priorityClassName ?? '') === r.className;
  if (unchanged) return spec;
  const key = `${r.className}\u0000${r.priority}\u0000${r.preemptionPolicy}`;
  const frozen = Object.isFrozen(spec);
  if (frozen) {
    const cached = admittedSpecs.get(spec, key);
    if (cached) return cached;
  }
  const next: Record<string, unknown> = { ...spec, priority: r.priority, preemptionPolicy: r.preemptionPolicy };
  if (r.className) next.priorityClassName = r.className;
  if (frozen) {
    deepFreeze(next);
    admittedSpecs.set(spec, key, next);
  }
  return next;
}

/** The built-in classes as the API server bootstraps them. */
export function systemPriorityClassObjects(): KObject[] {
  return SYSTEM_PRIORITY_CLASSES.map((c) => ({
    apiVersion: 'scheduling.k8s.io/v1',
    kind: 'PriorityClass',
    metadata: { name: c.name },
    value: c.value,
    description: c.description,
  }));
}

// How many pods a PodDisruptionBudget expects and how many must stay healthy
// (pkg/controller/disruption/disruption.go getExpectedPodCount / getExpectedScale and the
// controller finders):
//
//   minAvailable: <int>       expected = selected pods,           desired = the int
//   minAvailable: "<p>%"      expected = Σ scale of controllers,  desired = ceil(p% of expected)
//   maxUnavailable: <int|%>   expected = Σ scale of controllers,  desired = max(0, expected − ceil(maxUnavailable))
//   neither                   expected = 0,                        desired = 0
//
// A pod's controller scale is looked up through its controllerRef with the finders in upstream's
// order — ReplicationController, Deployment (pod → ReplicaSet → Deployment), ReplicaSet (not owned
// by a Deployment), StatefulSet — each reading spec.replicas of the object from a cache, then any
// other kind through its `scale` subresource. Kinds are resolved through the kind registry, so
// whichever workload kinds the build serves are found. Pods without a controllerRef are
// "unmanaged" (reported, not counted); a controllerRef no finder resolves is an error.

import { scaledValueFromIntOrPercent, type IntOrString } from '../../../k8s/int-or-string';
import type { KObject, OwnerReference } from '../../../k8s/types';
import type { ApiServer } from '../../api/apiserver';
import { isApiError } from '../../api/errors';
import type { KindDefinition } from '../../api/kinds/kind-definition';

/** Reads an object of a kind by namespace and name (an informer cache, or the API). */
export type ObjectLookup = (def: KindDefinition, namespace: string, name: string) => KObject | undefined;

export interface ExpectedCount {
  expectedCount: number;
  desiredHealthy: number;
  /** Names of selected pods without a controller (percent / maxUnavailable cases only). */
  unmanagedPods: string[];
}

interface ControllerAndScale {
  uid: string;
  scale: number;
}

type Finder = (ref: OwnerReference, namespace: string) => ControllerAndScale | undefined;

/** metav1.GetControllerOf. */
export function controllerRefOf(obj: KObject): OwnerReference | undefined {
  return obj.metadata.ownerReferences?.find((r) => r.controller === true);
}

/** schema.ParseGroupVersion of an ownerReference's apiVersion. */
function groupOf(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? '' : apiVersion.slice(0, slash);
}

function versionOf(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? apiVersion : apiVersion.slice(slash + 1);
}

/** verifyGroupKind. */
function isGroupKind(ref: OwnerReference, kind: string, groups: readonly string[]): boolean {
  return ref.kind === kind && groups.includes(groupOf(ref.apiVersion));
}

/** `jobs.batch`, `pods` (schema.GroupResource.String()). */
function groupResourceString(def: KindDefinition): string {
  return def.group ? `${def.plural}.${def.group}` : def.plural;
}

export class ExpectedPodCounter {
  constructor(
    private readonly api: ApiServer,
    private readonly lookup: ObjectLookup,
  ) {}

  /** The served kind `kind` of one of `groups` (apps first, like the listers). */
  private kindDef(kind: string, groups: readonly string[]): KindDefinition | undefined {
    const defs = this.api.registry.byKindName(kind);
    for (const g of groups) {
      const def = defs.find((d) => d.group === g);
      if (def) return def;
    }
    return undefined;
  }

  /** The object a ref points at, if it exists with the ref's uid. */
  private resolve(def: KindDefinition | undefined, ref: OwnerReference, namespace: string): KObject | undefined {
    if (!def) return undefined;
    const obj = this.lookup(def, namespace, ref.name);
    return obj && obj.metadata.uid === ref.uid ? obj : undefined;
  }

  private readonly finders: Finder[] = [
    // getPodReplicationController
    (ref, ns) => {
      if (!isGroupKind(ref, 'ReplicationController', [''])) return undefined;
      return replicasOf(this.resolve(this.kindDef('ReplicationController', ['']), ref, ns));
    },
    // getPodDeployment: pod → ReplicaSet → its Deployment.
    (ref, ns) => {
      if (!isGroupKind(ref, 'ReplicaSet', ['apps', 'extensions'])) return undefined;
      const rs = this.resolve(this.kindDef('ReplicaSet', ['apps', 'extensions']), ref, ns);
      const rsRef = rs && controllerRefOf(rs);
      if (!rsRef || !isGroupKind(rsRef, 'Deployment', ['apps', 'extensions'])) return undefined;
      return replicasOf(this.resolve(this.kindDef('Deployment', ['apps', 'extensions']), rsRef, ns));
    },
    // getPodReplicaSet: a ReplicaSet not controlled by a Deployment.
    (ref, ns) => {
      if (!isGroupKind(ref, 'ReplicaSet', ['apps', 'extensions'])) return undefined;
      const rs = this.resolve(this.kindDef('ReplicaSet', ['apps', 'extensions']), ref, ns);
      if (!rs || controllerRefOf(rs)?.kind === 'Deployment') return undefined;
      return replicasOf(rs);
    },
    // getPodStatefulSet
    (ref, ns) => {
      if (!isGroupKind(ref, 'StatefulSet', ['apps'])) return undefined;
      return replicasOf(this.resolve(this.kindDef('StatefulSet', ['apps']), ref, ns));
    },
    // getScaleController: any other kind through its scale subresource.
    (ref, ns) => {
      const def = this.api.registry.forObject(ref.apiVersion, ref.kind);
      if (!def) {
        const group = groupOf(ref.apiVersion);
        const version = versionOf(ref.apiVersion);
        throw new Error(`no matches for kind "${ref.kind}" in version "${group ? `${group}/${version}` : version}"`);
      }
      if (!def.scale) {
        // A 404 from a kind without the subresource (implementsScale says no).
        throw new Error(`${groupResourceString(def)} does not implement the scale subresource`);
      }
      try {
        const scale = this.api.getScale(def, ns, ref.name);
        if (scale.metadata.uid !== ref.uid) return undefined;
        return { uid: ref.uid, scale: scale.spec.replicas ?? 0 };
      } catch (e) {
        if (isApiError(e, 'NotFound')) return undefined;
        throw e;
      }
    },
  ];

  /** getExpectedScale: Σ scale over the distinct controllers of `pods`; throws when one has none. */
  expectedScale(pods: readonly KObject[]): { expectedCount: number; unmanagedPods: string[] } {
    const controllerScale = new Map<string, number>();
    const unmanagedPods: string[] = [];
    for (const pod of pods) {
      const ref = controllerRefOf(pod);
      if (!ref) {
        unmanagedPods.push(pod.metadata.name ?? '');
        continue;
      }
      if (controllerScale.has(ref.uid)) continue;
      let found = false;
      for (const finder of this.finders) {
        const cas = finder(ref, pod.metadata.namespace ?? '');
        if (cas) {
          controllerScale.set(cas.uid, cas.scale);
          found = true;
          break;
        }
      }
      if (!found) throw new Error(`found no controllers for pod ${JSON.stringify(pod.metadata.name ?? '')}`);
    }
    let expectedCount = 0;
    for (const n of controllerScale.values()) expectedCount += n;
    return { expectedCount, unmanagedPods };
  }

  /** getExpectedPodCount. Throws an Error (its message is what the PDB reports) on failure. */
  expectedPodCount(pdb: KObject, pods: readonly KObject[]): ExpectedCount {
    const spec = pdb.spec ?? {};
    const maxUnavailable = spec.maxUnavailable as IntOrString | null | undefined;
    const minAvailable = spec.minAvailable as IntOrString | null | undefined;
    if (maxUnavailable !== undefined && maxUnavailable !== null) {
      const { expectedCount, unmanagedPods } = this.expectedScale(pods);
      const max = scaledValueFromIntOrPercent(maxUnavailable, expectedCount, true);
      return { expectedCount, desiredHealthy: Math.max(0, expectedCount - max), unmanagedPods };
    }
    if (minAvailable !== undefined && minAvailable !== null) {
      if (typeof minAvailable === 'number') {
        return { expectedCount: pods.length, desiredHealthy: minAvailable, unmanagedPods: [] };
      }
      const { expectedCount, unmanagedPods } = this.expectedScale(pods);
      return { expectedCount, desiredHealthy: scaledValueFromIntOrPercent(minAvailable, expectedCount, true), unmanagedPods };
    }
    return { expectedCount: 0, desiredHealthy: 0, unmanagedPods: [] };
  }
}

/** controllerAndScale{uid, *spec.replicas} of a found workload (replicas defaults to 1 upstream). */
function replicasOf(obj: KObject | undefined): ControllerAndScale | undefined {
  if (!obj) return undefined;
  const replicas = obj.spec?.replicas;
  return { uid: obj.metadata.uid ?? '', scale: typeof replicas === 'number' ? replicas : 1 };
}

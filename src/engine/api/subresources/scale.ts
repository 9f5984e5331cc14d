// The `scale` subresource (autoscaling/v1 Scale) of every workload kind that declares
// `scale` on its KindDefinition (ReplicaSets, ReplicationControllers, Deployments, StatefulSets):
// pkg/registry/apps/{replicaset,deployment,statefulset}/storage ScaleREST and
// pkg/registry/core/replicationcontroller/storage ScaleREST.
//
//  GET    → Scale{metadata: name, namespace, uid, resourceVersion, creationTimestamp of the object;
//           spec.replicas = object spec.replicas; status.replicas = object status.replicas;
//           status.selector = the object's selector as a string}
//  UPDATE → the Scale is validated (spec.replicas ≥ 0, else 422 on `Scale.autoscaling`), a uid in it
//           must be the object's (409 on `<plural>/scale`), then spec.replicas and the Scale's
//           resourceVersion (a precondition when set) are moved onto the object, which goes through
//           the kind's normal update (strategy, validation, generation bump, admission)
//  PATCH  → the patch is applied to the current Scale, then as UPDATE.
// A kind without the subresource answers 404 like GET of a missing object.

import { selectorFromLabelSelector, selectorFromSet } from '../../../k8s/labels';
import type { KObject } from '../../../k8s/types';
import type { ApiServer, WriteOptions } from '../apiserver';
import { ApiError, errors, field, type FieldError } from '../errors';
import { groupResource, type KindDefinition } from '../kinds/kind-definition';
import { applyPatch, type PatchType } from '../patch';

/** How a kind serves `scale`: where its selector string comes from. */
export interface ScaleSubresource {
  /** The selector the Scale reports in status.selector (labels.Selector.String()). */
  selector(obj: KObject): string;
}

/** apps/v1 kinds: spec.selector is a metav1.LabelSelector (LabelSelectorAsSelector(...).String()). */
export const labelSelectorScale: ScaleSubresource = {
  selector: (obj) => selectorFromLabelSelector(obj.spec?.selector).toString(),
};

/** v1 ReplicationController: spec.selector is a plain map (labels.SelectorFromSet(...).String()). */
export const mapSelectorScale: ScaleSubresource = {
  selector: (obj) => selectorFromSet(obj.spec?.selector).toString(),
};

/** autoscaling/v1 Scale. */
export interface Scale {
  apiVersion: 'autoscaling/v1';
  kind: 'Scale';
  metadata: {
    name?: string;
    namespace?: string;
    uid?: string;
    resourceVersion?: string;
    creationTimestamp?: string;
  };
  spec: { replicas?: number };
  status: { replicas: number; selector?: string };
}

function scaleSubresourceOf(def: KindDefinition, name: string): ScaleSubresource {
  if (!def.scale) throw errors.notFound(groupResource(def), name);
  return def.scale;
}

/** The Scale of an object (scaleFromReplicaSet & co.). */
export function scaleOf(def: KindDefinition, obj: KObject): Scale {
  const sub = scaleSubresourceOf(def, obj.metadata.name ?? '');
  const m = obj.metadata;
  const metadata: Scale['metadata'] = { name: m.name };
  if (m.namespace) metadata.namespace = m.namespace;
  metadata.uid = m.uid;
  metadata.resourceVersion = m.resourceVersion;
  metadata.creationTimestamp = m.creationTimestamp;
  let selector: string;
  try {
    selector = sub.selector(obj);
  } catch (e) {
    throw errors.badRequest(e instanceof Error ? e.message : String(e));
  }
  const status: Scale['status'] = { replicas: obj.status?.replicas ?? 0 };
  if (selector) status.selector = selector;
  return { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata, spec: { replicas: obj.spec?.replicas ?? 0 }, status };
}

/** GET <resource>/<name>/scale. */
export function getScale(api: ApiServer, def: KindDefinition, namespace: string | undefined, name: string): Scale {
  scaleSubresourceOf(def, name);
  return scaleOf(def, api.get(def, namespace, name));
}

/** autoscaling validation.ValidateScale. */
function validateScale(scale: Scale): FieldError[] {
  const errs: FieldError[] = [];
  const replicas = scale.spec?.replicas ?? 0;
  if (replicas < 0) errs.push(field.invalid('spec.replicas', replicas, 'must be greater than or equal to 0'));
  return errs;
}

/** PUT <resource>/<name>/scale: returns the Scale of the updated object. */
export function updateScale(
  api: ApiServer,
  def: KindDefinition,
  namespace: string | undefined,
  name: string,
  scale: Scale,
  options: WriteOptions = {},
): Scale {
  scaleSubresourceOf(def, name);
  const existing = api.get(def, namespace, name);
  const errs = validateScale(scale);
  if (errs.length > 0) throw errors.invalid('autoscaling', 'Scale', name, errs);
  const uid = scale.metadata?.uid;
  if (uid && uid !== existing.metadata.uid) {
    throw errors.conflict(
      { group: def.group, resource: `${def.plural}/scale` },
      name,
      `Precondition failed: UID in precondition: ${uid}, UID in object meta: ${existing.metadata.uid ?? ''}`,
    );
  }
  const metadata = { ...existing.metadata };
  const rv = scale.metadata?.resourceVersion;
  if (rv) metadata.resourceVersion = rv;
  else delete metadata.resourceVersion;
  const updated = api.update({ ...existing, metadata, spec: { ...existing.spec, replicas: scale.spec?.replicas ?? 0 } }, options);
  return scaleOf(def, updated);
}

/** PATCH <resource>/<name>/scale: the patch applies to the current Scale. */
export function patchScale(
  api: ApiServer,
  def: KindDefinition,
  namespace: string | undefined,
  name: string,
  type: PatchType,
  patch: unknown,
  options: WriteOptions = {},
): Scale {
  const current = getScale(api, def, namespace, name);
  let patched: unknown;
  try {
    patched = applyPatch(type, current, patch, 'Scale');
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw errors.badRequest((e as Error).message);
  }
  if (typeof patched !== 'object' || patched === null || Array.isArray(patched)) {
    throw errors.badRequest('the patch did not produce an object');
  }
  return updateScale(api, def, namespace, name, patched as Scale, options);
}

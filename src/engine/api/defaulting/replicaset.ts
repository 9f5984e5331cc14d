// apps/v1 ReplicaSet and v1 ReplicationController defaulting (pkg/apis/apps/v1/defaults.go
// SetDefaults_ReplicaSet, pkg/apis/core/v1/defaults.go SetDefaults_ReplicationController, plus
// the pod template's defaults). Pure: returns the same object when nothing changes.

import type { KObject, PodSpec } from '../../../k8s/types';
import { isObj, patch } from './cow';
import { defaultPodTemplateSpec } from './pod';

/** SetDefaults_ReplicaSet: replicas 1; the template's pod spec defaults. */
export function defaultReplicaSet(obj: KObject): KObject {
  const spec: Record<string, unknown> = isObj(obj.spec) ? obj.spec : {};
  const changes: Record<string, unknown> = {};
  if (spec.replicas === undefined || spec.replicas === null) changes.replicas = 1;
  const template = (isObj(spec.template) ? spec.template : {}) as { spec?: PodSpec };
  const defaulted = defaultPodTemplateSpec(template);
  if (defaulted !== spec.template) changes.template = defaulted;
  const next = patch(spec, changes);
  return next === obj.spec ? obj : { ...obj, spec: next };
}

/**
 * SetDefaults_ReplicationController: when the template has labels, an empty selector and empty
 * object labels default to them; replicas 1; the template's pod spec defaults (a missing template
 * stays missing: validation reports it).
 */
export function defaultReplicationController(obj: KObject): KObject {
  const spec: Record<string, unknown> = isObj(obj.spec) ? obj.spec : {};
  const changes: Record<string, unknown> = {};
  let out = obj;
  const template = isObj(spec.template)
    ? (spec.template as { metadata?: { labels?: Record<string, string> }; spec?: PodSpec })
    : undefined;
  const labels = template?.metadata?.labels;
  if (labels && isObj(labels)) {
    if (!isObj(spec.selector) || Object.keys(spec.selector).length === 0) changes.selector = labels;
    const own = obj.metadata?.labels;
    if (!own || Object.keys(own).length === 0) out = { ...out, metadata: { ...out.metadata, labels } };
  }
  if (spec.replicas === undefined || spec.replicas === null) changes.replicas = 1;
  if (template) {
    const defaulted = defaultPodTemplateSpec(template);
    if (defaulted !== template) changes.template = defaulted;
  }
  const next = patch(spec, changes);
  return next === obj.spec ? out : { ...out, spec: next };
}

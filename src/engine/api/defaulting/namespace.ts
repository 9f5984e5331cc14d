// Defaulting for core/v1 Namespaces.
//
// API defaulting (pkg/apis/core/v1/defaults.go): SetDefaults_Namespace stamps the immutable
// `kubernetes.io/metadata.name` label with the namespace's name (whenever the name is known), and
// SetDefaults_NamespaceStatus sets `status.phase: Active` when unset.
//
// REST strategy (pkg/registry/core/namespace/strategy.go), create only: PrepareForCreate resets the
// status to `{phase: Active}` and makes sure `spec.finalizers` contains `kubernetes`. That is NOT
// part of defaulting because it must not run again on updates (the namespace controller removes the
// finalizer through /finalize while the namespace terminates), so it is a separate function here.

import type { KObject } from '../../../k8s/types';
import { isObj, patch, type Obj } from './cow';

export const LABEL_METADATA_NAME = 'kubernetes.io/metadata.name';
export const FINALIZER_KUBERNETES = 'kubernetes';

/** SetObjectDefaults_Namespace. Pure; returns `ns` itself when nothing changes. */
export function defaultNamespace<T extends KObject>(ns: T): T {
  let out = ns;
  const name = ns.metadata?.name;
  if (name) {
    const labels = ns.metadata.labels ?? {};
    if (labels[LABEL_METADATA_NAME] !== name) {
      out = patch(out, {
        metadata: { ...ns.metadata, labels: { ...labels, [LABEL_METADATA_NAME]: name } },
      } as unknown as Partial<T>);
    }
  }
  const status: Obj = isObj(out.status) ? out.status : {};
  if (status.phase === undefined || status.phase === '') {
    out = patch(out, { status: { ...status, phase: 'Active' } } as unknown as Partial<T>);
  }
  return out;
}

/**
 * Namespace REST strategy PrepareForCreate: status becomes exactly `{phase: Active}` and the
 * `kubernetes` finalizer is appended to `spec.finalizers` unless already there.
 */
export function prepareNamespaceForCreate<T extends KObject>(ns: T): T {
  const spec: Obj = isObj(ns.spec) ? ns.spec : {};
  const finalizers = Array.isArray(spec.finalizers) ? (spec.finalizers as string[]) : [];
  const nextSpec = finalizers.includes(FINALIZER_KUBERNETES)
    ? spec
    : { ...spec, finalizers: [...finalizers, FINALIZER_KUBERNETES] };
  const status = ns.status;
  const activeOnly = isObj(status) && Object.keys(status).length === 1 && status.phase === 'Active';
  return patch(ns, { spec: nextSpec, status: activeOnly ? status : { phase: 'Active' } } as unknown as Partial<T>);
}

// apps/v1 ReplicaSet (pkg/apis/apps/validation ValidateReplicaSet, ValidateReplicaSetSpec,
// ValidatePodTemplateSpecForReplicaSet, ValidateReplicaSetStatus) and v1 ReplicationController
// (pkg/apis/core/validation ValidateReplicationController, ValidatePodTemplateSpecForRC,
// ValidateReplicationControllerStatus) validation, with the selector immutability that
// pkg/registry/apps/replicaset/strategy.go adds on update for apps/v1. Expects defaulted objects.
// The pod template is checked with the pod validation (validatePodSpec) like upstream's
// ValidatePodTemplateSpec.

import { selectorFromLabelSelector, selectorFromSet, type LabelSelector, type Selector } from '../../../k8s/labels';
import { nameIsDNSSubdomain } from '../../../k8s/names';
import type { KObject, PodSpec } from '../../../k8s/types';
import { field, type FieldError } from '../errors';
import { goLabelSelector } from './deployment';
import { validateAnnotations, validateCommonUpdateFields, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta';
import { validatePodSpec } from './pod';
import { validateLabelSelector } from './selectors';
import { invalidGo } from './service';
import { asObj, child, FIELD_IMMUTABLE_ERROR_MSG, IS_NEGATIVE_ERROR_MSG, isObj, semanticEqual, validateLabels } from './util';

/** Go's %#v of a map[string]string. */
export function goStringMap(m: unknown): string {
  if (!isObj(m)) return 'map[string]string(nil)';
  const keys = Object.keys(m).sort();
  return `map[string]string{${keys.map((k) => `${JSON.stringify(k)}:${JSON.stringify(String(m[k]))}`).join(', ')}}`;
}

function nonNegative(v: unknown, path: string): FieldError[] {
  return typeof v === 'number' && v < 0 ? [field.invalid(path, v, IS_NEGATIVE_ERROR_MSG)] : [];
}

/** ValidatePodTemplateSpec: labels, annotations, the pod spec, no ephemeral containers. */
export function validatePodTemplateSpec(template: unknown, path: string): FieldError[] {
  const meta = asObj(asObj(template).metadata);
  const errs: FieldError[] = [];
  errs.push(...validateLabels(meta.labels, child(path, 'labels')));
  errs.push(...validateAnnotations(meta.annotations, child(path, 'annotations')));
  const tspec = asObj(template).spec;
  const spec = (isObj(tspec) ? tspec : {}) as PodSpec & Record<string, unknown>;
  errs.push(...validatePodSpec(spec, child(path, 'spec')));
  if (Array.isArray(spec.ephemeralContainers) && spec.ephemeralContainers.length > 0) {
    errs.push(field.forbidden(child(path, 'spec', 'ephemeralContainers'), 'ephemeral containers not allowed in pod template'));
  }
  return errs;
}

/**
 * ValidatePodTemplateSpecForReplicaSet / ValidatePodTemplateSpecForRC: the template's labels
 * satisfy a non-empty selector, the template is a valid pod template, restartPolicy is Always and
 * activeDeadlineSeconds is unset (`activeDeadlineSeconds in <ownerKind> is not Supported`).
 */
export function validatePodTemplateForReplicas(
  template: unknown,
  selector: Selector,
  path: string,
  ownerKind: 'ReplicaSet' | 'ReplicationController',
): FieldError[] {
  if (!isObj(template)) return [field.required(path, '')];
  const errs: FieldError[] = [];
  const meta = asObj(template.metadata);
  const labels = isObj(meta.labels) ? (meta.labels as Record<string, string>) : undefined;
  if (!selector.empty() && !selector.matches(labels ?? {})) {
    errs.push(invalidGo(child(path, 'metadata', 'labels'), goStringMap(labels), '`selector` does not match template `labels`'));
  }
  errs.push(...validatePodTemplateSpec(template, path));
  const spec = (isObj(template.spec) ? template.spec : {}) as PodSpec & Record<string, unknown>;
  if (spec.restartPolicy !== 'Always') {
    errs.push(field.notSupported(child(path, 'spec', 'restartPolicy'), spec.restartPolicy ?? '', ['Always']));
  }
  if (spec.activeDeadlineSeconds !== undefined && spec.activeDeadlineSeconds !== null) {
    errs.push(
      field.forbidden(child(path, 'spec', 'activeDeadlineSeconds'), `activeDeadlineSeconds in ${ownerKind} is not Supported`),
    );
  }
  return errs;
}

// ---- ReplicaSet -------------------------------------------------------------------------------

/** ValidateReplicaSetSpec. */
export function validateReplicaSetSpec(specIn: unknown, path = 'spec'): FieldError[] {
  const spec = asObj(specIn);
  const errs: FieldError[] = [];
  errs.push(...nonNegative(spec.replicas, child(path, 'replicas')));
  errs.push(...nonNegative(spec.minReadySeconds, child(path, 'minReadySeconds')));
  const ls = isObj(spec.selector) ? (spec.selector as LabelSelector) : undefined;
  if (!ls) {
    errs.push(field.required(child(path, 'selector'), ''));
  } else {
    errs.push(...validateLabelSelector(ls, {}, child(path, 'selector')));
    if (Object.keys(ls.matchLabels ?? {}).length + (ls.matchExpressions ?? []).length === 0) {
      // (sic: upstream's ReplicaSet validation says "deployment".)
      errs.push(invalidGo(child(path, 'selector'), goLabelSelector(ls), 'empty selector is invalid for deployment'));
    }
  }
  let selector: Selector;
  try {
    selector = selectorFromLabelSelector(ls);
  } catch {
    errs.push(invalidGo(child(path, 'selector'), goLabelSelector(ls), 'invalid label selector'));
    return errs;
  }
  errs.push(...validatePodTemplateForReplicas(spec.template, selector, child(path, 'template'), 'ReplicaSet'));
  return errs;
}

/** ValidateReplicaSet (create). */
export function validateReplicaSet(rs: KObject): FieldError[] {
  return [
    ...validateObjectMeta(rs.metadata, { namespaced: true, validateName: nameIsDNSSubdomain }),
    ...validateReplicaSetSpec(rs.spec),
  ];
}

/** The strategy's ValidateUpdate: metadata update rules, the spec, and (apps/v1) the immutable selector. */
export function validateReplicaSetUpdate(rs: KObject, old: KObject): FieldError[] {
  const errs = [
    ...validateCommonUpdateFields(rs.metadata, old.metadata, true),
    ...validateObjectMetaUpdate(rs.metadata, old.metadata, 'metadata'),
    ...validateReplicaSetSpec(rs.spec),
  ];
  if (!semanticEqual(rs.spec?.selector, old.spec?.selector)) {
    errs.push(invalidGo('spec.selector', goLabelSelector(rs.spec?.selector), FIELD_IMMUTABLE_ERROR_MSG));
  }
  return errs;
}

/** ValidateReplicaSetStatus / ValidateReplicationControllerStatus: non-negative, consistent counts. */
export function validateReplicasStatus(statusIn: unknown, path = 'status'): FieldError[] {
  const status = asObj(statusIn);
  const errs: FieldError[] = [];
  for (const f of [
    'replicas',
    'fullyLabeledReplicas',
    'readyReplicas',
    'availableReplicas',
    'observedGeneration',
    'terminatingReplicas',
  ]) {
    errs.push(...nonNegative(status[f], child(path, f)));
  }
  const num = (k: string) => (typeof status[k] === 'number' ? (status[k] as number) : 0);
  if (num('fullyLabeledReplicas') > num('replicas'))
    errs.push(
      field.invalid(child(path, 'fullyLabeledReplicas'), num('fullyLabeledReplicas'), 'cannot be greater than status.replicas'),
    );
  if (num('readyReplicas') > num('replicas'))
    errs.push(field.invalid(child(path, 'readyReplicas'), num('readyReplicas'), 'cannot be greater than status.replicas'));
  if (num('availableReplicas') > num('replicas'))
    errs.push(
      field.invalid(child(path, 'availableReplicas'), num('availableReplicas'), 'cannot be greater than status.replicas'),
    );
  if (num('availableReplicas') > num('readyReplicas'))
    errs.push(field.invalid(child(path, 'availableReplicas'), num('availableReplicas'), 'cannot be greater than readyReplicas'));
  return errs;
}

/** ValidateReplicaSetStatusUpdate / ValidateReplicationControllerStatusUpdate. */
export function validateReplicasStatusUpdate(obj: KObject, old: KObject): FieldError[] {
  return [
    ...validateCommonUpdateFields(obj.metadata, old.metadata, true),
    ...validateObjectMetaUpdate(obj.metadata, old.metadata, 'metadata'),
    ...validateReplicasStatus(obj.status),
  ];
}

// ---- ReplicationController --------------------------------------------------------------------

/** ValidateReplicationControllerSpec. */
export function validateReplicationControllerSpec(specIn: unknown, path = 'spec'): FieldError[] {
  const spec = asObj(specIn);
  const errs: FieldError[] = [];
  errs.push(...nonNegative(spec.minReadySeconds, child(path, 'minReadySeconds')));
  const selectorMap = isObj(spec.selector) ? (spec.selector as Record<string, string>) : undefined;
  const selector = selectorFromSet(selectorMap);
  // ValidateNonEmptySelector.
  if (selector.empty()) errs.push(field.required(child(path, 'selector'), ''));
  errs.push(...nonNegative(spec.replicas, child(path, 'replicas')));
  errs.push(...validatePodTemplateForReplicas(spec.template, selector, child(path, 'template'), 'ReplicationController'));
  return errs;
}

/** ValidateReplicationController (create). */
export function validateReplicationController(rc: KObject): FieldError[] {
  return [
    ...validateObjectMeta(rc.metadata, { namespaced: true, validateName: nameIsDNSSubdomain }),
    ...validateReplicationControllerSpec(rc.spec),
  ];
}

/** ValidateReplicationControllerUpdate: the selector may change on a v1 RC. */
export function validateReplicationControllerUpdate(rc: KObject, old: KObject): FieldError[] {
  return [
    ...validateCommonUpdateFields(rc.metadata, old.metadata, true),
    ...validateObjectMetaUpdate(rc.metadata, old.metadata, 'metadata'),
    ...validateReplicationControllerSpec(rc.spec),
  ];
}

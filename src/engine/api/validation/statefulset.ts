// apps/v1 StatefulSet validation (pkg/apis/apps/validation/validation.go ValidateStatefulSet,
// ValidateStatefulSetSpec, ValidatePodTemplateSpecForStatefulSet, validateRollingUpdateStatefulSet,
// ValidatePersistentVolumeClaimRetentionPolicy, ValidateStatefulSetUpdate,
// ValidateStatefulSetStatusUpdate). Expects a defaulted object.
//
// As upstream, the pod template's spec is NOT validated here (only its labels and annotations,
// restartPolicy and activeDeadlineSeconds): a bad container shows up later, when the controller
// creates the pod (FailedCreate event).

import { selectorFromLabelSelector, type LabelSelector } from '../../../k8s/labels';
import { nameIsDNSLabel } from '../../../k8s/names';
import type { KObject } from '../../../k8s/types';
import { field, type FieldError } from '../errors';
import {
  goIntOrString,
  goLabelSelector,
  goMap,
  intOrPercentValue,
  percentValue,
  validatePositiveIntOrPercent,
} from './deployment';
import { validateAnnotations, validateCommonUpdateFields, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta';
import { validateLabelSelector } from './selectors';
import { invalidGo } from './service';
import { asObj, child, isObj, IS_NEGATIVE_ERROR_MSG, semanticEqual, validateLabels } from './util';

export const STATEFULSET_SPEC_FORBIDDEN_MSG =
  "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden";

function nonNegative(v: unknown, path: string): FieldError[] {
  return typeof v === 'number' && v < 0 ? [field.invalid(path, v, IS_NEGATIVE_ERROR_MSG)] : [];
}

/** validateRollingUpdateStatefulSet: partition ≥ 0; maxUnavailable positive, not 0, ≤ 100%. */
function validateRollingUpdateStatefulSet(ru: Record<string, unknown>, path: string): FieldError[] {
  const errs = nonNegative(ru.partition, child(path, 'partition'));
  const maxPath = child(path, 'maxUnavailable');
  if (ru.maxUnavailable !== undefined && ru.maxUnavailable !== null) {
    errs.push(...validatePositiveIntOrPercent(ru.maxUnavailable, maxPath));
    if (intOrPercentValue(ru.maxUnavailable) === 0)
      errs.push(invalidGo(maxPath, goIntOrString(ru.maxUnavailable), 'cannot be 0'));
    const p = percentValue(ru.maxUnavailable);
    if (p !== undefined && p > 100)
      errs.push(invalidGo(maxPath, goIntOrString(ru.maxUnavailable), 'must not be greater than 100%'));
  }
  return errs;
}

/** Go's %#v of an apps.RollingUpdateStatefulSetStrategy (field.Invalid dereferences the pointer). */
function goRollingUpdate(ru: Record<string, unknown>): string {
  const max =
    ru.maxUnavailable === undefined || ru.maxUnavailable === null
      ? '(*intstr.IntOrString)(nil)'
      : '(*intstr.IntOrString)(0xc000000000)';
  return `apps.RollingUpdateStatefulSetStrategy{Partition:${typeof ru.partition === 'number' ? ru.partition : 0}, MaxUnavailable:${max}}`;
}

/** Go's %#v of an apps.StatefulSetUpdateStrategy (pointers have no address to show here). */
function goUpdateStrategy(strategy: Record<string, unknown>): string {
  const ru = isObj(strategy.rollingUpdate)
    ? '(*apps.RollingUpdateStatefulSetStrategy)(0xc000000000)'
    : '(*apps.RollingUpdateStatefulSetStrategy)(nil)';
  return `apps.StatefulSetUpdateStrategy{Type:${JSON.stringify(String(strategy.type ?? ''))}, RollingUpdate:${ru}}`;
}

function validateUpdateStrategy(strategy: Record<string, unknown>, path: string): FieldError[] {
  switch (strategy.type) {
    case undefined:
    case null:
    case '':
      return [field.required(path, '')];
    case 'OnDelete':
      return isObj(strategy.rollingUpdate)
        ? [
            invalidGo(
              child(path, 'rollingUpdate'),
              goRollingUpdate(strategy.rollingUpdate),
              "only allowed for updateStrategy 'RollingUpdate'",
            ),
          ]
        : [];
    case 'RollingUpdate':
      return isObj(strategy.rollingUpdate)
        ? validateRollingUpdateStatefulSet(strategy.rollingUpdate, child(path, 'rollingUpdate'))
        : [];
    default:
      return [invalidGo(path, goUpdateStrategy(strategy), "must be 'RollingUpdate' or 'OnDelete'")];
  }
}

function validateRetentionPolicy(policy: unknown, path: string): FieldError[] {
  if (!isObj(policy)) return [];
  const errs: FieldError[] = [];
  for (const f of ['whenDeleted', 'whenScaled']) {
    const v = policy[f];
    if (v !== 'Retain' && v !== 'Delete') errs.push(field.notSupported(child(path, f), v ?? '', ['Retain', 'Delete']));
  }
  return errs;
}

/** ValidateStatefulSetSpec. */
export function validateStatefulSetSpec(specIn: unknown, path = 'spec'): FieldError[] {
  const spec = asObj(specIn);
  const errs: FieldError[] = [];
  const policy = spec.podManagementPolicy;
  if (policy === undefined || policy === null || policy === '') errs.push(field.required(child(path, 'podManagementPolicy'), ''));
  else if (policy !== 'OrderedReady' && policy !== 'Parallel')
    errs.push(field.invalid(child(path, 'podManagementPolicy'), policy, "must be 'OrderedReady' or 'Parallel'"));
  errs.push(...validateUpdateStrategy(asObj(spec.updateStrategy), child(path, 'updateStrategy')));
  errs.push(
    ...validateRetentionPolicy(spec.persistentVolumeClaimRetentionPolicy, child(path, 'persistentVolumeClaimRetentionPolicy')),
  );
  errs.push(...nonNegative(spec.replicas, child(path, 'replicas')));
  errs.push(...nonNegative(spec.minReadySeconds, child(path, 'minReadySeconds')));
  if (isObj(spec.ordinals)) errs.push(...nonNegative(spec.ordinals.start, child(path, 'ordinals.start')));

  const selector = isObj(spec.selector) ? (spec.selector as LabelSelector) : undefined;
  if (!selector) {
    errs.push(field.required(child(path, 'selector'), ''));
  } else {
    errs.push(...validateLabelSelector(selector, {}, child(path, 'selector')));
    if (Object.keys(selector.matchLabels ?? {}).length + (selector.matchExpressions ?? []).length === 0) {
      errs.push(invalidGo(child(path, 'selector'), goLabelSelector(selector), 'empty selector is invalid for statefulset'));
    }
  }
  const templatePath = child(path, 'template');
  const template = asObj(spec.template);
  const meta = asObj(template.metadata);
  let parsed;
  try {
    parsed = selectorFromLabelSelector(selector);
  } catch {
    parsed = undefined;
  }
  if (!parsed) {
    errs.push(invalidGo(child(path, 'selector'), selector ? goLabelSelector(selector) : 'null', ''));
  } else {
    // ValidatePodTemplateSpecForStatefulSet: an empty (nil) selector is not compared.
    const labels = isObj(meta.labels) ? (meta.labels as Record<string, string>) : {};
    if (!parsed.empty() && !parsed.matches(labels)) {
      errs.push(
        invalidGo(child(templatePath, 'metadata', 'labels'), goMap(meta.labels), '`selector` does not match template `labels`'),
      );
    }
    errs.push(...validateLabels(meta.labels, child(templatePath, 'labels')));
    errs.push(...validateAnnotations(meta.annotations, child(templatePath, 'annotations')));
  }
  const podSpec = asObj(template.spec);
  if (podSpec.restartPolicy !== 'Always') {
    errs.push(field.notSupported(child(templatePath, 'spec', 'restartPolicy'), podSpec.restartPolicy ?? '', ['Always']));
  }
  if (podSpec.activeDeadlineSeconds !== undefined && podSpec.activeDeadlineSeconds !== null) {
    errs.push(
      field.forbidden(
        child(templatePath, 'spec', 'activeDeadlineSeconds'),
        'activeDeadlineSeconds in StatefulSet is not Supported',
      ),
    );
  }
  return errs;
}

/** ValidateStatefulSet (create): the name must be a DNS label (it prefixes pod hostnames). */
export function validateStatefulSet(sts: KObject): FieldError[] {
  return [
    ...validateObjectMeta(sts.metadata, { namespaced: true, validateName: nameIsDNSLabel }),
    ...validateStatefulSetSpec(sts.spec),
  ];
}

/** Spec fields an update may change. */
const MUTABLE_SPEC_FIELDS = [
  'replicas',
  'template',
  'updateStrategy',
  'minReadySeconds',
  'ordinals',
  'persistentVolumeClaimRetentionPolicy',
];

/** ValidateStatefulSetUpdate: the spec again, then everything but the mutable fields is frozen. */
export function validateStatefulSetUpdate(sts: KObject, old: KObject): FieldError[] {
  const errs = [
    ...validateCommonUpdateFields(sts.metadata, old.metadata, true),
    ...validateObjectMetaUpdate(sts.metadata, old.metadata, 'metadata'),
    ...validateStatefulSetSpec(sts.spec),
  ];
  const frozen = (spec: unknown) => {
    const copy: Record<string, unknown> = { ...asObj(spec) };
    for (const f of MUTABLE_SPEC_FIELDS) delete copy[f];
    return copy;
  };
  if (!semanticEqual(frozen(sts.spec), frozen(old.spec))) errs.push(field.forbidden('spec', STATEFULSET_SPEC_FORBIDDEN_MSG));
  return errs;
}

const STATUS_COUNTERS = ['replicas', 'readyReplicas', 'currentReplicas', 'updatedReplicas', 'availableReplicas'];

/** ValidateStatefulSetStatusUpdate. */
export function validateStatefulSetStatusUpdate(sts: KObject, old: KObject): FieldError[] {
  const errs: FieldError[] = [];
  const status = asObj(sts.status);
  for (const f of STATUS_COUNTERS) errs.push(...nonNegative(status[f], child('status', f)));
  errs.push(...nonNegative(status.observedGeneration, 'status.observedGeneration'));
  errs.push(...nonNegative(status.collisionCount, 'status.collisionCount'));
  const replicas = typeof status.replicas === 'number' ? status.replicas : 0;
  for (const f of ['readyReplicas', 'currentReplicas', 'updatedReplicas', 'availableReplicas']) {
    const v = status[f];
    if (typeof v === 'number' && v > replicas)
      errs.push(field.invalid(child('status', f), v, 'cannot be greater than status.replicas'));
  }
  const ready = typeof status.readyReplicas === 'number' ? status.readyReplicas : 0;
  if (typeof status.availableReplicas === 'number' && status.availableReplicas > ready)
    errs.push(field.invalid('status.availableReplicas', status.availableReplicas, 'cannot be greater than status.readyReplicas'));
  errs.push(...validateCommonUpdateFields(sts.metadata, old.metadata, true));
  errs.push(...validateObjectMetaUpdate(sts.metadata, old.metadata, 'metadata'));
  const oldCount = asObj(old.status).collisionCount;
  if (typeof oldCount === 'number') {
    const count = typeof status.collisionCount === 'number' ? status.collisionCount : 0;
    if (count < oldCount) errs.push(field.invalid('status.collisionCount', count, 'cannot be decremented'));
  }
  return errs;
}

// core/v1 Node validation: ValidateNode / ValidateNodeUpdate (pkg/apis/core/validation) as the
// node REST strategy applies them.
//
// Faithful oddity: taint errors are reported under `metadata.taints[i]` (upstream builds the path
// from the metadata path), e.g. `metadata.taints[0].effect: Required value`.

import type { KObject } from '../../../k8s/types';
import { field, type FieldError } from '../errors';
import { isValidLabelValue, nameIsDNSSubdomain } from '../../../k8s/names';
import { validateCommonUpdateFields, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta';
import { validateTaintEffect } from './pod';
import { decodeQuantity, validateResourceQuantityValue } from './resources';
import { asArray, asObj, asString, child, index, isCIDRSloppy, validateCIDR, validateLabelName, type Obj } from './util';

/** The taint as the internal core.Taint struct renders in an error (no json tags: Go field names). */
function taintValue(t: Obj): Record<string, unknown> {
  return { Key: asString(t.key), Value: asString(t.value), Effect: asString(t.effect), TimeAdded: t.timeAdded ?? null };
}

/** validateNodeTaints. */
export function validateNodeTaints(taints: unknown, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const unique = new Map<string, Set<string>>();
  asArray(taints).forEach((raw, i) => {
    const t = asObj(raw);
    const idx = index(path, i);
    const k = asString(t.key);
    const value = asString(t.value);
    const effect = asString(t.effect);
    errs.push(...validateLabelName(k, child(idx, 'key')));
    const msgs = isValidLabelValue(value);
    if (msgs.length > 0) errs.push(field.invalid(child(idx, 'value'), value, msgs.join(';')));
    errs.push(...validateTaintEffect(effect, false, child(idx, 'effect')));
    const keys = unique.get(effect);
    if (keys && keys.has(k)) {
      errs.push({ ...field.duplicate(idx, taintValue(t)), detail: 'taints must be unique by key and effect pair' });
      return;
    }
    if (keys) keys.add(k);
    else unique.set(effect, new Set([k]));
  });
  return errs;
}

/** ValidateNodeResources: capacity and allocatable quantities (paths use `.`, not `[key]`). */
function validateNodeResources(node: KObject): FieldError[] {
  const errs: FieldError[] = [];
  const status = asObj(node.status);
  for (const f of ['capacity', 'allocatable']) {
    for (const [name, raw] of Object.entries(asObj(status[f]))) {
      const q = decodeQuantity(raw);
      if (q) errs.push(...validateResourceQuantityValue(name, q, child('status', f, name)));
    }
  }
  return errs;
}

/** The internal podCIDRs: v1 `podCIDR` converts to `podCIDRs[0]` when podCIDRs is empty. */
function podCIDRsOf(node: KObject): string[] {
  const spec = asObj(node.spec);
  const cidrs = asArray(spec.podCIDRs).map(asString);
  if (cidrs.length === 0 && asString(spec.podCIDR) !== '') return [asString(spec.podCIDR)];
  return cidrs;
}

/** ValidateNode. */
export function validateNodeCreate(node: KObject): FieldError[] {
  const errs = validateObjectMeta(node.metadata, { namespaced: false, validateName: nameIsDNSSubdomain });
  const taints = asArray(asObj(node.spec).taints);
  if (taints.length > 0) errs.push(...validateNodeTaints(taints, 'metadata.taints'));
  errs.push(...validateNodeResources(node));
  const cidrs = podCIDRsOf(node);
  if (cidrs.length > 0) {
    cidrs.forEach((c, i) => errs.push(...validateCIDR(index('spec.podCIDRs', i), c)));
    if (cidrs.length > 1 && cidrs.every(isCIDRSloppy)) {
      const families = new Set(cidrs.map((c) => (c.includes(':') ? 6 : 4)));
      if (families.size !== 2 || cidrs.length > 2) {
        errs.push(field.invalid('spec.podCIDRs', cidrs, 'may specify no more than one CIDR for each IP family'));
      }
    }
    if (cidrs.length > 1) {
      const seen = new Set<string>();
      cidrs.forEach((c, i) => {
        if (seen.has(c)) errs.push(field.duplicate(index('spec.podCIDRs', i), c));
        seen.add(c);
      });
    }
  }
  return errs;
}

/** What creating a Node is checked against (node strategy Validate = ValidateNode). */
export function validateNode(node: KObject): FieldError[] {
  return validateNodeCreate(node);
}

/** ValidateNodeUpdate alone (also what a `nodes/<name>/status` write checks after the common fields). */
function validateNodeUpdateOnly(node: KObject, oldNode: KObject): FieldError[] {
  const errs = validateObjectMetaUpdate(node.metadata, oldNode.metadata);
  errs.push(...validateNodeResources(node));
  const seen = new Set<string>();
  asArray(asObj(node.status).addresses).forEach((a, i) => {
    const addr = asObj(a);
    const k = `${asString(addr.type)}\u0000${asString(addr.address)}`;
    if (seen.has(k))
      errs.push(field.duplicate(index('status.addresses', i), { Type: asString(addr.type), Address: asString(addr.address) }));
    seen.add(k);
  });
  const oldCIDRs = podCIDRsOf(oldNode);
  const newCIDRs = podCIDRsOf(node);
  const cidrMsg = 'node updates may not change podCIDR except from "" to valid';
  if (oldCIDRs.length > 0) {
    if (oldCIDRs.length !== newCIDRs.length) errs.push(field.forbidden('spec.podCIDRs', cidrMsg));
    else oldCIDRs.forEach((c, i) => c !== newCIDRs[i] && errs.push(field.forbidden('spec.podCIDRs', cidrMsg)));
  }
  const oldProvider = asString(asObj(oldNode.spec).providerID);
  if (oldProvider.length > 0 && oldProvider !== asString(asObj(node.spec).providerID)) {
    errs.push(field.forbidden('spec.providerID', 'node updates may not change providerID except from "" to valid'));
  }
  const taints = asArray(asObj(node.spec).taints);
  if (taints.length > 0) errs.push(...validateNodeTaints(taints, 'metadata.taints'));
  if (asString(asObj(node.spec).externalID) !== asString(asObj(oldNode.spec).externalID)) {
    errs.push(field.forbidden('spec.externalID', 'may not be updated'));
  }
  return errs;
}

/**
 * Everything a Node update is checked against: the registry's common metadata checks, then the
 * node strategy's ValidateUpdate (ValidateNode on the new object followed by ValidateNodeUpdate).
 */
export function validateNodeUpdate(node: KObject, oldNode: KObject): FieldError[] {
  return [
    ...validateCommonUpdateFields(node.metadata, oldNode.metadata, false),
    ...validateNodeCreate(node),
    ...validateNodeUpdateOnly(node, oldNode),
  ];
}

/** A `nodes/<name>/status` write: common metadata checks, then ValidateNodeUpdate. */
export function validateNodeStatusUpdate(node: KObject, oldNode: KObject): FieldError[] {
  return [...validateCommonUpdateFields(node.metadata, oldNode.metadata, false), ...validateNodeUpdateOnly(node, oldNode)];
}

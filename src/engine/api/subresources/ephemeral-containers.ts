// The pods/ephemeralcontainers subresource (pkg/registry/core/pod: podEphemeralContainersStrategy
// and validation ValidatePodEphemeralContainersUpdate). An UPDATE or PATCH of this subresource can
// only change spec.ephemeralContainers: everything else (the rest of the spec, status, labels,
// annotations, finalizers, owners) is reset to the stored pod before validation. Ephemeral
// containers can be added but never removed or changed, their names must be unique among all the
// pod's containers, and they are checked with the pod's own container validation (the pod's
// defaulting has already filled in imagePullPolicy and the termination-message fields).
// `kubectl debug` sends a strategic merge patch here.

import type { KObject, ObjectMeta } from '../../../k8s/types';
import type { FieldError } from '../errors';
import { field } from '../errors';
import { validatePodSpec } from '../validation/pod';
import { asArray, asObj, asString, isObj, isSet, semanticEqual, type Obj } from '../validation/util';

export const EPHEMERAL_CONTAINERS_SUBRESOURCE = 'ephemeralcontainers';

const MIRROR_POD_ANNOTATION = 'kubernetes.io/config.mirror';

/**
 * dropNonEphemeralContainerUpdates + metav1.ResetObjectMetaForStatus: the stored pod with only the
 * request's spec.ephemeralContainers (identity fields were already checked by the server).
 */
export function prepareEphemeralContainersUpdate(incoming: KObject, existing: KObject): KObject {
  const spec: Obj = { ...(existing.spec ?? {}) };
  const requested = incoming.spec?.ephemeralContainers;
  // The field is omitempty: an emptied list is no list.
  if (Array.isArray(requested) && requested.length > 0) spec.ephemeralContainers = requested;
  else delete spec.ephemeralContainers;
  const metadata: ObjectMeta = { ...existing.metadata };
  return { ...existing, metadata, spec: spec as KObject['spec'] };
}

/** ValidatePodEphemeralContainersUpdate (after the strategy reset everything else). */
export function validateEphemeralContainersUpdate(next: KObject, old: KObject): FieldError[] {
  // The whole pod spec is re-validated as a Pod's: only the ephemeral containers can have changed,
  // so only their errors can be new (names, duplicates, forbidden fields, target container).
  const errs = validatePodSpec(next.spec, 'spec', { resourceIsPod: true, podMeta: next.metadata });
  // Static pods cannot take ephemeral containers (#113935): that is the only error reported.
  if (old.metadata.annotations?.[MIRROR_POD_ANNOTATION] !== undefined) {
    return [field.forbidden('', 'static pods do not support ephemeral containers')];
  }
  const byName = new Map<string, Obj>();
  for (const c of asArray(next.spec?.ephemeralContainers)) byName.set(asString(asObj(c).name), asObj(c));
  // Order is not preserved by a patch, so each existing container is looked up by name.
  for (const raw of asArray(old.spec?.ephemeralContainers)) {
    const previous = asObj(raw);
    const name = asString(previous.name);
    const current = byName.get(name);
    if (!current) {
      errs.push(field.forbidden('spec.ephemeralContainers', `existing ephemeral containers "${name}" may not be removed\n`));
    } else if (!semanticEqual(previous, current)) {
      errs.push(
        field.forbidden(
          'spec.ephemeralContainers',
          `existing ephemeral containers "${name}" may not be changed\n${containerDiff(previous, current)}`,
        ),
      );
    }
  }
  return errs;
}

/**
 * An approximation of the cmp.Diff the server appends (`- \tImage: "busybox",` / `+ ...`): Go's
 * output depends on its struct layout, so it cannot be reproduced byte for byte.
 */
function containerDiff(previous: Obj, current: Obj): string {
  const keys = [...new Set([...Object.keys(previous), ...Object.keys(current)])].filter(
    (k) => isSet(previous[k]) || isSet(current[k]),
  );
  const lines = ['  core.EphemeralContainer{'];
  let identical = 0;
  const flush = () => {
    if (identical > 0) lines.push(`  \t... // ${identical} identical field${identical === 1 ? '' : 's'}`);
    identical = 0;
  };
  for (const k of keys) {
    if (semanticEqual(previous[k], current[k])) {
      identical++;
      continue;
    }
    flush();
    const name = k.charAt(0).toUpperCase() + k.slice(1);
    if (isSet(previous[k])) lines.push(`- \t${name}: ${goValue(previous[k])},`);
    if (isSet(current[k])) lines.push(`+ \t${name}: ${goValue(current[k])},`);
  }
  flush();
  lines.push('  }');
  return `${lines.join('\n')}\n`;
}

function goValue(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return `{${v.map((x) => JSON.stringify(x)).join(', ')}}`;
  if (isObj(v) || Array.isArray(v)) return `&{...}`;
  return String(v);
}

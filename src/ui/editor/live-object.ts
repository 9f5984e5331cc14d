// live-object: the YAML the editor shows for "Edit live object", like `kubectl edit` but
// without the parts a manifest never sets: status, managedFields, creationTimestamp and
// generation are left out, and so is the last-applied annotation (Apply writes it again).
// metadata.resourceVersion (and uid) stay, so applying an edit made against an old version is
// refused with a conflict instead of silently overwriting a newer one.

import { stringify } from 'yaml';
import type { KObject } from '../../k8s/types';

const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

/** The object as an editable manifest (plain data, keys in kubectl's order). */
export function editableObject(obj: KObject): Record<string, unknown> {
  const { apiVersion, kind, metadata, status: _status, ...rest } = obj as KObject & { status?: unknown };
  const {
    managedFields: _managed,
    creationTimestamp: _created,
    generation: _generation,
    annotations,
    ...meta
  } = (metadata ?? {}) as Record<string, unknown> & {
    annotations?: Record<string, string>;
  };
  const kept = annotations ? Object.fromEntries(Object.entries(annotations).filter(([k]) => k !== LAST_APPLIED)) : undefined;
  const metadataOut: Record<string, unknown> = { ...meta };
  if (kept && Object.keys(kept).length > 0) metadataOut.annotations = kept;
  return { apiVersion, kind, metadata: metadataOut, ...rest };
}

/** YAML text for the editor. */
export function liveObjectYaml(obj: KObject): string {
  return stringify(editableObject(obj), { lineWidth: 0, aliasDuplicateObjects: false });
}

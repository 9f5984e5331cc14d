// apps/v1 ControllerRevision (pkg/registry/apps/controllerrevision): an immutable snapshot of a
// DaemonSet's or StatefulSet's template (`data`) with its `revision` number; no status, no
// generation. Table columns as printers.go printControllerRevision: CONTROLLER is
// `<kind>.<group>/<name>` of the controllerRef.

import type { KObject } from '../../../k8s/types';
import { validateControllerRevision, validateControllerRevisionUpdate } from '../validation/controllerrevision';
import { age } from './columns';
import type { KindDefinition } from './kind-definition';

/** The CONTROLLER cell: `daemonset.apps/fluentd`, or `<none>` without a controllerRef. */
function controllerCell(cr: KObject): string {
  const ref = cr.metadata.ownerReferences?.find((r) => r.controller === true);
  if (!ref) return '<none>';
  const slash = ref.apiVersion.indexOf('/');
  const group = slash < 0 ? '' : ref.apiVersion.slice(0, slash);
  const kind = ref.kind.toLowerCase();
  return `${group ? `${kind}.${group}` : kind}/${ref.name}`;
}

export const controllerRevisionKind: KindDefinition = {
  group: 'apps',
  version: 'v1',
  kind: 'ControllerRevision',
  plural: 'controllerrevisions',
  singular: 'controllerrevision',
  shortNames: [],
  namespaced: true,
  categories: [],
  hasStatus: false,
  tracksGeneration: false,
  defaultPropagationPolicy: 'Background',
  garbageCollected: true,
  validate: validateControllerRevision,
  validateUpdate: validateControllerRevisionUpdate,
  columns: [
    { name: 'Controller', cell: controllerCell },
    { name: 'Revision', type: 'integer', cell: (o) => String(o.revision ?? 0) },
    { name: 'Age', cell: age },
  ],
};

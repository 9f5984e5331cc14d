// policy/v1 PodDisruptionBudget (pkg/registry/policy/poddisruptionbudget): namespaced, short name
// `pdb`, a status subresource written by the disruption controller and by pods/eviction, and a
// generation bumped by spec changes (the eviction API refuses while observedGeneration lags).
// policy/v1beta1 is not served: it was removed in Kubernetes 1.25.
// Table columns as printers.go printPodDisruptionBudget.

import { intOrStringToString, isIntOrString } from '../../../k8s/int-or-string';
import type { KObject } from '../../../k8s/types';
import {
  validatePodDisruptionBudget,
  validatePodDisruptionBudgetStatusUpdate,
  validatePodDisruptionBudgetUpdate,
} from '../validation/poddisruptionbudget';
import { age } from './columns';
import type { KindDefinition } from './kind-definition';

/** PodDisruptionBudgetStatus{} as it serialises: the four counters have no omitempty. */
export function emptyPodDisruptionBudgetStatus(): Record<string, unknown> {
  return { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 };
}

/** An int-or-percent spec field as the table prints it: the value as given, `N/A` when unset. */
export function intOrPercentCell(v: unknown): string {
  return isIntOrString(v) ? intOrStringToString(v) : 'N/A';
}

export const podDisruptionBudgetKind: KindDefinition = {
  group: 'policy',
  version: 'v1',
  kind: 'PodDisruptionBudget',
  plural: 'poddisruptionbudgets',
  singular: 'poddisruptionbudget',
  shortNames: ['pdb'],
  namespaced: true,
  categories: [],
  hasStatus: true,
  tracksGeneration: true,
  specFields: ['spec'],
  defaultPropagationPolicy: 'Background',
  garbageCollected: true,
  // podDisruptionBudgetStrategy.PrepareForCreate: the status starts empty.
  prepareForCreate: (pdb: KObject) => ({ ...pdb, status: emptyPodDisruptionBudgetStatus() }),
  validate: validatePodDisruptionBudget,
  validateUpdate: validatePodDisruptionBudgetUpdate,
  validateStatusUpdate: validatePodDisruptionBudgetStatusUpdate,
  columns: [
    { name: 'Min Available', cell: (o) => intOrPercentCell(o.spec?.minAvailable) },
    { name: 'Max Unavailable', cell: (o) => intOrPercentCell(o.spec?.maxUnavailable) },
    { name: 'Allowed Disruptions', type: 'integer', cell: (o) => String(o.status?.disruptionsAllowed ?? 0) },
    { name: 'Age', cell: age },
  ],
};

// PriorityClass (scheduling.k8s.io/v1): cluster-scoped, no spec/status split — `value`,
// `globalDefault`, `description` and `preemptionPolicy` sit at the top level. The Priority
// admission plugin (admission-plugins/priority.ts) resolves a pod's priorityClassName against these.

import type { KObject } from '../../../k8s/types';
import { validatePriorityClass, validatePriorityClassUpdate } from '../validation/priorityclass';
import { age } from './columns';
import type { KindDefinition } from './kind-definition';

export const PREEMPT_LOWER_PRIORITY = 'PreemptLowerPriority';

/** SetDefaults_PriorityClass: preemptionPolicy PreemptLowerPriority. */
function defaultPriorityClass(pc: KObject): KObject {
  if (pc.preemptionPolicy !== undefined && pc.preemptionPolicy !== null) return pc;
  return { ...pc, preemptionPolicy: PREEMPT_LOWER_PRIORITY };
}

export const priorityClassKind: KindDefinition = {
  group: 'scheduling.k8s.io',
  version: 'v1',
  kind: 'PriorityClass',
  plural: 'priorityclasses',
  singular: 'priorityclass',
  shortNames: ['pc'],
  namespaced: false,
  categories: [],
  hasStatus: false,
  tracksGeneration: false,
  defaultPropagationPolicy: 'Background',
  garbageCollected: true,
  applyDefaults: defaultPriorityClass,
  validate: validatePriorityClass,
  validateUpdate: validatePriorityClassUpdate,
  // printers.go printPriorityClass: VALUE as an integer, GLOBAL-DEFAULT as a bool, and the
  // preemption policy after AGE.
  columns: [
    { name: 'Value', type: 'integer', cell: (o) => String(typeof o.value === 'number' ? o.value : 0) },
    { name: 'Global-Default', type: 'boolean', cell: (o) => String(o.globalDefault === true) },
    { name: 'Age', cell: age },
    { name: 'PreemptionPolicy', cell: (o) => (typeof o.preemptionPolicy === 'string' ? o.preemptionPolicy : '') },
  ],
};

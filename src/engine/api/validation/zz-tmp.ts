import type { KindDefinition } from '../kinds/kind-definition';
import { validatePod, validatePodUpdate, validatePodStatusUpdate, validateNode, validateNodeUpdate, validateEvent, validateLease, validateNamespace } from './index';
import { defaultPod, defaultNode, defaultNamespace, defaultLease, defaultEvent, prepareNamespaceForCreate } from '../defaulting/index';
export const a: Partial<KindDefinition>[] = [
  { validate: validatePod, validateUpdate: validatePodUpdate, validateStatusUpdate: validatePodStatusUpdate, applyDefaults: defaultPod },
  { validate: validateNode, validateUpdate: validateNodeUpdate, applyDefaults: defaultNode },
  { validate: validateEvent, applyDefaults: defaultEvent },
  { validate: validateLease, applyDefaults: defaultLease },
  { validate: validateNamespace, applyDefaults: defaultNamespace, prepareForCreate: prepareNamespaceForCreate },
];

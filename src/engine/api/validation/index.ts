// Validation for the kinds the foundation serves. Every validator expects a DEFAULTED object (see
// ../defaulting), like the real API server, and returns field errors in upstream's order.
//
// Create: validateX(obj). Update: validateXUpdate(new, old) alone; it already contains the
// re-validation of the new object that the kind's REST strategy performs, preceded by the generic
// registry's common metadata checks. Status writes: validateXStatusUpdate(new, old).

export {
  validateObjectMeta,
  validateObjectMetaUpdate,
  validateCommonCreateFields,
  validateCommonUpdateFields,
} from './objectmeta';
export type { NameValidator, ObjectMetaOptions } from './objectmeta';
export { validatePod, validatePodSpec, validatePodUpdate, validatePodStatusUpdate, validateTolerations } from './pod';
export type { PodSpecValidationOptions } from './pod';
export { findQuantityDecodeError, validateResourceRequirements } from './resources';
export { validateLabelSelector, validateNodeSelector } from './selectors';
export { validateNode, validateNodeUpdate, validateNodeStatusUpdate } from './node';
export {
  validateNamespace,
  validateNamespaceUpdate,
  validateNamespaceStatusUpdate,
  validateNamespaceFinalizeUpdate,
} from './namespace';
export { validateEvent, validateEventUpdate } from './event';
export { validateLease, validateLeaseUpdate } from './lease';

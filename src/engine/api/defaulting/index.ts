// API defaulting for the kinds the foundation serves. Pure functions over frozen plain data: an
// object that needs no default is returned as is (same reference).

export { defaultPod, defaultPodSpec, defaultPodTemplateSpec } from './pod';
export { defaultNode } from './node';
export { defaultNamespace, prepareNamespaceForCreate } from './namespace';
export { defaultLease } from './lease';
export { defaultEvent } from './event';
export { defaultResourceList } from './resources';
export { defaultPullPolicy } from './image';

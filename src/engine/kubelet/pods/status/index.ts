// The kubelet's pod status generator: see generate.ts.

export { generatePodStatus, type PodStatusInput } from './generate';
export { podStatusChanged } from './changed';
export { getPhase } from './phase';
export { shouldContainerBeRestarted } from './container-statuses';
export { hasAnyRegularContainerStarted, isRestartableInitContainer, podHasInitialized } from './helpers';
export type { ApiContainerStatus, ContainerState, PodCondition, PodPhase } from './types';

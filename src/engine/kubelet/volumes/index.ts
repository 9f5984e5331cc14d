// The kubelet's volume layer: the plugins this simulation serves, registered once. Import from
// here so every plugin is registered before a pod is set up.

import { registerVolumePlugin } from './registry';
import { emptyDirPlugin } from './empty-dir';
import { hostPathPlugin } from './host-path';
import { downwardAPIPlugin } from './downward-api';
import { persistentVolumeClaimPlugin } from './persistent-volume-claim';

registerVolumePlugin(emptyDirPlugin);
registerVolumePlugin(hostPathPlugin);
registerVolumePlugin(downwardAPIPlugin);
registerVolumePlugin(persistentVolumeClaimPlugin);

export { registerVolumePlugin, findVolumePlugin } from './registry';
export { PodVolumes, POD_ATTACH_AND_MOUNT_TIMEOUT_MS, type MountAttempt } from './pod-volumes';
export type { VolumeHost, VolumePlugin, SetUpResult, ProjectedFiles, ProjectedFile } from './types';

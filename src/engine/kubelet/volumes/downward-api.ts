// downwardAPI volumes: pod fields (name, namespace, uid, labels, annotations) and container
// resources as files. Labels and annotations can change while the pod runs; the remount on the
// kubelet's periodic pod sync rewrites them.

import { projectDownwardAPI } from './projection';
import type { ProjectedFiles, VolumePlugin } from './types';

export const downwardAPIPlugin: VolumePlugin = {
  source: 'downwardAPI',
  requiresRemount: true,
  readOnly: true,
  setUp: (host, pod, volume) => {
    const files: ProjectedFiles = new Map();
    projectDownwardAPI(host, pod, volume.downwardAPI?.items, volume.downwardAPI?.defaultMode, files);
    return { ok: true, files };
  },
};

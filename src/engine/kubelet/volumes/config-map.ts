// configMap volumes: each key (or each of `items`) as a read-only file with defaultMode or the
// item's mode. A missing ConfigMap fails SetUp (`configmap "x" not found`) unless `optional`,
// which mounts an empty directory. Remounted on every pod sync, so updates reach the files.

import { configMapKind } from '../../api/kinds';
import { configMapData, notFoundMessage } from './object-data';
import { projectKeys } from './projection';
import type { ProjectedFiles, VolumePlugin } from './types';

export const configMapPlugin: VolumePlugin = {
  source: 'configMap',
  requiresRemount: true,
  readOnly: true,
  setUp: (host, pod, volume) => {
    const source = volume.configMap ?? {};
    const name = String(source.name ?? '');
    const optional = source.optional === true;
    const files: ProjectedFiles = new Map();
    const cm = host.api.tryGet(configMapKind, pod.metadata.namespace, name);
    if (!cm) return optional ? { ok: true, files } : { ok: false, message: notFoundMessage('configmap', name) };
    const error = projectKeys('configmap', configMapData(cm), source.items, source.defaultMode, optional, files);
    return error ? { ok: false, message: error } : { ok: true, files };
  },
};

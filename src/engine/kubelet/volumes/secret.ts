// secret volumes: like configMap volumes, from the Secret's decoded `data`
// (`secret "x" not found`, `references non-existent secret key: k`).

import { secretKind } from '../../api/kinds';
import { notFoundMessage, secretData } from './object-data';
import { projectKeys } from './projection';
import type { ProjectedFiles, VolumePlugin } from './types';

export const secretPlugin: VolumePlugin = {
  source: 'secret',
  requiresRemount: true,
  readOnly: true,
  setUp: (host, pod, volume) => {
    const source = volume.secret ?? {};
    const name = String(source.secretName ?? '');
    const optional = source.optional === true;
    const files: ProjectedFiles = new Map();
    const secret = host.api.tryGet(secretKind, pod.metadata.namespace, name);
    if (!secret) return optional ? { ok: true, files } : { ok: false, message: notFoundMessage('secret', name) };
    const error = projectKeys('secret', secretData(secret), source.items, source.defaultMode, optional, files);
    return error ? { ok: false, message: error } : { ok: true, files };
  },
};

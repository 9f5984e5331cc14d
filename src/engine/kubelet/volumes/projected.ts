// projected volumes: several sources (configMap, secret, downwardAPI, serviceAccountToken) in one
// directory — the shape of every pod's kube-api-access-xxxxx volume. Errors of all sources are
// reported together, as upstream's collectData aggregates them.

import { configMapKind, secretKind } from '../../api/kinds';
import { configMapData, notFoundMessage, secretData } from './object-data';
import { projectDownwardAPI, projectKeys } from './projection';
import { ServiceAccountTokenText } from './service-account-token';
import type { ProjectedFiles, VolumePlugin } from './types';

export const projectedPlugin: VolumePlugin = {
  source: 'projected',
  requiresRemount: true,
  readOnly: true,
  setUp: (host, pod, volume) => {
    const projected = volume.projected ?? {};
    const defaultMode: number | undefined = projected.defaultMode;
    const ns = pod.metadata.namespace;
    const files: ProjectedFiles = new Map();
    const errors: string[] = [];
    const now = host.now();
    for (const source of (projected.sources ?? []) as any[]) {
      if (source?.configMap) {
        const s = source.configMap;
        const cm = host.api.tryGet(configMapKind, ns, String(s.name ?? ''));
        if (!cm) {
          if (s.optional !== true) errors.push(notFoundMessage('configmap', String(s.name ?? '')));
          continue;
        }
        const e = projectKeys('configmap', configMapData(cm), s.items, defaultMode, s.optional === true, files);
        if (e) errors.push(e);
      } else if (source?.secret) {
        const s = source.secret;
        const secret = host.api.tryGet(secretKind, ns, String(s.name ?? ''));
        if (!secret) {
          if (s.optional !== true) errors.push(notFoundMessage('secret', String(s.name ?? '')));
          continue;
        }
        const e = projectKeys('secret', secretData(secret), s.items, defaultMode, s.optional === true, files);
        if (e) errors.push(e);
      } else if (source?.downwardAPI) {
        projectDownwardAPI(host, pod, source.downwardAPI.items, defaultMode, files);
      } else if (source?.serviceAccountToken) {
        const t = source.serviceAccountToken;
        files.set(String(t.path ?? 'token'), {
          content: new ServiceAccountTokenText(pod, String(t.audience ?? ''), t.expirationSeconds ?? 3600, now, host.epochMs),
          mode: defaultMode ?? 0o644,
        });
      }
    }
    if (errors.length === 0) return { ok: true, files };
    return { ok: false, message: errors.length === 1 ? errors[0] : `[${errors.join(', ')}]` };
  },
};

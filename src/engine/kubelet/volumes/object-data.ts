// A ConfigMap's or Secret's keys as the kubelet hands them to containers: ConfigMap `data` as is
// and `binaryData` decoded; Secret `data` decoded from base64.

import type { KObject } from '../../../k8s/types';
import { decodeBase64 } from '../../../k8s/base64';

export function configMapData(cm: KObject): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries((cm.data ?? {}) as Record<string, unknown>)) out.set(k, String(v ?? ''));
  for (const [k, v] of Object.entries((cm.binaryData ?? {}) as Record<string, unknown>)) {
    out.set(k, decodeBase64(String(v ?? '')) ?? '');
  }
  return out;
}

export function secretData(secret: KObject): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries((secret.data ?? {}) as Record<string, unknown>)) {
    out.set(k, decodeBase64(String(v ?? '')) ?? '');
  }
  return out;
}

/** The kubelet's configmap / secret managers' NotFound: `configmap "x" not found`. */
export const notFoundMessage = (kind: 'configmap' | 'secret', name: string) => `${kind} "${name}" not found`;

// makeEnvironmentVariables (pkg/kubelet/kubelet_pods.go): a container's environment from envFrom
// (ConfigMaps and Secrets, with prefix) then env (literals with $(VAR) expansion, configMapKeyRef,
// secretKeyRef, fieldRef, resourceFieldRef), later entries overriding earlier ones. A missing
// object or key that is not `optional` is an error: the container is not created
// (CreateContainerConfigError) and the kubelet retries.

import type { KObject } from '../../../k8s/types';
import { configMapData, notFoundMessage, secretData } from '../volumes/object-data';
import { resourceFieldValue } from '../volumes/downward-fields';
import { expandVars } from './container-argv';

/** Where referenced objects come from (the kubelet's configmap / secret managers). */
export interface EnvSources {
  configMap(name: string): KObject | undefined;
  secret(name: string): KObject | undefined;
  nodeAllocatable(): Readonly<Record<string, string>> | undefined;
}

export interface EnvContext {
  podIP: string;
  hostIP: string;
  nodeName: string;
}

export type EnvResult = { ok: true; env: Record<string, string> } | { ok: false; message: string };

export function makeEnvironment(pod: KObject, container: any, ctx: EnvContext, sources: EnvSources): EnvResult {
  const env: Record<string, string> = {
    PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    HOSTNAME: pod.spec?.hostname ?? pod.metadata.name!,
  };
  const ns = pod.metadata.namespace ?? '';
  const configMaps = new Map<string, Map<string, string> | undefined>();
  const secrets = new Map<string, Map<string, string> | undefined>();
  const load = (kind: 'configmap' | 'secret', name: string): Map<string, string> | undefined => {
    const cache = kind === 'configmap' ? configMaps : secrets;
    if (!cache.has(name)) {
      const obj = kind === 'configmap' ? sources.configMap(name) : sources.secret(name);
      cache.set(name, obj ? (kind === 'configmap' ? configMapData(obj) : secretData(obj)) : undefined);
    }
    return cache.get(name);
  };

  for (const from of (container.envFrom ?? []) as any[]) {
    const prefix = typeof from?.prefix === 'string' ? from.prefix : '';
    const ref = from?.configMapRef ?? from?.secretRef;
    if (!ref) continue;
    const kind = from.configMapRef ? 'configmap' : 'secret';
    const name = String(ref.name ?? '');
    const data = load(kind, name);
    if (!data) {
      if (ref.optional === true) continue;
      return { ok: false, message: notFoundMessage(kind, name) };
    }
    for (const [k, v] of data) env[`${prefix}${k}`] = v;
  }

  for (const e of (container.env ?? []) as any[]) {
    if (typeof e?.name !== 'string') continue;
    if (e.value !== undefined) {
      env[e.name] = expandVars(String(e.value), env);
      continue;
    }
    const from = e.valueFrom;
    if (!from) {
      env[e.name] = '';
      continue;
    }
    if (from.fieldRef) {
      env[e.name] = fieldRef(pod, String(from.fieldRef.fieldPath ?? ''), ctx);
    } else if (from.resourceFieldRef) {
      const r = from.resourceFieldRef;
      env[e.name] = resourceFieldValue(container, String(r.resource ?? ''), r.divisor, sources.nodeAllocatable());
    } else if (from.configMapKeyRef || from.secretKeyRef) {
      const ref = from.configMapKeyRef ?? from.secretKeyRef;
      const kind = from.configMapKeyRef ? 'configmap' : 'secret';
      const name = String(ref.name ?? '');
      const optional = ref.optional === true;
      const data = load(kind, name);
      if (!data) {
        if (optional) continue;
        return { ok: false, message: notFoundMessage(kind, name) };
      }
      const value = data.get(String(ref.key ?? ''));
      if (value === undefined) {
        if (optional) continue;
        return {
          ok: false,
          message: `couldn't find key ${ref.key} in ${kind === 'configmap' ? 'ConfigMap' : 'Secret'} ${ns}/${name}`,
        };
      }
      env[e.name] = value;
    }
  }
  return { ok: true, env };
}

function fieldRef(pod: KObject, path: string, ctx: EnvContext): string {
  switch (path) {
    case 'metadata.name':
      return pod.metadata.name ?? '';
    case 'metadata.namespace':
      return pod.metadata.namespace ?? '';
    case 'metadata.uid':
      return pod.metadata.uid ?? '';
    case 'spec.nodeName':
      return ctx.nodeName;
    case 'spec.serviceAccountName':
      return pod.spec?.serviceAccountName ?? '';
    case 'status.podIP':
    case 'status.podIPs':
      return ctx.podIP;
    case 'status.hostIP':
    case 'status.hostIPs':
      return ctx.hostIP;
  }
  const m = /^metadata\.(labels|annotations)\['(.+)'\]$/.exec(path);
  if (m) return (pod.metadata as any)[m[1]]?.[m[2]] ?? '';
  return '';
}

// Defaulting for v1 Services (pkg/apis/core/v1 SetDefaults_Service). IP families, the family
// policy and cluster IPs are not defaults: the Service REST fills them in while allocating
// (kinds/service-storage.ts).

import type { KObject } from '../../../k8s/types';

/** v1.DefaultClientIPServiceAffinitySeconds (3 hours). */
export const DEFAULT_CLIENT_IP_AFFINITY_SECONDS = 10800;

type Spec = Record<string, any>;

/** service.ExternallyAccessible: NodePort, LoadBalancer, or ClusterIP with external IPs. */
export function externallyAccessible(spec: Spec): boolean {
  return (
    spec.type === 'LoadBalancer' ||
    spec.type === 'NodePort' ||
    (spec.type === 'ClusterIP' && Array.isArray(spec.externalIPs) && spec.externalIPs.length > 0)
  );
}

function defaultPort(port: Record<string, any>): Record<string, any> {
  let out = port;
  if (!out.protocol) out = { ...out, protocol: 'TCP' };
  // intstr zero values: the int 0 or the empty string.
  if (out.targetPort === undefined || out.targetPort === null || out.targetPort === 0 || out.targetPort === '') {
    out = { ...out, targetPort: out.port ?? 0 };
  }
  return out;
}

/** SetDefaults_Service; the same object when nothing changes. */
export function defaultService(svc: KObject): KObject {
  const spec: Spec = svc.spec ?? {};
  const next: Spec = { ...spec };
  if (!next.sessionAffinity) next.sessionAffinity = 'None';
  if (next.sessionAffinity === 'None' && next.sessionAffinityConfig !== undefined) delete next.sessionAffinityConfig;
  if (next.sessionAffinity === 'ClientIP' && next.sessionAffinityConfig?.clientIP?.timeoutSeconds == null) {
    next.sessionAffinityConfig = { clientIP: { timeoutSeconds: DEFAULT_CLIENT_IP_AFFINITY_SECONDS } };
  }
  if (!next.type) next.type = 'ClusterIP';
  if (Array.isArray(next.ports)) {
    const ports = next.ports.map((p: unknown) =>
      typeof p === 'object' && p !== null ? defaultPort(p as Record<string, any>) : p,
    );
    if (ports.some((p: unknown, i: number) => p !== next.ports[i])) next.ports = ports;
  }
  if (externallyAccessible(next) && !next.externalTrafficPolicy) next.externalTrafficPolicy = 'Cluster';
  if (next.internalTrafficPolicy == null && ['NodePort', 'LoadBalancer', 'ClusterIP'].includes(next.type)) {
    next.internalTrafficPolicy = 'Cluster';
  }
  if (next.type === 'LoadBalancer' && next.allocateLoadBalancerNodePorts == null) next.allocateLoadBalancerNodePorts = true;
  const changed = Object.keys({ ...spec, ...next }).some((k) => spec[k] !== next[k]);
  return changed ? { ...svc, spec: next } : svc;
}

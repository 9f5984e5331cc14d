// Defaulting for discovery.k8s.io/v1 EndpointSlices (pkg/apis/discovery/v1 defaults.go): every
// port gets a name ("") and a protocol (TCP).

import type { KObject } from '../../../k8s/types';

export function defaultEndpointSlice(slice: KObject): KObject {
  const ports = slice.ports;
  if (!Array.isArray(ports)) return slice;
  let changed = false;
  const next = ports.map((p: unknown) => {
    if (typeof p !== 'object' || p === null) return p;
    const port = p as Record<string, unknown>;
    if (port.name != null && port.protocol != null) return p;
    changed = true;
    return { ...port, name: port.name ?? '', protocol: port.protocol ?? 'TCP' };
  });
  return changed ? { ...slice, ports: next } : slice;
}

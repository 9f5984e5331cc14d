// Service (v1): cluster IPs and node ports are allocated by the REST (service-storage.ts); status
// (load-balancer ingress) is a subresource. Table columns as printers.go printService.

import { formatLabels } from '../../../k8s/labels';
import type { KObject } from '../../../k8s/types';
import { defaultService } from '../defaulting/service';
import { validateService, validateServiceStatusUpdate, validateServiceUpdate } from '../validation/service';
import { age } from './columns';
import type { KindDefinition } from './kind-definition';
import { beginServiceCreate, beginServiceUpdate, prepareServiceForCreate, prepareServiceForUpdate } from './service-storage';

/** printers.go loadBalancerWidth: the non-wide EXTERNAL-IP of a load balancer is clipped to it. */
const LOAD_BALANCER_WIDTH = 16;

/** loadBalancerStatusStringer: the ingress IPs (or hostnames), sorted and de-duplicated. */
function loadBalancerIPs(svc: KObject): string {
  const set = new Set<string>();
  for (const ing of (svc.status?.loadBalancer?.ingress ?? []) as { ip?: string; hostname?: string }[]) {
    if (ing.ip) set.add(ing.ip);
    else if (ing.hostname) set.add(ing.hostname);
  }
  const r = [...set].sort().join(',');
  return r.length > LOAD_BALANCER_WIDTH ? `${r.slice(0, LOAD_BALANCER_WIDTH - 3)}...` : r;
}

/** getServiceExternalIP. */
export function serviceExternalIP(svc: KObject): string {
  const spec = svc.spec ?? {};
  const externalIPs: string[] = spec.externalIPs ?? [];
  switch (spec.type) {
    case 'ClusterIP':
    case 'NodePort':
      return externalIPs.length > 0 ? externalIPs.join(',') : '<none>';
    case 'LoadBalancer': {
      const lb = loadBalancerIPs(svc);
      if (externalIPs.length > 0) return [...(lb ? lb.split(',') : []), ...externalIPs].join(',');
      return lb || '<pending>';
    }
    case 'ExternalName':
      return spec.externalName ?? '';
  }
  return '<unknown>';
}

/** makePortString: `80/TCP`, `80:31234/TCP`, joined by commas. */
export function servicePortString(svc: KObject): string {
  const ports = (svc.spec?.ports ?? []) as { port?: number; nodePort?: number; protocol?: string }[];
  return ports
    .map((p) =>
      p.nodePort && p.nodePort > 0 ? `${p.port ?? 0}:${p.nodePort}/${p.protocol ?? ''}` : `${p.port ?? 0}/${p.protocol ?? ''}`,
    )
    .join(',');
}

export const serviceKind: KindDefinition = {
  group: '',
  version: 'v1',
  kind: 'Service',
  plural: 'services',
  singular: 'service',
  shortNames: ['svc'],
  namespaced: true,
  categories: ['all'],
  hasStatus: true,
  tracksGeneration: false,
  defaultPropagationPolicy: 'Background',
  garbageCollected: true,
  applyDefaults: defaultService,
  beginCreate: beginServiceCreate,
  beginUpdate: beginServiceUpdate,
  prepareForCreate: prepareServiceForCreate,
  prepareForUpdate: prepareServiceForUpdate,
  validate: validateService,
  validateUpdate: validateServiceUpdate,
  validateStatusUpdate: validateServiceStatusUpdate,
  // pkg/apis/core/v1/conversion.go: Services accept metadata.name, metadata.namespace and
  // spec.clusterIP / spec.type (AddFieldLabelConversionFunc for Service).
  fieldLabels: ['metadata.name', 'metadata.namespace', 'spec.clusterIP', 'spec.type'],
  fieldSelectors: {
    'spec.clusterIP': (o) => o.spec?.clusterIP ?? '',
    'spec.type': (o) => o.spec?.type ?? '',
  },
  columns: [
    { name: 'Type', cell: (o) => o.spec?.type ?? '' },
    { name: 'Cluster-IP', cell: (o) => (o.spec?.clusterIPs?.length ? o.spec.clusterIPs[0] : '<none>') },
    { name: 'External-IP', cell: serviceExternalIP },
    { name: 'Port(s)', cell: (o) => servicePortString(o) || '<none>' },
    { name: 'Age', cell: age },
    { name: 'Selector', priority: 1, cell: (o) => formatLabels(o.spec?.selector) },
  ],
};

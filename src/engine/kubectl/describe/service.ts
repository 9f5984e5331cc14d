// `kubectl describe service` (kubectl pkg/describe describeService): selector, type, IP families,
// cluster IPs, per port its target, node port and the ready endpoints of the Service's
// EndpointSlices (formatEndpointSlices: `ip:port`, at most three, then ` + N more...`), session
// affinity, traffic policies and events.

import { formatLabels } from '../../../k8s/labels';
import type { KEvent, KObject } from '../../../k8s/types';
import { describeEvents, refFor, searchEvents } from './events';
import { printAnnotationsMultiline, printLabelsMultiline } from './format';
import type { DescribeContext, Describer } from './types';
import { LEVEL_0, tabbedString } from './writer';

const MAX_LISTED = 3;

interface SlicePort {
  name?: string;
  port?: number;
}

interface SliceEndpoint {
  addresses?: string[];
  conditions?: { ready?: boolean | null };
}

/** The Service's slices (by the service-name label), as describe lists them. */
function slicesOf(ctx: DescribeContext, svc: KObject): KObject[] {
  const def = ctx.env.registry.forObject('discovery.k8s.io/v1', 'EndpointSlice');
  if (!def) return [];
  return ctx.env.api.list(def, {
    namespace: svc.metadata.namespace,
    labelSelector: `kubernetes.io/service-name=${svc.metadata.name ?? ''}`,
  }).items;
}

/** An endpoint with no ready condition counts as ready (an unknown state). */
function isReady(ep: SliceEndpoint): boolean {
  return ep.conditions?.ready == null || ep.conditions.ready;
}

function joinHostPort(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

/** formatEndpointSlices for the ports named `portName`. */
export function formatEndpointSlices(slices: KObject[], portName: string): string {
  if (slices.length === 0) return '<none>';
  const list: string[] = [];
  let count = 0;
  for (const slice of slices) {
    const ports = (slice.ports ?? []) as SlicePort[];
    const endpoints = (slice.endpoints ?? []) as SliceEndpoint[];
    if (ports.length === 0) {
      // Headless Services may have no ports: the addresses alone.
      for (const ep of endpoints) {
        if (!isReady(ep)) continue;
        if (list.length < MAX_LISTED) list.push(ep.addresses?.[0] ?? '');
        count++;
      }
      continue;
    }
    for (const port of ports) {
      if ((port.name ?? '') !== portName) continue;
      for (const ep of endpoints) {
        if (!isReady(ep)) continue;
        if (list.length < MAX_LISTED) list.push(joinHostPort(ep.addresses?.[0] ?? '', port.port ?? 0));
        count++;
      }
    }
  }
  const text = list.join(',');
  return count > MAX_LISTED ? `${text} + ${count - MAX_LISTED} more...` : text;
}

export const describeService: Describer = (svc: KObject, ctx: DescribeContext) => {
  const spec: Record<string, any> = svc.spec ?? {};
  const slices = slicesOf(ctx, svc);
  const events: KEvent[] | undefined = ctx.showEvents ? searchEvents(ctx.env, refFor(svc)) : undefined;
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${svc.metadata.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${svc.metadata.namespace ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', svc.metadata.labels);
    printAnnotationsMultiline(w, 'Annotations', svc.metadata.annotations);
    w.write(LEVEL_0, `Selector:\t${formatLabels(spec.selector)}\n`);
    w.write(LEVEL_0, `Type:\t${spec.type ?? ''}\n`);
    if (spec.ipFamilyPolicy != null) w.write(LEVEL_0, `IP Family Policy:\t${spec.ipFamilyPolicy}\n`);
    const families: string[] = spec.ipFamilies ?? [];
    w.write(LEVEL_0, `IP Families:\t${families.length > 0 ? families.join(',') : '<none>'}\n`);
    w.write(LEVEL_0, `IP:\t${spec.clusterIP ?? ''}\n`);
    const ips: string[] = spec.clusterIPs ?? [];
    w.write(LEVEL_0, `IPs:\t${ips.length > 0 ? ips.join(',') : '<none>'}\n`);
    const externalIPs: string[] = spec.externalIPs ?? [];
    if (externalIPs.length > 0) w.write(LEVEL_0, `External IPs:\t${externalIPs.join(',')}\n`);
    if (spec.loadBalancerIP) w.write(LEVEL_0, `IP:\t${spec.loadBalancerIP}\n`);
    if (spec.externalName) w.write(LEVEL_0, `External Name:\t${spec.externalName}\n`);
    const ingress: { ip?: string; hostname?: string; ipMode?: string }[] = svc.status?.loadBalancer?.ingress ?? [];
    if (ingress.length > 0) {
      const list = ingress.map((i) => {
        const host = i.ip || i.hostname || '';
        return i.ipMode ? `${host} (${i.ipMode})` : host;
      });
      w.write(LEVEL_0, `LoadBalancer Ingress:\t${list.join(', ')}\n`);
    }
    for (const sp of (spec.ports ?? []) as Record<string, any>[]) {
      const name = sp.name || '<unset>';
      w.write(LEVEL_0, `Port:\t${name}\t${sp.port ?? 0}/${sp.protocol ?? ''}\n`);
      w.write(LEVEL_0, `TargetPort:\t${sp.targetPort ?? ''}/${sp.protocol ?? ''}\n`);
      if (sp.nodePort) w.write(LEVEL_0, `NodePort:\t${name}\t${sp.nodePort}/${sp.protocol ?? ''}\n`);
      w.write(LEVEL_0, `Endpoints:\t${formatEndpointSlices(slices, sp.name ?? '')}\n`);
    }
    w.write(LEVEL_0, `Session Affinity:\t${spec.sessionAffinity ?? ''}\n`);
    if (spec.externalTrafficPolicy) w.write(LEVEL_0, `External Traffic Policy:\t${spec.externalTrafficPolicy}\n`);
    if (spec.internalTrafficPolicy != null) w.write(LEVEL_0, `Internal Traffic Policy:\t${spec.internalTrafficPolicy}\n`);
    if (spec.healthCheckNodePort) w.write(LEVEL_0, `HealthCheck NodePort:\t${spec.healthCheckNodePort}\n`);
    const ranges: string[] = spec.loadBalancerSourceRanges ?? [];
    if (ranges.length > 0) w.write(LEVEL_0, `LoadBalancer Source Ranges:\t${ranges.join(',')}\n`);
    if (events) describeEvents(events, w, ctx.nowUnixMs);
  });
};

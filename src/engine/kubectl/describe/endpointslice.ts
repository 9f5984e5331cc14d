// `kubectl describe endpointslice` (kubectl pkg/describe describeEndpointSliceV1): address type,
// the ports table, and per endpoint its addresses, Ready condition, hostname, target, node and zone.

import type { KEvent, KObject } from '../../../k8s/types';
import { describeEvents, refFor, searchEvents } from './events';
import { printAnnotationsMultiline, printLabelsMultiline } from './format';
import type { DescribeContext, Describer } from './types';
import { LEVEL_0, LEVEL_1, LEVEL_2, LEVEL_3, tabbedString } from './writer';

interface SlicePort {
  name?: string;
  port?: number;
  protocol?: string;
}

interface SliceEndpoint {
  addresses?: string[];
  conditions?: { ready?: boolean };
  hostname?: string;
  targetRef?: { kind?: string; name?: string };
  nodeName?: string;
  zone?: string;
}

const orUnset = (v: string | undefined) => (v === undefined ? '<unset>' : v);

export const describeEndpointSlice: Describer = (eps: KObject, ctx: DescribeContext) => {
  const events: KEvent[] | undefined = ctx.showEvents ? searchEvents(ctx.env, refFor(eps)) : undefined;
  const ports = (Array.isArray(eps.ports) ? eps.ports : []) as SlicePort[];
  const endpoints = (Array.isArray(eps.endpoints) ? eps.endpoints : []) as SliceEndpoint[];
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${eps.metadata.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${eps.metadata.namespace ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', eps.metadata.labels);
    printAnnotationsMultiline(w, 'Annotations', eps.metadata.annotations);
    w.write(LEVEL_0, `AddressType:\t${String(eps.addressType ?? '')}\n`);
    if (ports.length === 0) w.write(LEVEL_0, 'Ports: <unset>\n');
    else {
      w.write(LEVEL_0, 'Ports:\n');
      w.write(LEVEL_1, 'Name\tPort\tProtocol\n');
      w.write(LEVEL_1, '----\t----\t--------\n');
      for (const p of ports) {
        const port = typeof p.port === 'number' ? String(p.port) : '<unset>';
        w.write(LEVEL_1, `${p.name ? p.name : '<unset>'}\t${port}\t${p.protocol ?? ''}\n`);
      }
    }
    if (endpoints.length === 0) w.write(LEVEL_0, 'Endpoints: <none>\n');
    else {
      w.write(LEVEL_0, 'Endpoints:\n');
      for (const e of endpoints) {
        w.write(LEVEL_1, `- Addresses:\t${(e.addresses ?? []).join(',') || '<none>'}\n`);
        w.write(LEVEL_2, 'Conditions:\n');
        const ready = e.conditions?.ready;
        w.write(LEVEL_3, `Ready:\t${typeof ready === 'boolean' ? String(ready) : '<unset>'}\n`);
        w.write(LEVEL_2, `Hostname:\t${orUnset(e.hostname)}\n`);
        if (e.targetRef) w.write(LEVEL_2, `TargetRef:\t${e.targetRef.kind ?? ''}/${e.targetRef.name ?? ''}\n`);
        w.write(LEVEL_2, `NodeName:\t${orUnset(e.nodeName)}\n`);
        w.write(LEVEL_2, `Zone:\t${orUnset(e.zone)}\n`);
      }
    }
    if (events) describeEvents(events, w, ctx.nowUnixMs);
  });
};

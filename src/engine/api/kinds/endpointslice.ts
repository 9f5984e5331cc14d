// EndpointSlice (discovery.k8s.io/v1): no spec/status split (addressType, endpoints and ports sit
// at the top level), written by the EndpointSlice controller. Columns as printers.go
// printEndpointSlice.

import type { KObject } from '../../../k8s/types';
import { defaultEndpointSlice } from '../defaulting/endpointslice';
import { validateEndpointSlice, validateEndpointSliceUpdate } from '../validation/endpointslice';
import { age } from './columns';
import type { KindDefinition } from './kind-definition';

const MAX_LISTED = 3;

/** listWithMoreString: the first three, ` + N more...`, or `<unset>` when there is nothing. */
function listWithMore(list: string[]): string {
  const shown = list.slice(0, MAX_LISTED).join(',');
  if (list.length > MAX_LISTED) return `${shown} + ${list.length - MAX_LISTED} more...`;
  return shown === '' ? '<unset>' : shown;
}

/** formatDiscoveryPorts: the port number, else its name, else `*`. */
export function endpointSlicePorts(slice: KObject): string {
  const ports = (slice.ports ?? []) as { port?: number | null; name?: string | null }[];
  return listWithMore(ports.map((p) => (typeof p.port === 'number' ? String(p.port) : (p.name ?? '*'))));
}

/** formatDiscoveryEndpoints: every address of every endpoint. */
export function endpointSliceAddresses(slice: KObject): string {
  const endpoints = (slice.endpoints ?? []) as { addresses?: string[] }[];
  return listWithMore(endpoints.flatMap((e) => e.addresses ?? []));
}

export const endpointSliceKind: KindDefinition = {
  group: 'discovery.k8s.io',
  version: 'v1',
  kind: 'EndpointSlice',
  plural: 'endpointslices',
  singular: 'endpointslice',
  shortNames: [],
  namespaced: true,
  categories: [],
  hasStatus: false,
  tracksGeneration: true,
  defaultPropagationPolicy: 'Background',
  garbageCollected: true,
  applyDefaults: defaultEndpointSlice,
  validate: validateEndpointSlice,
  validateUpdate: validateEndpointSliceUpdate,
  columns: [
    { name: 'AddressType', cell: (o) => (typeof o.addressType === 'string' ? o.addressType : '') },
    { name: 'Ports', cell: endpointSlicePorts },
    { name: 'Endpoints', cell: endpointSliceAddresses },
    { name: 'Age', cell: age },
  ],
};

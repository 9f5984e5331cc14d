// The EndpointSlice reconciler (staging/src/k8s.io/endpointslice reconciler.go), as a pure plan:
// given a Service, the pods its selector matches and the slices this controller manages for it,
// which slices to create, update and delete. Per address type and per distinct port list:
// existing slices keep the endpoints still desired (updated in place when they changed), new
// endpoints first fill slices already being updated, then one unchanged slice with room, then
// new slices of at most maxEndpointsPerSlice; a Service with no endpoints keeps one empty
// placeholder slice. Creates are turned into updates of slices that would be deleted.
//
// Where upstream pops from Go maps (random order), this plan follows pod and slice order, so a
// run is deterministic.

import type { KObject } from '../../../k8s/types';
import { deepEqual } from '../../api/deep';
import {
  endpointKey,
  endpointPorts,
  podToEndpoint,
  portMapKey,
  shouldPodBeInEndpoints,
  type AddressType,
  type Endpoint,
  type EndpointPort,
} from './endpoints';
import { appendAll } from '../../../k8s/arrays';

export const CONTROLLER_NAME = 'endpointslice-controller.k8s.io';
export const LABEL_SERVICE_NAME = 'kubernetes.io/service-name';
export const LABEL_MANAGED_BY = 'endpointslice.kubernetes.io/managed-by';
export const LABEL_HEADLESS = 'service.kubernetes.io/headless';
/** --max-endpoints-per-slice default. */
export const MAX_ENDPOINTS_PER_SLICE = 100;

export interface Plan {
  create: KObject[];
  update: KObject[];
  delete: KObject[];
  /** A selected pod names a node the informer does not know (upstream returns an error: retry). */
  missingNode: boolean;
}

interface Desired {
  ports: EndpointPort[];
  /** endpoint key → endpoint, in pod order */
  endpoints: Map<string, Endpoint>;
}

function endpointsOf(slice: KObject): Endpoint[] {
  return Array.isArray(slice.endpoints) ? (slice.endpoints as Endpoint[]) : [];
}

function portsOf(slice: KObject): EndpointPort[] {
  return Array.isArray(slice.ports) ? (slice.ports as EndpointPort[]) : [];
}

function isReservedLabel(key: string): boolean {
  return key === LABEL_SERVICE_NAME || key === LABEL_MANAGED_BY || key === LABEL_HEADLESS;
}

/** setEndpointSliceLabels: the Service's labels, plus the reserved ones; whether they differ. */
export function sliceLabels(slice: KObject | undefined, service: KObject): { labels: Record<string, string>; changed: boolean } {
  const own: Record<string, string> = {};
  for (const [k, v] of Object.entries(slice?.metadata.labels ?? {})) if (!isReservedLabel(k)) own[k] = v;
  const fromService: Record<string, string> = {};
  for (const [k, v] of Object.entries(service.metadata.labels ?? {})) if (!isReservedLabel(k)) fromService[k] = v;
  const changed = !deepEqual(own, fromService);
  const labels: Record<string, string> = { ...fromService };
  const clusterIP = service.spec?.clusterIP;
  if (!clusterIP || clusterIP === 'None') labels[LABEL_HEADLESS] = '';
  labels[LABEL_SERVICE_NAME] = service.metadata.name ?? '';
  labels[LABEL_MANAGED_BY] = CONTROLLER_NAME;
  const sorted: Record<string, string> = {};
  for (const k of Object.keys(labels).sort()) sorted[k] = labels[k];
  return { labels: sorted, changed };
}

/** getAddressTypesForService. */
export function addressTypesFor(service: KObject): AddressType[] {
  const families: string[] = service.spec?.ipFamilies ?? [];
  const types: AddressType[] = [];
  if (families.includes('IPv4')) types.push('IPv4');
  if (families.includes('IPv6')) types.push('IPv6');
  if (types.length > 0) return types;
  const ip: string = service.spec?.clusterIP ?? '';
  return [ip && ip !== 'None' && ip.includes(':') ? 'IPv6' : 'IPv4'];
}

/** newEndpointSlice: generateName `<service>-`, controller reference to the Service. */
export function newSlice(service: KObject, addressType: AddressType, ports: EndpointPort[]): KObject {
  const name = service.metadata.name ?? '';
  return {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: {
      generateName: `${name}-`,
      namespace: service.metadata.namespace,
      labels: sliceLabels(undefined, service).labels,
      ownerReferences: [
        { apiVersion: 'v1', kind: 'Service', name, uid: service.metadata.uid ?? '', controller: true, blockOwnerDeletion: true },
      ],
    },
    addressType,
    endpoints: [],
    ports,
  };
}

function ownedBy(slice: KObject, service: KObject): boolean {
  return (slice.metadata.ownerReferences ?? []).some((r) => r.controller === true && r.uid === service.metadata.uid);
}

function isPlaceholder(slice: KObject, service: KObject, addressType: AddressType): boolean {
  return (
    ownedBy(slice, service) &&
    slice.addressType === addressType &&
    endpointsOf(slice).length === 0 &&
    portsOf(slice).length === 0 &&
    !sliceLabels(slice, service).changed
  );
}

export function reconcile(
  service: KObject,
  pods: readonly KObject[],
  existing: readonly KObject[],
  nodeOf: (name: string) => KObject | undefined,
  maxPerSlice = MAX_ENDPOINTS_PER_SLICE,
): Plan {
  const plan: Plan = { create: [], update: [], delete: [], missingNode: false };
  const types = addressTypesFor(service);
  for (const slice of existing) if (!types.includes(slice.addressType as AddressType)) plan.delete.push(slice);
  for (const addressType of types) {
    reconcileAddressType(
      service,
      pods,
      existing.filter((s) => s.addressType === addressType),
      nodeOf,
      addressType,
      maxPerSlice,
      plan,
    );
  }
  finalize(service, plan);
  return plan;
}

function reconcileAddressType(
  service: KObject,
  pods: readonly KObject[],
  existing: readonly KObject[],
  nodeOf: (name: string) => KObject | undefined,
  addressType: AddressType,
  maxPerSlice: number,
  plan: Plan,
): void {
  const toDelete: KObject[] = [];
  const existingByPorts = new Map<string, KObject[]>();
  for (const slice of existing) {
    if (!ownedBy(slice, service)) {
      toDelete.push(slice);
      continue;
    }
    const key = portMapKey(portsOf(slice));
    existingByPorts.set(key, [...(existingByPorts.get(key) ?? []), slice]);
  }
  const desired = new Map<string, Desired>();
  for (const pod of pods) {
    if (!shouldPodBeInEndpoints(pod)) continue;
    const ports = endpointPorts(service, pod);
    const key = portMapKey(ports);
    let group = desired.get(key);
    if (!group) {
      group = { ports, endpoints: new Map() };
      desired.set(key, group);
    }
    const nodeName: string | undefined = pod.spec?.nodeName;
    const node = nodeName ? nodeOf(nodeName) : undefined;
    if (nodeName && !node && service.spec?.publishNotReadyAddresses !== true) {
      plan.missingNode = true;
      continue;
    }
    const ep = podToEndpoint(pod, node, service, addressType);
    if (ep.addresses.length > 0) group.endpoints.set(endpointKey(ep), ep);
  }
  const creates: KObject[] = [];
  for (const [key, group] of desired) {
    const r = reconcilePortMapping(service, existingByPorts.get(key) ?? [], group, addressType, maxPerSlice);
    appendAll(creates, r.create);
    appendAll(plan.update, r.update);
    appendAll(toDelete, r.delete);
  }
  for (const [key, slices] of existingByPorts) if (!desired.has(key)) appendAll(toDelete, slices);
  // No slice would be left: keep (or create) one placeholder without ports or endpoints.
  if (existing.length === toDelete.length && creates.length === 0) {
    if (toDelete.length === 1 && isPlaceholder(toDelete[0], service, addressType)) toDelete.length = 0;
    else creates.push(newSlice(service, addressType, []));
  }
  appendAll(plan.create, creates);
  appendAll(plan.delete, toDelete);
}

function reconcilePortMapping(
  service: KObject,
  existing: readonly KObject[],
  group: Desired,
  addressType: AddressType,
  maxPerSlice: number,
): { create: KObject[]; update: KObject[]; delete: KObject[] } {
  const remaining = new Map(group.endpoints);
  const byName = new Map<string, KObject>();
  const unchanged: string[] = [];
  const toUpdate: string[] = [];
  const toDelete: string[] = [];
  // 1. Keep the endpoints still desired, refreshed; drop the others.
  for (const slice of existing) {
    const name = slice.metadata.name ?? '';
    byName.set(name, slice);
    const kept: Endpoint[] = [];
    let updated = false;
    const current = endpointsOf(slice);
    for (const ep of current) {
      const key = endpointKey(ep);
      const want = remaining.get(key);
      if (!want) continue;
      kept.push(want);
      if (!deepEqual(want, ep)) updated = true;
      remaining.delete(key);
    }
    const { labels, changed: labelsChanged } = sliceLabels(slice, service);
    if (updated || kept.length !== current.length) {
      if (kept.length === 0) toDelete.push(name);
      else {
        byName.set(name, { ...slice, metadata: { ...slice.metadata, labels }, endpoints: kept });
        toUpdate.push(name);
      }
    } else if (labelsChanged) {
      byName.set(name, { ...slice, metadata: { ...slice.metadata, labels } });
      toUpdate.push(name);
    } else {
      unchanged.push(name);
    }
  }
  const take = (slice: KObject): KObject => {
    const endpoints = [...endpointsOf(slice)];
    for (const [key, ep] of remaining) {
      if (endpoints.length >= maxPerSlice) break;
      endpoints.push(ep);
      remaining.delete(key);
    }
    return { ...slice, endpoints };
  };
  // 2. Fill the slices already being updated, fullest first.
  if (remaining.size > 0 && toUpdate.length > 0) {
    const ordered = [...toUpdate].sort((a, b) => endpointsOf(byName.get(b)!).length - endpointsOf(byName.get(a)!).length);
    for (const name of ordered) byName.set(name, take(byName.get(name)!));
  }
  // 3. Then one unchanged slice with room for everything left, else new slices.
  const create: KObject[] = [];
  while (remaining.size > 0) {
    let fill: KObject | undefined;
    if (remaining.size < maxPerSlice && unchanged.length > 0)
      fill = sliceToFill(
        unchanged.map((n) => byName.get(n)!),
        remaining.size,
        maxPerSlice,
      );
    if (!fill) {
      create.push(take(newSlice(service, addressType, group.ports)));
      continue;
    }
    const name = fill.metadata.name ?? '';
    byName.set(name, take(fill));
    toUpdate.push(name);
    unchanged.splice(unchanged.indexOf(name), 1);
  }
  return {
    create,
    update: toUpdate.map((n) => byName.get(n)!),
    delete: toDelete.map((n) => byName.get(n)!),
  };
}

/** getSliceToFill: the fullest slice that still has room for `count` more endpoints. */
function sliceToFill(slices: KObject[], count: number, max: number): KObject | undefined {
  let best: KObject | undefined;
  for (const s of slices) {
    const len = endpointsOf(s).length;
    if (len + count > max) continue;
    if (!best || len > endpointsOf(best).length) best = s;
  }
  return best;
}

/** finalize: a slice to create takes the name of one to delete (same address type, same owner). */
function finalize(service: KObject, plan: Plan): void {
  for (let i = 0; i < plan.delete.length && plan.create.length > 0;) {
    const victim = plan.delete[i];
    const slice = plan.create[plan.create.length - 1];
    if (victim.addressType === slice.addressType && ownedBy(victim, service)) {
      plan.create.pop();
      plan.update.push({ ...slice, metadata: { ...slice.metadata, name: victim.metadata.name } });
      plan.delete.splice(i, 1);
    } else i++;
  }
  // Never create slices for a Service being deleted (the garbage collector is removing them).
  if (service.metadata.deletionTimestamp) plan.create = [];
}

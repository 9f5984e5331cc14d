// The Service REST's own steps around the generic store (pkg/registry/core/service/storage
// storage.go beginCreate / beginUpdate, alloc.go, and strategy.go dropTypeDependentFields):
// keep clusterIP and clusterIPs in sync, fill in the IP family fields, allocate cluster IPs and
// node ports, and on update keep the values a client left out. A single-stack IPv4 cluster.

import type { KObject } from '../../../k8s/types';
import {
  IP_ALREADY_ALLOCATED,
  IP_NOT_IN_RANGE,
  PORT_ALREADY_ALLOCATED,
  PORT_NOT_IN_RANGE,
  ipInServiceRange,
  ipv4ToInt,
  nextFreeIP,
  nextFreeNodePort,
  nodePortInRange,
} from '../allocators/service-ranges';
import { errors, field, type FieldError } from '../errors';
import { goStrings, invalidGo, validateClusterIPsRelatedFields } from '../validation/service';
import { isIPv4 } from '../validation/util';
import type { StorageContext } from './kind-definition';

type Spec = Record<string, any>;

const CONFIGURED_FAMILY = 'IPv4';

function invalid(name: string, errs: FieldError[]): never {
  throw errors.invalid('', 'Service', name, errs);
}

function needsClusterIP(spec: Spec): boolean {
  return spec.type !== 'ExternalName';
}

function needsNodePort(spec: Spec): boolean {
  return spec.type === 'NodePort' || spec.type === 'LoadBalancer';
}

/** apiservice.NeedsHealthCheck. */
function needsHealthCheck(spec: Spec): boolean {
  return spec.type === 'LoadBalancer' && spec.externalTrafficPolicy === 'Local';
}

function shouldAllocateNodePorts(spec: Spec): boolean {
  if (spec.type === 'NodePort') return true;
  if (spec.type === 'LoadBalancer') return spec.allocateLoadBalancerNodePorts !== false;
  return false;
}

function clusterIPsOf(spec: Spec): string[] {
  return Array.isArray(spec.clusterIPs) ? spec.clusterIPs : [];
}

function sameStrings(a: unknown, b: unknown): boolean {
  const x = Array.isArray(a) ? a : [];
  const y = Array.isArray(b) ? b : [];
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

function nodePortsOf(spec: Spec): number[] {
  const out: number[] = [];
  for (const p of (spec.ports ?? []) as Spec[]) if (p.nodePort) out.push(p.nodePort);
  if (spec.healthCheckNodePort) out.push(spec.healthCheckNodePort);
  return out;
}

/** What other Services hold: their cluster IPs and node ports. */
function allocatedBy(ctx: StorageContext, self: KObject): { ips: Set<number>; ports: Set<number> } {
  const ips = new Set<number>();
  const ports = new Set<number>();
  for (const svc of ctx.stored()) {
    if (svc.metadata.namespace === self.metadata.namespace && svc.metadata.name === self.metadata.name) continue;
    const spec: Spec = svc.spec ?? {};
    for (const ip of clusterIPsOf(spec)) if (isIPv4(ip)) ips.add(ipv4ToInt(ip));
    for (const p of nodePortsOf(spec)) ports.add(p);
  }
  return { ips, ports };
}

/** normalizeClusterIPs: what a client meant when it set only one of clusterIP / clusterIPs. */
function normalizeClusterIPs(spec: Spec, old: Spec | undefined): void {
  if (!old) {
    if (spec.clusterIP && clusterIPsOf(spec).length === 0) spec.clusterIPs = [spec.clusterIP];
    return;
  }
  if (clusterIPsOf(old).length > 0 && clusterIPsOf(spec).length === 0 && (old.clusterIP ?? '') === (spec.clusterIP ?? '')) {
    spec.clusterIPs = old.clusterIPs;
  }
  if ((old.clusterIP ?? '') !== (spec.clusterIP ?? '')) {
    if (old.clusterIP && !spec.clusterIP && sameStrings(old.clusterIPs, spec.clusterIPs)) delete spec.clusterIPs;
    if (spec.clusterIP && sameStrings(old.clusterIPs, spec.clusterIPs)) spec.clusterIPs = [spec.clusterIP];
  }
}

/** patchAllocatedValues: an update that omits allocated values keeps them (idempotent PUTs). */
function patchAllocatedValues(spec: Spec, old: Spec): void {
  if (needsClusterIP(old) && needsClusterIP(spec)) {
    if (!spec.clusterIP && old.clusterIP) spec.clusterIP = old.clusterIP;
    if (clusterIPsOf(spec).length === 0 && clusterIPsOf(old).length > 0) spec.clusterIPs = old.clusterIPs;
  }
  if (needsNodePort(old) && needsNodePort(spec)) {
    const oldPorts: Spec[] = old.ports ?? [];
    const newPorts: Spec[] = spec.ports ?? [];
    const usedByNew = new Set(newPorts.map((p) => p.nodePort).filter(Boolean));
    const used = new Set(oldPorts.map((p) => p.nodePort).filter((np) => np && usedByNew.has(np)));
    const byName = new Map<string, number>();
    for (const p of oldPorts) byName.set(p.name ?? '', p.nodePort ?? 0);
    spec.ports = newPorts.map((p) => {
      if (p.nodePort) return p;
      const oldVal = byName.get(p.name ?? '') ?? 0;
      return oldVal && !used.has(oldVal) ? { ...p, nodePort: oldVal } : p;
    });
  }
  if (needsHealthCheck(old) && needsHealthCheck(spec) && !spec.healthCheckNodePort && old.healthCheckNodePort) {
    spec.healthCheckNodePort = old.healthCheckNodePort;
  }
}

/** initIPFamilyFields for a single-stack IPv4 cluster. */
function initIPFamilyFields(name: string, spec: Spec, old: Spec | undefined): void {
  if (spec.type === 'ExternalName') return;
  const selectorless = !spec.selector || Object.keys(spec.selector).length === 0;
  if (spec.ipFamilyPolicy == null) {
    if (old?.ipFamilyPolicy != null) spec.ipFamilyPolicy = old.ipFamilyPolicy;
    else if (spec.clusterIP === 'None' && selectorless) spec.ipFamilyPolicy = 'RequireDualStack';
    else spec.ipFamilyPolicy = 'SingleStack';
  }
  const pre = validateClusterIPsRelatedFields(spec);
  if (pre.length) invalid(name, pre);
  const errs: FieldError[] = [];
  const families: string[] = Array.isArray(spec.ipFamilies) ? [...spec.ipFamilies] : [];
  const clusterIPs = clusterIPsOf(spec);
  if (old && spec.ipFamilyPolicy === 'SingleStack') {
    if (sameStrings(old.clusterIPs, spec.clusterIPs) && clusterIPs.length > 1) spec.clusterIPs = clusterIPs.slice(0, 1);
    if (sameStrings(old.ipFamilies, spec.ipFamilies) && families.length > 1) families.length = 1;
  }
  if (spec.ipFamilyPolicy === 'SingleStack') {
    if (clusterIPsOf(spec).length === 2) {
      errs.push(
        field.invalid(
          'spec.ipFamilyPolicy',
          'SingleStack',
          "must be 'RequireDualStack' or 'PreferDualStack' when multiple cluster IPs are specified",
        ),
      );
    }
    if (families.length === 2) {
      errs.push(
        field.invalid(
          'spec.ipFamilyPolicy',
          'SingleStack',
          "must be 'RequireDualStack' or 'PreferDualStack' when multiple IP families are specified",
        ),
      );
    }
  }
  clusterIPsOf(spec).every((ip, i) => {
    if (ip === 'None') return false;
    const family = ip.includes(':') ? 'IPv6' : 'IPv4';
    if (i >= families.length) {
      if (family !== CONFIGURED_FAMILY) {
        errs.push(
          invalidGo(`spec.clusterIPs[${i}]`, goStrings(clusterIPsOf(spec)), `${family} is not configured on this cluster`),
        );
      } else families.push(family);
    }
    return true;
  });
  if (errs.length) invalid(name, errs);
  if (spec.clusterIP === 'None' && selectorless) {
    if (families.length === 0) families.push(CONFIGURED_FAMILY);
    if (families.length < 2 && spec.ipFamilyPolicy !== 'SingleStack') families.push(families[0] === 'IPv4' ? 'IPv6' : 'IPv4');
    spec.ipFamilies = families;
    return;
  }
  if (spec.ipFamilyPolicy === 'RequireDualStack') {
    errs.push(field.invalid('spec.ipFamilyPolicy', 'RequireDualStack', 'this cluster is not configured for dual-stack services'));
  }
  families.forEach((f, i) => {
    if (f !== CONFIGURED_FAMILY) errs.push(field.invalid(`spec.ipFamilies[${i}]`, f, 'not configured on this cluster'));
  });
  if (errs.length) invalid(name, errs);
  if (families.length === 0) families.push(CONFIGURED_FAMILY);
  spec.ipFamilies = families;
}

/** allocClusterIPs: the requested IP, or a random free one, for the (single) family. */
function allocClusterIPs(name: string, spec: Spec, used: Set<number>, ctx: StorageContext): void {
  if (spec.type === 'ExternalName') return;
  const ips = clusterIPsOf(spec);
  if (ips.length > 0 && ips[0] === 'None') return;
  const requested = ips[0] ?? '';
  let ip: string;
  if (requested === '') {
    const next = nextFreeIP(used, ctx.random);
    if (next === undefined) throw errors.internal('failed to allocate a serviceIP: range is full');
    ip = next;
  } else {
    const n = ipv4ToInt(requested);
    const reason = !ipInServiceRange(n) ? IP_NOT_IN_RANGE : used.has(n) ? IP_ALREADY_ALLOCATED : undefined;
    if (reason) invalid(name, [invalidGo('spec.clusterIPs', goStrings(ips), `failed to allocate IP ${requested}: ${reason}`)]);
    ip = requested;
  }
  used.add(ipv4ToInt(ip));
  spec.clusterIPs = [ip, ...ips.slice(1)];
  spec.clusterIP = ip;
}

function allocatePort(name: string, used: Set<number>, port: number, path: string): void {
  const reason = !nodePortInRange(port) ? PORT_NOT_IN_RANGE : used.has(port) ? PORT_ALREADY_ALLOCATED : undefined;
  if (reason) invalid(name, [field.invalid(path, port, reason)]);
  used.add(port);
}

function nextPort(used: Set<number>, ctx: StorageContext): number {
  const port = nextFreeNodePort(used, ctx.random);
  if (port === undefined) throw errors.internal('failed to allocate a nodePort: range is full');
  used.add(port);
  return port;
}

/** initNodePorts (create) / updateNodePorts (update): ports with the same number share one. */
function allocNodePorts(name: string, spec: Spec, old: Spec | undefined, used: Set<number>, ctx: StorageContext): void {
  if (!needsNodePort(spec)) return;
  const ports: Spec[] = (spec.ports ?? []).map((p: Spec) => ({ ...p }));
  const oldPorts = new Set(old && needsNodePort(old) ? nodePortsOf(old) : []);
  const byPortNumber = new Map<number, number>();
  ports.forEach((p, i) => {
    if (!p.nodePort && !shouldAllocateNodePorts(spec)) return;
    const path = `spec.ports[${i}].nodePort`;
    const shared = byPortNumber.get(p.port);
    if (shared !== undefined) {
      if (!p.nodePort) p.nodePort = shared;
      else if (p.nodePort !== shared && !oldPorts.has(p.nodePort)) allocatePort(name, used, p.nodePort, path);
      return;
    }
    const requested = p.nodePort || ports.find((q) => q.port === p.port && q.nodePort)?.nodePort || 0;
    if (requested) {
      if (!oldPorts.has(requested)) allocatePort(name, used, requested, path);
      p.nodePort = requested;
    } else {
      p.nodePort = nextPort(used, ctx);
    }
    byPortNumber.set(p.port, p.nodePort);
  });
  spec.ports = ports;
}

function allocHealthCheckNodePort(name: string, spec: Spec, old: Spec | undefined, used: Set<number>, ctx: StorageContext): void {
  if (!needsHealthCheck(spec)) return;
  if (old && needsHealthCheck(old) && spec.healthCheckNodePort === old.healthCheckNodePort) return;
  if (spec.healthCheckNodePort) allocatePort(name, used, spec.healthCheckNodePort, 'spec.healthCheckNodePort');
  else spec.healthCheckNodePort = nextPort(used, ctx);
}

function copySpec(svc: KObject): Spec {
  return JSON.parse(JSON.stringify(svc.spec ?? {})) as Spec;
}

/** storage.go beginCreate + alloc.go allocateCreate. */
export function beginServiceCreate(svc: KObject, ctx: StorageContext): KObject {
  const name = svc.metadata.name ?? svc.metadata.generateName ?? '';
  const spec = copySpec(svc);
  normalizeClusterIPs(spec, undefined);
  initIPFamilyFields(name, spec, undefined);
  const { ips, ports } = allocatedBy(ctx, svc);
  allocClusterIPs(name, spec, ips, ctx);
  allocNodePorts(name, spec, undefined, ports, ctx);
  allocHealthCheckNodePort(name, spec, undefined, ports, ctx);
  return { ...svc, spec };
}

/** storage.go beginUpdate + alloc.go allocateUpdate (releases are implicit: nothing is stored). */
export function beginServiceUpdate(svc: KObject, old: KObject, ctx: StorageContext): KObject {
  const name = svc.metadata.name ?? '';
  const spec = copySpec(svc);
  const oldSpec: Spec = old.spec ?? {};
  patchAllocatedValues(spec, oldSpec);
  normalizeClusterIPs(spec, oldSpec);
  initIPFamilyFields(name, spec, oldSpec);
  const { ips, ports } = allocatedBy(ctx, svc);
  if (oldSpec.type === 'ExternalName' && spec.type !== 'ExternalName') allocClusterIPs(name, spec, ips, ctx);
  allocNodePorts(name, spec, oldSpec, ports, ctx);
  allocHealthCheckNodePort(name, spec, oldSpec, ports, ctx);
  return { ...svc, spec };
}

/** strategy.go PrepareForCreate: clients cannot set status. */
export function prepareServiceForCreate(svc: KObject): KObject {
  return { ...svc, status: { loadBalancer: {} } };
}

/**
 * strategy.go PrepareForUpdate's dropTypeDependentFields: a type change wipes the fields that no
 * longer apply when the client left them as they were.
 */
export function prepareServiceForUpdate(svc: KObject, old: KObject): KObject {
  const oldSpec: Spec = old.spec ?? {};
  const spec: Spec = { ...(svc.spec ?? {}) };
  let status = svc.status;
  if (needsClusterIP(oldSpec) && !needsClusterIP(spec)) {
    if (sameStrings(oldSpec.clusterIPs, spec.clusterIPs) && (oldSpec.clusterIP ?? '') === (spec.clusterIP ?? '')) {
      delete spec.clusterIP;
      delete spec.clusterIPs;
    }
    if (sameStrings(oldSpec.ipFamilies, spec.ipFamilies)) delete spec.ipFamilies;
    if (oldSpec.ipFamilyPolicy === spec.ipFamilyPolicy) delete spec.ipFamilyPolicy;
  }
  if (needsNodePort(oldSpec) && !needsNodePort(spec)) {
    const same = sameStrings(
      (oldSpec.ports ?? []).map((p: Spec) => p.nodePort ?? 0),
      (spec.ports ?? []).map((p: Spec) => p.nodePort ?? 0),
    );
    if (same)
      spec.ports = (spec.ports ?? []).map((p: Spec) => (p.nodePort ? { ...p, nodePort: undefined } : p)).map(dropUndefined);
  }
  if (needsHealthCheck(oldSpec) && !needsHealthCheck(spec) && oldSpec.healthCheckNodePort === spec.healthCheckNodePort) {
    delete spec.healthCheckNodePort;
  }
  if (oldSpec.type === 'LoadBalancer' && spec.type !== 'LoadBalancer') {
    if (
      spec.allocateLoadBalancerNodePorts != null &&
      spec.allocateLoadBalancerNodePorts === oldSpec.allocateLoadBalancerNodePorts
    ) {
      delete spec.allocateLoadBalancerNodePorts;
    }
    if (spec.loadBalancerClass != null && spec.loadBalancerClass === oldSpec.loadBalancerClass) delete spec.loadBalancerClass;
    status = { ...(status ?? {}), loadBalancer: {} };
  }
  const accessible = (s: Spec) =>
    s.type === 'LoadBalancer' || s.type === 'NodePort' || (s.type === 'ClusterIP' && (s.externalIPs?.length ?? 0) > 0);
  if (accessible(oldSpec) && !accessible(spec) && oldSpec.externalTrafficPolicy === spec.externalTrafficPolicy) {
    delete spec.externalTrafficPolicy;
  }
  return { ...svc, spec, ...(status !== undefined ? { status } : {}) };
}

function dropUndefined(p: Spec): Spec {
  const out: Spec = {};
  for (const [k, v] of Object.entries(p)) if (v !== undefined) out[k] = v;
  return out;
}

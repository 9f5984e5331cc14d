// `kubectl describe node` (kubectl pkg/describe describeNode): roles, taints, the node's Lease in
// kube-node-lease, the conditions table, addresses, capacity and allocatable, system info, the
// non-terminated pods with their requests and limits, allocated totals and the node's events
// (those recorded against its uid and those recorded against its name, as kubelets do).

import { parseQuantity } from '../../../k8s/quantity';
import type { KEvent, KObject } from '../../../k8s/types';
import { quantityString } from './containers';
import { describeEvents, searchEvents } from './events';
import {
  formatRFC1123Z,
  printAnnotationsMultiline,
  printLabelsMultiline,
  printTaintsMultiline,
  sortStrings,
  timestampSince,
} from './format';
import { get, percent, podLimits, podRequests, ZERO, type ResourceList } from './resources';
import type { DescribeContext, Describer } from './types';
import { LEVEL_0, LEVEL_1, tabbedString, type PrefixWriter } from './writer';

const NODE_LEASE_NAMESPACE = 'kube-node-lease';
const ROLE_PREFIX = 'node-role.kubernetes.io/';

export const describeNode: Describer = (node: KObject, ctx: DescribeContext) => {
  const name = node.metadata.name ?? '';
  const pods = nonTerminatedPods(ctx, name);
  let events: KEvent[] | undefined;
  if (ctx.showEvents) {
    events = [
      ...searchEvents(ctx.env, { name, namespace: '', kind: 'Node', uid: node.metadata.uid }),
      ...searchEvents(ctx.env, { name, namespace: '', kind: 'Node', uid: name }),
    ];
  }
  const spec: Record<string, any> = node.spec ?? {};
  const status: Record<string, any> = node.status ?? {};
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${name}\n`);
    const roles = nodeRoles(node);
    w.write(LEVEL_0, `Roles:\t${roles.length ? roles.join(',') : '<none>'}\n`);
    printLabelsMultiline(w, 'Labels', node.metadata.labels);
    printAnnotationsMultiline(w, 'Annotations', node.metadata.annotations);
    w.write(LEVEL_0, `CreationTimestamp:\t${formatRFC1123Z(node.metadata.creationTimestamp)}\n`);
    printTaintsMultiline(w, 'Taints', spec.taints);
    w.write(LEVEL_0, `Unschedulable:\t${spec.unschedulable ? 'true' : 'false'}\n`);
    describeLease(ctx, name, w);

    const conditions: any[] = status.conditions ?? [];
    if (conditions.length > 0) {
      w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\tLastHeartbeatTime\tLastTransitionTime\tReason\tMessage\n');
      w.write(LEVEL_1, '----\t------\t-----------------\t------------------\t------\t-------\n');
      for (const c of conditions) {
        w.write(
          LEVEL_1,
          `${c.type} \t${c.status} \t${formatRFC1123Z(c.lastHeartbeatTime)} \t${formatRFC1123Z(c.lastTransitionTime)} \t${c.reason ?? ''} \t${c.message ?? ''}\n`,
        );
      }
    }
    w.write(LEVEL_0, 'Addresses:\n');
    for (const a of (status.addresses ?? []) as any[]) w.write(LEVEL_1, `${a.type}:\t${a.address}\n`);

    const printResourceList = (list: Record<string, unknown>) => {
      for (const r of sortStrings(Object.keys(list))) w.write(LEVEL_0, `  ${r}:\t${quantityString(list[r])}\n`);
    };
    if (Object.keys(status.capacity ?? {}).length > 0) {
      w.write(LEVEL_0, 'Capacity:\n');
      printResourceList(status.capacity);
    }
    if (Object.keys(status.allocatable ?? {}).length > 0) {
      w.write(LEVEL_0, 'Allocatable:\n');
      printResourceList(status.allocatable);
    }
    const info: Record<string, string> = status.nodeInfo ?? {};
    w.write(LEVEL_0, 'System Info:\n');
    w.write(LEVEL_0, `  Machine ID:\t${info.machineID ?? ''}\n`);
    w.write(LEVEL_0, `  System UUID:\t${info.systemUUID ?? ''}\n`);
    w.write(LEVEL_0, `  Boot ID:\t${info.bootID ?? ''}\n`);
    w.write(LEVEL_0, `  Kernel Version:\t${info.kernelVersion ?? ''}\n`);
    w.write(LEVEL_0, `  OS Image:\t${info.osImage ?? ''}\n`);
    w.write(LEVEL_0, `  Operating System:\t${info.operatingSystem ?? ''}\n`);
    w.write(LEVEL_0, `  Architecture:\t${info.architecture ?? ''}\n`);
    w.write(LEVEL_0, `  Container Runtime Version:\t${info.containerRuntimeVersion ?? ''}\n`);
    w.write(LEVEL_0, `  Kubelet Version:\t${info.kubeletVersion ?? ''}\n`);
    w.write(LEVEL_0, `  Kube-Proxy Version:\t${info.kubeProxyVersion ?? ''}\n`);
    if (spec.podCIDR) w.write(LEVEL_0, `PodCIDR:\t${spec.podCIDR}\n`);
    if ((spec.podCIDRs ?? []).length > 0) w.write(LEVEL_0, `PodCIDRs:\t${spec.podCIDRs.join(',')}\n`);
    if (spec.providerID) w.write(LEVEL_0, `ProviderID:\t${spec.providerID}\n`);
    describeNodeResource(pods, node, w, ctx.nowUnixMs);
    if (events) describeEvents(events, w, ctx.nowUnixMs);
  });
};

/** findNodeRoles: suffixes of node-role.kubernetes.io/<role> labels and values of kubernetes.io/role, sorted. */
function nodeRoles(node: KObject): string[] {
  const roles = new Set<string>();
  for (const [key, value] of Object.entries(node.metadata.labels ?? {})) {
    if (key.startsWith(ROLE_PREFIX)) {
      const role = key.slice(ROLE_PREFIX.length);
      if (role) roles.add(role);
    } else if (key === 'kubernetes.io/role' && value) {
      roles.add(value);
    }
  }
  return sortStrings(roles);
}

function describeLease(ctx: DescribeContext, nodeName: string, w: PrefixWriter): void {
  const def = ctx.env.registry.forObject('coordination.k8s.io/v1', 'Lease');
  let lease: KObject;
  try {
    if (!def) throw new Error('the server could not find the requested resource');
    lease = ctx.env.api.get(def, NODE_LEASE_NAMESPACE, nodeName);
  } catch (e) {
    if (!(e instanceof Error)) throw e;
    w.write(LEVEL_0, `Lease:\tFailed to get lease: ${e.message}\n`);
    return;
  }
  const spec: Record<string, any> = lease.spec ?? {};
  w.write(LEVEL_0, 'Lease:\n');
  w.write(LEVEL_1, `HolderIdentity:\t${spec.holderIdentity ?? '<unset>'}\n`);
  w.write(LEVEL_1, `AcquireTime:\t${spec.acquireTime ? formatRFC1123Z(spec.acquireTime) : '<unset>'}\n`);
  w.write(LEVEL_1, `RenewTime:\t${spec.renewTime ? formatRFC1123Z(spec.renewTime) : '<unset>'}\n`);
}

/** Pods bound to the node that are neither Succeeded nor Failed, in every namespace. */
function nonTerminatedPods(ctx: DescribeContext, nodeName: string): KObject[] {
  const def = ctx.env.registry.forObject('v1', 'Pod');
  if (!def) return [];
  return ctx.env.api
    .list(def)
    .items.filter((p) => p.spec?.nodeName === nodeName && p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed');
}

function isHugePages(name: string): boolean {
  return name.startsWith('hugepages-');
}

const STANDARD_CONTAINER_RESOURCES = new Set(['cpu', 'memory', 'ephemeral-storage']);

function quantity(raw: unknown) {
  if (raw === undefined || raw === null) return ZERO;
  try {
    return parseQuantity(raw as string | number);
  } catch {
    return ZERO;
  }
}

/** describeNodeResource: the per-pod table and the `Allocated resources` totals. */
function describeNodeResource(pods: KObject[], node: KObject, w: PrefixWriter, nowUnixMs: number): void {
  w.write(LEVEL_0, `Non-terminated Pods:\t(${pods.length} in total)\n`);
  w.write(LEVEL_1, 'Namespace\tName\t\tCPU Requests\tCPU Limits\tMemory Requests\tMemory Limits\tAge\n');
  w.write(LEVEL_1, '---------\t----\t\t------------\t----------\t---------------\t-------------\t---\n');
  const status: Record<string, any> = node.status ?? {};
  const allocatable: Record<string, unknown> =
    Object.keys(status.allocatable ?? {}).length > 0 ? status.allocatable : (status.capacity ?? {});
  const allocCpu = quantity(allocatable.cpu).milliValue();
  const allocMemory = quantity(allocatable.memory).value();
  const allocStorage = quantity(allocatable['ephemeral-storage']).value();

  const totalReqs: ResourceList = new Map();
  const totalLimits: ResourceList = new Map();
  for (const pod of pods) {
    const req = podRequests(pod);
    const limit = podLimits(pod);
    const cpuReq = get(req, 'cpu');
    const cpuLimit = get(limit, 'cpu');
    const memReq = get(req, 'memory');
    const memLimit = get(limit, 'memory');
    w.write(
      LEVEL_1,
      `${pod.metadata.namespace ?? ''}\t${pod.metadata.name ?? ''}\t\t${cpuReq} (${percent(cpuReq.milliValue(), allocCpu)}%)\t${cpuLimit} (${percent(cpuLimit.milliValue(), allocCpu)}%)\t${memReq} (${percent(memReq.value(), allocMemory)}%)\t${memLimit} (${percent(memLimit.value(), allocMemory)}%)\t${timestampSince(pod.metadata.creationTimestamp, nowUnixMs)}\n`,
    );
    for (const [n, q] of req) totalReqs.set(n, totalReqs.has(n) ? totalReqs.get(n)!.add(q) : q);
    for (const [n, q] of limit) totalLimits.set(n, totalLimits.has(n) ? totalLimits.get(n)!.add(q) : q);
  }

  w.write(LEVEL_0, 'Allocated resources:\n  (Total limits may be over 100 percent, i.e., overcommitted.)\n');
  w.write(LEVEL_1, 'Resource\tRequests\tLimits\n');
  w.write(LEVEL_1, '--------\t--------\t------\n');
  const fraction = (value: number, of: number) => (of !== 0 ? percent(value, of) : '0');
  const cpuReqs = get(totalReqs, 'cpu');
  const cpuLimits = get(totalLimits, 'cpu');
  const memReqs = get(totalReqs, 'memory');
  const memLimits = get(totalLimits, 'memory');
  const storageReqs = get(totalReqs, 'ephemeral-storage');
  const storageLimits = get(totalLimits, 'ephemeral-storage');
  w.write(
    LEVEL_1,
    `cpu\t${cpuReqs} (${fraction(cpuReqs.milliValue(), allocCpu)}%)\t${cpuLimits} (${fraction(cpuLimits.milliValue(), allocCpu)}%)\n`,
  );
  w.write(
    LEVEL_1,
    `memory\t${memReqs} (${fraction(memReqs.value(), allocMemory)}%)\t${memLimits} (${fraction(memLimits.value(), allocMemory)}%)\n`,
  );
  w.write(
    LEVEL_1,
    `ephemeral-storage\t${storageReqs} (${fraction(storageReqs.value(), allocStorage)}%)\t${storageLimits} (${fraction(storageLimits.value(), allocStorage)}%)\n`,
  );
  const names = Object.keys(allocatable);
  const hugePages = sortStrings(names.filter(isHugePages));
  const extended = sortStrings(names.filter((n) => !isHugePages(n) && !STANDARD_CONTAINER_RESOURCES.has(n) && n !== 'pods'));
  for (const r of hugePages) {
    const reqs = get(totalReqs, r);
    const limits = get(totalLimits, r);
    const alloc = quantity(allocatable[r]).value();
    w.write(LEVEL_1, `${r}\t${reqs} (${fraction(reqs.value(), alloc)}%)\t${limits} (${fraction(limits.value(), alloc)}%)\n`);
  }
  for (const r of extended) w.write(LEVEL_1, `${r}\t${get(totalReqs, r)}\t${get(totalLimits, r)}\n`);
}

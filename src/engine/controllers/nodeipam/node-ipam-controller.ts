// nodeipam (range allocator): gives every Node a /24 pod CIDR from the cluster CIDR
// (kube-controller-manager --cluster-cidr, --node-cidr-mask-size 24), writing spec.podCIDR and
// spec.podCIDRs once. The kubelet takes its pods' IPs from it. Freed ranges return to the pool
// when the Node is deleted.
//
// The cluster CIDR is 10.224.0.0/11 (8,192 node ranges, so a 5,000-node cluster fits) and the
// allocator starts at 10.244.0.0/24, so small clusters show the addresses kind clusters and the
// docs show (10.244.N.x).

import type { KObject } from '../../../k8s/types';
import type { ApiServer } from '../../api/apiserver';
import { isApiError } from '../../api/errors';
import { nodeKind } from '../../api/kinds';
import type { Clock } from '../../clock/clock';
import { Controller } from '../../runtime/controller';
import type { InformerFactory } from '../../runtime/informer';

export const CLUSTER_CIDR = '10.224.0.0/11';
const RANGES = 8192;
const FIRST_SECOND_OCTET = 224;
const START_INDEX = (244 - FIRST_SECOND_OCTET) * 256;

export function nodeCIDR(index: number): string {
  return `10.${FIRST_SECOND_OCTET + Math.floor(index / 256)}.${index % 256}.0/24`;
}

function cidrIndex(cidr: string | undefined): number | undefined {
  const m = cidr ? /^10\.(\d+)\.(\d+)\.0\/24$/.exec(cidr) : null;
  if (!m || Number(m[1]) < FIRST_SECOND_OCTET) return undefined;
  return (Number(m[1]) - FIRST_SECOND_OCTET) * 256 + Number(m[2]);
}

export function startNodeIpamController(api: ApiServer, clock: Clock, informers: InformerFactory): Controller {
  const nodes = informers.informerFor(nodeKind);
  const used = new Map<number, string>(); // range index → node name
  let nextCandidate = START_INDEX;

  const occupy = (node: KObject) => {
    const index = cidrIndex(node.spec?.podCIDR);
    if (index !== undefined) used.set(index, node.metadata.name!);
  };

  const controller = new Controller({
    name: 'node-ipam-controller',
    clock,
    sync: (key) => {
      const node = nodes.getByKey(key);
      if (!node || node.spec?.podCIDR) return;
      let index: number | undefined;
      for (let i = 0; i < RANGES; i++) {
        const candidate = (nextCandidate + i) % RANGES;
        if (!used.has(candidate)) {
          index = candidate;
          break;
        }
      }
      if (index === undefined) return; // CIDRNotAvailable: the cluster CIDR is full
      const cidr = nodeCIDR(index);
      try {
        api.patch(nodeKind, undefined, node.metadata.name!, 'merge', { spec: { podCIDR: cidr, podCIDRs: [cidr] } });
        used.set(index, node.metadata.name!);
        nextCandidate = (index + 1) % RANGES;
      } catch (e) {
        if (!isApiError(e)) throw e;
      }
    },
  });
  nodes.addHandler({
    onAdd: occupy,
    onUpdate: (_old, node) => occupy(node),
    onDelete: (node) => {
      const index = cidrIndex(node.spec?.podCIDR);
      if (index !== undefined && used.get(index) === node.metadata.name) used.delete(index);
    },
  });
  controller.handle(nodes, {
    onAdd: (node) => (node.spec?.podCIDR ? undefined : node.metadata.name),
    onUpdate: (_old, node) => (node.spec?.podCIDR ? undefined : node.metadata.name),
  });
  return controller;
}

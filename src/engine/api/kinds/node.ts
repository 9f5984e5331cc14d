// Node (v1): cluster-scoped, status written by its kubelet, spec by admins (cordon, taints).

import { nodeRoles, nodeStatus } from '../../../k8s/node-status';
import type { KObject, Node } from '../../../k8s/types';
import { defaultNode } from '../defaulting/node';
import { validateNode, validateNodeStatusUpdate, validateNodeUpdate } from '../validation/node';
import { age } from './columns';
import type { KindDefinition } from './kind-definition';

function address(node: KObject, type: string): string {
  const found = (node.status?.addresses as { type: string; address: string }[] | undefined)?.find((a) => a.type === type);
  return found?.address ?? '<none>';
}

function nodeInfo(node: KObject, field: string): string {
  return node.status?.nodeInfo?.[field] || '<unknown>';
}

export const nodeKind: KindDefinition = {
  group: '',
  version: 'v1',
  kind: 'Node',
  plural: 'nodes',
  singular: 'node',
  shortNames: ['no'],
  namespaced: false,
  categories: [],
  hasStatus: true,
  tracksGeneration: false,
  defaultPropagationPolicy: 'Background',
  garbageCollected: true,
  applyDefaults: (o) => defaultNode(o as Node),
  validate: (o) => validateNode(o as Node),
  validateUpdate: (o, old) => validateNodeUpdate(o as Node, old as Node),
  validateStatusUpdate: (o, old) => validateNodeStatusUpdate(o as Node, old as Node),
  fieldLabels: ['metadata.name', 'spec.unschedulable'],
  fieldSelectors: { 'spec.unschedulable': (o) => String(!!o.spec?.unschedulable) },
  columns: [
    { name: 'Status', cell: (o) => nodeStatus(o) },
    { name: 'Roles', cell: (o) => nodeRoles(o) },
    { name: 'Age', cell: age },
    { name: 'Version', cell: (o) => o.status?.nodeInfo?.kubeletVersion ?? '' },
    { name: 'Internal-IP', priority: 1, cell: (o) => address(o, 'InternalIP') },
    { name: 'External-IP', priority: 1, cell: (o) => address(o, 'ExternalIP') },
    { name: 'OS-Image', priority: 1, cell: (o) => nodeInfo(o, 'osImage') },
    { name: 'Kernel-Version', priority: 1, cell: (o) => nodeInfo(o, 'kernelVersion') },
    { name: 'Container-Runtime', priority: 1, cell: (o) => nodeInfo(o, 'containerRuntimeVersion') },
  ],
};

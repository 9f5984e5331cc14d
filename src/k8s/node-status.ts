// The STATUS column of `kubectl get nodes` (printers.go printNode): Ready when the Ready condition
// is True, NotReady when it is False or Unknown, Unknown when absent; `,SchedulingDisabled` when
// the node is cordoned. Shared by the kubectl printer and the UI's accessible names.

import type { KObject } from './types';

export function nodeStatus(node: KObject): string {
  const ready = (node.status?.conditions as { type: string; status: string }[] | undefined)?.find((c) => c.type === 'Ready');
  let status = !ready ? 'Unknown' : ready.status === 'True' ? 'Ready' : 'NotReady';
  if (node.spec?.unschedulable) status += ',SchedulingDisabled';
  return status;
}

/** ROLES: sorted suffixes of node-role.kubernetes.io/<role> labels plus kubernetes.io/role values. */
export function nodeRoles(node: KObject): string {
  const roles = new Set<string>();
  for (const [key, value] of Object.entries(node.metadata.labels ?? {})) {
    if (key.startsWith('node-role.kubernetes.io/')) {
      const role = key.slice('node-role.kubernetes.io/'.length);
      if (role) roles.add(role);
    } else if (key === 'kubernetes.io/role' && value) {
      roles.add(value);
    }
  }
  return roles.size ? [...roles].sort().join(',') : '<none>';
}

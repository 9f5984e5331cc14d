// Test fixtures: minimal Node and Pod objects as the store mirrors them.
import type { KObject } from '../../k8s/types';

export const node = (name: string, zone: string, extra: Partial<KObject> = {}): KObject => ({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name, uid: `uid-${name}`, labels: { 'topology.kubernetes.io/zone': zone } },
  spec: {},
  status: {
    allocatable: { cpu: '4', memory: '8Gi', pods: '110' },
    conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady' }],
  },
  ...extra,
});

export const pod = (
  name: string,
  nodeName?: string,
  extra: { labels?: Record<string, string>; owner?: KObject; status?: any; cpu?: string; generateName?: string } = {},
): KObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: {
    name,
    namespace: 'default',
    uid: `uid-${name}`,
    ...(extra.generateName ? { generateName: extra.generateName } : {}),
    ...(extra.labels ? { labels: extra.labels } : {}),
    ...(extra.owner
      ? {
          ownerReferences: [
            {
              apiVersion: 'apps/v1',
              kind: extra.owner.kind,
              name: extra.owner.metadata.name!,
              uid: extra.owner.metadata.uid!,
              controller: true,
            },
          ],
        }
      : {}),
  },
  spec: {
    containers: [
      { name: 'c', image: 'nginx', ...(extra.cpu ? { resources: { requests: { cpu: extra.cpu, memory: '128Mi' } } } : {}) },
    ],
    ...(nodeName ? { nodeName } : {}),
  },
  status: extra.status ?? {
    phase: 'Running',
    conditions: [{ type: 'Ready', status: 'True' }],
    containerStatuses: [{ name: 'c', ready: true, restartCount: 0, state: { running: {} } }],
  },
});

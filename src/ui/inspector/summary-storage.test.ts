import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { summaryRows } from './summary';

const rowsOf = (obj: KObject, claims?: Map<string, string>) => Object.fromEntries(summaryRows(obj, 0, undefined, claims));

describe('inspector summary: storage', () => {
  it('shows a pod’s claims beside their phase', () => {
    const pod: KObject = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'web-0', namespace: 'default' },
      spec: {
        containers: [{ name: 'nginx', image: 'nginx' }],
        volumes: [
          { name: 'www', persistentVolumeClaim: { claimName: 'www-web-0' } },
          { name: 'cache', persistentVolumeClaim: { claimName: 'gone' } },
          { name: 'tmp', emptyDir: {} },
        ],
      },
    };
    expect(rowsOf(pod, new Map([['www-web-0', 'Pending']])).Claims).toBe('www-web-0 (Pending), gone (<missing>)');
  });

  it('summarises a bound claim and its volume', () => {
    const pvc: KObject = {
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: 'data', namespace: 'default' },
      spec: { storageClassName: 'standard', volumeName: 'pvc-1', resources: { requests: { storage: '1Gi' } } },
      status: { phase: 'Bound', capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'] },
    };
    expect(rowsOf(pvc)).toMatchObject({ Status: 'Bound', StorageClass: 'standard', Volume: 'pvc-1', Capacity: '1Gi RWO' });
    const pv: KObject = {
      apiVersion: 'v1',
      kind: 'PersistentVolume',
      metadata: { name: 'pvc-1' },
      spec: {
        capacity: { storage: '1Gi' },
        accessModes: ['ReadWriteOnce'],
        persistentVolumeReclaimPolicy: 'Delete',
        claimRef: { namespace: 'default', name: 'data' },
        nodeAffinity: {
          required: {
            nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: ['node-a1'] }] }],
          },
        },
      },
      status: { phase: 'Bound' },
    };
    expect(rowsOf(pv)).toMatchObject({ Status: 'Bound', Claim: 'default/data', Capacity: '1Gi RWO', Node: 'node-a1' });
  });
});

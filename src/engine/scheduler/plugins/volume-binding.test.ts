// VolumeBinding against real storage objects (an empty cluster's API server and informers): the
// PreFilter rejections, the per-node Filter reasons, and PreBind's writes.

import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { persistentVolumeClaimKind, persistentVolumeKind } from '../../api/kinds';
import { Cluster } from '../../cluster/cluster';
import { FakeSnapshot, failures, makeNode, makePod, runFilter } from './testing';
import { preBindVolumes, volumeBinding, volumeListers } from './volume-binding';

function setup() {
  const c = new Cluster(1, { empty: true });
  const listers = volumeListers(c.controllers.informers);
  const create = (obj: KObject) => c.api.create(obj, { namespace: 'default' });
  return { c, listers, plugin: volumeBinding(listers), create };
}

const claim = (name: string, className: string, volumeName?: string): KObject => ({
  apiVersion: 'v1',
  kind: 'PersistentVolumeClaim',
  metadata: { name },
  spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, storageClassName: className, volumeName },
});
const localPV = (name: string, node: string, className = 'local'): KObject => ({
  apiVersion: 'v1',
  kind: 'PersistentVolume',
  metadata: { name },
  spec: {
    capacity: { storage: '1Gi' },
    accessModes: ['ReadWriteOnce'],
    storageClassName: className,
    local: { path: '/mnt/disk' },
    nodeAffinity: {
      required: {
        nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: [node] }] }],
      },
    },
  },
});
const sc = (name: string, mode: string, provisioner = 'rancher.io/local-path'): KObject => ({
  apiVersion: 'storage.k8s.io/v1',
  kind: 'StorageClass',
  metadata: { name },
  provisioner,
  volumeBindingMode: mode,
});
const podWith = (...claims: string[]): KObject => {
  const pod = makePod('p');
  return { ...pod, spec: { ...pod.spec, volumes: claims.map((n) => ({ name: n, persistentVolumeClaim: { claimName: n } })) } };
};
const nodes = () => new FakeSnapshot([makeNode('a'), makeNode('b')]);

describe('VolumeBinding', () => {
  it('skips pods without claims and rejects missing or unbound immediate claims up front', () => {
    const { plugin, create } = setup();
    expect(runFilter(plugin, makePod('p'), nodes()).preFilter?.code).toBe('Skip');
    expect(runFilter(plugin, podWith('ghost'), nodes()).preFilter).toMatchObject({
      code: 'UnschedulableAndUnresolvable',
      reasons: ['persistentvolumeclaim "ghost" not found'],
    });
    create(sc('now', 'Immediate'));
    create(claim('data', 'now'));
    expect(runFilter(plugin, podWith('data'), nodes()).preFilter).toMatchObject({
      reasons: ['pod has unbound immediate PersistentVolumeClaims'],
    });
  });

  it('keeps a bound claim on the nodes its volume reaches', () => {
    const { plugin, create } = setup();
    create(localPV('pv-a', 'a'));
    create(claim('data', 'local', 'pv-a'));
    expect(failures(runFilter(plugin, podWith('data'), nodes()))).toEqual({
      b: 'UnschedulableAndUnresolvable: node(s) had volume node affinity conflict',
    });
    create(claim('lost', 'local', 'pv-gone'));
    expect(failures(runFilter(plugin, podWith('lost'), nodes()))).toEqual({
      a: 'UnschedulableAndUnresolvable: node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s)',
      b: 'UnschedulableAndUnresolvable: node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s)',
    });
  });

  it('finds a free local volume per node for a WaitForFirstConsumer claim, and binds it in PreBind', () => {
    const { plugin, create, c, listers } = setup();
    create(sc('local', 'WaitForFirstConsumer', 'kubernetes.io/no-provisioner'));
    create(localPV('pv-b', 'b'));
    create(claim('data', 'local'));
    expect(failures(runFilter(plugin, podWith('data'), nodes()))).toEqual({
      a: "UnschedulableAndUnresolvable: node(s) didn't find available persistent volumes to bind",
    });
    expect(
      preBindVolumes(c.api, listers, { ...podWith('data'), metadata: { name: 'p', namespace: 'default' } }, makeNode('b')),
    ).toBeUndefined();
    expect(c.api.get(persistentVolumeKind, undefined, 'pv-b').spec.claimRef).toMatchObject({
      namespace: 'default',
      name: 'data',
    });
  });

  it('lets a provisioning class run anywhere and annotates the claim with the chosen node', () => {
    const { plugin, create, c, listers } = setup();
    create(claim('data', 'standard'));
    expect(failures(runFilter(plugin, podWith('data'), nodes()))).toEqual({});
    preBindVolumes(c.api, listers, { ...podWith('data'), metadata: { name: 'p', namespace: 'default' } }, makeNode('a'));
    expect(c.api.get(persistentVolumeClaimKind, 'default', 'data').metadata.annotations).toMatchObject({
      'volume.kubernetes.io/selected-node': 'a',
    });
  });
});

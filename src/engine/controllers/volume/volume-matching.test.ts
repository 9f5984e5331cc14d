import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { findMatchingVolume, isVolumeBoundToClaim, volumeFitsNode } from './volume-matching';

const claim = (spec: Record<string, unknown> = {}): KObject => ({
  apiVersion: 'v1',
  kind: 'PersistentVolumeClaim',
  metadata: { name: 'data', namespace: 'default', uid: 'c-1' },
  spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, storageClassName: 'manual', ...spec },
});
const volume = (name: string, storage: string, spec: Record<string, unknown> = {}, labels?: Record<string, string>): KObject => ({
  apiVersion: 'v1',
  kind: 'PersistentVolume',
  metadata: { name, labels },
  spec: { capacity: { storage }, accessModes: ['ReadWriteOnce'], storageClassName: 'manual', hostPath: { path: '/x' }, ...spec },
  status: { phase: 'Available' },
});
const node = (name: string): KObject => ({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name, labels: { 'kubernetes.io/hostname': name } },
});
const onNode = (n: string) => ({
  nodeAffinity: {
    required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: [n] }] }] },
  },
});
const names = (pv: KObject | undefined) => pv?.metadata.name;

describe('findMatchingVolume', () => {
  it('takes the smallest free volume that is big enough', () => {
    const vols = [volume('big', '10Gi'), volume('small', '500Mi'), volume('fits', '2Gi')];
    expect(names(findMatchingVolume(claim(), vols))).toBe('fits');
  });

  it.each<[string, KObject, string | undefined]>([
    ['other class', volume('v', '1Gi', { storageClassName: 'fast' }), undefined],
    ['missing access mode', volume('v', '1Gi', { accessModes: ['ReadOnlyMany'] }), undefined],
    ['more modes than asked', volume('v', '1Gi', { accessModes: ['ReadWriteOnce', 'ReadOnlyMany'] }), 'v'],
    ['bound elsewhere', volume('v', '1Gi', { claimRef: { namespace: 'default', name: 'other', uid: 'x' } }), undefined],
    ['block volume', volume('v', '1Gi', { volumeMode: 'Block' }), undefined],
  ])('%s', (_name, pv, want) => {
    expect(names(findMatchingVolume(claim(), [pv]))).toBe(want);
  });

  it('honours the claim selector', () => {
    const vols = [volume('plain', '1Gi'), volume('ssd', '5Gi', {}, { disk: 'ssd' })];
    expect(names(findMatchingVolume(claim({ selector: { matchLabels: { disk: 'ssd' } } }), vols))).toBe('ssd');
  });

  it('prefers a volume pre-bound to the claim, even a bigger one', () => {
    const vols = [volume('small', '1Gi'), volume('mine', '5Gi', { claimRef: { namespace: 'default', name: 'data' } })];
    expect(names(findMatchingVolume(claim(), vols))).toBe('mine');
    expect(isVolumeBoundToClaim(vols[1], claim())).toBe(true);
  });

  it('leaves free volumes to the scheduler when binding is delayed, and checks node affinity with a node', () => {
    const vols = [volume('on-a', '1Gi', onNode('node-a')), volume('on-b', '2Gi', onNode('node-b'))];
    expect(findMatchingVolume(claim(), vols, { delayBinding: true })).toBeUndefined();
    expect(names(findMatchingVolume(claim(), vols, { node: node('node-b') }))).toBe('on-b');
    expect(findMatchingVolume(claim(), vols, { node: node('node-c') })).toBeUndefined();
    expect(findMatchingVolume(claim(), vols, { node: node('node-a'), excluded: new Set(['on-a']) })).toBeUndefined();
    expect(volumeFitsNode(volume('anywhere', '1Gi'), node('node-c'))).toBe(true);
  });
});

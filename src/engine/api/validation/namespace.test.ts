import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import {
  validateNamespace,
  validateNamespaceFinalizeUpdate,
  validateNamespaceStatusUpdate,
  validateNamespaceUpdate,
} from './namespace';
import { LABEL_MSG, messages } from './testing';

function ns(name: string, extra: Partial<KObject> = {}): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name, uid: 'u', resourceVersion: '1' },
    spec: { finalizers: ['kubernetes'] },
    status: { phase: 'Active' },
    ...extra,
  };
}

describe('validateNamespace', () => {
  it.each<[string, KObject, string[]]>([
    ['valid', ns('team-a'), []],
    ['name is a DNS label', ns('team.a'), ['metadata.name: Invalid value: "team.a": must not contain dots']],
    ['uppercase', ns('Team'), [`metadata.name: Invalid value: "Team": ${LABEL_MSG}`]],
    ['too long', ns('a'.repeat(64)), [`metadata.name: Invalid value: "${'a'.repeat(64)}": must be no more than 63 bytes`]],
    [
      'spec finalizer names (no index)',
      ns('a', { spec: { finalizers: ['custom'] } }),
      ['spec.finalizers: Invalid value: "custom": name is neither a standard finalizer name nor is it fully qualified'],
    ],
  ])('%s', (_, obj, want) => {
    expect(messages(validateNamespace(obj))).toEqual(want);
  });

  it('update runs the common (create+update), create and update checks: one bad label is reported 4 times', () => {
    const old = ns('a');
    const errs = messages(validateNamespaceUpdate({ ...old, metadata: { ...old.metadata, labels: { 'a b': 'x' } } }, old));
    expect(errs).toHaveLength(4);
    expect(new Set(errs).size).toBe(1);
    expect(messages(validateNamespaceUpdate(old, old))).toEqual([]);
  });

  it.each<[string, KObject, string[]]>([
    ['active', ns('a'), []],
    [
      'terminating without deletionTimestamp',
      ns('a', { status: { phase: 'Terminating' } }),
      ['status.Phase: Invalid value: "Terminating": may only be \'Active\' if `deletionTimestamp` is empty'],
    ],
    [
      'active with deletionTimestamp',
      { ...ns('a'), metadata: { name: 'a', uid: 'u', resourceVersion: '1', deletionTimestamp: 't' } },
      ['status.Phase: Invalid value: "Active": may only be \'Terminating\' if `deletionTimestamp` is not empty'],
    ],
  ])('status update: %s', (_, obj, want) => {
    expect(messages(validateNamespaceStatusUpdate(obj, { ...obj, status: { phase: 'Active' } }))).toEqual(want);
  });

  it('finalize update checks each finalizer with its index', () => {
    const old = ns('a');
    expect(messages(validateNamespaceFinalizeUpdate(ns('a', { spec: { finalizers: ['kubernetes', 'x'] } }), old))).toEqual([
      'spec.finalizers[1]: Invalid value: "x": name is neither a standard finalizer name nor is it fully qualified',
    ]);
  });
});

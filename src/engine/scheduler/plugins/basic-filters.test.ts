// NodeUnschedulable, NodeName, TaintToleration, NodeAffinity and NodePorts: rejection texts and
// codes, and the TaintToleration / NodeAffinity scores.

import { describe, expect, it } from 'vitest';
import type { Taint, Toleration } from '../../../k8s/types';
import { nodeAffinity, nodeMatchesNodeSelectorTerms } from './node-affinity';
import { nodeName } from './node-name';
import { nodePorts } from './node-ports';
import { nodeUnschedulable } from './node-unschedulable';
import { findUntoleratedTaint, taintToleration, tolerationToleratesTaint, toleratesTaint } from './taint-toleration';
import { FakeSnapshot, failures, makeNode, makePod, runFilter, runScore } from './testing';

describe('NodeUnschedulable', () => {
  const snapshot = new FakeSnapshot([makeNode('ok'), makeNode('cordoned', { unschedulable: true })]);
  it.each([
    {
      name: 'pod without tolerations',
      tolerations: undefined,
      want: { cordoned: 'UnschedulableAndUnresolvable: node(s) were unschedulable' },
    },
    {
      name: 'pod tolerating node.kubernetes.io/unschedulable:NoSchedule',
      tolerations: [{ key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' }] as Toleration[],
      want: {},
    },
    { name: 'pod tolerating everything', tolerations: [{ operator: 'Exists' }] as Toleration[], want: {} },
  ])('$name', ({ tolerations, want }) => {
    expect(failures(runFilter(nodeUnschedulable(), makePod('p', { tolerations }), snapshot))).toEqual(want);
  });
});

describe('NodeName', () => {
  const snapshot = new FakeSnapshot([makeNode('a'), makeNode('b')]);
  it.each([
    { nodeName: undefined, want: {} },
    { nodeName: 'a', want: { b: "UnschedulableAndUnresolvable: node(s) didn't match the requested node name" } },
    {
      nodeName: 'zzz',
      want: {
        a: "UnschedulableAndUnresolvable: node(s) didn't match the requested node name",
        b: "UnschedulableAndUnresolvable: node(s) didn't match the requested node name",
      },
    },
  ])('spec.nodeName=$nodeName', ({ nodeName: n, want }) => {
    expect(failures(runFilter(nodeName(), makePod('p', { spec: n ? { nodeName: n } : {} }), snapshot))).toEqual(want);
  });
});

describe('toleration matching', () => {
  const taint: Taint = { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' };
  it.each([
    { t: { key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' }, want: true },
    { t: { key: 'dedicated', value: 'gpu' }, want: true }, // default operator Equal, empty effect = all
    { t: { key: 'dedicated', value: 'cpu' }, want: false },
    { t: { key: 'dedicated', operator: 'Exists' }, want: true },
    { t: { operator: 'Exists' }, want: true }, // empty key + Exists = everything
    { t: { key: 'dedicated', operator: 'Exists', effect: 'NoExecute' }, want: false },
    { t: { key: 'other', operator: 'Exists' }, want: false },
    { t: { key: 'dedicated', operator: 'Gt', value: 'gpu' }, want: false },
  ] as { t: Toleration; want: boolean }[])('%j', ({ t, want }) => {
    expect(tolerationToleratesTaint(t, taint)).toBe(want);
    expect(toleratesTaint([{ key: 'unrelated', operator: 'Exists' }, t], taint)).toBe(want);
  });

  it('findUntoleratedTaint returns the first NoSchedule/NoExecute taint not tolerated', () => {
    const taints: Taint[] = [
      { key: 'soft', effect: 'PreferNoSchedule' },
      { key: 'a', value: '1', effect: 'NoSchedule' },
      { key: 'b', effect: 'NoExecute' },
    ];
    expect(findUntoleratedTaint(taints, [])).toEqual(taints[1]);
    expect(findUntoleratedTaint(taints, [{ key: 'a', operator: 'Exists' }])).toEqual(taints[2]);
    expect(
      findUntoleratedTaint(taints, [
        { key: 'a', operator: 'Exists' },
        { key: 'b', operator: 'Exists' },
      ]),
    ).toBeUndefined();
  });
});

describe('TaintToleration', () => {
  const snapshot = new FakeSnapshot([
    makeNode('clean'),
    makeNode('cp', { taints: [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }] }),
    makeNode('unreachable', { taints: [{ key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' }] }),
    makeNode('gpu', { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] }),
    makeNode('soft', { taints: [{ key: 'spot', value: 'true', effect: 'PreferNoSchedule' }] }),
  ]);

  it.each([
    {
      name: 'no tolerations',
      tolerations: undefined,
      want: {
        cp: 'UnschedulableAndUnresolvable: node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }',
        unreachable: 'UnschedulableAndUnresolvable: node(s) had untolerated taint {node.kubernetes.io/unreachable: }',
        gpu: 'UnschedulableAndUnresolvable: node(s) had untolerated taint {dedicated: gpu}',
      },
    },
    {
      name: 'tolerates the gpu taint and unreachable',
      tolerations: [
        { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' },
        { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
      ] as Toleration[],
      want: { cp: 'UnschedulableAndUnresolvable: node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }' },
    },
  ])('Filter: $name', ({ tolerations, want }) => {
    expect(failures(runFilter(taintToleration(), makePod('p', { tolerations }), snapshot))).toEqual(want);
  });

  it('Score: untolerated PreferNoSchedule taints, reversed (2 → 0, 1 → 50, 0 → 100)', () => {
    const s = new FakeSnapshot([
      makeNode('two', {
        taints: [
          { key: 'a', effect: 'PreferNoSchedule' },
          { key: 'b', effect: 'PreferNoSchedule' },
        ],
      }),
      makeNode('one', {
        taints: [
          { key: 'a', effect: 'PreferNoSchedule' },
          { key: 'c', effect: 'NoSchedule' },
        ],
      }),
      makeNode('zero'),
    ]);
    const r = runScore(
      taintToleration(),
      makePod('p', {
        tolerations: [
          { key: 'b', operator: 'Exists', effect: 'PreferNoSchedule' },
          { key: 'c', operator: 'Exists' },
        ],
      }),
      s,
    );
    expect(r.raw).toEqual({ two: 1, one: 1, zero: 0 });
    const r2 = runScore(taintToleration(), makePod('p'), s);
    expect(r2.raw).toEqual({ two: 2, one: 1, zero: 0 });
    expect(r2.normalized).toEqual({ two: 0, one: 50, zero: 100 });
  });

  it('Score: no PreferNoSchedule taints anywhere → 100 everywhere', () => {
    expect(runScore(taintToleration(), makePod('p'), new FakeSnapshot([makeNode('a'), makeNode('b')])).normalized).toEqual({
      a: 100,
      b: 100,
    });
  });
});

describe('NodeAffinity', () => {
  const snapshot = new FakeSnapshot([
    makeNode('a1', { labels: { zone: 'a', disk: 'ssd', gen: '3' } }),
    makeNode('a2', { labels: { zone: 'a', gen: '5' } }),
    makeNode('b1', { labels: { zone: 'b', disk: 'ssd' } }),
  ]);
  const unmatched = "UnschedulableAndUnresolvable: node(s) didn't match Pod's node affinity/selector";
  const required = (...nodeSelectorTerms: unknown[]) => ({
    nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms } },
  });

  it('PreFilter skips pods without nodeSelector and required affinity', () => {
    expect(runFilter(nodeAffinity(), makePod('p'), snapshot).preFilter?.code).toBe('Skip');
  });

  it.each([
    { name: 'nodeSelector', pod: makePod('p', { nodeSelector: { zone: 'a' } }), want: { b1: unmatched } },
    {
      name: 'nodeSelector, two pairs',
      pod: makePod('p', { nodeSelector: { zone: 'a', disk: 'ssd' } }),
      want: { a2: unmatched, b1: unmatched },
    },
    {
      name: 'In',
      pod: makePod('p', { affinity: required({ matchExpressions: [{ key: 'disk', operator: 'In', values: ['ssd'] }] }) }),
      want: { a2: unmatched },
    },
    {
      name: 'NotIn matches nodes without the label',
      pod: makePod('p', { affinity: required({ matchExpressions: [{ key: 'disk', operator: 'NotIn', values: ['ssd'] }] }) }),
      want: { a1: unmatched, b1: unmatched },
    },
    {
      name: 'terms are ORed, expressions ANDed',
      pod: makePod('p', {
        affinity: required(
          {
            matchExpressions: [
              { key: 'zone', operator: 'In', values: ['a'] },
              { key: 'disk', operator: 'DoesNotExist' },
            ],
          },
          { matchExpressions: [{ key: 'zone', operator: 'In', values: ['b'] }] },
        ),
      }),
      want: { a1: unmatched },
    },
    {
      name: 'Gt / Lt',
      pod: makePod('p', { affinity: required({ matchExpressions: [{ key: 'gen', operator: 'Gt', values: ['4'] }] }) }),
      want: { a1: unmatched, b1: unmatched },
    },
    {
      name: 'an empty term selects nothing',
      pod: makePod('p', { affinity: required({}) }),
      want: { a1: unmatched, a2: unmatched, b1: unmatched },
    },
    {
      name: 'an invalid term never matches, the others still do',
      pod: makePod('p', {
        affinity: required(
          { matchExpressions: [{ key: 'gen', operator: 'Gt', values: ['x'] }] },
          { matchExpressions: [{ key: 'zone', operator: 'Exists' }] },
        ),
      }),
      want: {},
    },
    {
      name: 'nodeSelector AND affinity',
      pod: makePod('p', {
        nodeSelector: { disk: 'ssd' },
        affinity: required({ matchExpressions: [{ key: 'zone', operator: 'In', values: ['b'] }] }),
      }),
      want: { a1: unmatched, a2: unmatched },
    },
    {
      name: 'matchFields metadata.name',
      pod: makePod('p', { affinity: required({ matchFields: [{ key: 'metadata.name', operator: 'NotIn', values: ['a1'] }] }) }),
      want: { a1: unmatched },
    },
  ])('Filter: $name', ({ pod, want }) => {
    expect(failures(runFilter(nodeAffinity(), pod, snapshot))).toEqual(want);
  });

  it('PreFilter narrows to node names pinned by matchFields (union over terms)', () => {
    const pod = makePod('p', {
      affinity: required(
        { matchFields: [{ key: 'metadata.name', operator: 'In', values: ['a1', 'a2'] }] },
        { matchFields: [{ key: 'metadata.name', operator: 'In', values: ['b1'] }] },
      ),
    });
    expect([...(runFilter(nodeAffinity(), pod, snapshot).nodeNames ?? [])]).toEqual(['a1', 'a2', 'b1']);
    const conflict = makePod('p', {
      affinity: required({
        matchFields: [
          { key: 'metadata.name', operator: 'In', values: ['a1'] },
          { key: 'metadata.name', operator: 'In', values: ['a2'] },
        ],
      }),
    });
    expect(runFilter(nodeAffinity(), conflict, snapshot).preFilter).toEqual({
      code: 'UnschedulableAndUnresolvable',
      reasons: ['pod affinity terms conflict'],
    });
  });

  it('nodeMatchesNodeSelectorTerms is usable on its own', () => {
    const terms = [{ matchExpressions: [{ key: 'zone', operator: 'In', values: ['b'] }] }];
    expect(snapshot.nodes.filter((n) => nodeMatchesNodeSelectorTerms(n.node, terms)).map((n) => n.name)).toEqual(['b1']);
  });

  it('Score: Σ weights of matching preferred terms, normalised by the max (7 → 100, 2 → 28, 0 → 0)', () => {
    const pod = makePod('p', {
      affinity: {
        nodeAffinity: {
          preferredDuringSchedulingIgnoredDuringExecution: [
            { weight: 2, preference: { matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] } },
            { weight: 5, preference: { matchExpressions: [{ key: 'disk', operator: 'In', values: ['ssd'] }] } },
          ],
        },
      },
    });
    const s = new FakeSnapshot([
      makeNode('both', { labels: { zone: 'a', disk: 'ssd' } }),
      makeNode('zone', { labels: { zone: 'a' } }),
      makeNode('none'),
    ]);
    const r = runScore(nodeAffinity(), pod, s);
    expect(r.raw).toEqual({ both: 7, zone: 2, none: 0 });
    expect(r.normalized).toEqual({ both: 100, zone: 28, none: 0 });
    expect(runScore(nodeAffinity(), makePod('q'), s).skipped).toBe(true);
  });
});

describe('NodePorts', () => {
  const snapshot = new FakeSnapshot(
    [makeNode('a'), makeNode('b'), makeNode('c')],
    [
      makePod('web', { nodeName: 'a', containers: [{ hostPorts: [{ hostPort: 8080 }] }] }),
      makePod('dns', { nodeName: 'b', containers: [{ hostPorts: [{ hostPort: 8080, protocol: 'UDP', hostIP: '10.0.0.2' }] }] }),
    ],
  );
  const reason = "Unschedulable: node(s) didn't have free ports for the requested pod ports";
  it.each([
    { name: 'no host ports: skipped', pod: makePod('p'), want: {}, skip: true },
    {
      name: 'TCP 8080 on 0.0.0.0',
      pod: makePod('p', { containers: [{ hostPorts: [{ hostPort: 8080 }] }] }),
      want: { a: reason },
    },
    {
      name: 'UDP 8080 on 0.0.0.0 conflicts with UDP on a specific IP',
      pod: makePod('p', { containers: [{ hostPorts: [{ hostPort: 8080, protocol: 'UDP' }] }] }),
      want: { b: reason },
    },
    {
      name: 'TCP 8080 on a specific IP conflicts with 0.0.0.0',
      pod: makePod('p', { containers: [{ hostPorts: [{ hostPort: 8080, hostIP: '10.0.0.9' }] }] }),
      want: { a: reason },
    },
    {
      name: 'sidecar ports count',
      pod: makePod('p', { initContainers: [{ hostPorts: [{ hostPort: 8080 }], restartPolicy: 'Always' }] }),
      want: { a: reason },
    },
  ])('$name', ({ pod, want, skip }) => {
    const run = runFilter(nodePorts(), pod, snapshot);
    expect(run.preFilter?.code === 'Skip').toBe(skip === true);
    expect(failures(run)).toEqual(want);
  });
});

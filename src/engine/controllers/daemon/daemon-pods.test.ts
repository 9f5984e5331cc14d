// Node eligibility of DaemonSet pods (NodeShouldRunDaemonPod) by table, the automatic tolerations,
// the node pinning through matchFields and the target node of a pod.

import { describe, expect, it } from 'vitest';
import type { KObject, Taint } from '../../../k8s/types';
import {
  automaticTolerations,
  nodeShouldRunDaemonPod,
  pinnedAffinity,
  targetNodeName,
  withDaemonPodTolerations,
} from './daemon-pods';

function node(name: string, labels: Record<string, string> = {}, taints: Taint[] = [], unschedulable = false): KObject {
  return { apiVersion: 'v1', kind: 'Node', metadata: { name, labels }, spec: { taints, unschedulable } };
}

function ds(podSpec: Record<string, unknown> = {}): KObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'agent', namespace: 'default' },
    spec: { template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'a' }], ...podSpec } } },
  };
}

const taint = (key: string, effect: Taint['effect'], value?: string): Taint => (value ? { key, value, effect } : { key, effect });
const ssd = { nodeSelector: { disktype: 'ssd' } };
const affinity = (operator: string, values: string[]) => ({
  affinity: {
    nodeAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: {
        nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator, values }] }],
      },
    },
  },
});

describe('nodeShouldRunDaemonPod', () => {
  it.each([
    ['a plain node', node('n1'), ds(), true, true],
    ['nodeSelector matches', node('n1', { disktype: 'ssd' }), ds(ssd), true, true],
    ['nodeSelector does not match', node('n1', { disktype: 'hdd' }), ds(ssd), false, false],
    ['required affinity matches', node('n1', { zone: 'a' }), ds(affinity('In', ['a', 'b'])), true, true],
    ['required affinity does not match', node('n1', { zone: 'c' }), ds(affinity('In', ['a', 'b'])), false, false],
    ['template nodeName names another node', node('n1'), ds({ nodeName: 'n2' }), false, false],
    ['template nodeName names this node', node('n1'), ds({ nodeName: 'n1' }), true, true],
    [
      'cordoned (unschedulable taint is tolerated)',
      node('n1', {}, [taint('node.kubernetes.io/unschedulable', 'NoSchedule')], true),
      ds(),
      true,
      true,
    ],
    ['not ready (NoExecute tolerated)', node('n1', {}, [taint('node.kubernetes.io/not-ready', 'NoExecute')]), ds(), true, true],
    [
      'unreachable (NoExecute tolerated)',
      node('n1', {}, [taint('node.kubernetes.io/unreachable', 'NoExecute')]),
      ds(),
      true,
      true,
    ],
    ['disk pressure', node('n1', {}, [taint('node.kubernetes.io/disk-pressure', 'NoSchedule')]), ds(), true, true],
    [
      'network unavailable, pod network',
      node('n1', {}, [taint('node.kubernetes.io/network-unavailable', 'NoSchedule')]),
      ds(),
      false,
      true,
    ],
    [
      'network unavailable, hostNetwork',
      node('n1', {}, [taint('node.kubernetes.io/network-unavailable', 'NoSchedule')]),
      ds({ hostNetwork: true }),
      true,
      true,
    ],
    ['a new NoSchedule taint: the pod stays', node('n1', {}, [taint('dedicated', 'NoSchedule', 'gpu')]), ds(), false, true],
    [
      'an untolerated NoExecute taint: the pod goes',
      node('n1', {}, [taint('dedicated', 'NoExecute', 'gpu')]),
      ds(),
      false,
      false,
    ],
    ['PreferNoSchedule is ignored', node('n1', {}, [taint('dedicated', 'PreferNoSchedule', 'gpu')]), ds(), true, true],
    [
      'a tolerated control-plane taint',
      node('n1', {}, [taint('node-role.kubernetes.io/master', 'NoSchedule')]),
      ds({ tolerations: [{ key: 'node-role.kubernetes.io/master', operator: 'Exists', effect: 'NoSchedule' }] }),
      true,
      true,
    ],
  ])('%s', (_name, n, d, shouldRun, shouldContinueRunning) => {
    expect(nodeShouldRunDaemonPod(n, d)).toEqual({ shouldRun, shouldContinueRunning });
  });
});

describe('daemon pod template helpers', () => {
  it('adds the automatic tolerations after the template ones, network-unavailable only with hostNetwork', () => {
    expect(automaticTolerations(false).map((t) => `${t.key}:${t.effect}`)).toEqual([
      'node.kubernetes.io/not-ready:NoExecute',
      'node.kubernetes.io/unreachable:NoExecute',
      'node.kubernetes.io/disk-pressure:NoSchedule',
      'node.kubernetes.io/memory-pressure:NoSchedule',
      'node.kubernetes.io/pid-pressure:NoSchedule',
      'node.kubernetes.io/unschedulable:NoSchedule',
    ]);
    expect(automaticTolerations(true).at(-1)).toEqual({
      key: 'node.kubernetes.io/network-unavailable',
      operator: 'Exists',
      effect: 'NoSchedule',
    });
    expect(automaticTolerations(false).every((t) => t.tolerationSeconds === undefined)).toBe(true);
    const own = { key: 'node.kubernetes.io/not-ready', operator: 'Exists' as const, effect: 'NoExecute', tolerationSeconds: 30 };
    const merged = withDaemonPodTolerations([{ key: 'a', operator: 'Exists' }, own], false);
    // The template's not-ready toleration is replaced in place (its tolerationSeconds dropped).
    expect(merged[0]).toEqual({ key: 'a', operator: 'Exists' });
    expect(merged[1]).toEqual({ key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' });
    expect(merged).toHaveLength(7);
  });

  it('pins a pod through matchFields, replacing required terms and keeping the rest', () => {
    const a = pinnedAffinity(
      {
        podAntiAffinity: { x: 1 },
        nodeAffinity: {
          preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1 }],
          requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [] }] },
        },
      },
      'node-a1',
    );
    expect(a).toEqual({
      podAntiAffinity: { x: 1 },
      nodeAffinity: {
        preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1 }],
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node-a1'] }] }],
        },
      },
    });
    const pod: KObject = { apiVersion: 'v1', kind: 'Pod', metadata: {}, spec: { affinity: a } };
    expect(targetNodeName(pod)).toBe('node-a1');
    expect(targetNodeName({ ...pod, spec: { ...pod.spec, nodeName: 'node-b1' } })).toBe('node-b1');
    expect(targetNodeName({ ...pod, spec: {} })).toBeUndefined();
  });
});

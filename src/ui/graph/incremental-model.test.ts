import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import type { MachineInfo } from '../../protocol/messages';
import { ObjectMirror } from '../../protocol/mirror';
import { objectKey } from '../../protocol/delta';
import { node, pod } from './fixtures';
import { IncrementalModel } from './incremental-model';
import { deriveModel, type GraphModel } from './model';
import { namespaceShown } from './view-state';

/** A small deterministic generator (tests only). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const workload = (kind: string, name: string, namespace: string, extra: Partial<KObject> = {}): KObject => ({
  apiVersion: 'apps/v1',
  kind,
  metadata: { name, namespace, uid: `uid-${kind}-${namespace}-${name}` },
  spec: { replicas: 3, updateStrategy: { type: 'RollingUpdate' } },
  status: { readyReplicas: 1, desiredNumberScheduled: 3, updatedNumberScheduled: 1, numberAvailable: 1 },
  ...extra,
});

const NAMESPACES = ['default', 'kube-system', 'team'];
const OWNERS = NAMESPACES.flatMap((ns) => [
  workload('DaemonSet', 'agent', ns),
  workload('StatefulSet', 'web', ns, { spec: { replicas: 3, volumeClaimTemplates: [{ metadata: { name: 'data' } }] } }),
  workload('ReplicaSet', 'api-7d4b9', ns),
]);

/** A random change to a random pod, node, claim, workload or slice of a small cluster. */
function randomObject(random: () => number, version: number): KObject {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const r = random();
  if (r < 0.12) {
    const name = `n${Math.floor(random() * 6)}`;
    const extra: Partial<KObject> =
      random() < 0.3
        ? {
            spec: { taints: [{ key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: '2026-01-01T00:00:00Z' }] },
          }
        : random() < 0.2
          ? {
              status: {
                allocatable: { cpu: '4', memory: '8Gi', pods: '110' },
                conditions: [{ type: 'Ready', status: 'Unknown' }],
              },
            }
          : {};
    return {
      ...node(name, pick(['za', 'zb'])),
      ...extra,
      metadata: { ...node(name, 'za').metadata, resourceVersion: `${version}` },
    };
  }
  if (r < 0.18) {
    return {
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: `data-web-${Math.floor(random() * 3)}`, namespace: pick(NAMESPACES), resourceVersion: `${version}` },
      status: { phase: pick(['Bound', 'Pending', 'Lost']) },
    };
  }
  if (r < 0.24) {
    const owner = pick(OWNERS);
    return {
      ...owner,
      status: { ...owner.status, readyReplicas: Math.floor(random() * 4) },
      metadata: { ...owner.metadata, resourceVersion: `${version}` },
    };
  }
  if (r < 0.28) {
    return {
      apiVersion: 'discovery.k8s.io/v1',
      kind: 'EndpointSlice',
      metadata: { name: 'svc-abc', namespace: 'default', labels: { 'kubernetes.io/service-name': 'svc' } },
      endpoints: Array.from({ length: Math.floor(random() * 4) }, (_, i) => ({
        addresses: [`10.0.0.${i}`],
        conditions: { ready: random() < 0.5 },
      })),
    } as KObject;
  }
  const owner = pick(OWNERS);
  const namespace = owner.metadata.namespace!;
  const name =
    owner.kind === 'StatefulSet' ? `web-${Math.floor(random() * 4)}` : `${owner.metadata.name}-${Math.floor(random() * 12)}`;
  const nodeName = random() < 0.2 ? undefined : `n${Math.floor(random() * 7)}`;
  const status = pick([
    undefined,
    {
      phase: 'Pending',
      conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message: '0/6 nodes are available' }],
    },
    {
      phase: 'Succeeded',
      containerStatuses: [
        { name: 'c', ready: false, restartCount: 0, state: { terminated: { reason: 'Completed', exitCode: 0 } } },
      ],
    },
    {
      phase: 'Running',
      containerStatuses: [
        {
          name: 'c',
          ready: false,
          restartCount: 3,
          state: { waiting: { reason: 'CrashLoopBackOff' } },
          lastState: { terminated: { finishedAt: '2026-01-01T00:00:00Z', exitCode: 1 } },
        },
      ],
    },
  ]);
  const p = pod(name, nodeName, { owner, status, cpu: pick(['100m', '250m', undefined]) });
  p.metadata.namespace = namespace;
  p.metadata.resourceVersion = `${version}`;
  if (random() < 0.1) p.metadata.deletionTimestamp = '2026-01-01T00:00:00Z';
  if (owner.kind === 'StatefulSet') {
    p.spec!.volumes = [{ name: 'data', persistentVolumeClaim: { claimName: `data-${name}` } }];
    p.spec!.tolerations = [
      { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
    ];
  }
  return p;
}

const sortedEntries = <V>(entries: Iterable<[string, V]>) =>
  [...entries].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
const keys = (objs: readonly KObject[]) => objs.map(objectKey).sort();

/** A model as plain, order-independent data where the order means nothing (maps, candidate lists). */
function comparable(model: GraphModel) {
  return {
    ...model,
    pods: sortedEntries(model.pods.entries()),
    podsByNode: sortedEntries(model.podsByNode.entries()),
    namespaces: sortedEntries(model.namespaces.entries()),
    countdownPods: keys(model.countdownPods),
    noExecuteNodes: keys(model.noExecuteNodes),
  };
}

describe('IncrementalModel', () => {
  it('gives the model deriveModel derives from scratch, under random changes, filters and machines', () => {
    const random = lcg(42);
    const incremental = new IncrementalModel();
    let mirror = ObjectMirror.EMPTY;
    let machines: MachineInfo[] = [];
    let namespace = 'all-but-system';
    let version = 1;
    const seen = {
      pending: false,
      hidden: false,
      countdowns: false,
      outlook: false,
      claims: false,
      members: false,
      rollout: false,
    };
    for (let step = 0; step < 300; step++) {
      const upserts: KObject[] = [];
      const deletes = new Set<string>();
      const n = 1 + Math.floor(random() * 8);
      for (let i = 0; i < n; i++) {
        const obj = randomObject(random, version++);
        const key = objectKey(obj);
        if (random() < 0.15 && mirror.has(key)) deletes.add(key);
        else if (!deletes.has(key) && !upserts.some((u) => objectKey(u) === key)) upserts.push(obj);
      }
      mirror = mirror.apply({ upserts, deletes: [...deletes] });
      if (random() < 0.08) {
        machines = ['n0', 'n1', 'n2', 'n3'].map((name) => ({
          name,
          zone: 'za',
          running: random() < 0.7,
          reachable: random() < 0.8,
        }));
      }
      if (random() < 0.05) namespace = ['all', 'all-but-system', 'team'][Math.floor(random() * 3)];
      const shows = (ns: string) => namespaceShown(namespace, ns);
      const model = incremental.update(mirror, machines, namespace, shows);
      expect(comparable(model)).toEqual(comparable(deriveModel(mirror.values(), machines, shows)));
      seen.pending ||= model.pending.length > 0;
      seen.hidden ||= model.hiddenPods > 0;
      seen.countdowns ||= model.countdownPods.length > 0 && model.noExecuteNodes.length > 0;
      seen.outlook ||= model.nodes.some((v) => v.outlook && !v.running);
      seen.claims ||= [...model.pods.values()].some((v) => v.claims?.some((c) => c.phase === 'Lost'));
      seen.members ||= model.workloads.some((w) => w.members?.some((m) => m.podKey));
      seen.rollout ||= model.workloads.some((w) => w.rollout?.replacing?.length);
    }
    // every part of the model was exercised
    expect(seen).toEqual({
      pending: true,
      hidden: true,
      countdowns: true,
      outlook: true,
      claims: true,
      members: true,
      rollout: true,
    });
  });

  it('keeps the identity of what did not change', () => {
    const incremental = new IncrementalModel();
    const shows = () => true;
    const objs = [node('n1', 'z'), node('n2', 'z'), pod('a', 'n1'), pod('b', 'n2'), pod('c', 'n2')];
    const mirror = ObjectMirror.of(objs);
    const first = incremental.update(mirror, [], 'all', shows);
    expect(incremental.update(mirror, [], 'all', shows)).toBe(first);
    // a Lease renewal, or a machine snapshot with the same states, changes nothing drawn
    expect(incremental.update(mirror, [{ name: 'n1', zone: 'z', running: true, reachable: true }], 'all', shows)).toBe(first);

    const changed = pod('c', 'n2', { cpu: '300m' });
    const second = incremental.update(mirror.apply({ upserts: [changed], deletes: [] }), [], 'all', shows);
    expect(second.nodes[0]).toBe(first.nodes[0]);
    expect(second.nodes[1]).not.toBe(first.nodes[1]);
    expect(second.nodes[1].cpu.requested).toBe(300);
    expect(second.podsByNode.get('n1')).toBe(first.podsByNode.get('n1'));
    expect(second.pods.get('Pod/default/a')).toBe(first.pods.get('Pod/default/a'));
    expect(second.pods.get('Pod/default/c')).not.toBe(first.pods.get('Pod/default/c'));
    expect(second.workloads).toBe(first.workloads);
    expect(second.namespaces).toBe(first.namespaces);
  });

  it('visits only the changed pods of a big cluster', () => {
    const incremental = new IncrementalModel();
    const shows = () => true;
    const objs: KObject[] = [];
    for (let n = 0; n < 200; n++) {
      objs.push(node(`n${n}`, `z${n % 3}`));
      for (let p = 0; p < 30; p++) objs.push(pod(`p${n}-${p}`, `n${n}`));
    }
    const mirror = ObjectMirror.of(objs);
    const first = incremental.update(mirror, [], 'all', shows);
    const next = incremental.update(
      mirror.apply({ upserts: [pod('p7-3', 'n7', { cpu: '1' })], deletes: ['Pod/default/p9-1'] }),
      [],
      'all',
      shows,
    );
    const changedNodes = next.nodes.filter((v, i) => v !== first.nodes[i]).map((v) => v.name);
    expect(changedNodes).toEqual(['n7', 'n9']);
    expect(next.pods.size).toBe(first.pods.size - 1);
    const changedLists = [...next.podsByNode].filter(([name, list]) => list !== first.podsByNode.get(name)).map(([name]) => name);
    expect(changedLists.sort()).toEqual(['n7', 'n9']);
  });
});

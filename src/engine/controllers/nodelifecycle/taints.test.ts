import { describe, expect, it } from 'vitest';
import type { Condition, KObject, Taint } from '../../../k8s/types';
import { nodeKind } from '../../api/kinds';
import { Cluster } from '../../cluster/cluster';
import {
  desiredNoScheduleTaints,
  noScheduleTaintDiff,
  NOT_READY_NO_EXECUTE,
  removeTaintsOffNode,
  swapNodeControllerTaint,
  UNREACHABLE_NO_EXECUTE,
} from './taints';

const c = (type: string, status: Condition['status']): Condition => ({ type, status });

function node(conditions: Condition[], spec: KObject['spec'] = {}): KObject {
  return { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' }, spec, status: { conditions } };
}

describe('NoSchedule condition taints', () => {
  it('maps conditions and spec.unschedulable to taint keys', () => {
    const n = node(
      [
        c('MemoryPressure', 'True'),
        c('DiskPressure', 'True'),
        c('PIDPressure', 'True'),
        c('NetworkUnavailable', 'True'),
        c('Ready', 'Unknown'),
      ],
      { unschedulable: true },
    );
    expect(desiredNoScheduleTaints(n).map((t) => `${t.key}:${t.effect}`)).toEqual([
      'node.kubernetes.io/memory-pressure:NoSchedule',
      'node.kubernetes.io/disk-pressure:NoSchedule',
      'node.kubernetes.io/pid-pressure:NoSchedule',
      'node.kubernetes.io/network-unavailable:NoSchedule',
      'node.kubernetes.io/unreachable:NoSchedule',
      'node.kubernetes.io/unschedulable:NoSchedule',
    ]);
    expect(desiredNoScheduleTaints(node([c('Ready', 'False')]))).toEqual([
      { key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' },
    ]);
    expect(desiredNoScheduleTaints(node([c('Ready', 'True'), c('MemoryPressure', 'False')]))).toEqual([]);
  });

  it('diffs only the managed NoSchedule keys and leaves every other taint alone', () => {
    const taints: Taint[] = [
      { key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' },
      { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' },
    ];
    const diff = noScheduleTaintDiff(node([c('Ready', 'Unknown')], { taints }));
    expect(diff.add).toEqual([{ key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule' }]);
    expect(diff.remove).toEqual([{ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }]);
  });
});

describe('taint writes', () => {
  function setup() {
    const cluster = new Cluster(1, { empty: true });
    cluster.api.create({
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name: 'n1' },
      spec: { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] },
    });
    const get = () => cluster.api.get(nodeKind, undefined, 'n1');
    return { cluster, get };
  }

  it('swap adds with timeAdded, then removes the opposite taint, keeping other taints', () => {
    const { cluster, get } = setup();
    cluster.clock.advance(7_000);
    let writes = 0;
    cluster.api.watch(nodeKind, () => writes++);
    expect(swapNodeControllerTaint(cluster.api, get(), [NOT_READY_NO_EXECUTE], [UNREACHABLE_NO_EXECUTE])).toBe(true);
    expect(writes).toBe(1); // nothing to remove: one write
    expect(get().spec!.taints).toEqual([
      { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/not-ready', effect: 'NoExecute', timeAdded: '2026-01-01T00:00:07Z' },
    ]);
    expect(swapNodeControllerTaint(cluster.api, get(), [UNREACHABLE_NO_EXECUTE], [NOT_READY_NO_EXECUTE])).toBe(true);
    expect(writes).toBe(3); // add, then remove
    expect(get().spec!.taints.map((t: Taint) => t.key)).toEqual(['dedicated', 'node.kubernetes.io/unreachable']);
  });

  it('removing taints the node does not have writes nothing; removing the last one drops spec.taints', () => {
    const { cluster, get } = setup();
    let writes = 0;
    cluster.api.watch(nodeKind, () => writes++);
    removeTaintsOffNode(cluster.api, 'n1', get(), [UNREACHABLE_NO_EXECUTE]);
    expect(writes).toBe(0);
    removeTaintsOffNode(cluster.api, 'n1', get(), [{ key: 'dedicated', effect: 'NoSchedule' }]);
    expect(writes).toBe(1);
    expect(get().spec!.taints).toBeUndefined();
  });

  it('a node that is gone is a failed swap', () => {
    const { cluster, get } = setup();
    const n = get();
    cluster.api.delete(nodeKind, undefined, 'n1');
    expect(swapNodeControllerTaint(cluster.api, n, [UNREACHABLE_NO_EXECUTE], [])).toBe(false);
  });
});

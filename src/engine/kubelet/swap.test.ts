import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { cgroupMemoryFiles, containerSwapLimit, failSwapOnError, swapBehaviorError, swapForBurstableContainer } from './swap';

const GI = 1024 ** 3;
const MI = 1024 ** 2;

describe('swapForBurstableContainer (calcSwapForBurstablePods)', () => {
  it.each([
    // request, node memory, swap available, expected
    [1 * GI, 8 * GI, 4 * GI, 512 * MI],
    [2 * GI, 8 * GI, 4 * GI, 1 * GI],
    [8 * GI, 8 * GI, 4 * GI, 4 * GI],
    [100 * MI, 40 * GI, 5 * GI, 12_800 * 1024],
    // Truncated to whole bytes: 1 byte of 3 × 2 bytes swap = 0.666…
    [1, 3, 2, 0],
    [0, 8 * GI, 4 * GI, 0],
  ])('request %d of %d with %d swap → %d', (request, memory, swap, expected) => {
    expect(swapForBurstableContainer(request, memory, swap)).toEqual({ ok: true, bytes: expected });
  });

  it('refuses a zero-memory node and a request above the node memory', () => {
    expect(swapForBurstableContainer(1, 0, GI)).toEqual({ ok: false, error: 'total node memory is 0' });
    expect(swapForBurstableContainer(9 * GI, 8 * GI, GI)).toEqual({
      ok: false,
      error: `container request ${9 * GI} is larger than total node memory ${8 * GI}`,
    });
  });
});

function pod(containers: KObject['spec'][], extra: Record<string, unknown> = {}): KObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers, ...extra } };
}

const limited = { swapBytes: 4 * GI, memoryBytes: 8 * GI, behavior: 'LimitedSwap' as const };

describe('containerSwapLimit', () => {
  const burstable = { name: 'a', image: 'x', resources: { requests: { memory: '1Gi' }, limits: { memory: '2Gi' } } };
  it.each([
    ['Burstable with LimitedSwap', pod([burstable]), limited, 512 * MI],
    ['NoSwap', pod([burstable]), { ...limited, behavior: 'NoSwap' as const }, 0],
    ['no swap on the node', pod([burstable]), undefined, 0],
    ['BestEffort', pod([{ name: 'a', image: 'x' }]), limited, 0],
    [
      'Guaranteed',
      pod([{ name: 'a', image: 'x', resources: { requests: { cpu: '1', memory: '1Gi' }, limits: { cpu: '1', memory: '1Gi' } } }]),
      limited,
      0,
    ],
    ['critical priority', pod([burstable], { priority: 2_000_000_000 }), limited, 0],
  ])('%s', (_name, p, node, expected) => {
    expect(containerSwapLimit(p, p.spec!.containers[0], node)).toBe(expected);
  });

  it('gives no swap to a Burstable pod container whose request equals its limit or that asks for no memory', () => {
    const equal = { name: 'b', image: 'x', resources: { requests: { memory: '256Mi' }, limits: { memory: '256Mi' } } };
    const cpuOnly = { name: 'c', image: 'x', resources: { requests: { cpu: '100m' } } };
    const p = pod([burstable, equal, cpuOnly]);
    expect(containerSwapLimit(p, equal, limited)).toBe(0);
    expect(containerSwapLimit(p, cpuOnly, limited)).toBe(0);
    expect(containerSwapLimit(p, burstable, limited)).toBe(512 * MI);
  });

  it('writes the limits as cgroup v2 files, the swap limit in whole pages', () => {
    const odd = { name: 'a', image: 'x', resources: { requests: { memory: '100M' } } };
    const files = cgroupMemoryFiles(pod([odd]), odd, limited);
    // 100e6 / 8Gi × 4Gi = 50000000 bytes, rounded down to 4096: 49999872.
    expect(files).toEqual({ '/sys/fs/cgroup/memory.max': 'max\n', '/sys/fs/cgroup/memory.swap.max': '49999872\n' });
  });

  it('gives containers with the same limits one frozen set of files', () => {
    const a = { name: 'a', image: 'x', resources: { limits: { memory: '64Mi' } } };
    const b = { name: 'b', image: 'y', resources: { limits: { memory: '64Mi' } } };
    const files = cgroupMemoryFiles(pod([a]), a, undefined);
    expect(files).toEqual({ '/sys/fs/cgroup/memory.max': '67108864\n', '/sys/fs/cgroup/memory.swap.max': '0\n' });
    expect(Object.isFrozen(files)).toBe(true);
    expect(cgroupMemoryFiles(pod([b]), b, undefined)).toBe(files);
  });
});

describe('kubelet configuration', () => {
  it('accepts NoSwap, LimitedSwap and empty; refuses the removed UnlimitedSwap', () => {
    expect(swapBehaviorError('')).toBeUndefined();
    expect(swapBehaviorError('NoSwap')).toBeUndefined();
    expect(swapBehaviorError('LimitedSwap')).toBeUndefined();
    expect(swapBehaviorError('UnlimitedSwap')).toBe(
      'invalid configuration: memorySwap.swapBehavior "UnlimitedSwap" must be one of: "", "LimitedSwap" or "NoSwap"',
    );
  });

  it('failSwapOn lists /proc/swaps with the size in KiB less the header page', () => {
    expect(failSwapOnError(4 * GI)).toContain('/proc/swaps contained: [Filename');
    expect(failSwapOnError(4 * GI)).toContain('\t4194300\t0\t-2]');
  });
});

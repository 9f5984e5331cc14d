// NodeResourcesFit (Filter reasons and LeastAllocated), NodeResourcesBalancedAllocation and
// ImageLocality, with hand-computed scores.

import { describe, expect, it } from 'vitest';
import { balancedAllocation, balancedResourceScore } from './balanced-allocation';
import { imageLocality, normalizedImageName } from './image-locality';
import { leastRequestedScore, nodeResourcesFit } from './node-resources-fit';
import { FakeSnapshot, failures, makeNode, makePod, runFilter, runScore } from './testing';

const MB = 1024 * 1024;

describe('NodeResourcesFit Filter', () => {
  // 4 cpu, 8Gi, 3 pods, 10Gi ephemeral, 2 GPUs; 3 cpu / 6Gi / 2 pods / 1 GPU used.
  const full = makeNode('busy', {
    allocatable: { cpu: '4', memory: '8Gi', pods: '3', 'ephemeral-storage': '10Gi', 'nvidia.com/gpu': '2' },
  });
  const pods = [
    makePod('u1', { nodeName: 'busy', containers: [{ requests: { cpu: '2', memory: '4Gi', 'nvidia.com/gpu': '1' } }] }),
    makePod('u2', { nodeName: 'busy', containers: [{ requests: { cpu: '1', memory: '2Gi', 'ephemeral-storage': '9Gi' } }] }),
  ];
  const snapshot = new FakeSnapshot([full, makeNode('idle', { allocatable: { cpu: '4', memory: '8Gi', pods: '3' } })], pods);

  it.each([
    { name: 'fits', req: { cpu: '1', memory: '2Gi' }, want: {} },
    { name: 'cpu', req: { cpu: '1500m' }, want: { busy: 'Unschedulable: Insufficient cpu' } },
    { name: 'memory', req: { memory: '3Gi' }, want: { busy: 'Unschedulable: Insufficient memory' } },
    {
      name: 'ephemeral-storage',
      req: { 'ephemeral-storage': '2Gi' },
      want: { busy: 'Unschedulable: Insufficient ephemeral-storage', idle: 'Unschedulable: Insufficient ephemeral-storage' },
    },
    {
      name: 'extended resource (absent on a node = 0)',
      req: { 'nvidia.com/gpu': '2' },
      want: { busy: 'Unschedulable: Insufficient nvidia.com/gpu', idle: 'Unschedulable: Insufficient nvidia.com/gpu' },
    },
    {
      name: 'one reason per lacking resource, in order',
      req: { cpu: '2', memory: '3Gi', 'nvidia.com/gpu': '2', 'example.com/foo': '1' },
      want: {
        busy: 'Unschedulable: Insufficient cpu, Insufficient memory, Insufficient example.com/foo, Insufficient nvidia.com/gpu',
        idle: 'Unschedulable: Insufficient example.com/foo, Insufficient nvidia.com/gpu',
      },
    },
  ])('$name', ({ req, want }) => {
    expect(
      failures(
        runFilter(
          nodeResourcesFit(),
          makePod('p', { containers: [{ requests: req as unknown as Record<string, string> }] }),
          snapshot,
        ),
      ),
    ).toEqual(want);
  });

  it('Too many pods comes first; a pod requesting nothing is checked for the count only', () => {
    const s = new FakeSnapshot([full], [...pods, makePod('u3', { nodeName: 'busy' })]);
    expect(failures(runFilter(nodeResourcesFit(), makePod('p'), s))).toEqual({ busy: 'Unschedulable: Too many pods' });
    expect(failures(runFilter(nodeResourcesFit(), makePod('p', { containers: [{ requests: { cpu: '2' } }] }), s))).toEqual({
      busy: 'Unschedulable: Too many pods, Insufficient cpu',
    });
  });

  it('a zero request never fails even on an overcommitted resource', () => {
    const over = makeNode('over', { allocatable: { cpu: '1', memory: '1Gi', pods: '10' } });
    const s = new FakeSnapshot([over], [makePod('big', { nodeName: 'over', containers: [{ requests: { cpu: '2' } }] })]);
    expect(failures(runFilter(nodeResourcesFit(), makePod('p', { containers: [{ requests: { memory: '100Mi' } }] }), s))).toEqual(
      {},
    );
  });
});

describe('NodeResourcesFit Score (LeastAllocated)', () => {
  it.each([
    [0, 4000, 100],
    [1000, 4000, 75],
    [3900, 4000, 2],
    [4000, 4000, 0],
    [5000, 4000, 0],
    [1, 0, 0],
  ])('leastRequestedScore(%i, %i) = %i', (req, cap, want) => {
    expect(leastRequestedScore(req, cap)).toBe(want);
  });

  it('uses non-zero requests of node and pod, averaged over cpu and memory', () => {
    const s = new FakeSnapshot(
      [makeNode('half'), makeNode('empty'), makeNode('cpu-only', { allocatable: { cpu: '4', pods: '110' } })],
      [makePod('x', { nodeName: 'half', containers: [{ requests: { cpu: '1', memory: '2Gi' } }] })],
    );
    // half:  cpu (4000-2000)*100/4000 = 50, mem (8Gi-4Gi)/8Gi = 50 → 50
    // empty: 75 / 75 → 75; cpu-only: memory allocatable 0 is left out → cpu 75
    expect(
      runScore(nodeResourcesFit(), makePod('p', { containers: [{ requests: { cpu: '1', memory: '2Gi' } }] }), s).normalized,
    ).toEqual({
      half: 50,
      empty: 75,
      'cpu-only': 75,
    });
    // No requests: 100m / 200Mi → cpu 3900*100/4000 = 97, mem (8192-200)*100/8192 = 97 → 97
    expect(runScore(nodeResourcesFit(), makePod('q'), s).normalized.empty).toBe(97);
  });
});

describe('NodeResourcesBalancedAllocation', () => {
  it.each([
    { req: [2000, 4 * 1024 * MB], alloc: [4000, 8 * 1024 * MB], want: 100 },
    { req: [2000, 2 * 1024 * MB], alloc: [4000, 8 * 1024 * MB], want: 87 }, // |0.5-0.25|/2 = .125
    { req: [8000, 0], alloc: [4000, 8 * 1024 * MB], want: 50 }, // fraction capped at 1
    { req: [1000, 0], alloc: [4000, 0], want: 100 }, // one resource: std 0
  ])('balancedResourceScore($req, $alloc) = $want', ({ req, alloc, want }) => {
    expect(balancedResourceScore(req, alloc)).toBe(want);
  });

  it('uses the real requests (node + pod); skips best-effort pods', () => {
    const s = new FakeSnapshot(
      [makeNode('n')],
      [makePod('x', { nodeName: 'n', containers: [{ requests: { cpu: '1', memory: '1Gi' } }] })],
    );
    // cpu (1000+1000)/4000 = .5, memory (1Gi+1Gi)/8Gi = .25 → 87
    expect(
      runScore(balancedAllocation(), makePod('p', { containers: [{ requests: { cpu: '1', memory: '1Gi' } }] }), s).normalized,
    ).toEqual({ n: 87 });
    expect(runScore(balancedAllocation(), makePod('q'), s).skipped).toBe(true);
  });
});

describe('ImageLocality', () => {
  const nginx = { names: ['registry/nginx:1.25'], sizeBytes: 500 * MB };
  const redis = { names: ['redis:7'], sizeBytes: 300 * MB };
  const s = new FakeSnapshot([
    makeNode('both', { images: [nginx, redis] }),
    makeNode('nginx', { images: [nginx] }),
    makeNode('none'),
  ]);

  it.each([
    ['nginx', 'nginx:latest'],
    ['registry:5000/nginx', 'registry:5000/nginx:latest'],
    ['nginx:1.25', 'nginx:1.25'],
  ])('normalizedImageName(%s) = %s', (name, want) => {
    expect(normalizedImageName(name)).toBe(want);
  });

  it('one container: size × spread, clamped to [23Mi, 1000Mi] and scaled', () => {
    // trunc(500Mi × 2/3) = 349525333; 100 × (349525333 − 23Mi) / (1000Mi − 23Mi) = 31
    const pod = makePod('p', { containers: [{ image: 'registry/nginx:1.25' }] });
    expect(runScore(imageLocality(), pod, s).normalized).toEqual({ both: 31, nginx: 31, none: 0 });
  });

  it('two containers: the threshold grows with the container count', () => {
    // 349525333 + trunc(300Mi × 1/3) = 454382933; 100 × (454382933 − 23Mi) / (2000Mi − 23Mi) = 20
    const pod = makePod('p', { containers: [{ image: 'registry/nginx:1.25' }, { image: 'redis:7' }] });
    expect(runScore(imageLocality(), pod, s).normalized).toEqual({ both: 20, nginx: 15, none: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import { addResource, emptyResource, nodeAllocatable, podNonZeroRequests, podRequests, subtractResource } from './resources';
import { makeNode, makePod } from '../plugins/testing';

const G = 1000 * 1000 * 1000;
const Mi = 1024 * 1024;

describe('podRequests (C4)', () => {
  it.each([
    {
      name: 'classic example: init {2,1G},{2,3G}; containers {2,1G},{1,1G} → {3 cpu, 3G}',
      pod: makePod('p', {
        initContainers: [{ requests: { cpu: '2', memory: '1G' } }, { requests: { cpu: '2', memory: '3G' } }],
        containers: [{ requests: { cpu: '2', memory: '1G' } }, { requests: { cpu: '1', memory: '1G' } }],
      }),
      want: { milliCPU: 3000, memory: 3 * G },
    },
    {
      name: 'containers are summed',
      pod: makePod('p', { containers: [{ requests: { cpu: '100m', memory: '64Mi' } }, { requests: { cpu: '250m' } }] }),
      want: { milliCPU: 350, memory: 64 * Mi },
    },
    {
      name: 'sidecar runs for the lifetime: added to containers, and alongside later init containers',
      // containers 1 cpu; sidecar 1 cpu; init after it 2 cpu → step 3; reqs = 1 + 1 = 2 → max 3
      pod: makePod('p', {
        initContainers: [{ requests: { cpu: '1' }, restartPolicy: 'Always' }, { requests: { cpu: '2' } }],
        containers: [{ requests: { cpu: '1' } }],
      }),
      want: { milliCPU: 3000, memory: 0 },
    },
    {
      name: 'init container before the sidecar does not run with it',
      // init 2 cpu (step 2); sidecar 1 (step 1); reqs = 1 + 1 = 2 → 2
      pod: makePod('p', {
        initContainers: [{ requests: { cpu: '2' } }, { requests: { cpu: '1' }, restartPolicy: 'Always' }],
        containers: [{ requests: { cpu: '1' } }],
      }),
      want: { milliCPU: 2000, memory: 0 },
    },
    {
      name: 'overhead is added',
      pod: makePod('p', { containers: [{ requests: { cpu: '1', memory: '1Gi' } }], overhead: { cpu: '250m', memory: '120Mi' } }),
      want: { milliCPU: 1250, memory: 1024 * Mi + 120 * Mi },
    },
    {
      name: 'pod-level requests replace cpu and memory, overhead still added',
      pod: makePod('p', {
        containers: [{ requests: { cpu: '1', memory: '1Gi' } }],
        resources: { requests: { cpu: '2' } },
        overhead: { cpu: '100m' },
      }),
      want: { milliCPU: 2100, memory: 1024 * Mi },
    },
    {
      name: 'sub-milli cpu is summed exactly then rounded up',
      pod: makePod('p', { containers: [{ requests: { cpu: '0.0004' } }, { requests: { cpu: '0.0004' } }] }),
      want: { milliCPU: 1, memory: 0 },
    },
  ])('$name', ({ pod, want }) => {
    const r = podRequests(pod);
    expect({ milliCPU: r.milliCPU, memory: r.memory }).toEqual(want);
  });

  it('extended and hugepages resources are scalar; unknown plain names are ignored', () => {
    const r = podRequests(
      makePod('p', {
        containers: [
          { requests: { 'example.com/gpu': '2', 'hugepages-2Mi': '4Mi', storage: '1Gi', 'ephemeral-storage': '1Gi' } },
        ],
      }),
    );
    expect(r.scalar).toEqual({ 'example.com/gpu': 2, 'hugepages-2Mi': 4 * Mi });
    expect(r.ephemeralStorage).toBe(1024 * Mi);
  });

  it('is cached per spec object and frozen', () => {
    const a = makePod('a', { containers: [{ requests: { cpu: '1' } }] });
    const b = { ...a, metadata: { ...a.metadata, name: 'b' } };
    expect(podRequests(a)).toBe(podRequests(b));
    expect(Object.isFrozen(podRequests(a))).toBe(true);
  });
});

describe('podNonZeroRequests', () => {
  it.each([
    { name: 'no requests: 100m and 200Mi per container', pod: makePod('p', { containers: [{}, {}] }), want: [200, 400 * Mi] },
    {
      name: 'explicit requests are kept; missing memory defaulted',
      pod: makePod('p', { containers: [{ requests: { cpu: '500m' } }] }),
      want: [500, 200 * Mi],
    },
    {
      name: 'explicit zero stays zero',
      pod: makePod('p', { containers: [{ requests: { cpu: '0', memory: '0' } }] }),
      want: [0, 0],
    },
    {
      name: 'init containers get the defaults too (max with containers)',
      pod: makePod('p', { initContainers: [{}], containers: [{ requests: { cpu: '50m', memory: '10Mi' } }] }),
      want: [100, 200 * Mi],
    },
    {
      name: 'pod-level cpu set: memory still defaulted per container',
      pod: makePod('p', { containers: [{}, {}], resources: { requests: { cpu: '1' } } }),
      want: [1000, 400 * Mi],
    },
  ])('$name', ({ pod, want }) => {
    const r = podNonZeroRequests(pod);
    expect([r.milliCPU, r.memory]).toEqual(want);
  });
});

describe('resource arithmetic and allocatable', () => {
  it('add and subtract in place, scalars included', () => {
    const a = emptyResource();
    addResource(a, { milliCPU: 100, memory: 10, ephemeralStorage: 1, allowedPodNumber: 0, scalar: { x: 2 } });
    addResource(a, { milliCPU: 50, memory: 5, ephemeralStorage: 0, allowedPodNumber: 0, scalar: { x: 1 } });
    subtractResource(a, { milliCPU: 100, memory: 10, ephemeralStorage: 1, allowedPodNumber: 0, scalar: { x: 2 } });
    expect(a).toEqual({ milliCPU: 50, memory: 5, ephemeralStorage: 0, allowedPodNumber: 0, scalar: { x: 1 } });
  });

  it('nodeAllocatable reads status.allocatable (pods → allowedPodNumber)', () => {
    const r = nodeAllocatable(
      makeNode('n', { allocatable: { cpu: '3500m', memory: '16Gi', pods: '110', 'nvidia.com/gpu': '4' } }),
    );
    expect(r).toEqual({
      milliCPU: 3500,
      memory: 16 * 1024 * Mi,
      ephemeralStorage: 0,
      allowedPodNumber: 110,
      scalar: { 'nvidia.com/gpu': 4 },
    });
  });
});

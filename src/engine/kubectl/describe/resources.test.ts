import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { percent, podLimits, podRequests } from './resources';

const pod = (spec: Record<string, unknown>): KObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec });
const res = (requests: Record<string, string>, limits: Record<string, string> = {}) => ({ resources: { requests, limits } });
const text = (m: Map<string, { toString(): string }>) => Object.fromEntries([...m].map(([k, q]) => [k, q.toString()]));

describe('pod requests and limits', () => {
  it('sums containers and raises to the largest init container', () => {
    const p = pod({
      initContainers: [{ name: 'i', ...res({ cpu: '2', memory: '64Mi' }) }],
      containers: [
        { name: 'a', ...res({ cpu: '250m', memory: '64Mi' }, { memory: '128Mi' }) },
        { name: 'b', ...res({ cpu: '0.5' }) },
      ],
    });
    expect(text(podRequests(p))).toEqual({ cpu: '2', memory: '64Mi' });
    expect(text(podLimits(p))).toEqual({ memory: '128Mi' });
  });

  it('counts sidecars towards the running total and adds the overhead', () => {
    const p = pod({
      initContainers: [
        { name: 'proxy', restartPolicy: 'Always', ...res({ cpu: '100m' }, { cpu: '200m' }) },
        { name: 'setup', ...res({ cpu: '300m' }) },
      ],
      containers: [{ name: 'app', ...res({ cpu: '250m' }, { cpu: '1' }) }],
      overhead: { cpu: '10m' },
    });
    expect(text(podRequests(p))).toEqual({ cpu: '410m' });
    expect(text(podLimits(p))).toEqual({ cpu: '1210m' });
  });

  it("truncates percentages like int64(float64) and keeps amd64's value for a zero divisor", () => {
    expect(percent(250, 3900)).toBe('6');
    expect(percent(0, 0)).toBe('-9223372036854775808');
  });
});

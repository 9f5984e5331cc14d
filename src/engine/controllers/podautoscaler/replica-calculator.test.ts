// The replica calculation with numbers (cases after replica_calculator_test.go's), and the
// behavior / stabilization normalization.

import { describe, expect, it } from 'vitest';
import {
  CalcError,
  calculateRequests,
  groupPods,
  plainMetricReplicas,
  resourceReplicas,
  tolerances,
  type CalcTiming,
  type PodMetricsInfo,
} from './replica-calculator';
import {
  convertDesiredReplicasWithRules,
  newHpaMemory,
  normalizeDesiredReplicas,
  normalizeDesiredReplicasWithBehaviors,
  recordInitialRecommendation,
  storeScaleEvent,
  type Behavior,
} from './normalize';

const EPOCH = Date.UTC(2026, 0, 1);
const ts = (ms: number) => new Date(EPOCH + ms).toISOString().replace('.000Z', 'Z');
const NOW = 3_600_000; // one hour in: pods started long ago are past the 5 min CPU initialization

const timing: CalcTiming = {
  nowMs: NOW,
  cpuInitializationPeriodMs: 300_000,
  delayOfInitialReadinessStatusMs: 30_000,
  parseTime: (t) => Date.parse(t) - EPOCH,
};

interface PodOpts {
  request?: string;
  phase?: string;
  ready?: 'True' | 'False';
  startMs?: number;
  readySinceMs?: number;
  deleted?: boolean;
}

function pod(name: string, o: PodOpts = {}) {
  return {
    metadata: { name, ...(o.deleted ? { deletionTimestamp: ts(NOW) } : {}) },
    spec: { containers: [{ name: 'app', resources: { requests: { cpu: o.request ?? '1' } } }] },
    status: {
      phase: o.phase ?? 'Running',
      startTime: ts(o.startMs ?? 0),
      conditions: [{ type: 'Ready', status: o.ready ?? 'True', lastTransitionTime: ts(o.readySinceMs ?? 10_000) }],
    },
  };
}

function metrics(values: Record<string, number>, timestampMs = NOW - 5_000): PodMetricsInfo {
  return new Map(Object.entries(values).map(([k, v]) => [k, { value: v, timestampMs, windowMs: 15_000 }]));
}

type TestPod = Parameters<typeof groupPods>[0][number];

const calc = (current: number, target: number, pods: TestPod[], m: PodMetricsInfo) =>
  resourceReplicas({
    currentReplicas: current,
    targetUtilization: target,
    resource: 'cpu',
    tolerances: tolerances(0.1),
    pods,
    metrics: m,
    timing,
  });

describe('resource utilization replicas', () => {
  it('scales up: 3 pods at a 1000m request using 50% at a 30% target → ceil(1.67 × 3) = 5', () => {
    // usage 300+500+700 = 1500 of 3000 requested = 50%; ratio 50/30 = 1.67 → ceil(5) = 5
    const r = calc(3, 30, [pod('a'), pod('b'), pod('c')], metrics({ a: 300, b: 500, c: 700 }));
    expect(r).toEqual({ replicas: 5, utilization: 50, rawUtilization: 500 });
  });

  it('scales down: 20% of request at a 50% target', () => {
    const r = calc(
      5,
      50,
      ['a', 'b', 'c', 'd', 'e'].map((n) => pod(n)),
      metrics({ a: 100, b: 300, c: 500, d: 250, e: 250 }),
    );
    // 1400 / 5000 = 28%; ratio 0.56 → ceil(2.8) = 3
    expect(r).toEqual({ replicas: 3, utilization: 28, rawUtilization: 280 });
  });

  it('stays inside the 10% tolerance (ratio 1.1 keeps the count, 1.12 does not)', () => {
    expect(calc(2, 50, [pod('a'), pod('b')], metrics({ a: 550, b: 550 })).replicas).toBe(2); // 55% → 1.1
    expect(calc(2, 50, [pod('a'), pod('b')], metrics({ a: 560, b: 560 })).replicas).toBe(3); // 56% → 1.12 → ceil(2.24)
    expect(calc(2, 50, [pod('a'), pod('b')], metrics({ a: 450, b: 450 })).replicas).toBe(2); // 0.9
    expect(calc(2, 50, [pod('a'), pod('b')], metrics({ a: 440, b: 440 })).replicas).toBe(2); // 0.88 → ceil(1.76) = 2
    expect(
      calc(
        4,
        50,
        ['a', 'b', 'c', 'd'].map((n) => pod(n)),
        metrics({ a: 400, b: 400, c: 400, d: 400 }),
      ).replicas,
    ).toBe(4); // 0.8 → ceil(3.2)
  });

  it('missing metrics on a scale-up count as 0%, which can keep the count', () => {
    // a,b at 90% of 1000m, c missing: ratio 1.8; with c at 0: (900+900)/3000 = 60% → 1.2 → ceil(3.6) = 4
    expect(calc(3, 50, [pod('a'), pod('b'), pod('c')], metrics({ a: 900, b: 900 })).replicas).toBe(4);
    // a at 60%, b missing: 1.2 → with b at 0: 30% → 0.6 flips direction → keep 2
    expect(calc(2, 50, [pod('a'), pod('b')], metrics({ a: 600 })).replicas).toBe(2);
  });

  it('missing metrics on a scale-down count as 100% of their request', () => {
    // a,b at 10%, c missing: 0.2 → with c at 100%: 1200/3000 = 40% → 0.8 → ceil(2.4) = 3 = current
    expect(calc(3, 50, [pod('a'), pod('b'), pod('c')], metrics({ a: 100, b: 100 })).replicas).toBe(3);
    // 4 pods, 3 at 0%, one missing: 1000/4000 = 25% → 0.5 → 2
    expect(
      calc(
        4,
        50,
        ['a', 'b', 'c', 'd'].map((n) => pod(n)),
        metrics({ a: 0, b: 0, c: 0 }),
      ).replicas,
    ).toBe(2);
  });

  it('unready pods are left out, and count as 0% on a scale-up', () => {
    const pods = [pod('a'), pod('b'), pod('c', { ready: 'False', startMs: NOW - 60_000, readySinceMs: NOW - 60_000 })];
    // ready a,b at 100% (ratio 2): with c at 0 → 2000/3000 = 66% → 1.32 → ceil(3.96) = 4
    expect(calc(3, 50, pods, metrics({ a: 1000, b: 1000, c: 1000 }))).toEqual({
      replicas: 4,
      utilization: 100,
      rawUtilization: 1000,
    });
  });

  it('inside the CPU initialization period a pod is unready until one metric window after it became Ready', () => {
    const started = NOW - 60_000;
    const fresh = pod('b', { startMs: started, readySinceMs: NOW - 10_000 }); // ready 10 s ago, window 15 s
    const g = groupPods([pod('a'), fresh], metrics({ a: 500, b: 900 }), 'cpu', timing);
    expect([...g.unready]).toEqual(['b']);
    const settled = pod('b', { startMs: started, readySinceMs: NOW - 30_000 });
    expect(groupPods([settled], metrics({ b: 900 }), 'cpu', timing).readyPodCount).toBe(1);
  });

  it('after the initialization period only a never-ready pod is unready', () => {
    const never = pod('a', { ready: 'False', startMs: 0, readySinceMs: 10_000 }); // transition within 30 s of start
    const lost = pod('b', { ready: 'False', startMs: 0, readySinceMs: 120_000 }); // was ready, lost it later
    const g = groupPods([never, lost], metrics({ a: 1, b: 1 }), 'cpu', timing);
    expect([...g.unready]).toEqual(['a']);
    expect(g.readyPodCount).toBe(1);
  });

  it('ignores deleted and Failed pods; Pending ones are unready', () => {
    const g = groupPods(
      [pod('a', { deleted: true }), pod('b', { phase: 'Failed' }), pod('c', { phase: 'Pending' }), pod('d')],
      metrics({ d: 1 }),
      'cpu',
      timing,
    );
    expect([...g.ignored]).toEqual(['a', 'b']);
    expect([...g.unready]).toEqual(['c']);
    expect(g.readyPodCount).toBe(1);
  });

  it('fails with the upstream messages', () => {
    expect(() => calc(1, 50, [], metrics({}))).toThrow('no pods returned by selector while calculating replica count');
    expect(() => calc(1, 50, [pod('a', { phase: 'Pending' })], metrics({ a: 1 }))).toThrow(
      'did not receive metrics for targeted pods (pods might be unready)',
    );
    const noRequest = { ...pod('a'), spec: { containers: [{ name: 'app' }] } };
    expect(() => calc(1, 50, [noRequest], metrics({ a: 1 }))).toThrow(
      new CalcError('missing request for cpu in container app of Pod a'),
    );
  });

  it('sums container and sidecar requests; pod-level requests win', () => {
    const p = {
      metadata: { name: 'p' },
      spec: {
        containers: [
          { name: 'a', resources: { requests: { cpu: '100m' } } },
          { name: 'b', resources: { requests: { cpu: '250m' } } },
        ],
        initContainers: [
          { name: 'init', resources: {} },
          { name: 'side', restartPolicy: 'Always', resources: { requests: { cpu: '50m' } } },
        ],
      },
    };
    expect(calculateRequests([p], '', 'cpu').get('p')).toBe(400);
    expect(calculateRequests([p], 'b', 'cpu').get('p')).toBe(250);
    expect(() => calculateRequests([p], 'zz', 'cpu')).toThrow('container zz not found in Pod p');
    const podLevel = { ...p, spec: { ...p.spec, resources: { requests: { cpu: '1' } } } };
    expect(calculateRequests([podLevel], '', 'cpu').get('p')).toBe(1000);
  });

  it('average-value targets: ceil(Σ usage / target) outside tolerance', () => {
    const r = plainMetricReplicas({
      currentReplicas: 2,
      targetUsage: 200,
      resource: 'cpu',
      tolerances: tolerances(0.1),
      pods: [pod('a'), pod('b')],
      metrics: metrics({ a: 500, b: 300 }),
      timing,
    });
    expect(r).toEqual({ replicas: 4, usage: 400 });
  });
});

describe('normalization without behavior', () => {
  it('limits a scale-up to max(2 × current, 4) and clamps to min/max', () => {
    expect(convertDesiredReplicasWithRules(1, 9, 1, 10)).toMatchObject({ replicas: 4, reason: 'ScaleUpLimit' });
    expect(convertDesiredReplicasWithRules(3, 9, 1, 10)).toMatchObject({ replicas: 6, reason: 'ScaleUpLimit' });
    expect(convertDesiredReplicasWithRules(6, 20, 1, 10)).toMatchObject({ replicas: 10, reason: 'TooManyReplicas' });
    expect(convertDesiredReplicasWithRules(3, 0, 2, 10)).toMatchObject({
      replicas: 2,
      reason: 'TooFewReplicas',
      message: 'the desired replica count is less than the minimum replica count',
    });
    expect(convertDesiredReplicasWithRules(3, 5, 1, 10)).toMatchObject({ replicas: 5, reason: 'DesiredWithinRange' });
  });

  it('keeps the highest recommendation of the last 5 minutes before scaling down', () => {
    const mem = newHpaMemory();
    recordInitialRecommendation(mem, 5, 0);
    const args = { current: 5, min: 1, max: 10, downscaleStabilizationMs: 300_000 };
    let n = normalizeDesiredReplicas(mem, { ...args, desired: 5, nowMs: 15_000 });
    expect(n.desired).toBe(5);
    n = normalizeDesiredReplicas(mem, { ...args, desired: 1, nowMs: 30_000 });
    expect(n).toMatchObject({ desired: 5, ableToScale: { reason: 'ScaleDownStabilized' } });
    expect(n.ableToScale.message).toBe(
      'recent recommendations were higher than current one, applying the highest recent recommendation',
    );
    // 5 min after the last recommendation of 5 (at 15 s) the window holds only ones.
    for (let t = 45_000; t < 315_000; t += 15_000) {
      expect(normalizeDesiredReplicas(mem, { ...args, desired: 1, nowMs: t }).desired).toBe(5);
    }
    expect(normalizeDesiredReplicas(mem, { ...args, desired: 1, nowMs: 330_000 })).toMatchObject({
      desired: 1,
      ableToScale: { reason: 'ReadyForNewScale' },
      scalingLimited: { status: 'False', reason: 'DesiredWithinRange' },
    });
  });
});

describe('normalization with behavior', () => {
  const defaults: Behavior = {
    scaleUp: {
      stabilizationWindowSeconds: 0,
      selectPolicy: 'Max',
      policies: [
        { type: 'Pods', value: 4, periodSeconds: 15 },
        { type: 'Percent', value: 100, periodSeconds: 15 },
      ],
    },
    scaleDown: { selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] },
  };

  it('default policies: +max(4 pods, 100%) per 15 s', () => {
    const mem = newHpaMemory();
    recordInitialRecommendation(mem, 2, 0);
    const base = { min: 1, max: 50, behavior: defaults, downscaleStabilizationMs: 300_000 };
    const n = normalizeDesiredReplicasWithBehaviors(mem, { ...base, current: 2, desired: 20, nowMs: 15_000 });
    expect(n).toMatchObject({ desired: 6, scalingLimited: { status: 'True', reason: 'ScaleUpLimit' } });
    storeScaleEvent(mem, defaults, 2, 6, 15_000);
    // Within the same period the 4 added pods count against the limit (start 2 → max(6, 4) = 6).
    const again = normalizeDesiredReplicasWithBehaviors(mem, { ...base, current: 6, desired: 20, nowMs: 20_000 });
    expect(again.desired).toBe(6);
    // A period later the start is 6 → max(10, 12) = 12.
    expect(normalizeDesiredReplicasWithBehaviors(mem, { ...base, current: 6, desired: 20, nowMs: 31_000 }).desired).toBe(12);
  });

  it('a Pods policy with selectPolicy Min and a scale-up window', () => {
    const b: Behavior = {
      scaleUp: {
        stabilizationWindowSeconds: 60,
        selectPolicy: 'Min',
        policies: [
          { type: 'Pods', value: 1, periodSeconds: 60 },
          { type: 'Percent', value: 100, periodSeconds: 60 },
        ],
      },
      scaleDown: defaults.scaleDown,
    };
    const mem = newHpaMemory();
    recordInitialRecommendation(mem, 3, 0);
    const base = { min: 1, max: 10, behavior: b, downscaleStabilizationMs: 300_000 };
    // The window still holds the initial 3: the lowest recent recommendation wins.
    let n = normalizeDesiredReplicasWithBehaviors(mem, { ...base, current: 3, desired: 8, nowMs: 15_000 });
    expect(n).toMatchObject({ desired: 3, ableToScale: { reason: 'ScaleUpStabilized' } });
    n = normalizeDesiredReplicasWithBehaviors(mem, { ...base, current: 3, desired: 8, nowMs: 61_000 });
    expect(n).toMatchObject({ desired: 4, scalingLimited: { reason: 'ScaleUpLimit' } });
  });

  it('Disabled select policy forbids scaling down; Percent scale-down rounds down', () => {
    const mem = newHpaMemory();
    recordInitialRecommendation(mem, 10, 0);
    const disabled: Behavior = {
      ...defaults,
      scaleDown: { stabilizationWindowSeconds: 0, selectPolicy: 'Disabled', policies: [] },
    };
    const n = normalizeDesiredReplicasWithBehaviors(mem, {
      current: 10,
      desired: 2,
      min: 1,
      max: 10,
      behavior: disabled,
      downscaleStabilizationMs: 300_000,
      nowMs: 15_000,
    });
    expect(n).toMatchObject({ desired: 10, scalingLimited: { reason: 'ScaleDownLimit' } });
    const tenPercent: Behavior = {
      ...defaults,
      scaleDown: {
        stabilizationWindowSeconds: 0,
        selectPolicy: 'Max',
        policies: [{ type: 'Percent', value: 10, periodSeconds: 60 }],
      },
    };
    const m2 = newHpaMemory();
    expect(
      normalizeDesiredReplicasWithBehaviors(m2, {
        current: 15,
        desired: 2,
        min: 1,
        max: 20,
        behavior: tenPercent,
        downscaleStabilizationMs: 300_000,
        nowMs: 0,
      }).desired,
    ).toBe(13); // trunc(15 × 0.9)
  });
});

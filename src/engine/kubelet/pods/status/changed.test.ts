import { describe, expect, it } from 'vitest';
import { podStatusChanged } from './changed';
import { container, gen, instance, makePod, runtimeOf, ts, withStatus } from './testing';

describe('podStatusChanged', () => {
  const pod = makePod({ containers: [container('web')] });
  const running = runtimeOf([instance('web', 'running')]);

  it('a regenerated status at a later time is no change', () => {
    const first = gen(pod, running, { nowMs: 5000 });
    const again = gen(withStatus(pod, first), running, { nowMs: 60_000 });
    expect(again).toEqual(first);
    expect(podStatusChanged(first, again)).toBe(false);
  });

  it('ignores condition order, transition and probe times, and conditions owned by others', () => {
    const first = gen(pod, running);
    const shuffled = {
      ...first,
      conditions: [...first.conditions]
        .reverse()
        .map((c: object) => ({ ...c, lastTransitionTime: ts(99_000), lastProbeTime: ts(1) })),
    };
    expect(podStatusChanged(first, shuffled)).toBe(false);
    const withGate = { ...first, conditions: [...first.conditions, { type: 'example.com/lb', status: 'True' }] };
    expect(podStatusChanged(first, withGate)).toBe(false);
  });

  it('sees a kubelet condition change in status, reason or message', () => {
    const first = gen(pod, running);
    const unready = gen(withStatus(pod, first), running, { notReady: ['containerd://web-0'] });
    expect(podStatusChanged(first, unready)).toBe(true);
    const msg = structuredClone(unready);
    msg.conditions[2].message = 'containers with unready status: [other]';
    expect(podStatusChanged(unready, msg)).toBe(true);
  });

  it('sees a new kubelet condition, a field change, or a new DisruptionTarget', () => {
    const first = gen(pod, running);
    const { conditions, ...rest } = first;
    expect(podStatusChanged({ ...rest, conditions: conditions.slice(1) }, first)).toBe(true);
    expect(podStatusChanged(first, { ...first, podIP: '10.0.0.9' })).toBe(true);
    const disrupted = { ...first, conditions: [{ type: 'DisruptionTarget', status: 'True' }, ...conditions] };
    expect(podStatusChanged(first, disrupted)).toBe(true);
    expect(podStatusChanged(undefined, first)).toBe(true);
    expect(podStatusChanged({ a: undefined }, {})).toBe(false);
  });
});

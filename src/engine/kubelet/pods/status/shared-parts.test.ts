import { describe, expect, it } from 'vitest';
import { container, gen, instance, makePod, runtimeOf, withStatus } from './testing';

describe('pod statuses share their repeated parts', () => {
  const running = runtimeOf([instance('web', 'running')]);

  it('two pods in the same state at the same second share conditions, host IPs and container states, all frozen', () => {
    const a = gen(makePod({ containers: [container('web')] }, undefined, { name: 'a' }), running);
    const b = gen(makePod({ containers: [container('web')] }, undefined, { name: 'b' }), running);
    expect(a).toEqual(b);
    a.conditions.forEach((c: object, i: number) => {
      expect(b.conditions[i]).toBe(c);
      expect(Object.isFrozen(c)).toBe(true);
    });
    expect(b.hostIPs).toBe(a.hostIPs);
    expect(Object.isFrozen(a.hostIPs[0])).toBe(true);
    expect(b.containerStatuses[0].state).toBe(a.containerStatuses[0].state);
    expect(b.containerStatuses[0].lastState).toBe(a.containerStatuses[0].lastState);
    expect(a.containerStatuses[0].lastState).toEqual({});
  });

  it('a later status keeps the unchanged conditions of the one before, and a condition that changed is new', () => {
    const pod = makePod({ containers: [container('web')] });
    const first = gen(pod, runtimeOf([]));
    const second = gen(withStatus(pod, first), running, { nowMs: 9000 });
    const byType = (s: any, type: string) => s.conditions.find((c: { type: string }) => c.type === type);
    expect(byType(second, 'Initialized')).toBe(byType(first, 'Initialized'));
    expect(byType(second, 'PodScheduled')).toBe(byType(first, 'PodScheduled'));
    expect(byType(second, 'Ready')).not.toBe(byType(first, 'Ready'));
    expect(byType(second, 'Ready')).toMatchObject({ status: 'True', lastTransitionTime: expect.any(String) });
  });

  it('a container status shows the spec resources as they are, and {} when there are none', () => {
    const resources = Object.freeze({ requests: Object.freeze({ cpu: '100m' }) });
    const s = gen(makePod({ containers: [container('web', { resources })] }), running);
    expect(s.containerStatuses[0].resources).toEqual({ requests: { cpu: '100m' } });
    expect(s.containerStatuses[0].allocatedResources).toEqual({ cpu: '100m' });
    const none = gen(makePod({ containers: [container('web')] }), running);
    expect(none.containerStatuses[0].resources).toEqual({});
  });
});

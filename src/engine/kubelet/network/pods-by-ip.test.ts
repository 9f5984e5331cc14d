import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { PodsByIP } from './pods-by-ip';

function pod(name: string, podIP: string | undefined, version: number): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', resourceVersion: String(version) },
    status: podIP === undefined ? {} : { podIP },
  };
}

describe('PodsByIP', () => {
  it('files pods under their IP in the order they got it, newest versions, gone when deleted', () => {
    const index = new PodsByIP();
    const a1 = pod('a', '10.0.0.1', 1);
    const b1 = pod('b', '10.0.0.9', 2);
    const c1 = pod('c', '10.0.0.9', 3);
    index.handler.onAdd!(a1);
    index.handler.onAdd!(b1);
    index.handler.onAdd!(c1);
    expect(index.pods('10.0.0.9')).toEqual([b1, c1]);
    const b2 = pod('b', '10.0.0.9', 4);
    index.handler.onUpdate!(b1, b2);
    expect(index.pods('10.0.0.9')).toEqual([b2, c1]);
    const b3 = pod('b', '10.0.0.1', 5);
    index.handler.onUpdate!(b2, b3);
    expect(index.pods('10.0.0.9')).toEqual([c1]);
    expect(index.pods('10.0.0.1')).toEqual([a1, b3]);
    index.handler.onDelete!(pod('a', '10.0.0.1', 6));
    expect(index.pods('10.0.0.1')).toEqual([b3]);
    // A delete whose object no longer shows the IP still removes the pod.
    index.handler.onDelete!(pod('c', undefined, 7));
    expect(index.pods('10.0.0.9')).toEqual([]);
    expect(index.pods('10.9.9.9')).toEqual([]);
  });

  it('answers like an informer index (keys per IP in the order they joined) over a long random run', () => {
    const index = new PodsByIP();
    const current = new Map<string, KObject>();
    const order = new Map<string, string[]>();
    const file = (ip: string | undefined, name: string) => {
      if (ip) order.set(ip, [...(order.get(ip) ?? []), name]);
    };
    const unfile = (ip: string | undefined, name: string) => {
      if (ip)
        order.set(
          ip,
          (order.get(ip) ?? []).filter((n) => n !== name),
        );
    };
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const ips = ['10.0.0.1', '10.0.0.2', '10.0.0.3', undefined];
    for (let step = 0; step < 2000; step++) {
      const name = `p${next(12)}`;
      const old = current.get(name);
      const ip = ips[next(ips.length)];
      if (old && next(4) === 0) {
        index.handler.onDelete!(old);
        unfile(old.status?.podIP, name);
        current.delete(name);
      } else if (old) {
        const obj = pod(name, ip, step);
        index.handler.onUpdate!(old, obj);
        if (old.status?.podIP !== ip) {
          unfile(old.status?.podIP, name);
          file(ip, name);
        }
        current.set(name, obj);
      } else {
        const obj = pod(name, ip, step);
        index.handler.onAdd!(obj);
        file(ip, name);
        current.set(name, obj);
      }
      for (const probe of ips) {
        if (probe === undefined) continue;
        expect(index.pods(probe)).toEqual((order.get(probe) ?? []).map((n) => current.get(n)));
      }
    }
  });
});

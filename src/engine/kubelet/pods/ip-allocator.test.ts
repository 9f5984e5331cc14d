import { describe, expect, it } from 'vitest';
import { PodIPAllocator } from './ip-allocator';

describe('PodIPAllocator', () => {
  it('hands out .2 onwards round-robin and does not reuse a freed address at once', () => {
    const a = PodIPAllocator.fromCIDR('10.244.3.0/24')!;
    expect(a.allocate()).toBe('10.244.3.2');
    expect(a.allocate()).toBe('10.244.3.3');
    a.release('10.244.3.2');
    expect(a.allocate()).toBe('10.244.3.4');
  });

  it('wraps around and reports exhaustion', () => {
    const a = PodIPAllocator.fromCIDR('10.244.0.0/24')!;
    const ips = Array.from({ length: 253 }, () => a.allocate());
    expect(ips.at(-1)).toBe('10.244.0.254');
    expect(a.allocate()).toBeUndefined();
    a.release('10.244.0.7');
    expect(a.allocate()).toBe('10.244.0.7');
  });

  it('accepts only /24 ranges', () => {
    expect(PodIPAllocator.fromCIDR('10.244.0.0/16')).toBeUndefined();
    expect(PodIPAllocator.fromCIDR(undefined)).toBeUndefined();
  });
});

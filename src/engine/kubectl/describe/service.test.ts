// formatEndpointSlices and the EndpointSlice table cells: ready endpoints only, three at most.

import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { endpointSliceAddresses, endpointSlicePorts } from '../../api/kinds/endpointslice';
import { formatEndpointSlices } from './service';

const slice = (ports: unknown, endpoints: unknown): KObject =>
  ({ apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: { name: 's' }, ports, endpoints }) as KObject;

const ep = (ip: string, ready: boolean) => ({ addresses: [ip], conditions: { ready, serving: ready, terminating: false } });

describe('formatEndpointSlices', () => {
  it('lists ready endpoints as ip:port, three at most', () => {
    const s = slice(
      [{ name: 'http', port: 8080, protocol: 'TCP' }],
      [ep('10.244.1.2', true), ep('10.244.1.3', false), ep('10.244.1.4', true), ep('10.244.1.5', true), ep('10.244.1.6', true)],
    );
    expect(formatEndpointSlices([s], 'http')).toBe('10.244.1.2:8080,10.244.1.4:8080,10.244.1.5:8080 + 1 more...');
    expect(formatEndpointSlices([s], 'other')).toBe('');
    expect(formatEndpointSlices([], 'http')).toBe('<none>');
    expect(formatEndpointSlices([slice(null, [ep('10.244.1.2', true)])], '')).toBe('10.244.1.2');
  });
});

describe('EndpointSlice columns', () => {
  it('prints ports and addresses like printEndpointSlice', () => {
    const s = slice(
      [
        { name: 'a', port: 80 },
        { name: 'b', port: 81 },
        { name: 'c', port: 82 },
        { name: 'd', port: 83 },
      ],
      [ep('10.0.0.1', true), ep('10.0.0.2', false)],
    );
    expect(endpointSlicePorts(s)).toBe('80,81,82 + 1 more...');
    expect(endpointSliceAddresses(s)).toBe('10.0.0.1,10.0.0.2');
    expect(endpointSlicePorts(slice(null, null))).toBe('<unset>');
    expect(endpointSliceAddresses(slice(null, null))).toBe('<unset>');
  });
});

// Services through the API server: defaults, validation messages, cluster IP / node port
// allocation (deterministic per seed, no collisions, released on delete), immutability and the
// REST's update conveniences, and the table columns.

import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { Clock } from '../../clock/clock';
import { SeededRandom } from '../../clock/random';
import { ApiServer } from '../apiserver';
import { ApiError } from '../errors';
import { createKindRegistry, serviceKind } from './index';

/** Runs `fn`, expecting an ApiError (this file avoids the Cluster-based API fixtures). */
function expectApiError(fn: () => unknown, expected: { code?: number; message?: string }): ApiError {
  let caught: unknown;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(ApiError);
  const err = caught as ApiError;
  if (expected.code !== undefined) expect(err.code).toBe(expected.code);
  if (expected.message !== undefined) expect(err.message).toBe(expected.message);
  return err;
}

function server(seed = 1): ApiServer {
  return new ApiServer(new Clock(), new SeededRandom(seed), createKindRegistry());
}

function svc(name: string, spec: Record<string, unknown>, extra: Record<string, unknown> = {}): KObject {
  return { apiVersion: 'v1', kind: 'Service', metadata: { name, ...extra }, spec };
}

const web = (spec: Record<string, unknown> = {}) => svc('web', { selector: { app: 'web' }, ports: [{ port: 80 }], ...spec });

describe('Service defaults and allocation', () => {
  it('defaults a ClusterIP Service like the real API server', () => {
    const created = server().create(web({ ports: [{ port: 80, targetPort: 8080 }] }));
    expect(created.spec).toMatchObject({
      type: 'ClusterIP',
      sessionAffinity: 'None',
      internalTrafficPolicy: 'Cluster',
      ipFamilies: ['IPv4'],
      ipFamilyPolicy: 'SingleStack',
      ports: [{ port: 80, protocol: 'TCP', targetPort: 8080 }],
    });
    expect(created.spec!.clusterIPs).toEqual([created.spec!.clusterIP]);
    expect(created.spec!.externalTrafficPolicy).toBeUndefined();
    expect(created.status).toEqual({ loadBalancer: {} });
  });

  it('defaults targetPort to port and picks a cluster IP above the static band of 10.96.0.0/12', () => {
    const created = server().create(web());
    expect(created.spec!.ports[0].targetPort).toBe(80);
    const [a, b, c] = (created.spec!.clusterIP as string).split('.').map(Number);
    expect(a).toBe(10);
    expect(b >= 96 && b <= 111).toBe(true);
    expect(b > 96 || c >= 1).toBe(true);
  });

  it('is deterministic per seed and never hands out an IP twice', () => {
    const ips = (seed: number) => {
      const api = server(seed);
      return Array.from({ length: 20 }, (_, i) => api.create(svc(`s${i}`, { ports: [{ port: 80 }] })).spec!.clusterIP as string);
    };
    expect(ips(7)).toEqual(ips(7));
    expect(new Set(ips(7)).size).toBe(20);
    expect(ips(7)).not.toEqual(ips(8));
  });

  it('allocates a requested cluster IP once, and frees it when the Service is deleted', () => {
    const api = server();
    api.create(web({ clusterIP: '10.96.0.10' }));
    expectApiError(() => api.create(svc('other', { clusterIP: '10.96.0.10', ports: [{ port: 80 }] })), {
      code: 422,
      message:
        'Service "other" is invalid: spec.clusterIPs: Invalid value: []string{"10.96.0.10"}: failed to allocate IP 10.96.0.10: provided IP is already allocated',
    });
    api.delete(serviceKind, 'default', 'web');
    expect(api.create(svc('other', { clusterIP: '10.96.0.10', ports: [{ port: 80 }] })).spec!.clusterIP).toBe('10.96.0.10');
  });

  it('refuses a cluster IP outside the service CIDR', () => {
    expectApiError(() => server().create(web({ clusterIP: '10.0.0.5' })), {
      message:
        'Service "web" is invalid: spec.clusterIPs: Invalid value: []string{"10.0.0.5"}: failed to allocate IP 10.0.0.5: the provided network does not match the current range',
    });
  });

  it('does not keep anything allocated by a dry run or a refused create', () => {
    const api = server();
    api.create(web({ clusterIP: '10.96.0.20' }), { dryRun: true });
    expectApiError(() => api.create(svc('bad', { clusterIP: '10.96.0.21', ports: [{ port: 0 }] })), { code: 422 });
    expect(api.create(svc('a', { clusterIP: '10.96.0.20', ports: [{ port: 80 }] })).spec!.clusterIP).toBe('10.96.0.20');
    expect(api.create(svc('b', { clusterIP: '10.96.0.21', ports: [{ port: 80 }] })).spec!.clusterIP).toBe('10.96.0.21');
  });

  it('headless Services get no cluster IP', () => {
    const created = server().create(web({ clusterIP: 'None' }));
    expect(created.spec).toMatchObject({
      clusterIP: 'None',
      clusterIPs: ['None'],
      ipFamilies: ['IPv4'],
      ipFamilyPolicy: 'SingleStack',
    });
    const selectorless = server().create(svc('h', { clusterIP: 'None' }));
    expect(selectorless.spec).toMatchObject({ ipFamilyPolicy: 'RequireDualStack', ipFamilies: ['IPv4', 'IPv6'] });
  });

  it('allocates node ports for NodePort and LoadBalancer Services, with externalTrafficPolicy Cluster', () => {
    const api = server();
    const np = api.create(web({ type: 'NodePort' }));
    expect(np.spec!.externalTrafficPolicy).toBe('Cluster');
    const port = np.spec!.ports[0].nodePort as number;
    expect(port >= 30000 && port <= 32767).toBe(true);
    const lb = api.create(svc('lb', { type: 'LoadBalancer', ports: [{ port: 80 }] }));
    expect(lb.spec!.allocateLoadBalancerNodePorts).toBe(true);
    expect(lb.spec!.ports[0].nodePort).not.toBe(port);
    expectApiError(() => api.create(svc('np2', { type: 'NodePort', ports: [{ port: 80, nodePort: port }] })), {
      message: `Service "np2" is invalid: spec.ports[0].nodePort: Invalid value: ${port}: provided port is already allocated`,
    });
    expectApiError(() => api.create(svc('np3', { type: 'NodePort', ports: [{ port: 80, nodePort: 8080 }] })), {
      message:
        'Service "np3" is invalid: spec.ports[0].nodePort: Invalid value: 8080: provided port is not in the valid range. The range of valid ports is 30000-32767',
    });
  });
});

describe('Service validation', () => {
  const messageOf = (obj: KObject) => expectApiError(() => server().create(obj), { code: 422 }).message;

  it('requires ports unless headless or ExternalName', () => {
    expect(messageOf(svc('web', { selector: { app: 'web' } }))).toBe('Service "web" is invalid: spec.ports: Required value');
  });

  it('checks port numbers, names and duplicates', () => {
    expect(messageOf(svc('web', { ports: [{ port: 0 }] }))).toBe(
      // targetPort defaults to the (invalid) port, so both are reported, as upstream does.
      'Service "web" is invalid: [spec.ports[0].port: Invalid value: 0: must be between 1 and 65535, inclusive, spec.ports[0].targetPort: Invalid value: 0: must be between 1 and 65535, inclusive]',
    );
    expect(messageOf(svc('web', { ports: [{ port: 80 }, { port: 81, name: 'b' }] }))).toBe(
      'Service "web" is invalid: spec.ports[0].name: Required value',
    );
    expect(
      messageOf(
        svc('web', {
          ports: [
            { port: 80, name: 'a' },
            { port: 81, name: 'a' },
          ],
        }),
      ),
    ).toBe('Service "web" is invalid: spec.ports[1].name: Duplicate value: "a"');
    expect(
      messageOf(
        svc('web', {
          ports: [
            { port: 80, name: 'a' },
            { port: 80, name: 'b' },
          ],
        }),
      ),
    ).toBe(
      'Service "web" is invalid: spec.ports[1]: Duplicate value: core.ServicePort{Name:"", Protocol:"TCP", AppProtocol:(*string)(nil), Port:80, TargetPort:intstr.IntOrString{Type:0, IntVal:0, StrVal:""}, NodePort:0}',
    );
  });

  it('checks the type, the name (a DNS-1035 label) and nodePort on ClusterIP', () => {
    expect(messageOf(svc('web', { type: 'Bogus', ports: [{ port: 80 }] }))).toBe(
      'Service "web" is invalid: spec.type: Unsupported value: "Bogus": supported values: "ClusterIP", "ExternalName", "LoadBalancer", "NodePort"',
    );
    expect(messageOf(svc('1web', { ports: [{ port: 80 }] }))).toMatch(
      /^Service "1web" is invalid: metadata.name: Invalid value: "1web": a DNS-1035 label/,
    );
    expect(messageOf(svc('web', { ports: [{ port: 80, nodePort: 30001 }] }))).toBe(
      'Service "web" is invalid: spec.ports[0].nodePort: Forbidden: may not be used when `type` is \'ClusterIP\'',
    );
  });

  it('refuses an invalid cluster IP before allocating', () => {
    expect(messageOf(web({ clusterIP: 'abc' }))).toBe(
      'Service "web" is invalid: spec.clusterIPs[0]: Invalid value: "abc": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)',
    );
  });
});

describe('Service updates', () => {
  it('keeps the allocated IP and node ports when a client omits them', () => {
    const api = server();
    const created = api.create(web({ type: 'NodePort' }));
    const updated = api.update(web({ type: 'NodePort', selector: { app: 'web2' } }));
    expect(updated.spec!.clusterIP).toBe(created.spec!.clusterIP);
    expect(updated.spec!.ports[0].nodePort).toBe(created.spec!.ports[0].nodePort);
  });

  it('refuses to change the cluster IP', () => {
    const api = server();
    api.create(web());
    expectApiError(() => api.update(web({ clusterIP: '10.96.0.99' })), {
      message: 'Service "web" is invalid: spec.clusterIPs[0]: Invalid value: []string{"10.96.0.99"}: may not change once set',
    });
  });

  it('drops node ports when the type goes back to ClusterIP', () => {
    const api = server();
    const created = api.create(web({ type: 'NodePort' }));
    const back = api.update({ ...created, spec: { ...created.spec, type: 'ClusterIP' } });
    expect(back.spec!.ports[0].nodePort).toBeUndefined();
    expect(back.spec!.externalTrafficPolicy).toBeUndefined();
  });
});

describe('Service columns', () => {
  const cells = (obj: KObject) => serviceKind.columns.map((c) => c.cell(obj, { nowUnixMs: 0 }));

  it('prints type, cluster IP, external IP, ports and selector like printService', () => {
    const api = server();
    const np = api.create(web({ type: 'NodePort', clusterIP: '10.96.0.50', ports: [{ port: 80, nodePort: 30080 }] }));
    expect(cells(np)).toEqual(
      ['NodePort', '10.96.0.50', '<none>', '80:30080/TCP', '<unknown>', 'app=web'].map((v, i) =>
        i === 4 ? expect.any(String) : v,
      ),
    );
    const lb = api.create(svc('lb', { type: 'LoadBalancer', ports: [{ port: 443 }] }));
    expect(cells(lb)[2]).toBe('<pending>');
    const headless = api.create(
      svc('h', {
        clusterIP: 'None',
        ports: [
          { port: 53, protocol: 'UDP' },
          { port: 53, name: 'tcp' },
        ].map((p, i) => ({ ...p, name: ['dns', 'tcp'][i] })),
      }),
    );
    expect(cells(headless).slice(1, 4)).toEqual(['None', '<none>', '53/UDP,53/TCP']);
    expect(cells(headless)[5]).toBe('<none>');
  });
});

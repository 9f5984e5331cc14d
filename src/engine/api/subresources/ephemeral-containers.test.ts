// pods/ephemeralcontainers through the real ApiServer: what may change, defaulting, generation,
// and the refusals (removal, change, duplicate names, forbidden fields, the main resource).

import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { Clock } from '../../clock/clock';
import { SeededRandom } from '../../clock/random';
import { ApiServer } from '../apiserver';
import { ApiError } from '../errors';
import { createKindRegistry } from '../kinds';
import { podKind } from '../kinds/pod';

function setup() {
  const api = new ApiServer(new Clock(), new SeededRandom(1), createKindRegistry());
  api.create({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web', labels: { app: 'web' } },
    spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] },
  });
  const get = () => api.get(podKind, 'default', 'web');
  const addEphemeral = (containers: Record<string, unknown>[], extra: Partial<KObject> = {}) =>
    api.update(
      { ...get(), ...extra, spec: { ...get().spec, ephemeralContainers: containers } },
      { subresource: 'ephemeralcontainers' },
    );
  const message = (fn: () => unknown) => {
    try {
      fn();
    } catch (e) {
      if (e instanceof ApiError) return e.status.message;
      throw e;
    }
    return 'no error';
  };
  return { api, get, addEphemeral, message };
}

describe('pods/ephemeralcontainers', () => {
  it('adds a defaulted ephemeral container and bumps the generation, nothing else changes', () => {
    const h = setup();
    const before = h.get();
    const after = h.addEphemeral([{ name: 'debugger', image: 'busybox', stdin: true }], {
      metadata: { ...before.metadata, labels: { app: 'changed' } },
    });
    expect(after.spec.ephemeralContainers).toEqual([
      {
        name: 'debugger',
        image: 'busybox',
        stdin: true,
        imagePullPolicy: 'Always',
        resources: {},
        terminationMessagePath: '/dev/termination-log',
        terminationMessagePolicy: 'File',
      },
    ]);
    expect(after.metadata.labels).toEqual({ app: 'web' });
    expect(after.metadata.generation).toBe((before.metadata.generation ?? 0) + 1);
    expect(after.spec.containers).toEqual(before.spec.containers);
  });

  it('a strategic merge patch (as kubectl debug sends it) appends one, keeping the existing ones', () => {
    const h = setup();
    h.addEphemeral([{ name: 'one', image: 'busybox' }]);
    const patched = h.api.patch(
      podKind,
      'default',
      'web',
      'strategic',
      {
        spec: {
          '$setElementOrder/ephemeralContainers': [{ name: 'one' }, { name: 'two' }],
          ephemeralContainers: [{ name: 'two', image: 'alpine:3.20' }],
        },
      },
      { subresource: 'ephemeralcontainers' },
    );
    expect(patched.spec.ephemeralContainers.map((c: { name: string }) => c.name)).toEqual(['one', 'two']);
  });

  it('refuses to remove or change an existing ephemeral container', () => {
    const h = setup();
    h.addEphemeral([{ name: 'debugger', image: 'busybox' }]);
    expect(h.message(() => h.addEphemeral([]))).toBe(
      'Pod "web" is invalid: spec.ephemeralContainers: Forbidden: existing ephemeral containers "debugger" may not be removed\n',
    );
    expect(h.message(() => h.addEphemeral([{ name: 'debugger', image: 'alpine' }]))).toBe(
      'Pod "web" is invalid: spec.ephemeralContainers: Forbidden: existing ephemeral containers "debugger" may not be changed\n' +
        '  core.EphemeralContainer{\n' +
        '  \t... // 1 identical field\n' +
        '- \tImage: "busybox",\n' +
        '+ \tImage: "alpine",\n' +
        '  \t... // 4 identical fields\n' +
        '  }\n',
    );
  });

  it('validates new ones with the pod validation: unique names, allowed fields, target', () => {
    const h = setup();
    expect(h.message(() => h.addEphemeral([{ name: 'nginx', image: 'busybox' }]))).toBe(
      'Pod "web" is invalid: spec.ephemeralContainers[0].name: Duplicate value: "nginx"',
    );
    expect(
      h.message(() =>
        h.addEphemeral([{ name: 'dbg', image: 'busybox', ports: [{ containerPort: 80 }], targetContainerName: 'x' }]),
      ),
    ).toBe(
      'Pod "web" is invalid: [spec.ephemeralContainers[0].targetContainerName: Not found: "x", spec.ephemeralContainers[0].ports: Forbidden: cannot be set for an Ephemeral Container]',
    );
  });

  it('static pods do not take ephemeral containers', () => {
    const h = setup();
    h.api.create({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'static', annotations: { 'kubernetes.io/config.mirror': 'abc' } },
      spec: { nodeName: 'node-a1', containers: [{ name: 'c', image: 'nginx' }] },
    });
    const pod = h.api.get(podKind, 'default', 'static');
    expect(
      h.message(() =>
        h.api.update(
          { ...pod, spec: { ...pod.spec, ephemeralContainers: [{ name: 'd', image: 'busybox' }] } },
          { subresource: 'ephemeralcontainers' },
        ),
      ),
    ).toBe('Pod "static" is invalid: : Forbidden: static pods do not support ephemeral containers');
  });

  it('the pod itself cannot change its ephemeral containers', () => {
    const h = setup();
    const pod = h.get();
    expect(
      h.message(() => h.api.update({ ...pod, spec: { ...pod.spec, ephemeralContainers: [{ name: 'd', image: 'busybox' }] } })),
    ).toMatch(/^Pod "web" is invalid: spec: Forbidden: pod updates may not change fields other than /);
  });
});

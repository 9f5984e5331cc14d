import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { makeEnvironment, type EnvSources } from './container-env';

const pod = { metadata: { name: 'p', namespace: 'team' }, spec: {} } as KObject;
const ctx = { podIP: '10.244.0.5', hostIP: '172.18.0.2', nodeName: 'node-a1' };
const sources: EnvSources = {
  configMap: (name) =>
    name === 'cfg' ? ({ metadata: { name }, data: { mode: 'fast', level: '2' } } as unknown as KObject) : undefined,
  secret: (name) => (name === 's' ? ({ metadata: { name }, data: { password: 'czNjcjN0' } } as unknown as KObject) : undefined),
  nodeAllocatable: () => ({ cpu: '2', memory: '8Gi' }),
};

describe('makeEnvironment', () => {
  it('envFrom with a prefix, then env overriding it, secrets decoded, resources', () => {
    const c = {
      name: 'app',
      resources: { requests: { memory: '64Mi' } },
      envFrom: [{ configMapRef: { name: 'cfg' }, prefix: 'CFG_' }, { secretRef: { name: 's' } }],
      env: [
        { name: 'CFG_MODE', value: 'slow' },
        { name: 'LEVEL', valueFrom: { configMapKeyRef: { name: 'cfg', key: 'level' } } },
        { name: 'MEM', valueFrom: { resourceFieldRef: { resource: 'requests.memory', divisor: '1Mi' } } },
        { name: 'CPU_LIMIT', valueFrom: { resourceFieldRef: { resource: 'limits.cpu' } } },
        { name: 'IP', valueFrom: { fieldRef: { fieldPath: 'status.podIP' } } },
      ],
    };
    const r = makeEnvironment(pod, c, ctx, sources);
    expect(r).toMatchObject({
      ok: true,
      env: {
        CFG_MODE: 'slow',
        CFG_mode: 'fast',
        CFG_level: '2',
        password: 's3cr3t',
        LEVEL: '2',
        MEM: '64',
        CPU_LIMIT: '2',
        IP: '10.244.0.5',
      },
    });
  });

  it.each<[any, string | undefined]>([
    [{ envFrom: [{ configMapRef: { name: 'nope' } }] }, 'configmap "nope" not found'],
    [{ envFrom: [{ secretRef: { name: 'nope', optional: true } }] }, undefined],
    [
      { env: [{ name: 'X', valueFrom: { configMapKeyRef: { name: 'cfg', key: 'y' } } }] },
      "couldn't find key y in ConfigMap team/cfg",
    ],
    [
      { env: [{ name: 'X', valueFrom: { secretKeyRef: { name: 's', key: 'user' } } }] },
      "couldn't find key user in Secret team/s",
    ],
    [{ env: [{ name: 'X', valueFrom: { secretKeyRef: { name: 'gone', key: 'k' } } }] }, 'secret "gone" not found'],
    [{ env: [{ name: 'X', valueFrom: { secretKeyRef: { name: 'gone', key: 'k', optional: true } } }] }, undefined],
  ])('%j → %s', (c, message) => {
    const r = makeEnvironment(pod, c, ctx, sources);
    if (message === undefined) expect(r.ok).toBe(true);
    else expect(r).toEqual({ ok: false, message });
  });
});

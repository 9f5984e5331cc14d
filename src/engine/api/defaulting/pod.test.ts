import { describe, expect, it } from 'vitest';
import type { Pod, PodSpec } from '../../../k8s/types';
import { deepFreeze } from '../deep';
import { defaultPullPolicy, imageTag } from './image';
import { defaultPod, defaultPodSpec, defaultPodTemplateSpec } from './pod';

type Json = Record<string, any>;

function pod(spec: Json, metadata: Json = {}): Pod {
  return deepFreeze({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default', ...metadata }, spec }) as Pod;
}

describe('image pull policy (SetDefaults_Container)', () => {
  it.each<[string, string, 'Always' | 'IfNotPresent']>([
    ['no tag means latest', 'nginx', 'Always'],
    ['explicit latest', 'nginx:latest', 'Always'],
    ['a version tag', 'nginx:1.27', 'IfNotPresent'],
    ['digest only', 'nginx@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef', 'IfNotPresent'],
    ['latest with a digest', 'nginx:latest@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef', 'Always'],
    ['registry with port, no tag', 'localhost:5000/team/app', 'Always'],
    ['registry with port and tag', 'registry.example.com:5000/team/app:v2', 'IfNotPresent'],
    ['uppercase repository does not parse', 'Nginx:1.0', 'IfNotPresent'],
    ['empty image', '', 'IfNotPresent'],
    ['tag "Latest" is not latest', 'nginx:Latest', 'IfNotPresent'],
  ])('%s: %s', (_, image, want) => {
    expect(defaultPullPolicy(image)).toBe(want);
  });

  it('reports the implied tag', () => {
    expect(imageTag('busybox')).toBe('latest');
    expect(imageTag('busybox:1.36')).toBe('1.36');
  });
});

describe('defaultPod', () => {
  it('fills the SetDefaults_PodSpec / SetDefaults_Pod / SetDefaults_Container defaults', () => {
    const input = pod({ containers: [{ name: 'nginx', image: 'nginx' }] });
    const out = defaultPod(input);
    expect(out.metadata).toBe(input.metadata);
    expect(out.spec).toEqual({
      containers: [
        {
          name: 'nginx',
          image: 'nginx',
          imagePullPolicy: 'Always',
          terminationMessagePath: '/dev/termination-log',
          terminationMessagePolicy: 'File',
          resources: {},
        },
      ],
      dnsPolicy: 'ClusterFirst',
      restartPolicy: 'Always',
      securityContext: {},
      terminationGracePeriodSeconds: 30,
      schedulerName: 'default-scheduler',
      enableServiceLinks: true,
    });
  });

  it('keeps values the user set', () => {
    const spec = {
      containers: [{ name: 'c', image: 'x:1', imagePullPolicy: 'Never', terminationMessagePolicy: 'FallbackToLogsOnError' }],
      restartPolicy: 'OnFailure',
      dnsPolicy: 'Default',
      terminationGracePeriodSeconds: 0,
      schedulerName: 'custom',
      enableServiceLinks: false,
    };
    const out = defaultPod(pod(spec));
    expect(out.spec.restartPolicy).toBe('OnFailure');
    expect(out.spec.dnsPolicy).toBe('Default');
    expect(out.spec.terminationGracePeriodSeconds).toBe(0);
    expect(out.spec.schedulerName).toBe('custom');
    expect(out.spec.enableServiceLinks).toBe(false);
    expect(out.spec.containers[0].imagePullPolicy).toBe('Never');
    expect(out.spec.containers[0].terminationMessagePolicy).toBe('FallbackToLogsOnError');
  });

  it('is pure: frozen input untouched, same object back when already defaulted', () => {
    const input = pod({ containers: [{ name: 'c', image: 'x' }] });
    const snapshot = JSON.stringify(input);
    const out = defaultPod(input);
    expect(JSON.stringify(input)).toBe(snapshot);
    expect(out).not.toBe(input);
    expect(defaultPod(out)).toBe(out);
    const again = deepFreeze(JSON.parse(JSON.stringify(out)));
    expect(defaultPod(again)).toBe(again);
  });

  it('shares one defaulted spec between pods stamped from one template', () => {
    const spec = deepFreeze({ containers: [{ name: 'c', image: 'x:1' }] }) as PodSpec;
    const pods: Pod[] = [];
    for (let i = 0; i < 150_000; i++) {
      pods.push(defaultPod({ apiVersion: 'v1', kind: 'Pod', metadata: { name: `p-${i}`, namespace: 'default' }, spec }));
    }
    const first = pods[0].spec;
    expect(first).not.toBe(spec);
    expect(pods.every((p) => p.spec === first)).toBe(true);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it('ports default to TCP; hostNetwork copies containerPort into hostPort', () => {
    const out = defaultPod(
      pod({
        hostNetwork: true,
        containers: [
          { name: 'c', image: 'x', ports: [{ containerPort: 80 }, { containerPort: 53, protocol: 'UDP', hostPort: 5353 }] },
        ],
      }),
    );
    expect(out.spec.containers[0].ports).toEqual([
      { containerPort: 80, protocol: 'TCP', hostPort: 80 },
      { containerPort: 53, protocol: 'UDP', hostPort: 5353 },
    ]);
  });

  it('requests default to limits (containers and init containers) without overriding given requests', () => {
    const out = defaultPod(
      pod({
        initContainers: [{ name: 'i', image: 'x', resources: { limits: { cpu: '100m' } } }],
        containers: [{ name: 'c', image: 'x', resources: { limits: { cpu: '1', memory: '1Gi' }, requests: { cpu: '500m' } } }],
      }),
    );
    expect(out.spec.initContainers?.[0].resources).toEqual({ limits: { cpu: '100m' }, requests: { cpu: '100m' } });
    expect(out.spec.containers[0].resources).toEqual({
      limits: { cpu: '1', memory: '1Gi' },
      requests: { cpu: '500m', memory: '1Gi' },
    });
  });

  it('prints quantities canonically and rounds them up to milli precision (SetDefaults_ResourceList)', () => {
    const out = defaultPod(
      pod({
        containers: [
          {
            name: 'c',
            image: 'x',
            resources: {
              requests: { cpu: '1000m', memory: 1073741824, 'ephemeral-storage': '0.5Gi' },
              limits: { cpu: '0.0001' },
            },
          },
        ],
      }),
    );
    expect(out.spec.containers[0].resources).toEqual({
      requests: { cpu: '1', memory: '1073741824', 'ephemeral-storage': '512Mi' },
      limits: { cpu: '1m' },
    });
  });

  it.each<[string, Json, Json]>([
    [
      'empty probe',
      { tcpSocket: { port: 80 } },
      { tcpSocket: { port: 80 }, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 },
    ],
    [
      'httpGet gets path and scheme',
      { httpGet: { port: 'http' }, periodSeconds: 5 },
      {
        httpGet: { port: 'http', path: '/', scheme: 'HTTP' },
        periodSeconds: 5,
        timeoutSeconds: 1,
        successThreshold: 1,
        failureThreshold: 3,
      },
    ],
    [
      'grpc gets service ""',
      { grpc: { port: 9000 } },
      { grpc: { port: 9000, service: '' }, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 },
    ],
  ])('probe defaults: %s', (_, probe, want) => {
    const out = defaultPod(pod({ containers: [{ name: 'c', image: 'x', readinessProbe: probe, livenessProbe: probe }] }));
    expect(out.spec.containers[0].readinessProbe).toEqual(want);
    expect(out.spec.containers[0].livenessProbe).toEqual(want);
  });

  it('lifecycle httpGet handlers and env fieldRef apiVersion', () => {
    const out = defaultPod(
      pod({
        containers: [
          {
            name: 'c',
            image: 'x',
            lifecycle: { preStop: { httpGet: { port: 80 } } },
            env: [{ name: 'N', valueFrom: { fieldRef: { fieldPath: 'spec.nodeName' } } }],
          },
        ],
      }),
    );
    expect(out.spec.containers[0].lifecycle).toEqual({ preStop: { httpGet: { port: 80, path: '/', scheme: 'HTTP' } } });
    expect(out.spec.containers[0].env).toEqual([
      { name: 'N', valueFrom: { fieldRef: { fieldPath: 'spec.nodeName', apiVersion: 'v1' } } },
    ]);
  });

  it.each<[string, Json, Json]>([
    ['no source becomes emptyDir', { name: 'v' }, { name: 'v', emptyDir: {} }],
    [
      'configMap defaultMode 0644',
      { name: 'v', configMap: { name: 'cm' } },
      { name: 'v', configMap: { name: 'cm', defaultMode: 420 } },
    ],
    [
      'secret defaultMode 0644',
      { name: 'v', secret: { secretName: 's' } },
      { name: 'v', secret: { secretName: 's', defaultMode: 420 } },
    ],
    ['hostPath type ""', { name: 'v', hostPath: { path: '/var' } }, { name: 'v', hostPath: { path: '/var', type: '' } }],
    [
      'projected token expiry',
      { name: 'v', projected: { sources: [{ serviceAccountToken: { path: 'token' } }] } },
      {
        name: 'v',
        projected: { sources: [{ serviceAccountToken: { path: 'token', expirationSeconds: 3600 } }], defaultMode: 420 },
      },
    ],
  ])('volumes: %s', (_, volume, want) => {
    const out = defaultPod(pod({ containers: [{ name: 'c', image: 'x' }], volumes: [volume] }));
    expect((out.spec.volumes as Json[] | undefined)?.[0]).toEqual(want);
  });
});

describe('defaultPodSpec (templates)', () => {
  it('applies spec and container defaults but not the Pod-only ones', () => {
    const spec = deepFreeze({
      hostNetwork: true,
      containers: [{ name: 'c', image: 'x', resources: { limits: { cpu: '1' } }, ports: [{ containerPort: 80 }] }],
    });
    const out = defaultPodSpec(spec as never);
    expect(out.enableServiceLinks).toBeUndefined();
    expect(out.containers[0].resources).toEqual({ limits: { cpu: '1' } });
    expect(out.containers[0].ports).toEqual([{ containerPort: 80, protocol: 'TCP' }]);
    expect(out.restartPolicy).toBe('Always');
    expect(defaultPodSpec(out)).toBe(out);
    expect(defaultPodSpec(spec as never)).toBe(out);
  });

  it('defaultPodTemplateSpec keeps metadata and returns the same template when defaulted', () => {
    const t = deepFreeze({ metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'x' }] } });
    const out = defaultPodTemplateSpec(t as never) as typeof t;
    expect(out.metadata).toBe(t.metadata);
    expect(defaultPodTemplateSpec(deepFreeze(out) as never)).toBe(out);
  });
});

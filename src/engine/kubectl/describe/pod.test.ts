// kubectl describe pod: container states (waiting with a reason, a last state with its exit code,
// signal and message), probes of every handler, and the Ephemeral Containers section.

import { describe, expect, it } from 'vitest';
import { harness } from '../commands/pod-commands-testing';

const ts = (s: number) => new Date(Date.UTC(2026, 0, 1) + s * 1000).toISOString().replace('.000Z', 'Z');

function crashLoopingPod() {
  const h = harness();
  h.pod('app', {
    nodeName: 'node-a1',
    containers: [
      {
        name: 'app',
        image: 'busybox:1.36',
        command: ['sh', '-c', 'exit 3'],
        ports: [{ containerPort: 8080 }, { containerPort: 9090, protocol: 'UDP' }],
        livenessProbe: { tcpSocket: { port: 8080 }, periodSeconds: 3 },
        startupProbe: { httpGet: { path: '/healthz', port: 'http', scheme: 'HTTPS' }, failureThreshold: 30 },
      },
    ],
  });
  const podDef = h.env.registry.resolveResource('pods')!;
  const pod = h.env.api.get(podDef, 'default', 'app');
  h.env.api.update(
    {
      ...pod,
      spec: { ...pod.spec, ephemeralContainers: [{ name: 'debugger-x2b4k', image: 'busybox', stdin: true, tty: true }] },
    },
    { subresource: 'ephemeralcontainers' },
  );
  h.setStatus('app', {
    phase: 'Running',
    hostIP: '172.18.0.2',
    podIP: '10.244.1.7',
    podIPs: [{ ip: '10.244.1.7' }],
    startTime: ts(1),
    conditions: [
      { type: 'Ready', status: 'False', lastProbeTime: null, lastTransitionTime: ts(2), reason: 'ContainersNotReady' },
      { type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: ts(0) },
    ],
    containerStatuses: [
      {
        name: 'app',
        image: 'docker.io/library/busybox:1.36',
        imageID: 'docker.io/library/busybox@sha256:cc',
        containerID: 'containerd://a3',
        ready: false,
        restartCount: 3,
        started: false,
        state: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 40s restarting failed container=app' } },
        lastState: {
          terminated: { exitCode: 137, signal: 9, reason: 'Error', message: 'killed', startedAt: ts(20), finishedAt: ts(21) },
        },
      },
    ],
    ephemeralContainerStatuses: [
      {
        name: 'debugger-x2b4k',
        image: 'docker.io/library/busybox:latest',
        imageID: 'docker.io/library/busybox@sha256:dd',
        containerID: 'containerd://e1',
        ready: false,
        restartCount: 0,
        state: { running: { startedAt: ts(30) } },
      },
    ],
  });
  return h;
}

describe('kubectl describe pod', () => {
  it('shows states, last states, probes and ephemeral containers as kubectl lays them out', () => {
    const out = crashLoopingPod().run('kubectl describe pod app --show-events=false');
    expect(out.stderr).toBe('');
    const text = out.stdout;
    const section = text.slice(text.indexOf('Containers:'), text.indexOf('Conditions:'));
    expect(section).toBe(
      [
        'Containers:',
        '  app:',
        '    Container ID:  containerd://a3',
        '    Image:         busybox:1.36',
        '    Image ID:      docker.io/library/busybox@sha256:cc',
        '    Ports:         8080/TCP, 9090/UDP',
        '    Host Ports:    0/TCP, 0/UDP',
        '    Command:',
        '      sh',
        '      -c',
        '      exit 3',
        '    State:          Waiting',
        '      Reason:       CrashLoopBackOff',
        '    Last State:     Terminated',
        '      Reason:       Error',
        '      Message:      killed',
        '      Exit Code:    137',
        '      Signal:       9',
        '      Started:      Thu, 01 Jan 2026 00:00:20 +0000',
        '      Finished:     Thu, 01 Jan 2026 00:00:21 +0000',
        '    Ready:          False',
        '    Restart Count:  3',
        '    Liveness:       tcp-socket :8080 delay=0s timeout=1s period=3s #success=1 #failure=3',
        '    Startup:        http-get https://:http/healthz delay=0s timeout=1s period=10s #success=1 #failure=30',
        '    Environment:    <none>',
        '    Mounts:         <none>',
        'Ephemeral Containers:',
        '  debugger-x2b4k:',
        '    Container ID:   containerd://e1',
        '    Image:          busybox',
        '    Image ID:       docker.io/library/busybox@sha256:dd',
        '    Port:           <none>',
        '    Host Port:      <none>',
        '    State:          Running',
        '      Started:      Thu, 01 Jan 2026 00:00:30 +0000',
        '    Ready:          False',
        '    Restart Count:  0',
        '    Environment:    <none>',
        '    Mounts:         <none>',
        '',
      ].join('\n'),
    );
    expect(text).toContain('Conditions:\n  Type           Status\n  Ready          False \n  PodScheduled   True \n');
  });
});

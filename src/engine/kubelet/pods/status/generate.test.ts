import { describe, expect, it } from 'vitest';
import { container, gen, instance, makePod, runtimeOf, sandbox, ts, withStatus } from './testing';

const scheduled = { type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: ts(0) };
const c = (type: string, status: string, at: number, reason?: string, message?: string) => ({
  type,
  status,
  lastProbeTime: null,
  lastTransitionTime: ts(at),
  ...(reason ? { reason } : {}),
  ...(message ? { message } : {}),
});
const hostIPs = { hostIP: '192.168.49.2', hostIPs: [{ ip: '192.168.49.2' }] };
const podIPs = { podIP: '10.244.1.5', podIPs: [{ ip: '10.244.1.5' }] };
const image = { image: 'docker.io/library/nginx:1.27', imageID: 'docker.io/library/nginx@sha256:abc' };

describe('generatePodStatus: a plain pod', () => {
  const pod = makePod({ containers: [container('web')] });

  it('ContainerCreating before the sandbox exists', () => {
    expect(gen(pod, runtimeOf([], []))).toEqual({
      phase: 'Pending',
      conditions: [
        c('PodReadyToStartContainers', 'False', 5000),
        c('Initialized', 'True', 5000),
        c('Ready', 'False', 5000, 'ContainersNotReady', 'containers with unready status: [web]'),
        c('ContainersReady', 'False', 5000, 'ContainersNotReady', 'containers with unready status: [web]'),
        scheduled,
      ],
      ...hostIPs,
      startTime: ts(0),
      containerStatuses: [
        {
          name: 'web',
          state: { waiting: { reason: 'ContainerCreating' } },
          lastState: {},
          ready: false,
          restartCount: 0,
          image: 'nginx:1.27',
          imageID: '',
          started: false,
        },
      ],
      qosClass: 'BestEffort',
    });
  });

  it('Running and ready once the container runs, keeping unchanged transition times', () => {
    const first = gen(pod, runtimeOf([], []));
    const status = gen(withStatus(pod, first), runtimeOf([instance('web', 'running', { startedAtMs: 6000 })]), { nowMs: 8000 });
    expect(status).toEqual({
      phase: 'Running',
      conditions: [
        c('PodReadyToStartContainers', 'True', 8000),
        c('Initialized', 'True', 5000),
        c('Ready', 'True', 8000),
        c('ContainersReady', 'True', 8000),
        scheduled,
      ],
      ...hostIPs,
      ...podIPs,
      startTime: ts(0),
      containerStatuses: [
        {
          name: 'web',
          state: { running: { startedAt: ts(6000) } },
          lastState: {},
          ready: true,
          restartCount: 0,
          ...image,
          containerID: 'containerd://web-0',
          started: true,
          resources: {},
        },
      ],
      qosClass: 'BestEffort',
    });
    // Go struct order, as the API serialises it.
    expect(Object.keys(status)).toEqual([
      'phase',
      'conditions',
      'hostIP',
      'hostIPs',
      'podIP',
      'podIPs',
      'startTime',
      'containerStatuses',
      'qosClass',
    ]);
    expect(Object.keys(status.containerStatuses[0])).toEqual([
      'name',
      'state',
      'lastState',
      'ready',
      'restartCount',
      'image',
      'imageID',
      'containerID',
      'started',
      'resources',
    ]);
  });

  it('running but not ready while the readiness probe fails', () => {
    const status = gen(pod, runtimeOf([instance('web', 'running')]), { notReady: ['containerd://web-0'] });
    expect(status.phase).toBe('Running');
    expect(status.containerStatuses[0]).toMatchObject({ ready: false, started: true });
    expect(status.conditions[2]).toEqual(
      c('Ready', 'False', 5000, 'ContainersNotReady', 'containers with unready status: [web]'),
    );
  });

  it('not started (and so not ready) while the startup probe has not passed', () => {
    const status = gen(pod, runtimeOf([instance('web', 'running')]), { notStarted: ['containerd://web-0'] });
    expect(status.containerStatuses[0]).toMatchObject({ ready: false, started: false });
  });

  it('crash loop: waiting CrashLoopBackOff, last termination, restart count of the newest instance', () => {
    const runtime = runtimeOf([
      instance('web', 'exited', { attempt: 0, createdAtMs: 1000, exitCode: 1 }),
      instance('web', 'exited', { attempt: 1, createdAtMs: 3000, exitCode: 1 }),
    ]);
    const message = 'back-off 10s restarting failed container=web pod=web_default(uid-1)';
    const status = gen(pod, runtime, { reasons: { web: { reason: 'CrashLoopBackOff', message } } });
    expect(status.phase).toBe('Running');
    expect(status.containerStatuses).toEqual([
      {
        name: 'web',
        state: { waiting: { reason: 'CrashLoopBackOff', message } },
        lastState: {
          terminated: {
            exitCode: 1,
            reason: 'Error',
            startedAt: ts(3000),
            finishedAt: ts(3500),
            containerID: 'containerd://web-1',
          },
        },
        ready: false,
        restartCount: 1,
        ...image,
        containerID: 'containerd://web-1',
        started: false,
        resources: {},
      },
    ]);
  });

  it('before the back-off reason is cached, the newest termination shows with the previous one as lastState', () => {
    const runtime = runtimeOf([
      instance('web', 'exited', { attempt: 0, createdAtMs: 1000, exitCode: 2 }),
      instance('web', 'exited', { attempt: 1, createdAtMs: 3000, exitCode: 137, reason: 'OOMKilled' }),
    ]);
    const [cs] = gen(pod, runtime).containerStatuses;
    expect(cs.state.terminated).toMatchObject({ exitCode: 137, reason: 'OOMKilled', containerID: 'containerd://web-1' });
    expect(cs.lastState.terminated).toMatchObject({ exitCode: 2, reason: 'Error', containerID: 'containerd://web-0' });
  });

  it('image pull errors from the reason cache replace ContainerCreating', () => {
    const status = gen(pod, runtimeOf([]), {
      reasons: { web: { reason: 'ImagePullBackOff', message: 'Back-off pulling image "nginx:1.27"' } },
    });
    expect(status.containerStatuses[0].state).toEqual({
      waiting: { reason: 'ImagePullBackOff', message: 'Back-off pulling image "nginx:1.27"' },
    });
    expect(status.conditions[0]).toEqual(c('PodReadyToStartContainers', 'True', 5000));
  });
});

describe('generatePodStatus: completion per restartPolicy', () => {
  const exited = (code: number) => runtimeOf([instance('job', 'exited', { exitCode: code })], [sandbox({ ready: false })]);
  const pod = (restartPolicy: string, status?: Record<string, unknown>) =>
    makePod({ restartPolicy, containers: [container('job')] }, status);

  it.each([
    ['Never', 0, 'Succeeded'],
    ['Never', 1, 'Failed'],
    ['OnFailure', 0, 'Succeeded'],
    ['OnFailure', 1, 'Running'],
    ['Always', 0, 'Running'],
    ['Always', 1, 'Running'],
  ])('restartPolicy %s, exit %i → %s', (policy, code, phase) => {
    expect(gen(pod(policy), exited(code)).phase).toBe(phase);
  });

  it('Completed under Never: terminal conditions, IP kept from the API once the sandbox is down', () => {
    const before = { ...makePod({}).status, phase: 'Running', ...podIPs };
    const status = gen(pod('Never', before), exited(0));
    expect(status).toEqual({
      phase: 'Succeeded',
      conditions: [
        c('PodReadyToStartContainers', 'False', 5000),
        c('Initialized', 'True', 5000, 'PodCompleted'),
        c('Ready', 'False', 5000, 'PodCompleted'),
        c('ContainersReady', 'False', 5000, 'PodCompleted'),
        scheduled,
      ],
      ...hostIPs,
      ...podIPs,
      startTime: ts(0),
      containerStatuses: [
        {
          name: 'job',
          state: {
            terminated: {
              exitCode: 0,
              reason: 'Completed',
              startedAt: ts(1000),
              finishedAt: ts(1500),
              containerID: 'containerd://job-0',
            },
          },
          lastState: {},
          ready: false,
          restartCount: 0,
          ...image,
          containerID: 'containerd://job-0',
          started: false,
          resources: {},
        },
      ],
      qosClass: 'BestEffort',
    });
  });

  it('a terminal pod (being shut down) ends Succeeded or Failed whatever the policy', () => {
    expect(gen(pod('Always'), exited(0), { podIsTerminal: true }).phase).toBe('Succeeded');
    expect(gen(pod('Always'), exited(143), { podIsTerminal: true }).phase).toBe('Failed');
  });

  it('a terminal phase never changes, and reason/message stay with the phase', () => {
    const failed = {
      phase: 'Failed',
      reason: 'DeadlineExceeded',
      message: 'Pod was active on the node longer than the specified deadline',
    };
    const status = gen(pod('Always', failed), runtimeOf([instance('job', 'running')]));
    expect(status).toMatchObject(failed);
  });
});

describe('generatePodStatus: forced outcomes', () => {
  const pod = makePod({ containers: [container('web')] }, { phase: 'Running', ...podIPs });
  const deadline = {
    phase: 'Failed' as const,
    reason: 'DeadlineExceeded',
    message: 'Pod was active on the node longer than the specified deadline',
  };

  it('an override is held back while containers still run (the status manager waits for termination)', () => {
    const status = gen(pod, runtimeOf([instance('web', 'running')]), { override: deadline, podIsTerminal: true });
    expect(status.phase).toBe('Running');
    expect(status.reason).toBeUndefined();
    // The conditions already reflect the failure, as the kubelet computed them.
    expect(status.conditions[2]).toEqual(c('Ready', 'False', 5000, 'PodFailed'));
  });

  it('applies once the containers stopped, with the disruption condition', () => {
    const runtime = runtimeOf([instance('web', 'exited', { exitCode: 137, reason: 'Error' })], [sandbox({ ready: false })]);
    const status = gen(pod, runtime, {
      override: { phase: 'Failed', reason: 'Evicted', message: 'The node was low on resource: memory.' },
      disruption: { reason: 'TerminationByKubelet', message: 'The node was low on resource: memory.' },
      podIsTerminal: true,
    });
    expect(status).toMatchObject({ phase: 'Failed', message: 'The node was low on resource: memory.', reason: 'Evicted' });
    expect(Object.keys(status).slice(0, 4)).toEqual(['phase', 'conditions', 'message', 'reason']);
    expect(status.conditions.map((x: { type: string }) => x.type)).toEqual([
      'DisruptionTarget',
      'PodReadyToStartContainers',
      'Initialized',
      'Ready',
      'ContainersReady',
      'PodScheduled',
    ]);
    expect(status.conditions[0]).toEqual(
      c('DisruptionTarget', 'True', 5000, 'TerminationByKubelet', 'The node was low on resource: memory.'),
    );
    expect(status.podIP).toBe('10.244.1.5');
  });

  it('admission rejection of a pod that never ran', () => {
    const fresh = makePod({ containers: [container('web')] });
    const status = gen(fresh, runtimeOf([], []), {
      override: { phase: 'Failed', reason: 'OutOfcpu', message: "Pod was rejected: Node didn't have enough resource: cpu" },
      podIsTerminal: true,
    });
    expect(status).toMatchObject({ phase: 'Failed', reason: 'OutOfcpu' });
    expect(status.containerStatuses[0].state).toEqual({ waiting: { reason: 'ContainerCreating' } });
    expect(status.podIP).toBeUndefined();
  });
});

describe('generatePodStatus: other fields', () => {
  it('keeps startTime and qosClass from the API; computes qosClass when absent', () => {
    const pod = makePod(
      { containers: [container('web', { resources: { requests: { cpu: '100m' }, limits: { cpu: '200m', memory: '64Mi' } } })] },
      { phase: 'Pending' },
    );
    const status = gen(pod, runtimeOf([instance('web', 'running')]));
    expect(status.qosClass).toBe('Burstable');
    expect(status.startTime).toBe(ts(0));
    expect(status.containerStatuses[0]).toMatchObject({
      allocatedResources: { cpu: '100m' },
      resources: { requests: { cpu: '100m' }, limits: { cpu: '200m', memory: '64Mi' } },
    });
    const again = gen(withStatus(pod, { ...status, startTime: ts(-60_000) }), runtimeOf([]));
    expect(again.startTime).toBe(ts(-60_000));
  });

  it('volume mounts are listed, read-only ones with recursiveReadOnly Disabled', () => {
    const mounts = [
      { name: 'data', mountPath: '/data' },
      { name: 'kube-api-access-x', mountPath: '/var/run/secrets/kubernetes.io/serviceaccount', readOnly: true },
    ];
    const status = gen(makePod({ containers: [container('web', { volumeMounts: mounts })] }), runtimeOf([]));
    expect(status.containerStatuses[0].volumeMounts).toEqual([
      { name: 'data', mountPath: '/data' },
      {
        name: 'kube-api-access-x',
        mountPath: '/var/run/secrets/kubernetes.io/serviceaccount',
        readOnly: true,
        recursiveReadOnly: 'Disabled',
      },
    ]);
  });

  it('app container statuses are sorted by name, as the kubelet sorts them', () => {
    const pod = makePod({ containers: [container('web'), container('app')] });
    expect(gen(pod, runtimeOf([])).containerStatuses.map((s: { name: string }) => s.name)).toEqual(['app', 'web']);
  });

  it('keeps conditions set by others (readiness gates) before the kubelet ones', () => {
    const gate = { type: 'example.com/lb', status: 'False', lastProbeTime: null, lastTransitionTime: ts(1000) };
    const pod = makePod(
      { containers: [container('web')], readinessGates: [{ conditionType: 'example.com/lb' }] },
      { phase: 'Running', conditions: [scheduled, gate] },
    );
    const status = gen(pod, runtimeOf([instance('web', 'running')]));
    expect(status.conditions[0]).toBe(gate);
    expect(status.conditions[3]).toEqual(
      c(
        'Ready',
        'False',
        5000,
        'ReadinessGatesNotReady',
        'the status of pod readiness gate "example.com/lb" is not "True", but False',
      ),
    );
    expect(status.conditions[4]).toEqual(c('ContainersReady', 'True', 5000));
  });

  it('a lost running container is recorded as an unknown termination and a restart', () => {
    const running = gen(makePod({ containers: [container('web')] }), runtimeOf([instance('web', 'running')]));
    const pod = withStatus(makePod({ containers: [container('web')] }), running);
    const [cs] = gen(pod, runtimeOf([], [])).containerStatuses;
    expect(cs).toMatchObject({
      state: { waiting: { reason: 'ContainerCreating' } },
      lastState: {
        terminated: {
          exitCode: 137,
          reason: 'ContainerStatusUnknown',
          message: 'The container could not be located when the pod was deleted.  The container used to be Running',
          startedAt: null,
          finishedAt: null,
        },
      },
      restartCount: 1,
    });
  });

  it('host-network pods use the node IP', () => {
    const pod = makePod({ hostNetwork: true, containers: [container('web')] });
    const status = gen(pod, runtimeOf([instance('web', 'running')], [sandbox({ ip: '' })]));
    expect(status.podIPs).toEqual([{ ip: '192.168.49.2' }]);
    expect(status.conditions[0]).toEqual(c('PodReadyToStartContainers', 'True', 5000));
  });

  it('a created (not yet started) instance waits without a reason', () => {
    const [cs] = gen(makePod({ containers: [container('web')] }), runtimeOf([instance('web', 'created')])).containerStatuses;
    expect(cs.state).toEqual({ waiting: {} });
  });
});

// kubectl describe through the console: each describer's layout against what kubectl prints for
// the same objects (checked line by line against pkg/describe), and the command's behaviour around
// names, prefixes, selectors and errors.

import { describe, expect, it } from 'vitest';
import { Simulation } from '../../simulation';
import { commands } from '../commands';
import { describeFlags, runDescribe } from './index';

function fixture() {
  commands.describe ??= { flags: describeFlags, run: runDescribe };
  const sim = new Simulation({ empty: true });
  // These tests are about layout: the hand-made node below has no kubelet, and the node lifecycle
  // controller would (rightly) mark it Unknown as the fixture's clock moves on.
  sim.cluster.controllers.nodeLifecycle.stop();
  const env = sim.kubectlEnv();
  const api = env.api;
  const ts = (s: number) => new Date(Date.UTC(2026, 0, 1) + s * 1000).toISOString().replace('.000Z', 'Z');
  const podDef = env.registry.resolveResource('pods')!;
  const node = api.create({
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: 'node-a1', labels: { 'kubernetes.io/hostname': 'node-a1', 'node-role.kubernetes.io/worker': '' } },
    spec: { podCIDR: '10.244.1.0/24', podCIDRs: ['10.244.1.0/24'] },
    status: {
      capacity: { cpu: '4', memory: '8Gi', pods: '110', 'ephemeral-storage': '100Gi' },
      allocatable: { cpu: '3900m', memory: '7936Mi', pods: '110', 'ephemeral-storage': '100Gi' },
      conditions: [
        {
          type: 'Ready',
          status: 'True',
          lastHeartbeatTime: ts(30),
          lastTransitionTime: ts(5),
          reason: 'KubeletReady',
          message: 'kubelet is posting ready status',
        },
      ],
      addresses: [
        { type: 'InternalIP', address: '172.18.0.2' },
        { type: 'Hostname', address: 'node-a1' },
      ],
      nodeInfo: {
        machineID: 'm1',
        systemUUID: 's1',
        bootID: 'b1',
        kernelVersion: '6.1.0',
        osImage: 'Debian GNU/Linux 12 (bookworm)',
        containerRuntimeVersion: 'containerd://1.7.24',
        kubeletVersion: 'v1.34.2',
        kubeProxyVersion: '',
        operatingSystem: 'linux',
        architecture: 'amd64',
      },
    },
  });
  api.create({
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: {
      name: 'node-a1',
      namespace: 'kube-node-lease',
      ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: 'node-a1', uid: node.metadata.uid! }],
    },
    spec: { holderIdentity: 'node-a1', leaseDurationSeconds: 40, renewTime: '2026-01-01T00:09:50.000000Z' },
  });
  // The pod's StatefulSet exists (the garbage collector deletes a pod whose owner is gone) and
  // finds web-0 already there, with its identity labels; OnDelete, so it never replaces it.
  const set = api.create({
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'web', namespace: 'default' },
    spec: {
      serviceName: 'web',
      updateStrategy: { type: 'OnDelete' },
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } },
    },
  });
  const web = api.create({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: 'web-0',
      labels: { app: 'web', 'apps.kubernetes.io/pod-index': '0', 'statefulset.kubernetes.io/pod-name': 'web-0' },
      annotations: { 'kubectl.kubernetes.io/last-applied-configuration': '{}', note: 'hello' },
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'web', uid: set.metadata.uid!, controller: true }],
    },
    spec: {
      nodeName: 'node-a1',
      initContainers: [{ name: 'init', image: 'busybox:1.36', command: ['sh', '-c', 'echo ready'] }],
      containers: [
        {
          name: 'nginx',
          image: 'nginx:1.27',
          ports: [{ containerPort: 80, name: 'http' }],
          resources: { requests: { cpu: '250m', memory: '64Mi' }, limits: { cpu: '500m', memory: '128Mi' } },
          readinessProbe: { httpGet: { path: '/healthz', port: 80 } },
          livenessProbe: { exec: { command: ['cat', '/tmp/healthy'] }, initialDelaySeconds: 5 },
          env: [
            { name: 'MODE', value: 'prod' },
            { name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
            { name: 'POD_IP', valueFrom: { fieldRef: { fieldPath: 'status.podIP' } } },
          ],
          volumeMounts: [
            { name: 'data', mountPath: '/usr/share/nginx/html' },
            { name: 'config', mountPath: '/etc/nginx/conf.d', readOnly: true },
          ],
        },
      ],
      volumes: [
        { name: 'data', emptyDir: {} },
        { name: 'config', configMap: { name: 'nginx-conf' } },
      ],
      nodeSelector: { 'kubernetes.io/os': 'linux' },
    },
  });
  sim.clock.advance(10_000);
  const s = api.get(podDef, 'default', 'web-0');
  api.updateStatus({
    ...s,
    status: {
      ...s.status,
      phase: 'Running',
      hostIP: '172.18.0.2',
      hostIPs: [{ ip: '172.18.0.2' }],
      podIP: '10.244.1.5',
      podIPs: [{ ip: '10.244.1.5' }],
      startTime: ts(1),
      conditions: [
        { type: 'PodReadyToStartContainers', status: 'True', lastProbeTime: null, lastTransitionTime: ts(3) },
        { type: 'Initialized', status: 'True', lastProbeTime: null, lastTransitionTime: ts(4) },
        { type: 'Ready', status: 'True', lastProbeTime: null, lastTransitionTime: ts(9) },
        { type: 'ContainersReady', status: 'True', lastProbeTime: null, lastTransitionTime: ts(9) },
        { type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: ts(0) },
      ],
      initContainerStatuses: [
        {
          name: 'init',
          image: 'docker.io/library/busybox:1.36',
          imageID: 'docker.io/library/busybox@sha256:aa',
          containerID: 'containerd://init1',
          ready: true,
          restartCount: 0,
          started: false,
          state: { terminated: { exitCode: 0, reason: 'Completed', startedAt: ts(3), finishedAt: ts(4) } },
        },
      ],
      containerStatuses: [
        {
          name: 'nginx',
          image: 'docker.io/library/nginx:1.27',
          imageID: 'docker.io/library/nginx@sha256:bb',
          containerID: 'containerd://c1',
          ready: true,
          restartCount: 1,
          started: true,
          state: { running: { startedAt: ts(8) } },
          lastState: { terminated: { exitCode: 137, reason: 'OOMKilled', startedAt: ts(5), finishedAt: ts(7) } },
        },
      ],
    },
  });
  api.create({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'idle' },
    spec: { nodeName: 'node-a1', containers: [{ name: 'sleep', image: 'busybox:1.36', args: ['sleep', '3600'] }] },
  });
  const ev = (
    name: string,
    involved: Record<string, unknown>,
    reason: string,
    type: string,
    component: string,
    message: string,
    first: number,
    last: number,
    count: number,
    ns = 'default',
  ) =>
    api.create({
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name, namespace: ns },
      involvedObject: involved,
      reason,
      type,
      source: { component },
      message,
      firstTimestamp: ts(first),
      lastTimestamp: ts(last),
      count,
    });
  const podRef = { apiVersion: 'v1', kind: 'Pod', name: 'web-0', namespace: 'default', uid: web.metadata.uid };
  ev('web-0.1', podRef, 'Scheduled', 'Normal', 'default-scheduler', 'Successfully assigned default/web-0 to node-a1', 0, 0, 1);
  ev(
    'web-0.3',
    podRef,
    'BackOff',
    'Warning',
    'kubelet',
    'Back-off restarting failed container nginx in pod web-0_default(x)',
    6,
    8,
    3,
  );
  ev('web-0.2', podRef, 'Pulled', 'Normal', 'kubelet', 'Container image "nginx:1.27" already present on machine  ', 2, 2, 1);
  ev(
    'node-a1.1',
    { kind: 'Node', name: 'node-a1', uid: 'node-a1' },
    'Starting',
    'Normal',
    'kubelet',
    'Starting kubelet.',
    0,
    0,
    1,
  );
  ev(
    'node-a1.2',
    { kind: 'Node', name: 'node-a1', uid: node.metadata.uid },
    'RegisteredNode',
    'Normal',
    'node-controller',
    'Node node-a1 event: Registered Node node-a1 in Controller',
    1,
    1,
    1,
  );
  sim.clock.advance(590_000);
  return {
    sim,
    env,
    ts,
    run(line: string, stdin?: string) {
      let stdout = '';
      let stderr = '';
      const con = sim.openConsole((t, s) => (s === 'stdout' ? (stdout += t) : (stderr += t)));
      const code = con.run(line, stdin);
      return { code, stdout, stderr };
    },
  };
}

/** Stable placeholders for the values the store assigns (uids, resource versions). */
function normalize(text: string): string {
  return text
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uid>')
    .replace(/(Resource Version:\s+)\d+/g, '$1<rv>');
}

const lines = (l: string[]) => l.join('\n');

describe('kubectl describe node', () => {
  it('prints the node, its lease, pods, allocations and events', () => {
    const h = fixture();
    const r = h.run('kubectl describe node node-a1');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      lines([
        'Name:               node-a1',
        'Roles:              worker',
        'Labels:             kubernetes.io/hostname=node-a1',
        '                    node-role.kubernetes.io/worker=',
        'Annotations:        <none>',
        'CreationTimestamp:  Thu, 01 Jan 2026 00:00:00 +0000',
        'Taints:             <none>',
        'Unschedulable:      false',
        'Lease:',
        '  HolderIdentity:  node-a1',
        '  AcquireTime:     <unset>',
        '  RenewTime:       Thu, 01 Jan 2026 00:09:50 +0000',
        'Conditions:',
        '  Type    Status  LastHeartbeatTime                 LastTransitionTime                Reason         Message',
        '  ----    ------  -----------------                 ------------------                ------         -------',
        '  Ready   True    Thu, 01 Jan 2026 00:00:30 +0000   Thu, 01 Jan 2026 00:00:05 +0000   KubeletReady   kubelet is posting ready status',
        'Addresses:',
        '  InternalIP:  172.18.0.2',
        '  Hostname:    node-a1',
        'Capacity:',
        '  cpu:                4',
        '  ephemeral-storage:  100Gi',
        '  memory:             8Gi',
        '  pods:               110',
        'Allocatable:',
        '  cpu:                3900m',
        '  ephemeral-storage:  100Gi',
        '  memory:             7936Mi',
        '  pods:               110',
        'System Info:',
        '  Machine ID:                 m1',
        '  System UUID:                s1',
        '  Boot ID:                    b1',
        '  Kernel Version:             6.1.0',
        '  OS Image:                   Debian GNU/Linux 12 (bookworm)',
        '  Operating System:           linux',
        '  Architecture:               amd64',
        '  Container Runtime Version:  containerd://1.7.24',
        '  Kubelet Version:            v1.34.2',
        '  Kube-Proxy Version:         ',
        'PodCIDR:                      10.244.1.0/24',
        'PodCIDRs:                     10.244.1.0/24',
        'Non-terminated Pods:          (2 in total)',
        '  Namespace                   Name     CPU Requests  CPU Limits  Memory Requests  Memory Limits  Age',
        '  ---------                   ----     ------------  ----------  ---------------  -------------  ---',
        '  default                     idle     0 (0%)        0 (0%)      0 (0%)           0 (0%)         9m50s',
        '  default                     web-0    250m (6%)     500m (12%)  64Mi (0%)        128Mi (1%)     10m',
        'Allocated resources:',
        '  (Total limits may be over 100 percent, i.e., overcommitted.)',
        '  Resource           Requests   Limits',
        '  --------           --------   ------',
        '  cpu                250m (6%)  500m (12%)',
        '  memory             64Mi (0%)  128Mi (1%)',
        '  ephemeral-storage  0 (0%)     0 (0%)',
        'Events:',
        '  Type    Reason          Age    From             Message',
        '  ----    ------          ----   ----             -------',
        '  Normal  Starting        10m    kubelet          Starting kubelet.',
        '  Normal  RegisteredNode  9m59s  node-controller  Node node-a1 event: Registered Node node-a1 in Controller',
        '',
      ]),
    );
  });
});

describe('kubectl describe pod', () => {
  it('prints containers, states, probes, env, mounts, conditions, volumes and events', () => {
    const h = fixture();
    const r = h.run('kubectl describe pod web-0');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      lines([
        'Name:             web-0',
        'Namespace:        default',
        'Priority:         0',
        'Service Account:  default',
        'Node:             node-a1/172.18.0.2',
        'Start Time:       Thu, 01 Jan 2026 00:00:01 +0000',
        'Labels:           app=web',
        '                  apps.kubernetes.io/pod-index=0',
        '                  statefulset.kubernetes.io/pod-name=web-0',
        'Annotations:      note: hello',
        'Status:           Running',
        'IP:               10.244.1.5',
        'IPs:',
        '  IP:           10.244.1.5',
        'Controlled By:  StatefulSet/web',
        'Init Containers:',
        '  init:',
        '    Container ID:  containerd://init1',
        '    Image:         busybox:1.36',
        '    Image ID:      docker.io/library/busybox@sha256:aa',
        '    Port:          <none>',
        '    Host Port:     <none>',
        '    Command:',
        '      sh',
        '      -c',
        '      echo ready',
        '    State:          Terminated',
        '      Reason:       Completed',
        '      Exit Code:    0',
        '      Started:      Thu, 01 Jan 2026 00:00:03 +0000',
        '      Finished:     Thu, 01 Jan 2026 00:00:04 +0000',
        '    Ready:          True',
        '    Restart Count:  0',
        '    Environment:    <none>',
        '    Mounts:',
        '      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-qwqfk (ro)',
        'Containers:',
        '  nginx:',
        '    Container ID:   containerd://c1',
        '    Image:          nginx:1.27',
        '    Image ID:       docker.io/library/nginx@sha256:bb',
        '    Port:           80/TCP',
        '    Host Port:      0/TCP',
        '    State:          Running',
        '      Started:      Thu, 01 Jan 2026 00:00:08 +0000',
        '    Last State:     Terminated',
        '      Reason:       OOMKilled',
        '      Exit Code:    137',
        '      Started:      Thu, 01 Jan 2026 00:00:05 +0000',
        '      Finished:     Thu, 01 Jan 2026 00:00:07 +0000',
        '    Ready:          True',
        '    Restart Count:  1',
        '    Limits:',
        '      cpu:     500m',
        '      memory:  128Mi',
        '    Requests:',
        '      cpu:      250m',
        '      memory:   64Mi',
        '    Liveness:   exec [cat /tmp/healthy] delay=5s timeout=1s period=10s #success=1 #failure=3',
        '    Readiness:  http-get http://:80/healthz delay=0s timeout=1s period=10s #success=1 #failure=3',
        '    Environment:',
        '      MODE:      prod',
        '      POD_NAME:  web-0 (v1:metadata.name)',
        '      POD_IP:     (v1:status.podIP)',
        '    Mounts:',
        '      /etc/nginx/conf.d from config (ro)',
        '      /usr/share/nginx/html from data (rw)',
        '      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-qwqfk (ro)',
        'Conditions:',
        '  Type                        Status',
        '  PodReadyToStartContainers   True ',
        '  Initialized                 True ',
        '  Ready                       True ',
        '  ContainersReady             True ',
        '  PodScheduled                True ',
        'Volumes:',
        '  data:',
        "    Type:       EmptyDir (a temporary directory that shares a pod's lifetime)",
        '    Medium:     ',
        '    SizeLimit:  <unset>',
        '  config:',
        '    Type:      ConfigMap (a volume populated by a ConfigMap)',
        '    Name:      nginx-conf',
        '    Optional:  false',
        '  kube-api-access-qwqfk:',
        '    Type:                    Projected (a volume that contains injected data from multiple sources)',
        '    TokenExpirationSeconds:  3607',
        '    ConfigMapName:           kube-root-ca.crt',
        '    Optional:                false',
        '    DownwardAPI:             true',
        'QoS Class:                   Burstable',
        'Node-Selectors:              kubernetes.io/os=linux',
        'Tolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s',
        '                             node.kubernetes.io/unreachable:NoExecute op=Exists for 300s',
        'Events:',
        '  Type     Reason     Age                    From               Message',
        '  ----     ------     ----                   ----               -------',
        '  Normal   Scheduled  10m                    default-scheduler  Successfully assigned default/web-0 to node-a1',
        '  Normal   Pulled     9m58s                  kubelet            Container image "nginx:1.27" already present on machine',
        '  Warning  BackOff    9m52s (x3 over 9m54s)  kubelet            Back-off restarting failed container nginx in pod web-0_default(x)',
        '',
      ]),
    );
  });
});

describe('kubectl describe lease (generic describer)', () => {
  it('prints every field with camel-case labels', () => {
    const h = fixture();
    const r = h.run('kubectl describe lease -n kube-node-lease node-a1');
    expect(normalize(r.stdout)).toBe(
      lines([
        'Name:         node-a1',
        'Namespace:    kube-node-lease',
        'Labels:       <none>',
        'Annotations:  <none>',
        'API Version:  coordination.k8s.io/v1',
        'Kind:         Lease',
        'Metadata:',
        '  Creation Timestamp:  2026-01-01T00:00:00Z',
        '  Owner References:',
        '    API Version:     v1',
        '    Kind:            Node',
        '    Name:            node-a1',
        '    UID:             <uid>',
        '  Resource Version:  <rv>',
        '  UID:               <uid>',
        'Spec:',
        '  Holder Identity:         node-a1',
        '  Lease Duration Seconds:  40',
        '  Renew Time:              2026-01-01T00:09:50.000000Z',
        'Events:                    <none>',
        '',
      ]),
    );
  });
});

describe('kubectl describe namespace', () => {
  it('prints status, then the quota and limit range sections', () => {
    const h = fixture();
    const r = h.run('kubectl describe ns default');
    expect(r.stdout).toBe(
      lines([
        'Name:         default',
        'Labels:       kubernetes.io/metadata.name=default',
        'Annotations:  <none>',
        'Status:       Active',
        '',
        'No resource quota.',
        '',
        'No LimitRange resource.',
        '',
      ]),
    );
  });
});

describe('kubectl describe event (generic describer)', () => {
  it('prints the event fields sorted, nested maps indented', () => {
    const h = fixture();
    const out = normalize(h.run('kubectl describe event web-0.3').stdout);
    expect(out).toContain(
      lines([
        'Involved Object:',
        '  API Version:   v1',
        '  Kind:          Pod',
        '  Name:          web-0',
        '  Namespace:     default',
        '  UID:           <uid>',
      ]),
    );
    expect(out).toContain('Source:\n  Component:  kubelet\n');
    expect(out.endsWith('Events:       <none>\n')).toBe(true);
  });
});

describe('pod variants', () => {
  it('prints an unscheduled pod without statuses, and Terminating with its grace period', () => {
    const h = fixture();
    h.env.api.create({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'lonely' },
      spec: {
        containers: [{ name: 'c', image: 'busybox', ports: [{ containerPort: 80 }, { containerPort: 443, hostPort: 8443 }] }],
      },
    });
    expect(h.run('kubectl describe pod lonely --show-events=false').stdout).toBe(
      lines([
        'Name:             lonely',
        'Namespace:        default',
        'Priority:         0',
        'Service Account:  default',
        'Node:             <none>',
        'Labels:           <none>',
        'Annotations:      <none>',
        'Status:           Pending',
        'IP:               ',
        'IPs:              <none>',
        'Containers:',
        '  c:',
        '    Image:        busybox',
        '    Ports:        80/TCP, 443/TCP',
        '    Host Ports:   0/TCP, 8443/TCP',
        '    Environment:  <none>',
        '    Mounts:',
        '      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-xtkzf (ro)',
        'Volumes:',
        '  kube-api-access-xtkzf:',
        '    Type:                    Projected (a volume that contains injected data from multiple sources)',
        '    TokenExpirationSeconds:  3607',
        '    ConfigMapName:           kube-root-ca.crt',
        '    Optional:                false',
        '    DownwardAPI:             true',
        'QoS Class:                   BestEffort',
        'Node-Selectors:              <none>',
        'Tolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s',
        '                             node.kubernetes.io/unreachable:NoExecute op=Exists for 300s',
        '',
      ]),
    );
    h.env.api.delete(h.env.registry.resolveResource('pods')!, 'default', 'web-0');
    const out = h.run('kubectl describe pod web-0').stdout;
    expect(out).toContain('Status:                    Terminating (lasts <invalid>)\nTermination Grace Period:  30s\n');
  });
});

describe('kubectl describe: selecting objects', () => {
  it('separates several descriptions with two blank lines', () => {
    const h = fixture();
    const r = h.run('kubectl describe pods --show-events=false');
    const parts = r.stdout.split('\n\n\nName:');
    expect(parts).toHaveLength(2);
    expect(parts[0].startsWith('Name:             idle\n')).toBe(true);
    expect(parts[1].startsWith('             web-0\n')).toBe(true);
  });

  it('describes by label selector and across namespaces', () => {
    const h = fixture();
    expect(h.run('kubectl describe pods -l app=web').stdout.startsWith('Name:             web-0\n')).toBe(true);
    expect(h.run('kubectl describe pods -A -l app=web').stdout.startsWith('Name:             web-0\n')).toBe(true);
    expect(h.run('kubectl describe leases -A').stdout).toContain('Name:         node-a1\n');
  });

  it('falls back to a name prefix, each description followed by a blank line', () => {
    const h = fixture();
    const r = h.run('kubectl describe pod we --show-events=false');
    expect(r.code).toBe(0);
    expect(r.stdout.startsWith('Name:             web-0\n')).toBe(true);
    expect(r.stdout.endsWith('node.kubernetes.io/unreachable:NoExecute op=Exists for 300s\n\n')).toBe(true);
  });

  it('reports a name that matches nothing, not even as a prefix', () => {
    const h = fixture();
    expect(h.run('kubectl describe pod nope')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Error from server (NotFound): pods "nope" not found\n',
    });
    expect(h.run('kubectl describe pods/we')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Error from server (NotFound): pods "we" not found\n',
    });
  });

  it('describes the names it finds and reports the others', () => {
    const h = fixture();
    const r = h.run('kubectl describe pod idle nope --show-events=false');
    expect(r.code).toBe(1);
    expect(r.stdout.startsWith('Name:             idle\n')).toBe(true);
    expect(r.stderr).toBe('Error from server (NotFound): pods "nope" not found\n');
  });

  it('says so when nothing matches', () => {
    const h = fixture();
    expect(h.run('kubectl describe pods -n kube-system')).toEqual({
      code: 0,
      stdout: '',
      stderr: 'No resources found in kube-system namespace.\n',
    });
    expect(h.run('kubectl describe nodes -l x=y')).toEqual({
      code: 0,
      stdout: '',
      stderr: 'No resources found in default namespace.\n',
    });
    expect(h.run('kubectl describe pods -A -l x=y')).toEqual({ code: 0, stdout: '', stderr: 'No resources found\n' });
  });

  it('describes the objects a manifest names', () => {
    const h = fixture();
    const manifest =
      'apiVersion: v1\nkind: Pod\nmetadata:\n  name: idle\n---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: gone\n';
    const r = h.run('kubectl describe -f - --show-events=false', manifest);
    expect(r.code).toBe(1);
    expect(r.stdout.startsWith('Name:             idle\n')).toBe(true);
    expect(r.stderr).toBe('Error from server (NotFound): pods "gone" not found\n');
  });

  it('refuses what the resource builder refuses', () => {
    const h = fixture();
    expect(h.run('kubectl describe').stderr).toBe(
      'error: You must specify the type of resource to describe. Use "kubectl api-resources" for a complete list of supported resources.\n',
    );
    expect(h.run('kubectl describe pod web-0 -A').stderr).toBe(
      'error: a resource cannot be retrieved by name across all namespaces\n',
    );
    expect(h.run('kubectl describe pod web-0 -l app=web').stderr).toBe(
      'error: name cannot be provided when a selector is specified\n',
    );
    expect(h.run('kubectl describe widgets').stderr).toBe('error: the server doesn\'t have a resource type "widgets"\n');
  });
});

import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { SeededRandom } from '../../clock/random';
import { startProcess } from '../container/process';
import type { Process } from '../container/types';
import type { ContainerInstance } from '../pods/runtime-types';
import { ClusterNetwork } from './cluster-network';

const nginx = startProcess(['nginx', '-g', 'daemon off;'], {
  namespace: 'default',
  podName: 'web',
  hostname: 'web',
  env: {},
  resolve: () => undefined,
});
nginx.resume(0);

function pod(name: string, ip: string, node: string): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', uid: name },
    spec: { nodeName: node, containers: [{ name: 'nginx', image: 'nginx:1.14.2' }] },
    status: { phase: 'Running', podIP: ip },
  };
}

const instance = (name: string): ContainerInstance => ({
  id: `containerd://${name}`,
  name: 'nginx',
  kind: 'regular',
  attempt: 0,
  imageName: 'docker.io/library/nginx:1.14.2',
  imageRef: 'docker.io/library/nginx@sha256:0',
  createdAtMs: 0,
  state: 'running',
  startedAtMs: 0,
  listenPorts: [80],
  logs: [],
});

const pods = [pod('ready', '10.244.0.2', 'up'), pod('unready', '10.244.0.3', 'up'), pod('off', '10.244.1.2', 'down')];

function network(endpoints: { ip: string; ready: boolean }[]) {
  const service: KObject = {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'web', namespace: 'default' },
    spec: { clusterIP: '10.96.0.10', ports: [{ port: 80, targetPort: 80, protocol: 'TCP' }] },
  };
  const slice: KObject = {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: { name: 'web-abc', namespace: 'default' },
    ports: [{ name: '', port: 80, protocol: 'TCP' }],
    endpoints: endpoints.map((e) => ({ addresses: [e.ip], conditions: { ready: e.ready } })),
  };
  return new ClusterNetwork(
    {
      podsByIP: (ip) => pods.filter((p) => p.status!.podIP === ip),
      servicesByClusterIP: (ip) => (ip === '10.96.0.10' ? [service] : []),
      endpointSlices: () => [slice],
      podContainers: (node, uid): { instance: ContainerInstance; process: Process | undefined }[] | undefined =>
        // The unready pod's containers are not running: a connection sent there would time out.
        node === 'down' || uid === 'unready' ? undefined : [{ instance: instance(uid), process: nginx }],
    },
    new SeededRandom(1),
  );
}

describe('ClusterNetwork', () => {
  it('a pod IP: open on the server port with its page, refused elsewhere; a stopped machine never answers', () => {
    const net = network([]);
    const open = net.connect('10.244.0.2', 80, 1000);
    expect(open.kind).toBe('open');
    if (open.kind === 'open') {
      const answer = open.get('/');
      expect('body' in answer && answer.body.length).toBe(612);
      expect(open.get('/nope')).toEqual({ status: 404, body: '' });
    }
    expect(net.connect('10.244.0.2', 81, 1000).kind).toBe('refused');
    expect(net.connect('10.244.1.2', 80, 1000).kind).toBe('timeout');
    expect(net.connect('10.1.2.3', 80, 1000).kind).toBe('timeout');
  });

  it('a ClusterIP goes to a ready endpoint only; none ready is refused; an undefined port goes nowhere', () => {
    const net = network([
      { ip: '10.244.0.3', ready: false },
      { ip: '10.244.0.2', ready: true },
    ]);
    for (let i = 0; i < 5; i++) expect(net.connect('10.96.0.10', 80, 1000).kind).toBe('open');
    expect(net.connect('10.96.0.10', 8080, 1000).kind).toBe('timeout');
    expect(network([{ ip: '10.244.0.3', ready: false }]).connect('10.96.0.10', 80, 1000).kind).toBe('refused');
  });
});

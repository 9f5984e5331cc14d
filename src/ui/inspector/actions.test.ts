import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { actionsFor, describeLine, explainSchedulingLine, nextNodeName, zoneActions, type ActionSpec } from './actions';
import { objectYaml, statusSummary } from './summary';

const lines = (actions: ActionSpec[]) => Object.fromEntries(actions.filter((a) => a.line).map((a) => [a.label, a.line]));
const answer = (actions: ActionSpec[], label: string, value: string) =>
  actions.find((a) => a.label === label)!.prompt!.toLine(value);

const node: KObject = {
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name: 'node-a1', labels: { 'topology.kubernetes.io/zone': 'zone-a' } },
  spec: {},
  status: { conditions: [{ type: 'Ready', status: 'True' }] },
};

describe('node actions', () => {
  it('are the kubectl / kubeplay lines', () => {
    expect(lines(actionsFor(node))).toEqual({
      Cordon: 'kubectl cordon node-a1',
      Drain: 'kubectl drain node-a1 --ignore-daemonsets --delete-emptydir-data --force',
      'Stop node': 'kubeplay node stop node-a1',
      'Start node': 'kubeplay node start node-a1',
      Disconnect: 'kubeplay node disconnect node-a1',
      Reconnect: 'kubeplay node reconnect node-a1',
      Shutdown: 'kubeplay node shutdown node-a1 --grace 30s --critical-grace 10s',
      'Memory pressure': 'kubeplay node pressure node-a1 memory on',
      Delete: 'kubectl delete node node-a1',
      'Partition zone': 'kubeplay zone partition zone-a',
      'Heal zone': 'kubeplay zone heal zone-a',
    });
  });

  it('share the zone actions with the zone region', () => {
    const zone = zoneActions('zone-a');
    expect(actionsFor(node).filter((a) => a.group === 'Zone zone-a')).toEqual(zone);
    expect(zone.map((a) => a.line)).toEqual(['kubeplay zone partition zone-a', 'kubeplay zone heal zone-a']);
  });

  it('offer Uncordon and pressure off when they apply', () => {
    const cordoned = {
      ...node,
      spec: { unschedulable: true },
      status: { conditions: [{ type: 'MemoryPressure', status: 'True' }] },
    };
    const l = lines(actionsFor(cordoned));
    expect(l.Uncordon).toBe('kubectl uncordon node-a1');
    expect(l.Cordon).toBeUndefined();
    expect(l['End memory pressure']).toBe('kubeplay node pressure node-a1 memory off');
  });

  it('add a taint written as kubectl taint takes it', () => {
    const actions = actionsFor(node);
    expect(answer(actions, 'Add taint', 'dedicated=gpu:NoSchedule')).toEqual({
      line: 'kubectl taint nodes node-a1 dedicated=gpu:NoSchedule',
    });
    expect(answer(actions, 'Add taint', ' example.com/down:NoExecute ')).toEqual({
      line: 'kubectl taint nodes node-a1 example.com/down:NoExecute',
    });
    expect(answer(actions, 'Add taint', 'dedicated=gpu')).toHaveProperty('error');
    expect(answer(actions, 'Add taint', 'a=b:Sometimes')).toHaveProperty('error');
  });
});

describe('pod actions', () => {
  const pod: KObject = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web-1', namespace: 'shop' },
    spec: { containers: [{ name: 'app' }] },
  };
  it('name the namespace', () => {
    expect(lines(actionsFor(pod))).toEqual({
      Logs: 'kubectl logs web-1 -n shop --tail=20',
      'Crash container': 'kubeplay pod crash web-1 -n shop',
      'Fail readiness': 'kubeplay pod fail-readiness web-1 -n shop --for 60s',
      Describe: 'kubectl describe pod web-1 -n shop',
      Evict: 'kubeplay pod evict web-1 -n shop',
      Delete: 'kubectl delete pod web-1 -n shop',
    });
    expect(describeLine(pod)).toBe('kubectl describe pod web-1 -n shop');
    expect(describeLine(node)).toBe('kubectl describe node node-a1');
    expect(explainSchedulingLine(pod)).toBe('kubeplay explain scheduling web-1 -n shop');
  });
  it('ask which container when there are several', () => {
    const two = { ...pod, spec: { containers: [{ name: 'app' }, { name: 'sidecar' }] } };
    expect(answer(actionsFor(two), 'Crash container', 'sidecar')).toEqual({
      line: 'kubeplay pod crash web-1 -n shop -c sidecar',
    });
  });
});

describe('replicaset and replicationcontroller actions', () => {
  it.each(['ReplicaSet', 'ReplicationController'])('%s: scale and delete with a cascade', (kind) => {
    const obj: KObject = { apiVersion: 'v1', kind, metadata: { name: 'web', namespace: 'default' }, spec: { replicas: 2 } };
    const actions = actionsFor(obj);
    const ref = `${kind.toLowerCase()}/web`;
    expect(actions.map((a) => a.label)).toEqual(['Scale', 'Delete']);
    expect(answer(actions, 'Scale', '4')).toEqual({ line: `kubectl scale ${ref} -n default --replicas=4` });
    expect(answer(actions, 'Delete', 'orphan')).toEqual({ line: `kubectl delete ${ref} -n default --cascade=orphan` });
  });
});

describe('deployment actions', () => {
  const d: KObject = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default' },
    spec: { replicas: 3, template: { spec: { containers: [{ name: 'nginx', image: 'nginx:1.25' }] } } },
  };
  const actions = actionsFor(d);
  it('run rollout commands', () => {
    expect(lines(actions)).toEqual({
      Restart: 'kubectl rollout restart deployment/web -n default',
      'Pause rollout': 'kubectl rollout pause deployment/web -n default',
      'Rollout undo': 'kubectl rollout undo deployment/web -n default',
    });
    expect(lines(actionsFor({ ...d, spec: { ...d.spec, paused: true } }))['Resume rollout']).toBe(
      'kubectl rollout resume deployment/web -n default',
    );
  });
  it('scale to a validated number', () => {
    expect(actions.find((a) => a.label === 'Scale')!.prompt!.initial).toBe('3');
    expect(answer(actions, 'Scale', ' 5 ')).toEqual({ line: 'kubectl scale deployment/web -n default --replicas=5' });
    expect(answer(actions, 'Scale', '-1')).toHaveProperty('error');
    expect(answer(actions, 'Scale', 'x')).toHaveProperty('error');
  });
  it('set an image as CONTAINER=IMAGE', () => {
    expect(actions.find((a) => a.label === 'Set image')!.prompt!.initial).toBe('nginx=nginx:1.25');
    expect(answer(actions, 'Set image', 'nginx=nginx:1.27')).toEqual({
      line: 'kubectl set image deployment/web -n default nginx=nginx:1.27',
    });
    expect(answer(actions, 'Set image', 'nginx:1.27')).toHaveProperty('error');
  });
  it('delete with a cascade choice', () => {
    expect(answer(actions, 'Delete', 'orphan')).toEqual({ line: 'kubectl delete deployment/web -n default --cascade=orphan' });
  });
});

describe('summary', () => {
  it('prints status as kubectl does', () => {
    expect(statusSummary(node)).toEqual({ text: 'Ready', tone: 'ok' });
    expect(statusSummary({ ...node, spec: { unschedulable: true } }).text).toBe('Ready,SchedulingDisabled');
  });
  it('renders YAML without managedFields', () => {
    const text = objectYaml({
      ...node,
      metadata: { ...node.metadata, managedFields: [{ manager: 'kubectl' }] } as KObject['metadata'],
    });
    expect(text).not.toContain('managedFields');
    expect(text.startsWith('apiVersion: v1\nkind: Node\nmetadata:\n  name: node-a1\n')).toBe(true);
  });
});

describe('Add node', () => {
  it('names the next free node of the zone', () => {
    expect(nextNodeName('zone-a', ['node-a1', 'node-a2', 'node-b1'])).toBe('node-a3');
    expect(nextNodeName('zone-a', ['node-a2', 'node-a10', 'node-ab1'])).toBe('node-a11');
    expect(nextNodeName('zone-c', [])).toBe('node-c1');
    expect(nextNodeName('us-east-1a', ['node-us-east-1a-1'])).toBe('node-us-east-1a-2');
    expect(nextNodeName('Zone 9', [])).toBe('node-zone-9-1');
  });

  it('is a zone action when every node’s name is known', () => {
    expect(lines(actionsFor(node, { nodeNames: ['node-a1', 'node-a2', 'node-b1'] }))['Add node']).toBe(
      'kubeplay node add node-a3 --zone zone-a',
    );
    expect(lines(zoneActions('zone-b', ['node-b1']))['Add node']).toBe('kubeplay node add node-b2 --zone zone-b');
    expect(lines(actionsFor(node))['Add node']).toBeUndefined();
  });
});

describe('Job actions', () => {
  const job = (suspend: boolean): KObject => ({
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: 'pi', namespace: 'default' },
    spec: { suspend },
  });

  it('reads the pods’ output, suspends or resumes, and deletes with a cascade', () => {
    const lines = (j: KObject) => actionsFor(j).map((a) => a.line ?? a.prompt?.toLine('orphan'));
    expect(lines(job(false))).toEqual([
      'kubectl logs job/pi -n default',
      `kubectl patch job pi -n default --type=merge -p '{"spec":{"suspend":true}}'`,
      { line: 'kubectl delete job/pi -n default --cascade=orphan' },
    ]);
    expect(lines(job(true))[1]).toBe(`kubectl patch job pi -n default --type=merge -p '{"spec":{"suspend":false}}'`);
  });
});

describe('DaemonSet actions', () => {
  it('offers set image, restart, undo and a cascading delete, but no scale or pause', () => {
    const ds = {
      apiVersion: 'apps/v1',
      kind: 'DaemonSet',
      metadata: { name: 'agent', namespace: 'kube-system' },
      spec: { template: { spec: { containers: [{ name: 'agent', image: 'nginx:1.26' }] } } },
    };
    const actions = actionsFor(ds);
    expect(actions.map((a) => a.id)).toEqual(['set-image', 'restart', 'undo', 'delete']);
    expect(actions[0].prompt?.initial).toBe('agent=nginx:1.26');
    expect(actions[0].prompt?.toLine('agent=nginx:1.27')).toEqual({
      line: 'kubectl set image daemonset/agent -n kube-system agent=nginx:1.27',
    });
    expect(actions[1].line).toBe('kubectl rollout restart daemonset/agent -n kube-system');
    expect(actions[3].prompt?.toLine('orphan')).toEqual({
      line: 'kubectl delete daemonset/agent -n kube-system --cascade=orphan',
    });
  });
});

describe('destructive actions ask first', () => {
  const pod: KObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-1', namespace: 'default' }, spec: {} };
  const confirmed = (actions: ActionSpec[]) => actions.filter((a) => a.confirm).map((a) => a.label);
  it('Drain, Delete and Partition zone carry a confirmation naming their target', () => {
    expect(confirmed(actionsFor(node))).toEqual(['Drain', 'Delete', 'Partition zone']);
    expect(actionsFor(node).find((a) => a.id === 'drain')!.confirm!.title).toBe('Drain node-a1?');
    expect(zoneActions('zone-b').find((a) => a.id === 'partition')!.confirm!.title).toBe('Partition zone-b?');
    expect(confirmed(actionsFor(pod))).toEqual(['Delete']);
    const cm: KObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cfg', namespace: 'default' } };
    expect(actionsFor(cm)[0].confirm!.title).toBe('Delete configmap cfg?');
  });
  it('reversible or prompted actions run without one', () => {
    for (const a of actionsFor(node))
      if (['cordon', 'stop', 'disconnect', 'heal'].includes(a.id)) expect(a.confirm).toBeUndefined();
    // a delete with a cascade choice already asks (its form is the confirmation)
    const d: KObject = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' }, spec: {} };
    expect(actionsFor(d).find((a) => a.id === 'delete')!.prompt).toBeDefined();
  });
});

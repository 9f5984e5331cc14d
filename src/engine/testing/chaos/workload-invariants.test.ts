// Each workload guarantee of the chaos harness can fail: planted pods (two daemon pods on a node,
// a shared StatefulSet ordinal, a Job over its parallelism, an ordinal started early) and settled
// clusters that are short are reported; the real controllers' pods are not.

import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { scriptCommands } from '../../../protocol/script-parse';
import { ScriptSession } from '../../script/runner';
import { emptyWorkloadCounts, WorkloadChecks } from './workload-invariants';

const WORKLOADS = `kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: StatefulSet
metadata: {name: db}
spec:
  serviceName: db
  replicas: 2
  selector: {matchLabels: {app: db}}
  template:
    metadata: {labels: {app: db}}
    spec: {containers: [{name: main, image: nginx:1.25}]}
EOF
kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec: {containers: [{name: main, image: nginx:1.25}]}
EOF
kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: Job
metadata: {name: long}
spec:
  parallelism: 1
  completions: 1
  template:
    spec:
      restartPolicy: Never
      containers: [{name: main, image: busybox:1.36, command: ["sh", "-c", "sleep 3600"]}]
EOF
`;

function session(script: string) {
  const s = new ScriptSession({ seed: 1 });
  for (const c of scriptCommands(script)) s.run(c);
  const reports: string[] = [];
  const checks = new WorkloadChecks(
    s.sim,
    (invariant, message) => reports.push(`${invariant}: ${message}`),
    emptyWorkloadCounts(),
    () => true,
  );
  const pods = () => s.sim.objects().filter((o) => o.kind === 'Pod');
  return { s, checks, reports, pods };
}

/** A copy of `pod` under another name (same owner, labels and node). */
const twin = (pod: KObject, name: string): KObject => ({ ...pod, metadata: { ...pod.metadata, name, uid: `${name}-uid` } });
const ownedBy = (kind: string) => (p: KObject) => p.metadata.ownerReferences?.some((r) => r.kind === kind);

describe('workload guarantees', () => {
  it('pass for what the controllers made', () => {
    const { checks, reports, pods } = session(`${WORKLOADS}sleep 1m\n`);
    checks.checkStep(pods());
    expect(reports).toEqual([]);
  });

  it('report two live pods of a StatefulSet with one ordinal and hostname', () => {
    const { checks, reports, pods } = session(`${WORKLOADS}sleep 1m\n`);
    const db0 = pods().find((p) => p.metadata.name === 'db-0')!;
    checks.checkStep([...pods(), twin(db0, 'db-0-copy')]);
    expect(reports).toEqual([
      expect.stringMatching(/^statefulset identity shared: set .*: db-0 and db-0-copy share index 0$/),
      expect.stringMatching(/^statefulset identity shared: set .*: db-0 and db-0-copy share hostname db-0$/),
    ]);
  });

  it('reports a second live daemon pod on a node (no surge)', () => {
    const { checks, reports, pods } = session(`${WORKLOADS}sleep 1m\n`);
    const one = pods().find(ownedBy('DaemonSet'))!;
    checks.checkStep([...pods(), twin(one, 'agent-extra')]);
    expect(reports).toEqual([
      `daemonset has two pods on a node: daemonset agent: ${one.metadata.name} and agent-extra on ${one.spec!.nodeName}`,
    ]);
    // A deleting twin is the old pod of a rollout on its way out: allowed.
    reports.length = 0;
    const deleting = twin(one, 'agent-old');
    deleting.metadata.deletionTimestamp = '2026-01-01T00:01:00Z';
    checks.checkStep([...pods(), deleting]);
    expect(reports).toEqual([]);
  });

  it('reports a Job with more active pods than its parallelism', () => {
    const { checks, reports, pods } = session(`${WORKLOADS}sleep 1m\n`);
    const one = pods().find(ownedBy('Job'))!;
    checks.checkStep([...pods(), twin(one, 'long-extra')]);
    expect(reports).toEqual(['job exceeds parallelism: job long: 2 active pods, parallelism 1']);
  });

  it('reports an OrderedReady pod created before its predecessors are ready', () => {
    const { checks, reports, pods } = session(`${WORKLOADS}sleep 1m\n`);
    const db1 = pods().find((p) => p.metadata.name === 'db-1')!;
    checks.onPodAdded(db1);
    expect(reports).toEqual([]);
    const db3 = twin(db1, 'db-3');
    db3.metadata.labels = { ...db1.metadata.labels, 'apps.kubernetes.io/pod-index': '3' };
    checks.onPodAdded(db3);
    expect(reports).toEqual(['statefulset started out of order: statefulset db: db-3 created while db-2 is missing']);
  });

  it('reports a settled cluster whose StatefulSet, DaemonSet and Job fell short', () => {
    const { checks, reports } = session(
      `kubectl cordon node-a1 node-a2 node-b1 node-b2 node-c1 node-c2\n${WORKLOADS}sleep 10m\n`,
    );
    checks.checkSettled();
    expect(reports).toEqual([
      expect.stringMatching(/^statefulset not settled: statefulset db: wants 2, has replicas\/ready\/available 1\/0\/0/),
      expect.stringMatching(/^job not settled: job long: neither Complete nor Failed nor suspended/),
    ]);
  });
});

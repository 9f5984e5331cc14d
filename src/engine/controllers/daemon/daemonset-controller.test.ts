// The DaemonSet controller on a full simulated cluster (6 nodes): one pod per node bound by the
// scheduler, new nodes and label changes, failed pods recreated with back-off, a rolling update
// that never leaves more than maxUnavailable nodes without an available pod (checked every
// half second of virtual time), OnDelete, revisions and their truncation.

import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { controllerRevisionKind, daemonSetKind, nodeKind, podKind } from '../../api/kinds';
import { Simulation } from '../../simulation';
import { isPodAvailable } from '../active-pods';
import { targetNodeName } from './daemon-pods';
import { daemonSetStatus } from './status';

function agent(spec: Record<string, unknown> = {}, podSpec: Record<string, unknown> = {}): KObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'agent', namespace: 'default' },
    spec: {
      selector: { matchLabels: { app: 'agent' } },
      template: {
        metadata: { labels: { app: 'agent' } },
        spec: {
          terminationGracePeriodSeconds: 5,
          containers: [{ name: 'agent', image: 'busybox:1.36', command: ['sleep', '3600'] }],
          ...podSpec,
        },
      },
      ...spec,
    },
  };
}

function harness() {
  const sim = new Simulation();
  const env = sim.kubectlEnv();
  const api = env.api;
  const run = (line: string) => {
    let out = '';
    sim.openConsole((t) => (out += t)).run(line);
    return out;
  };
  const pods = () => api.list(podKind, { namespace: 'default' }).items;
  const live = () => pods().filter((p) => !p.metadata.deletionTimestamp);
  const ds = () => api.get(daemonSetKind, 'default', 'agent');
  const advance = (ms: number) => sim.clock.advance(ms);
  return { sim, api, run, pods, live, ds, advance };
}

const byNode = (pods: KObject[]) => pods.map((p) => p.spec?.nodeName ?? '').sort();

describe('DaemonSet controller', () => {
  it('runs one pod per node, bound by the scheduler through matchFields, and follows nodes and labels', () => {
    const h = harness();
    h.api.create(agent());
    h.advance(10_000);
    const pods = h.live();
    expect(byNode(pods)).toEqual(['node-a1', 'node-a2', 'node-b1', 'node-b2', 'node-c1', 'node-c2']);
    for (const p of pods) expect(targetNodeName({ ...p, spec: { ...p.spec, nodeName: undefined } })).toBe(p.spec.nodeName);
    expect(h.ds().status).toMatchObject({
      desiredNumberScheduled: 6,
      currentNumberScheduled: 6,
      numberReady: 6,
      numberAvailable: 6,
      updatedNumberScheduled: 6,
      observedGeneration: 1,
    });

    h.run('kubeplay node add node-d1 --zone d');
    h.advance(10_000);
    expect(h.live().filter((p) => p.spec?.nodeName === 'node-d1')).toHaveLength(1);

    // A nodeSelector: only labelled nodes, following label changes at once.
    const cur = h.ds();
    h.api.update({
      ...cur,
      spec: {
        ...cur.spec,
        template: { ...cur.spec.template, spec: { ...cur.spec.template.spec, nodeSelector: { disk: 'ssd' } } },
      },
    });
    h.advance(10_000);
    expect(h.live()).toHaveLength(0);
    h.run('kubectl label node node-a1 disk=ssd');
    h.advance(10_000);
    expect(byNode(h.live())).toEqual(['node-a1']);
    h.run('kubectl label node node-a1 disk-');
    h.advance(10_000);
    expect(h.live()).toHaveLength(0);
    expect(h.ds().status).toMatchObject({ desiredNumberScheduled: 0, currentNumberScheduled: 0 });
  });

  it('deletes a failed daemon pod and creates another, backing off per node', () => {
    const h = harness();
    h.api.create(agent());
    h.advance(10_000);
    const fail = () => {
      const victim = h.live().find((p) => targetNodeName(p) === 'node-a1')!;
      h.api.updateStatus({ ...victim, status: { ...victim.status, phase: 'Failed' } });
      return victim.metadata.name;
    };
    const first = fail();
    h.advance(100);
    const replacement = h.live().find((p) => p.spec?.nodeName === 'node-a1' || targetNodeName(p) === 'node-a1');
    expect(replacement?.metadata.name).not.toBe(first);
    expect(h.run('kubectl get events --field-selector reason=FailedDaemonPod')).toContain(
      `Found failed daemon pod default/${first} on node node-a1, will try to kill it`,
    );
    // The replacement failing within the 1 s back-off waits for it.
    const second = fail();
    h.advance(100);
    expect(h.pods().some((p) => p.metadata.name === second)).toBe(true);
    h.advance(1_000);
    expect(h.pods().some((p) => p.metadata.name === second)).toBe(false);
  });

  it('rolls an update without ever leaving more than maxUnavailable nodes without an available pod', () => {
    const h = harness();
    h.api.create(agent({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 2 } } }));
    h.advance(15_000);
    const cur = h.ds();
    const template = {
      ...cur.spec.template,
      spec: { ...cur.spec.template.spec, containers: [{ ...cur.spec.template.spec.containers[0], image: 'busybox:1.37' }] },
    };
    h.api.update({ ...cur, spec: { ...cur.spec, template } });
    let worst = 0;
    let seenUnavailable = false;
    for (let t = 0; t < 120_000; t += 500) {
      h.advance(500);
      const nowMs = h.sim.clock.nowUnixMs();
      const covered = new Set(
        h
          .live()
          .filter((p) => isPodAvailable(p, 0, nowMs))
          .map((p) => p.spec?.nodeName),
      );
      const without = 6 - covered.size;
      worst = Math.max(worst, without);
      if (without > 0) seenUnavailable = true;
    }
    expect(seenUnavailable).toBe(true);
    expect(worst).toBeLessThanOrEqual(2);
    const pods = h.live();
    expect(pods).toHaveLength(6);
    expect(pods.every((p) => p.spec.containers[0].image === 'busybox:1.37')).toBe(true);
    expect(h.ds().status).toMatchObject({ updatedNumberScheduled: 6, numberAvailable: 6, observedGeneration: 2 });
    const revisions = h.api
      .list(controllerRevisionKind, { namespace: 'default' })
      .items.map((r) => r.revision)
      .sort();
    expect(revisions).toEqual([1, 2]);
  });

  it('with maxSurge starts the new pod beside the old one, so no node is ever without an available pod', () => {
    const h = harness();
    h.api.create(agent({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 2 } } }));
    h.advance(15_000);
    const cur = h.ds();
    const c = { ...cur.spec.template.spec.containers[0], image: 'busybox:1.37' };
    h.api.update({
      ...cur,
      spec: { ...cur.spec, template: { ...cur.spec.template, spec: { ...cur.spec.template.spec, containers: [c] } } },
    });
    let worst = 0;
    let maxPodsOnANode = 0;
    for (let t = 0; t < 120_000; t += 500) {
      h.advance(500);
      const nowMs = h.sim.clock.nowUnixMs();
      const live = h.live();
      const covered = new Set(live.filter((p) => isPodAvailable(p, 0, nowMs)).map((p) => p.spec?.nodeName));
      worst = Math.max(worst, 6 - covered.size);
      const perNode = new Map<string, number>();
      for (const p of live) perNode.set(targetNodeName(p)!, (perNode.get(targetNodeName(p)!) ?? 0) + 1);
      maxPodsOnANode = Math.max(maxPodsOnANode, ...perNode.values());
    }
    expect(worst).toBe(0);
    expect(maxPodsOnANode).toBe(2);
    expect(h.live().every((p) => p.spec.containers[0].image === 'busybox:1.37')).toBe(true);
    expect(h.ds().status).toMatchObject({ updatedNumberScheduled: 6, numberAvailable: 6 });
  });

  it('with OnDelete keeps old pods until they are deleted; truncates history beyond the limit', () => {
    const h = harness();
    h.api.create(agent({ updateStrategy: { type: 'OnDelete' }, revisionHistoryLimit: 1 }));
    h.advance(10_000);
    const setImage = (image: string) => {
      const cur = h.ds();
      const c = { ...cur.spec.template.spec.containers[0], image };
      h.api.update({
        ...cur,
        spec: { ...cur.spec, template: { ...cur.spec.template, spec: { ...cur.spec.template.spec, containers: [c] } } },
      });
      h.advance(10_000);
    };
    setImage('busybox:1.37');
    expect(h.live().every((p) => p.spec.containers[0].image === 'busybox:1.36')).toBe(true);
    expect(h.ds().status.updatedNumberScheduled).toBeUndefined();
    const victim = h.live().find((p) => p.spec.nodeName === 'node-b1')!;
    h.run(`kubectl delete pod ${victim.metadata.name}`);
    h.advance(15_000);
    const onB1 = h.live().filter((p) => p.spec.nodeName === 'node-b1');
    expect(onB1.map((p) => p.spec.containers[0].image)).toEqual(['busybox:1.37']);
    expect(h.ds().status).toMatchObject({ updatedNumberScheduled: 1 });
    // Revision 1 is still run by five pods: kept; revision 2 is current; a third template makes
    // revision 2 old and unused by any pod but node-b1's… which still runs it, so both stay.
    setImage('busybox:1.38');
    const names = () =>
      h.api
        .list(controllerRevisionKind, { namespace: 'default' })
        .items.map((r) => r.revision)
        .sort();
    expect(names()).toEqual([1, 2, 3]);
    h.run(`kubectl delete pod ${h.live().find((p) => p.spec.nodeName === 'node-b1')!.metadata.name}`);
    h.advance(15_000);
    // Nothing runs revision 2 now: two old revisions, limit 1, the unused one goes.
    h.api.update({ ...h.ds(), spec: { ...h.ds().spec, minReadySeconds: 1 } });
    h.advance(1_000);
    expect(names()).toEqual([1, 3]);
  });
});

describe('DaemonSet controller, incremental against a full recount', () => {
  it('keeps the status equal to a recount over every node through random churn', () => {
    const h = harness();
    h.api.create(agent({ minReadySeconds: 3 }, { nodeSelector: { pool: 'a' } }));
    const nodes = ['node-a1', 'node-a2', 'node-b1', 'node-b2', 'node-c1', 'node-c2'];
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const recount = () => {
      const ds = h.ds();
      const byNode = new Map<string, KObject[]>();
      for (const p of h.pods()) {
        if (p.metadata.ownerReferences?.[0]?.uid !== ds.metadata.uid) continue;
        if (p.metadata.deletionTimestamp && ['Failed', 'Succeeded'].includes(p.status?.phase)) continue;
        const t = targetNodeName(p)!;
        byNode.set(t, [...(byNode.get(t) ?? []), p]);
      }
      const hash = h.api
        .list(controllerRevisionKind, { namespace: 'default' })
        .items.find(
          (r) =>
            r.revision ===
            Math.max(...h.api.list(controllerRevisionKind, { namespace: 'default' }).items.map((x) => x.revision as number)),
        )!.metadata.labels!['controller-revision-hash'];
      return daemonSetStatus({
        ds,
        nodes: h.api.list(nodeKind).items,
        podsByNode: byNode,
        hash,
        nowUnixMs: h.sim.clock.nowUnixMs(),
      });
    };
    for (let step = 0; step < 60; step++) {
      const node = nodes[rnd(nodes.length)];
      switch (rnd(5)) {
        case 0:
          h.run(`kubectl label node ${node} pool=a --overwrite`);
          break;
        case 1:
          h.run(`kubectl label node ${node} pool-`);
          break;
        case 2:
          h.run(`kubectl taint node ${node} maintenance=x:NoExecute`);
          break;
        case 3:
          h.run(`kubectl taint node ${node} maintenance-`);
          break;
        default: {
          const victim = h.live().find((p) => targetNodeName(p) === node);
          if (victim) h.run(`kubectl delete pod ${victim.metadata.name} --wait=false`);
        }
      }
      h.advance(rnd(8_000));
      const { observedGeneration: _o, ...status } = h.ds().status;
      expect({
        ...status,
        updatedNumberScheduled: status.updatedNumberScheduled ?? 0,
        numberAvailable: status.numberAvailable ?? 0,
        numberUnavailable: status.numberUnavailable ?? 0,
      }).toEqual(recount());
    }
  });
});

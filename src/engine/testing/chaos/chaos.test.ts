// A few dozen chaos sessions on every run (`npm run chaos -- --seeds 2000` runs thousands), and
// proof that each check can fail: a planted violation of each guarantee is reported.

import { describe, expect, it } from 'vitest';
import { ScriptSession } from '../../script/runner';
import { scriptCommands } from '../../../protocol/script-parse';
import { allowAllDisruptions } from '../../api/subresources/eviction';
import { nextCommand, newModel, settleCommands } from './actions';
import { SeededRandom } from '../../clock/random';
import { ddmin } from './ddmin';
import { ChaosMonitor, emptyCheckCounts, fenceposts, type CheckCounts } from './invariants';
import { minimise, replayChaos, reproducerScript, runChaos } from './run';

const now = () => Date.now();

describe('chaos sessions', () => {
  it('crash, livelock, hang and break no guarantee, and replay byte for byte', { timeout: 120_000 }, () => {
    const failures: string[] = [];
    const checks = emptyCheckCounts();
    for (let seed = 1; seed <= 24; seed++) {
      // Every other session is also replayed and compared byte for byte.
      const result = runChaos({ seed, steps: 25, now, checkDeterminism: seed % 2 === 0 });
      expect(result.commands).toHaveLength(25);
      for (const key of Object.keys(checks) as (keyof CheckCounts)[]) checks[key] += result.checks[key];
      if (result.failure) {
        const script = reproducerScript(result, minimise(result, now, 60));
        failures.push(`seed ${seed}: ${result.failure.kind} ${result.failure.message}\n${script}`);
      }
    }
    expect(failures).toEqual([]);
    // Every guarantee was put to the test, not only passed for lack of occasions.
    for (const [check, n] of Object.entries(checks)) expect(n, check).toBeGreaterThan(0);
  });

  it('draws the same commands for the same seed and others for another', { timeout: 30_000 }, () => {
    const draw = (seed: number) => runChaos({ seed, steps: 12, now, checkDeterminism: false }).commands;
    expect(draw(5)).toEqual(draw(5));
    expect(draw(5)).not.toEqual(draw(6));
  });

  it('draws every kind of action over a few sessions', { timeout: 60_000 }, () => {
    const seen = new Set<string>();
    for (let seed = 1; seed <= 3; seed++) {
      const session = new ScriptSession({ seed });
      const model = newModel();
      const random = new SeededRandom(seed);
      for (let i = 0; i < 80; i++) {
        const text = nextCommand({ random, model, sim: session.sim });
        for (const c of scriptCommands(`${text}\n`)) {
          session.run(c);
          seen.add(c.argv.slice(0, 2).join(' '));
        }
      }
    }
    for (const verb of [
      'kubectl apply',
      'kubectl scale',
      'kubectl set',
      'kubectl rollout',
      'kubectl drain',
      'kubectl cordon',
      'kubectl uncordon',
      'kubectl delete',
      'kubectl label',
      'kubeplay node',
      'kubeplay zone',
      'kubeplay pod',
      'kubectl patch',
      'kubectl create',
      'sleep 10s'.split(' ')[0],
    ]) {
      expect(
        [...seen].some((s) => s.startsWith(verb)),
        verb,
      ).toBe(true);
    }
  });

  it('settles by healing every zone and starting, reconnecting and uncordoning every node', () => {
    const settle = settleCommands(newModel());
    expect(settle).toContain('kubeplay zone heal zone-b');
    expect(settle).toContain('kubeplay node start node-c2');
    expect(settle).toContain('kubeplay node reconnect node-a1');
    expect(settle).toContain('kubectl uncordon node-b1');
    expect(settle.at(-1)).toMatch(/^sleep /);
  });
});

describe('each guarantee can fail', () => {
  /** Runs `lines` on a monitored session and returns the reports. */
  function monitored(lines: string, beforeMonitor?: (session: ScriptSession) => void) {
    const session = new ScriptSession({ seed: 1 });
    beforeMonitor?.(session);
    const reports: string[] = [];
    const monitor = new ChaosMonitor(session.sim, (invariant, message) => reports.push(`${invariant}: ${message}`));
    for (const c of scriptCommands(lines)) {
      session.run(c);
      monitor.checkStep();
    }
    return { session, monitor, reports };
  }

  it('reports pods that request more than their node has', () => {
    // A pod bound by hand (no scheduler) beyond node-a1's 4 CPUs, on a stopped machine whose
    // kubelet cannot reject it.
    const { reports } = monitored(
      'kubeplay node stop node-a1\nkubectl run big --image=nginx --overrides=\'{"spec":{"nodeName":"node-a1","containers":[{"name":"big","image":"nginx","resources":{"requests":{"cpu":"5"}}}]}}\'\n',
    );
    expect(reports.some((r) => r.startsWith('requests exceed allocatable: node node-a1'))).toBe(true);
  });

  it('reports an eviction that takes a budget below its minimum', () => {
    // A budget check that lets everything through, as if the eviction subresource ignored budgets.
    const { reports, session } = monitored(
      'kubectl create deployment web --image=nginx --replicas=2\nkubectl create pdb web --selector=app=web --min-available=2\nsleep 30s\n',
      (s) => (s.sim.cluster.api.disruptionBudgets = allowAllDisruptions),
    );
    expect(reports).toEqual([]);
    const pod = session.sim.objects().find((o) => o.kind === 'Pod' && o.metadata.labels?.app === 'web')!;
    session.run([...scriptCommands(`kubeplay pod evict ${pod.metadata.name}\n`)][0]);
    expect(reports).toEqual([
      `eviction breaks a disruption budget: evicting ${pod.metadata.name} leaves 1 healthy pods under web, which needs 2`,
    ]);
  });

  it('reports an old ReplicaSet scaled down below maxUnavailable during a rollout', () => {
    // Not the controller (it keeps the budget): a user scaling the old set by hand mid-rollout.
    const { session, reports } = monitored(
      'kubectl create deployment web --image=nginx:1.27 --replicas=3\nsleep 30s\nkubectl patch deployment web -p \'{"spec":{"strategy":{"rollingUpdate":{"maxSurge":1,"maxUnavailable":0}}}}\'\nkubectl set image deployment/web nginx=nginx:does-not-exist\nsleep 10s\n',
    );
    expect(reports).toEqual([]);
    const old = session.sim
      .objects()
      .find((o) => o.kind === 'ReplicaSet' && o.metadata.annotations?.['deployment.kubernetes.io/revision'] === '1')!;
    session.run([...scriptCommands(`kubectl scale rs ${old.metadata.name} --replicas=0\n`)][0]);
    expect(reports[0]).toBe(
      `rolling update exceeds maxUnavailable: deployment web: scaling ${old.metadata.name} from 3 to 0 leaves 0 available, fewer than 3 - maxUnavailable 0`,
    );
  });

  it('reports ReplicaSets asking for more than maxSurge allows during a rollout', () => {
    const { session, reports } = monitored(
      'kubectl create deployment web --image=nginx:1.27 --replicas=3\nsleep 30s\nkubectl set image deployment/web nginx=nginx:does-not-exist\nsleep 10s\n',
    );
    expect(reports).toEqual([]);
    const newRS = session.sim
      .objects()
      .find((o) => o.kind === 'ReplicaSet' && o.metadata.annotations?.['deployment.kubernetes.io/revision'] === '2')!;
    session.run([...scriptCommands(`kubectl scale rs ${newRS.metadata.name} --replicas=3\n`)][0]);
    expect(reports[0]).toMatch(
      /^rolling update exceeds maxSurge: deployment web: ReplicaSets ask for [56] pods, more than 3 \+ maxSurge 1$/,
    );
  });

  it('reports a settled cluster whose Deployment is short of pods', () => {
    const { monitor, reports } = monitored(
      'kubectl cordon node-a1 node-a2 node-b1 node-b2 node-c1 node-c2\nkubectl create deployment web --image=nginx --replicas=3\nsleep 1m\n',
    );
    monitor.checkSettled();
    expect(reports.some((r) => r.startsWith('deployment not settled: deployment web: wants 3,'))).toBe(true);
  });

  it('reports an object left with a deletionTimestamp past its grace period', () => {
    const { monitor, reports } = monitored(
      'kubectl create deployment web --image=nginx --replicas=1\nsleep 30s\nkubeplay node stop node-a1\nkubeplay node stop node-a2\nkubeplay node stop node-b1\nkubeplay node stop node-b2\nkubeplay node stop node-c1\nkubeplay node stop node-c2\nkubectl delete pods -l app=web --wait=false\nsleep 1m\n',
    );
    monitor.checkSettled();
    expect(reports.some((r) => r.startsWith('object stuck deleting: Pod default/web-'))).toBe(true);
  });

  it('computes fenceposts as ResolveFenceposts does', () => {
    const d = (maxSurge: unknown, maxUnavailable: unknown, replicas = 10) =>
      fenceposts({
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'x' },
        spec: { replicas, strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge, maxUnavailable } } },
      });
    expect(d('25%', '25%')).toEqual([3, 2]);
    expect(d(0, 0)).toEqual([0, 1]);
    expect(d('0%', '0%', 3)).toEqual([0, 1]);
    expect(d(1, '50%', 5)).toEqual([1, 2]);
  });
});

describe('ddmin', () => {
  it('finds the one command a failure needs', () => {
    const items = Array.from({ length: 40 }, (_, i) => i);
    expect(ddmin(items, (s) => s.includes(17))).toEqual([17]);
  });

  it('keeps every command of a failure that needs several', () => {
    const items = Array.from({ length: 30 }, (_, i) => i);
    expect(ddmin(items, (s) => s.includes(3) && s.includes(20) && s.includes(29))).toEqual([3, 20, 29]);
  });

  it('reduces a real session to the commands that matter', { timeout: 60_000 }, () => {
    // A planted failure: the settled cluster lacks pods when too many were asked for.
    const commands = [
      'sleep 5s',
      'kubectl create deployment web --image=nginx --replicas=1',
      'kubectl cordon node-a1',
      'kubectl apply -f - <<EOF\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: huge}\nspec:\n  replicas: 40\n  selector: {matchLabels: {app: huge}}\n  template:\n    metadata: {labels: {app: huge}}\n    spec: {containers: [{name: c, image: nginx, resources: {requests: {cpu: "1"}}}]}\nEOF',
      'kubectl uncordon node-a1',
    ];
    const first = replayChaos(commands, 1, now);
    expect(first.failure?.invariant).toBe('deployment not settled');
    const reduced = minimise(
      { seed: 1, commands, transcript: first.transcript, failure: first.failure, wallMs: 0, checks: first.checks },
      now,
      40,
    );
    expect(reduced).toEqual([commands[3]]);
  });
});

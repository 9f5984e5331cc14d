// The ReplicaSet / ReplicationController controller against a full simulated cluster, plus the
// kinds' validation and defaulting, the scale subresource and the kubectl outputs.

import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { ApiError } from '../../api/errors';
import { podKind, replicaSetKind, replicationControllerKind } from '../../api/kinds';
import { SeededRandom } from '../../clock/random';
import { Simulation } from '../../simulation';
import { isPodActive, isPodReady } from '../active-pods';
import { slowStartBatch } from './replicaset-controller';

function frontend(extra: Record<string, unknown> = {}): KObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name: 'frontend', labels: { app: 'guestbook', tier: 'frontend' } },
    spec: {
      replicas: 3,
      selector: { matchLabels: { tier: 'frontend' } },
      template: {
        metadata: { labels: { tier: 'frontend' } },
        spec: { containers: [{ name: 'php-redis', image: 'gcr.io/google_samples/gb-frontend:v3' }] },
      },
      ...extra,
    },
  };
}

function harness(options: { empty?: boolean } = {}) {
  const sim = new Simulation(options);
  const env = sim.kubectlEnv();
  const run = (line: string) => {
    let stdout = '';
    let stderr = '';
    const code = sim.openConsole((t, s) => (s === 'stdout' ? (stdout += t) : (stderr += t))).run(line);
    return { code, stdout, stderr };
  };
  const apply = (obj: KObject) => env.api.create(obj);
  const pods = () => env.api.list(podKind, { namespace: 'default' }).items;
  const names = () => pods().map((p) => p.metadata.name);
  const rs = (name = 'frontend') => env.api.get(replicaSetKind, 'default', name);
  const advance = (ms: number) => sim.clock.advance(ms);
  return { sim, env, run, apply, pods, names, rs, advance };
}

function createError(h: ReturnType<typeof harness>, obj: KObject): string {
  try {
    h.env.api.create(obj);
  } catch (e) {
    if (e instanceof ApiError) return e.message;
    throw e;
  }
  return '';
}

const rsObject = (spec: Record<string, unknown>): KObject => ({
  apiVersion: 'apps/v1',
  kind: 'ReplicaSet',
  metadata: { name: 'bad' },
  spec: {
    selector: { matchLabels: { app: 'a' } },
    template: { metadata: { labels: { app: 'a' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } },
    ...spec,
  },
});

describe('ReplicaSet / ReplicationController validation and defaulting', () => {
  it('refuses a template whose labels do not match, a restartPolicy other than Always and negative replicas', () => {
    const h = harness({ empty: true });
    expect(createError(h, rsObject({ selector: { matchLabels: { app: 'b' } } }))).toBe(
      'ReplicaSet.apps "bad" is invalid: spec.template.metadata.labels: Invalid value: map[string]string{"app":"a"}: `selector` does not match template `labels`',
    );
    expect(
      createError(
        h,
        rsObject({
          template: {
            metadata: { labels: { app: 'a' } },
            spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'nginx' }] },
          },
        }),
      ),
    ).toBe(
      'ReplicaSet.apps "bad" is invalid: spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"',
    );
    expect(createError(h, rsObject({ replicas: -1 }))).toBe(
      'ReplicaSet.apps "bad" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0',
    );
    expect(createError(h, rsObject({ selector: undefined }))).toContain('spec.selector: Required value');
  });

  it('keeps an apps/v1 selector immutable', () => {
    const h = harness({ empty: true });
    h.env.api.create(rsObject({}));
    const rs = h.env.api.get(replicaSetKind, 'default', 'bad');
    expect(() =>
      h.env.api.update({
        ...rs,
        spec: {
          ...rs.spec,
          selector: { matchLabels: { app: 'a', x: 'y' } },
          template: { ...rs.spec!.template, metadata: { labels: { app: 'a', x: 'y' } } },
        },
      }),
    ).toThrow(/spec.selector: Invalid value: .*: field is immutable/);
  });

  it('defaults replicas to 1, and an RC selector and labels from its template', () => {
    const h = harness({ empty: true });
    const rc = h.env.api.create({
      apiVersion: 'v1',
      kind: 'ReplicationController',
      metadata: { name: 'nginx' },
      spec: { template: { metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image: 'nginx' }] } } },
    });
    expect(rc.spec?.selector).toEqual({ app: 'nginx' });
    expect(rc.metadata.labels).toEqual({ app: 'nginx' });
    expect(rc.spec?.replicas).toBe(1);
    expect(rc.status).toEqual({ replicas: 0 });
    expect(h.env.api.create(rsObject({})).spec?.replicas).toBe(1);
  });
});

describe('ReplicaSet controller', () => {
  it('creates the pods, owned, with events, and reports the status', () => {
    const h = harness();
    h.apply(frontend());
    h.advance(0);
    expect(h.pods()).toHaveLength(3);
    for (const p of h.pods()) {
      expect(p.metadata.generateName).toBe('frontend-');
      expect(p.metadata.ownerReferences).toEqual([
        {
          apiVersion: 'apps/v1',
          kind: 'ReplicaSet',
          name: 'frontend',
          uid: h.rs().metadata.uid,
          controller: true,
          blockOwnerDeletion: true,
        },
      ]);
    }
    expect(h.rs().status).toEqual({ replicas: 3, fullyLabeledReplicas: 3, observedGeneration: 1 });
    h.advance(10_000);
    expect(h.rs().status).toEqual({
      replicas: 3,
      fullyLabeledReplicas: 3,
      readyReplicas: 3,
      availableReplicas: 3,
      observedGeneration: 1,
    });
    expect(h.run('kubectl get rs').stdout).toBe(
      'NAME       DESIRED   CURRENT   READY   AGE\nfrontend   3         3         3       10s\n',
    );
    const describe = h.run('kubectl describe rs frontend').stdout;
    expect(describe).toContain(
      'Replicas:     3 current / 3 desired\nPods Status:  3 Running / 0 Waiting / 0 Succeeded / 0 Failed\n',
    );
    expect(describe.match(/Normal {2}SuccessfulCreate .* Created pod: frontend-/g)).toHaveLength(3);
  });

  it('deletes matching pods created after it already has enough', () => {
    const h = harness();
    h.apply(frontend());
    h.advance(10_000);
    h.run('kubectl run pod1 --image=nginx --labels=tier=frontend');
    h.advance(0);
    expect(h.names()).not.toContain('pod1');
    expect(h.run('kubectl get events --field-selector reason=SuccessfulDelete').stdout).toContain('Deleted pod: pod1');
  });

  it('adopts matching orphans created before it and creates only the rest', () => {
    const h = harness();
    h.run('kubectl run pod1 --image=nginx --labels=tier=frontend');
    h.run('kubectl run pod2 --image=nginx --labels=tier=frontend');
    h.advance(5_000);
    h.apply(frontend());
    h.advance(0);
    expect(h.pods()).toHaveLength(3);
    const pod1 = h.env.api.get(podKind, 'default', 'pod1');
    expect(pod1.metadata.ownerReferences?.[0]).toMatchObject({ kind: 'ReplicaSet', name: 'frontend', controller: true });
    expect(h.rs().status?.fullyLabeledReplicas).toBe(3);
  });

  it('releases a pod whose labels stop matching and replaces it', () => {
    const h = harness();
    h.apply(frontend());
    h.advance(10_000);
    const victim = h.names()[0]!;
    h.run(`kubectl label pod ${victim} tier=debug --overwrite`);
    h.advance(0);
    expect(h.env.api.get(podKind, 'default', victim).metadata.ownerReferences ?? []).toEqual([]);
    expect(h.pods()).toHaveLength(4);
    expect(h.rs().status?.replicas).toBe(3);
  });

  it('recounts fully labeled replicas when only the template labels change (the pods stay the same)', () => {
    const h = harness();
    h.apply(frontend());
    h.advance(10_000);
    const before = h.pods();
    const rs = h.rs();
    const template = { ...rs.spec!.template, metadata: { labels: { tier: 'frontend', track: 'stable' } } };
    h.env.api.update({ ...rs, spec: { ...rs.spec, template } });
    h.advance(0);
    expect(h.pods()).toEqual(before);
    expect(h.rs().status).toEqual({ replicas: 3, readyReplicas: 3, availableReplicas: 3, observedGeneration: 2 });
  });

  it('keeps its claim and counts right through random pod changes (remembered claims stepped one pod at a time)', () => {
    const h = harness();
    h.apply(frontend({ replicas: 4 }));
    h.advance(10_000);
    const random = new SeededRandom(7);
    let orphans = 0;
    for (let step = 0; step < 60; step++) {
      const live = h.pods().filter(isPodActive);
      const victim = live[random.int(live.length)]?.metadata.name;
      const action = random.int(6);
      if (action === 0 && victim) h.run(`kubectl label pod ${victim} tier=debug --overwrite`);
      else if (action === 1 && victim) h.run(`kubectl label pod ${victim} tier=frontend --overwrite`);
      else if (action === 2 && victim) h.run(`kubectl delete pod ${victim} --wait=false`);
      else if (action === 3) h.run(`kubectl run orphan${orphans++} --image=nginx --labels=tier=frontend`);
      else if (action === 4) h.run(`kubectl scale rs frontend --replicas=${1 + random.int(5)}`);
      else if (victim) h.run(`kubectl annotate pod ${victim} step=${step} --overwrite`);
      h.advance([0, 1_000, 5_000][random.int(3)]);
      // What a full claim over the namespace's pods gives, counted as calculateStatus counts.
      const rs = h.rs();
      const owned = h
        .pods()
        .filter((p) => isPodActive(p) && p.metadata.ownerReferences?.some((r) => r.controller && r.uid === rs.metadata.uid));
      expect(owned.every((p) => p.metadata.labels?.tier === 'frontend')).toBe(true);
      const status = rs.status ?? {};
      expect(status.replicas ?? 0).toBe(owned.length);
      expect(status.fullyLabeledReplicas ?? 0).toBe(owned.length);
      expect(status.readyReplicas ?? 0).toBe(owned.filter(isPodReady).length);
    }
  });

  it('scales through the scale subresource: up, then down deleting the not-ready pods first', () => {
    const h = harness();
    h.apply(frontend());
    h.advance(10_000);
    const ready = h.names();
    expect(h.run('kubectl scale rs frontend --replicas=5')).toEqual({
      code: 0,
      stdout: 'replicaset.apps/frontend scaled\n',
      stderr: '',
    });
    h.advance(500);
    expect(h.pods().filter((p) => !p.metadata.deletionTimestamp)).toHaveLength(5);
    h.run('kubectl scale rs/frontend --replicas=3');
    h.advance(0);
    expect(
      h
        .pods()
        .filter((p) => !p.metadata.deletionTimestamp)
        .map((p) => p.metadata.name),
    ).toEqual(ready);
    expect(h.run('kubectl scale --current-replicas=2 --replicas=1 rs/frontend')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'error: Expected replicas to be 2, was 3\n',
    });
  });

  it('serves autoscaling/v1 Scale and validates it', () => {
    const h = harness({ empty: true });
    h.apply(frontend());
    const scale = h.env.api.getScale(replicaSetKind, 'default', 'frontend');
    expect(scale).toMatchObject({
      apiVersion: 'autoscaling/v1',
      kind: 'Scale',
      metadata: { name: 'frontend', namespace: 'default' },
      spec: { replicas: 3 },
      status: { selector: 'tier=frontend' },
    });
    const updated = h.env.api.updateScale(replicaSetKind, 'default', 'frontend', { ...scale, spec: { replicas: 4 } });
    expect(updated.spec.replicas).toBe(4);
    expect(h.rs().metadata.generation).toBe(2);
    expect(() => h.env.api.updateScale(replicaSetKind, 'default', 'frontend', { ...scale, spec: { replicas: 1 } })).toThrow(
      /the object has been modified/,
    );
    expect(() => h.env.api.patchScale(replicaSetKind, 'default', 'frontend', 'merge', { spec: { replicas: -1 } })).toThrow(
      'Scale.autoscaling "frontend" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0',
    );
    expect(() => h.env.api.getScale(podKind, 'default', 'x')).toThrow(/not found/);
  });

  it('counts availability after minReadySeconds and requeues for it', () => {
    const h = harness();
    h.apply(frontend({ replicas: 2, minReadySeconds: 30 }));
    h.advance(10_000);
    expect(h.rs().status).toMatchObject({ readyReplicas: 2 });
    expect(h.rs().status?.availableReplicas).toBeUndefined();
    h.advance(30_000);
    expect(h.rs().status).toMatchObject({ readyReplicas: 2, availableReplicas: 2 });
  });

  it('leaves the pods running on an orphaning delete', () => {
    const h = harness();
    h.apply(frontend());
    h.advance(10_000);
    h.run('kubectl delete rs frontend --cascade=orphan');
    h.advance(1_000);
    expect(h.pods()).toHaveLength(3);
    for (const p of h.pods()) expect(p.metadata.ownerReferences ?? []).toEqual([]);
  });

  it('runs ReplicationControllers with the same logic', () => {
    const h = harness();
    h.apply({
      apiVersion: 'v1',
      kind: 'ReplicationController',
      metadata: { name: 'nginx' },
      spec: {
        replicas: 3,
        selector: { app: 'nginx' },
        template: { metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image: 'nginx' }] } },
      },
    });
    h.advance(10_000);
    const rc = h.env.api.get(replicationControllerKind, 'default', 'nginx');
    expect(rc.status).toMatchObject({ replicas: 3, readyReplicas: 3, availableReplicas: 3 });
    expect(h.pods()[0]!.metadata.ownerReferences?.[0]).toMatchObject({ apiVersion: 'v1', kind: 'ReplicationController' });
    expect(h.run('kubectl get rc -o wide').stdout).toBe(
      'NAME    DESIRED   CURRENT   READY   AGE   CONTAINERS   IMAGES   SELECTOR\nnginx   3         3         3       10s   nginx        nginx    app=nginx\n',
    );
    expect(h.run('kubectl describe rc nginx').stdout).toContain('From                    Message');
    expect(h.run('kubectl scale rc nginx --replicas=1').stdout).toBe('replicationcontroller/nginx scaled\n');
    h.advance(0);
    expect(h.env.api.getScale(replicationControllerKind, 'default', 'nginx').status).toEqual({
      replicas: 1,
      selector: 'app=nginx',
    });
  });
});

describe('slowStartBatch', () => {
  it('runs batches of 1, 2, 4, … and stops after a failing batch', () => {
    let calls = 0;
    expect(slowStartBatch(10, 1, () => void calls++)).toEqual({ successes: 10 });
    expect(calls).toBe(10);
    calls = 0;
    const boom = new Error('boom');
    // Batches 1 and 2 succeed; the third call (first of the batch of 4) fails: that batch ends.
    const r = slowStartBatch(10, 1, () => {
      calls++;
      if (calls === 4) throw boom;
    });
    expect(r).toEqual({ successes: 6, error: boom });
    expect(calls).toBe(7);
  });
});

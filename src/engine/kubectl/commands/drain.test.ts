// kubectl drain on a real Cluster (kubelets run the pods and take their grace period to stop
// them): the filters and their grouped refusals, eviction through pods/eviction with 429
// retries, the 1 s wait for each pod, --timeout, --disable-eviction, dry runs, and cordon.

import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { evictionErrors } from '../../api/subresources/eviction';
import { nodeKind, podKind } from '../../api/kinds';
import { Cluster } from '../../cluster/cluster';
import { KUBELET_VERSION } from '../../kubelet/node-agent';
import type { KubectlEnv } from '../context';
import { runKubectl } from '../kubectl';
import { splitArgs } from '../../../protocol/script-parse';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  /** Both streams in order, each line stamped with the virtual seconds since the command began. */
  timeline: string;
}

function setup() {
  const cluster = new Cluster(1, { zones: 1, nodesPerZone: 2 });
  const env: KubectlEnv = {
    api: cluster.api,
    clock: cluster.clock,
    registry: cluster.api.registry,
    kubelets: cluster.kubelets,
    readManifest: () => undefined,
    version: { gitVersion: KUBELET_VERSION, major: '1', minor: '34' },
  };
  const { api, clock } = cluster;
  return {
    cluster,
    api,
    clock,
    run(line: string): Run {
      let stdout = '';
      let stderr = '';
      let timeline = '';
      const start = clock.now();
      const stamp = (stream: string, text: string) => {
        const at = `${(clock.now() - start) / 1000}s`;
        for (const l of text.replace(/\n$/, '').split('\n')) timeline += `${at} ${stream} ${l}\n`;
      };
      const code = runKubectl(
        splitArgs(line).slice(1),
        {
          out: (t) => {
            stdout += t;
            stamp('out', t);
          },
          err: (t) => {
            stderr += t;
            stamp('err', t);
          },
          stream: () => {},
        },
        env,
      );
      return { code, stdout, stderr, timeline };
    },
    pod(name: string, spec: Record<string, unknown>, metadata: Record<string, unknown> = {}): KObject {
      return api.create({
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name, namespace: 'default', ...metadata },
        spec: { nodeName: 'node-a1', ...spec },
      });
    },
    exists(name: string, namespace = 'default'): boolean {
      return api.tryGet(podKind, namespace, name) !== undefined;
    },
  };
}

type Setup = ReturnType<typeof setup>;

const nginx = { containers: [{ name: 'nginx', image: 'nginx:1.27' }] };
/** A shell running sleep: PID 1 ignores SIGTERM, so it takes the whole grace period. */
const sleeper = { containers: [{ name: 'app', image: 'busybox:1.36', command: ['sh', '-c', 'sleep 3600'] }] };
// Pods with a controller: a custom workload kind the garbage collector does not watch (a
// ReplicaSet named here without existing would be a dangling owner, and the pods collected).
const owned = (kind: string, name: string) => ({
  ownerReferences: [
    { apiVersion: kind === 'DaemonSet' ? 'apps/v1' : 'example.com/v1', kind, name, uid: `uid-${name}`, controller: true },
  ],
});

/** Pods: web (nginx) and two busybox sleepers in default / kube-system, none with a controller. */
function withUnmanagedPods(h: Setup): void {
  h.pod('web', nginx);
  h.pod('sleeper', sleeper);
  h.pod('tools', sleeper, { namespace: 'kube-system' });
  h.clock.advance(20_000);
}

describe('kubectl drain', () => {
  it('cordons, then refuses pods without a controller (grouped), evicting nothing', () => {
    const h = setup();
    withUnmanagedPods(h);
    const r = h.run('kubectl drain node-a1');
    expect(r.stdout).toBe('node/node-a1 cordoned\n');
    expect(r.stderr).toBe(
      'error: unable to drain node "node-a1" due to error: cannot delete Pods that declare no controller (use --force to override): default/sleeper, default/web, kube-system/tools, continuing command...\n' +
        'There are pending nodes to be drained:\n' +
        ' node-a1\n' +
        'cannot delete Pods that declare no controller (use --force to override): default/sleeper, default/web, kube-system/tools\n',
    );
    expect(r.code).toBe(1);
    expect(h.api.get(nodeKind, undefined, 'node-a1').spec.unschedulable).toBe(true);
    expect(['web', 'sleeper'].every((n) => h.exists(n)) && h.exists('tools', 'kube-system')).toBe(true);
  });

  it('with --force warns and evicts them, taking the time the pods take to stop', () => {
    const h = setup();
    withUnmanagedPods(h);
    const r = h.run('kubectl drain node-a1 --force');
    expect(r.code).toBe(0);
    expect(r.timeline).toBe(
      [
        '0s out node/node-a1 cordoned',
        '0s err Warning: deleting Pods that declare no controller: default/sleeper, default/web, kube-system/tools',
        '0s out pod/sleeper eviction started',
        '0s out evicting pod default/sleeper',
        '0s out pod/web eviction started',
        '0s out evicting pod default/web',
        '0s out pod/tools eviction started',
        '0s out evicting pod kube-system/tools',
        '1s out pod/web evicted',
        '30s out pod/sleeper evicted',
        '30s out pod/tools evicted',
        '30s out node/node-a1 drained',
        '',
      ].join('\n'),
    );
    expect(h.exists('sleeper')).toBe(false);
  });

  it('refuses pods with emptyDir unless --delete-emptydir-data (whose warning the next filter drops)', () => {
    const h = setup();
    h.pod('cache', { ...nginx, volumes: [{ name: 'tmp', emptyDir: {} }] }, owned('Workload', 'cache-rs'));
    h.pod('scratch', { ...nginx, volumes: [{ name: 'tmp', emptyDir: {} }] });
    h.clock.advance(10_000);
    const refused = h.run('kubectl drain node-a1');
    expect(refused.stderr).toBe(
      'error: unable to drain node "node-a1" due to error: cannot delete Pods with local storage (use --delete-emptydir-data to override): default/cache, default/scratch, continuing command...\n' +
        'There are pending nodes to be drained:\n' +
        ' node-a1\n' +
        'cannot delete Pods with local storage (use --delete-emptydir-data to override): default/cache, default/scratch\n',
    );
    const both = h.run('kubectl drain node-a1 --delete-emptydir-data');
    expect(both.stdout).toBe('node/node-a1 already cordoned\n');
    expect(both.stderr).toBe(
      'error: unable to drain node "node-a1" due to error: cannot delete Pods that declare no controller (use --force to override): default/scratch, continuing command...\n' +
        'There are pending nodes to be drained:\n' +
        ' node-a1\n' +
        'cannot delete Pods that declare no controller (use --force to override): default/scratch\n',
    );
    const ok = h.run('kubectl drain node-a1 --delete-emptydir-data --force');
    expect(ok.stderr).toBe('Warning: deleting Pods that declare no controller: default/scratch\n');
    expect(ok.stdout).toBe(
      'node/node-a1 already cordoned\npod/cache eviction started\nevicting pod default/cache\npod/scratch eviction started\nevicting pod default/scratch\npod/cache evicted\npod/scratch evicted\nnode/node-a1 drained\n',
    );
  });

  it('groups several refusals, one line each at the end', () => {
    const h = setup();
    h.pod('cache', { ...nginx, volumes: [{ name: 'tmp', emptyDir: {} }] }, owned('Workload', 'cache-rs'));
    h.pod('web', nginx);
    const r = h.run('kubectl drain node-a1');
    expect(r.stderr).toBe(
      'error: unable to drain node "node-a1" due to error: [cannot delete Pods with local storage (use --delete-emptydir-data to override): default/cache, cannot delete Pods that declare no controller (use --force to override): default/web], continuing command...\n' +
        'There are pending nodes to be drained:\n' +
        ' node-a1\n' +
        'cannot delete Pods with local storage (use --delete-emptydir-data to override): default/cache\n' +
        'cannot delete Pods that declare no controller (use --force to override): default/web\n',
    );
  });

  it('treats a pod of a missing DaemonSet as an error, or with --force deletes it', () => {
    const h = setup();
    // Drained at once: the garbage collector would soon delete a pod whose DaemonSet is gone.
    h.pod('agent-x1', nginx, owned('DaemonSet', 'agent'));
    const refused = h.run('kubectl drain node-a1 --ignore-daemonsets');
    expect(refused.stderr).toBe(
      'error: unable to drain node "node-a1" due to error: cannot delete daemonsets.apps "agent" not found: default/agent-x1, continuing command...\n' +
        'There are pending nodes to be drained:\n' +
        ' node-a1\n' +
        'cannot delete daemonsets.apps "agent" not found: default/agent-x1\n',
    );
    // The daemonSet filter's warning is overwritten by the later filters' "okay" (the pod has a
    // controller), exactly as upstream: nothing is printed about it.
    const forced = h.run('kubectl drain node-a1 --force');
    expect(forced.stderr).toBe('');
    expect(forced.stdout).toBe(
      'node/node-a1 already cordoned\npod/agent-x1 eviction started\nevicting pod default/agent-x1\npod/agent-x1 evicted\nnode/node-a1 drained\n',
    );
  });

  it('leaves the pods of an existing DaemonSet alone only with --ignore-daemonsets', () => {
    const h = setup();
    h.api.create({
      apiVersion: 'apps/v1',
      kind: 'DaemonSet',
      metadata: { name: 'agent', namespace: 'default' },
      spec: {
        selector: { matchLabels: { app: 'agent' } },
        template: { metadata: { labels: { app: 'agent' } }, spec: nginx },
      },
    });
    h.pod('web', nginx, owned('Workload', 'web-rs'));
    h.clock.advance(10_000);
    const agent = h.api
      .list(podKind, { namespace: 'default' })
      .items.find((p) => p.spec?.nodeName === 'node-a1' && p.metadata.name !== 'web')!.metadata.name;
    const refused = h.run('kubectl drain node-a1');
    expect(refused.stderr).toBe(
      `error: unable to drain node "node-a1" due to error: cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): default/${agent}, continuing command...\n` +
        'There are pending nodes to be drained:\n' +
        ' node-a1\n' +
        `cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): default/${agent}\n`,
    );
    const r = h.run('kubectl drain node-a1 --ignore-daemonsets');
    expect(r.stderr).toBe(`Warning: ignoring DaemonSet-managed Pods: default/${agent}\n`);
    expect(r.stdout).toBe(
      'node/node-a1 already cordoned\npod/web eviction started\nevicting pod default/web\npod/web evicted\nnode/node-a1 drained\n',
    );
    // The daemon pod stays: cordon's unschedulable taint is one it tolerates.
    h.clock.advance(60_000);
    expect(h.exists(agent ?? '')).toBe(true);
  });

  it('skips mirror pods silently, and finished pods need no controller', () => {
    const h = setup();
    h.pod('static-web', nginx, { annotations: { 'kubernetes.io/config.mirror': 'abc' } });
    const done = h.pod('job-done', { ...nginx, restartPolicy: 'Never' });
    h.api.updateStatus({ ...done, status: { ...done.status, phase: 'Succeeded' } });
    const r = h.run('kubectl drain node-a1');
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toBe(
      'node/node-a1 cordoned\npod/job-done eviction started\nevicting pod default/job-done\npod/job-done evicted\nnode/node-a1 drained\n',
    );
    expect(h.exists('static-web')).toBe(true);
  });

  it('gives up at --timeout, listing what is left', () => {
    const h = setup();
    h.pod('web', nginx);
    h.pod('sleeper', sleeper);
    h.clock.advance(20_000);
    const r = h.run('kubectl drain node-a1 --force --timeout=10s');
    expect(r.code).toBe(1);
    expect(r.timeline).toBe(
      [
        '0s out node/node-a1 cordoned',
        '0s err Warning: deleting Pods that declare no controller: default/sleeper, default/web',
        '0s out pod/sleeper eviction started',
        '0s out evicting pod default/sleeper',
        '0s out pod/web eviction started',
        '0s out evicting pod default/web',
        '1s out pod/web evicted',
        '10s err There are pending pods in node "node-a1" when an error occurred: error when waiting for pod "sleeper" in namespace "default" to terminate: context deadline exceeded',
        '10s err pod/sleeper',
        '10s err error: unable to drain node "node-a1" due to error: error when waiting for pod "sleeper" in namespace "default" to terminate: context deadline exceeded, continuing command...',
        '10s err There are pending nodes to be drained:',
        '10s err  node-a1',
        '10s err error when waiting for pod "sleeper" in namespace "default" to terminate: context deadline exceeded',
        '',
      ].join('\n'),
    );
    expect(h.exists('sleeper')).toBe(true);
  });

  it('stops waiting for (and later skips) pods marked for deletion long ago, with --skip-wait-for-delete-timeout', () => {
    const h = setup();
    // A finalizer keeps the pod after its kubelet is done with it.
    h.pod('held', nginx, { finalizers: ['example.com/hold'], ...owned('Workload', 'held-rs') });
    h.clock.advance(10_000);
    const r = h.run('kubectl drain node-a1 --skip-wait-for-delete-timeout=2');
    expect(r.timeline).toBe(
      [
        '0s out node/node-a1 cordoned',
        '0s out pod/held eviction started',
        '0s out evicting pod default/held',
        // nginx stops within a second and the kubelet's final delete moves deletionTimestamp to then.
        '3s out pod "held" has DeletionTimestamp older than 2 seconds, skipping',
        '3s out node/node-a1 drained',
        '',
      ].join('\n'),
    );
    // The next drain does not even list it.
    expect(h.run('kubectl drain node-a1 --skip-wait-for-delete-timeout=2').stdout).toBe(
      'node/node-a1 already cordoned\nnode/node-a1 drained\n',
    );
  });

  it('with --disable-eviction deletes instead, printing `deleted`', () => {
    const h = setup();
    h.pod('web', nginx, owned('Workload', 'web-rs'));
    h.pod('sleeper', sleeper, owned('Workload', 'sleeper-rs'));
    h.clock.advance(20_000);
    const r = h.run('kubectl drain node-a1 --disable-eviction --grace-period=5');
    expect(r.timeline).toBe(
      [
        '0s out node/node-a1 cordoned',
        '1s out pod/web deleted',
        '5s out pod/sleeper deleted',
        '5s out node/node-a1 drained',
        '',
      ].join('\n'),
    );
    const timedOut = setup();
    timedOut.pod('sleeper', sleeper, owned('Workload', 'sleeper-rs'));
    timedOut.clock.advance(20_000);
    const t = timedOut.run('kubectl drain node-a1 --disable-eviction --timeout=3s');
    expect(t.stderr).toBe(
      'There are pending pods in node "node-a1" when an error occurred: context deadline exceeded\n' +
        'pod/sleeper\n' +
        'error: unable to drain node "node-a1" due to error: context deadline exceeded, continuing command...\n' +
        'There are pending nodes to be drained:\n' +
        ' node-a1\n' +
        'error: context deadline exceeded\n',
    );
  });

  it('retries an eviction refused with 429 every 5 s, saying why on stderr', () => {
    const h = setup();
    h.pod('web', nginx, owned('Workload', 'web-rs'));
    h.clock.advance(20_000);
    let refusals = 2;
    h.api.disruptionBudgets = () =>
      refusals-- > 0 ? { allowed: false, error: evictionErrors.budgetViolated('web-pdb', 1, 1) } : { allowed: true };
    const r = h.run('kubectl drain node-a1');
    const refusal =
      `error when evicting pods/"web" -n "default" (will retry after 5s): ` +
      "Cannot evict pod as it would violate the pod's disruption budget.";
    expect(r.timeline).toBe(
      [
        '0s out node/node-a1 cordoned',
        '0s out evicting pod default/web',
        `0s err ${refusal}`,
        '5s out evicting pod default/web',
        `5s err ${refusal}`,
        '10s out pod/web eviction started',
        '10s out evicting pod default/web',
        '11s out pod/web evicted',
        '11s out node/node-a1 drained',
        '',
      ].join('\n'),
    );
  });

  it('stops retrying once --timeout has passed', () => {
    const h = setup();
    h.pod('web', nginx, owned('Workload', 'web-rs'));
    h.clock.advance(20_000);
    h.api.disruptionBudgets = () => ({ allowed: false, error: evictionErrors.budgetViolated('web-pdb', 1, 1) });
    const r = h.run('kubectl drain node-a1 --timeout=7s');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(
      'node/node-a1 cordoned\nevicting pod default/web\nevicting pod default/web\nevicting pod default/web\n',
    );
    expect(r.stderr.split('\n').slice(-3)).toEqual([
      ' node-a1',
      'error when evicting pods/"web" -n "default": global timeout reached: 7s',
      '',
    ]);
    expect(r.stderr).toContain(
      'There are pending pods in node "node-a1" when an error occurred: error when evicting pods/"web" -n "default": global timeout reached: 7s\npod/web\n',
    );
  });

  it('reports an eviction refused otherwise without retrying', () => {
    const h = setup();
    h.pod('web', nginx, owned('Workload', 'web-rs'));
    h.clock.advance(10_000); // Running: a Pending pod would skip the budgets
    h.api.disruptionBudgets = () => ({ allowed: false, error: evictionErrors.multipleBudgets() });
    const r = h.run('kubectl drain node-a1');
    expect(r.stderr).toBe(
      'There are pending pods in node "node-a1" when an error occurred: error when evicting pods/"web" -n "default": This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.\n' +
        'pod/web\n' +
        'error: unable to drain node "node-a1" due to error: error when evicting pods/"web" -n "default": This pod has more than one PodDisruptionBudget, which the eviction subresource does not support., continuing command...\n' +
        'There are pending nodes to be drained:\n' +
        ' node-a1\n' +
        'error when evicting pods/"web" -n "default": This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.\n',
    );
  });

  it('drains the other nodes when one fails', () => {
    const h = setup();
    h.pod('web', nginx);
    h.pod('api', nginx, owned('Workload', 'api-rs'));
    h.api.create({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'b-web', namespace: 'default', ...owned('Workload', 'b-rs') },
      spec: { nodeName: 'node-a2', ...nginx },
    });
    h.clock.advance(10_000);
    const r = h.run('kubectl drain node-a1 node-a2');
    expect(r.stdout).toBe(
      'node/node-a1 cordoned\nnode/node-a2 cordoned\npod/b-web eviction started\nevicting pod default/b-web\npod/b-web evicted\nnode/node-a2 drained\n',
    );
    expect(r.stderr).toBe(
      'error: unable to drain node "node-a1" due to error: cannot delete Pods that declare no controller (use --force to override): default/web, continuing command...\n' +
        'There are pending nodes to be drained:\n' +
        ' node-a1\n' +
        'cannot delete Pods that declare no controller (use --force to override): default/web\n',
    );
  });

  it('only considers the pods --pod-selector picks', () => {
    const h = setup();
    h.pod('web', nginx, { labels: { app: 'web' } });
    h.pod('db', nginx, { labels: { app: 'db' }, ...owned('Workload', 'db-rs') });
    const r = h.run('kubectl drain node-a1 --pod-selector=app=db');
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(h.exists('web')).toBe(true);
  });

  it('prints what it would do on a client dry run, and evicts nothing on a server one', () => {
    const h = setup();
    h.pod('web', nginx);
    h.clock.advance(10_000);
    const client = h.run('kubectl drain node-a1 --force --dry-run=client');
    expect(client.stdout).toBe(
      'node/node-a1 cordoned (dry run)\nevicting pod default/web (dry run)\nnode/node-a1 drained (dry run)\n',
    );
    expect(client.stderr).toBe('Warning: deleting Pods that declare no controller: default/web\n');
    const server = h.run('kubectl drain node-a1 --force --dry-run=server');
    expect(server.stdout).toBe(
      'node/node-a1 cordoned (server dry run)\nevicting pod default/web (server dry run)\nnode/node-a1 drained (server dry run)\n',
    );
    expect(h.api.get(nodeKind, undefined, 'node-a1').spec?.unschedulable).toBeUndefined();
    expect(h.api.get(podKind, 'default', 'web').metadata.deletionTimestamp).toBeUndefined();
  });

  it('refuses bad arguments the way kubectl does', () => {
    const h = setup();
    expect(h.run('kubectl drain')).toMatchObject({
      code: 1,
      stderr: "error: USAGE: drain NODE [flags]\nSee 'kubectl drain -h' for help and examples\n",
    });
    expect(h.run('kubectl drain node-a1 -l a=b').stderr).toBe(
      "error: cannot specify both a node name and a --selector option\nSee 'kubectl drain -h' for help and examples\n",
    );
    expect(h.run('kubectl drain node-a1 --timeout=abc').stderr).toBe(
      'Error: invalid argument "abc" for "--timeout" flag: time: invalid duration "abc"\nSee \'kubectl drain --help\' for usage.\n',
    );
    expect(h.run("kubectl drain node-a1 --pod-selector='a in ('").stderr).toBe(
      'error: --pod-selector=<pod_selector> must be a valid label selector\n',
    );
    expect(h.run('kubectl drain node-a1 --dry-run=foo').stderr).toBe(
      'error: Invalid dry-run value (foo). Must be "none", "server", or "client".\n',
    );
    expect(h.run('kubectl drain nope').stderr).toBe('Error from server (NotFound): nodes "nope" not found\n');
    expect(h.run('kubectl drain node-a1 --delete-local-data').stderr).toBe(
      "Error: unknown flag: --delete-local-data\nSee 'kubectl drain --help' for usage.\n",
    );
  });
});

describe('kubectl cordon / uncordon', () => {
  it('say what they did, or that there was nothing to do', () => {
    const h = setup();
    expect(h.run('kubectl cordon node-a1').stdout).toBe('node/node-a1 cordoned\n');
    expect(h.run('kubectl cordon node-a1 node-a2').stdout).toBe('node/node-a1 already cordoned\nnode/node-a2 cordoned\n');
    expect(h.run('kubectl uncordon node-a1').stdout).toBe('node/node-a1 uncordoned\n');
    expect(h.run('kubectl uncordon node-a1').stdout).toBe('node/node-a1 already uncordoned\n');
    expect(h.run('kubectl uncordon -l kubernetes.io/hostname=node-a2').stdout).toBe('node/node-a2 uncordoned\n');
    expect(h.run('kubectl cordon node-a1 --dry-run=client').stdout).toBe('node/node-a1 cordoned (dry run)\n');
    expect(h.run('kubectl cordon pod/x').stderr).toBe('error: expected resource of type node, got "v1, Resource=pods"\n');
    expect(h.run('kubectl cordon').stderr).toBe(
      "error: USAGE: cordon NODE [flags]\nSee 'kubectl cordon -h' for help and examples\n",
    );
  });
});

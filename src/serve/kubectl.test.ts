// The real kubectl binary against `kubeplay serve` (skipped where none is on the PATH; CI has
// one): the everyday commands, a watch while the clock runs, and the docs' node-failure and
// rolling-update walkthroughs. Table columns are the table converter's business (table/): these
// tests read names and fields, not column layouts.

import { execFile, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeKubeconfig } from './kubeconfig';
import type { RunningServer } from './server';
import { request, serveForTest } from './testing';

/** Whether a kubectl binary answers on the PATH (spawnSync reports a missing one as an error). */
function kubectlAvailable(): boolean {
  const probe = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8', timeout: 20_000 });
  return !probe.error && probe.status === 0;
}

const HAS_KUBECTL = kubectlAvailable();
const dir = mkdtempSync(join(tmpdir(), 'kubeplay-serve-kubectl-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

let configs = 0;

/** A kubeconfig for this server, in the test's own directory (with its own discovery cache). */
function kubeconfigFor(server: RunningServer): string {
  const file = join(dir, `config-${++configs}`);
  writeKubeconfig(file, server.url);
  return file;
}

function env(config: string): NodeJS.ProcessEnv {
  return { ...process.env, KUBECONFIG: config, KUBECACHEDIR: join(dir, 'cache') };
}

/** Runs kubectl without blocking this process (the server answers from the same event loop). */
function kubectl(config: string, args: string[], stdin?: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile('kubectl', args, { env: env(config), timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
    if (stdin !== undefined) child.stdin!.end(stdin);
  });
}

async function ok(config: string, args: string[], stdin?: string): Promise<string> {
  const run = await kubectl(config, args, stdin);
  if (run.code !== 0) throw new Error(`kubectl ${args.join(' ')} failed (${run.code}): ${run.stderr}`);
  return run.stdout;
}

async function until(check: () => Promise<boolean> | boolean, what: string, attempts = 200): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never saw ${what}`);
}

const DEPLOYMENT = readFileSync(join(__dirname, '../../public/examples/controllers/nginx-deployment.yaml'), 'utf8');

describe.skipIf(!HAS_KUBECTL)('kubeplay serve with the real kubectl', () => {
  it('gets, creates, applies (client- and server-side), describes, reads logs and deletes', async () => {
    const server = await serveForTest();
    const config = kubeconfigFor(server);
    const nodes = await ok(config, ['get', 'nodes', '-o', 'name']);
    expect(nodes).toBe(['a1', 'a2', 'b1', 'b2', 'c1', 'c2'].map((n) => `node/node-${n}\n`).join(''));
    expect(await ok(config, ['get', 'nodes'])).toMatch(/^NAME\b.*\nnode-a1\b/);

    expect(await ok(config, ['apply', '-f', '-'], DEPLOYMENT)).toBe('deployment.apps/nginx-deployment created\n');
    expect(await ok(config, ['apply', '-f', '-'], DEPLOYMENT)).toBe('deployment.apps/nginx-deployment unchanged\n');
    expect(await ok(config, ['apply', '-f', '-'], DEPLOYMENT.replace('replicas: 3', 'replicas: 2'))).toBe(
      'deployment.apps/nginx-deployment configured\n',
    );
    const bad = await kubectl(config, ['apply', '-f', '-'], DEPLOYMENT.replace('replicas: 3', 'replicass: 3'));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('strict decoding error: unknown field "spec.replicass"');

    const ssa = DEPLOYMENT.replace('name: nginx-deployment', 'name: ssa');
    expect(await ok(config, ['apply', '--server-side', '-f', '-'], ssa)).toBe('deployment.apps/ssa serverside-applied\n');
    expect(await ok(config, ['apply', '--server-side', '-f', '-'], ssa.replace('replicas: 3', 'replicas: 1'))).toBe(
      'deployment.apps/ssa serverside-applied\n',
    );
    expect(
      await ok(config, ['get', 'deploy', 'ssa', '-o', 'jsonpath={.spec.replicas} {.metadata.managedFields[0].manager}']),
    ).toBe('1 kubectl');

    // A typed client's request: protobuf on the wire.
    expect(await ok(config, ['create', 'namespace', 'team-a'])).toBe('namespace/team-a created\n');
    expect(
      await ok(config, [
        'run',
        'talker',
        '--image=busybox',
        '--restart=Never',
        '--',
        'sh',
        '-c',
        'echo one; echo two; echo three',
      ]),
    ).toBe('pod/talker created\n');
    server.simulation.step(30_000);
    expect(await ok(config, ['logs', 'talker'])).toBe('one\ntwo\nthree\n');
    expect(await ok(config, ['logs', 'talker', '--tail=1'])).toBe('three\n');
    expect(await ok(config, ['logs', 'talker', '--timestamps', '--tail=1'])).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z three\n$/);

    const described = await ok(config, ['describe', 'pod', 'talker']);
    expect(described).toMatch(/^Name: +talker\nNamespace: +default\n/);
    expect(described).toMatch(/Status: +Succeeded/);
    expect(described).toMatch(/Normal +Scheduled .* default-scheduler +Successfully assigned default\/talker to node-/);

    const explained = await ok(config, ['explain', 'pods.spec.containers.image']);
    expect(explained).toMatch(/^KIND: +Pod\nVERSION: +v1\n\nFIELD: +image <string>/);
    expect(await ok(config, ['explain', 'deployments.spec'])).toMatch(/GROUP: +apps\nKIND: +Deployment/);

    expect(await ok(config, ['delete', 'pod', 'talker'])).toBe('pod "talker" deleted\n');
    const gone = await kubectl(config, ['get', 'pod', 'talker']);
    expect([gone.code, gone.stderr]).toEqual([1, 'Error from server (NotFound): pods "talker" not found\n']);
    expect(await ok(config, ['auth', 'can-i', 'delete', 'pods'])).toBe('yes\n');
    expect(await ok(config, ['top', 'pod', '-l', 'app=nginx', '--no-headers'])).toMatch(/^nginx-deployment-\S+ +0m +0Mi +\n/);
    const exec = await kubectl(config, ['exec', 'deploy/ssa', '--', 'ls']);
    expect([exec.code, exec.stderr]).toEqual([
      1,
      'Error from server (BadRequest): kubeplay serve does not support exec: the containers are simulated, there is no process to stream to\n',
    ]);
  });

  it('streams kubectl get pods -w while the clock runs', async () => {
    const server = await serveForTest();
    const config = kubeconfigFor(server);
    const watch = spawn('kubectl', ['get', 'pods', '-w', '-o', 'name'], { env: env(config) });
    let output = '';
    watch.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await until(() => watch.pid !== undefined, 'kubectl starting');
      await new Promise((resolve) => setTimeout(resolve, 500));
      server.simulation.run('kubectl create deployment web --image=nginx --replicas=2');
      server.simulation.setSpeed(20);
      server.simulation.resume();
      await until(() => (output.match(/^pod\/web-/gm) ?? []).length >= 4, 'the pods being created and started');
      expect(new Set(output.trim().split('\n')).size).toBe(2);
    } finally {
      watch.kill();
    }
  });

  it('walks through a node failure: Unknown, tainted, pods evicted and replaced, back after a restart', async () => {
    const server = await serveForTest();
    const config = kubeconfigFor(server);
    await ok(config, ['create', 'deployment', 'web', '--image=nginx:1.14.2', '--replicas=6']);
    server.simulation.step(30_000);
    const placement = async () =>
      (
        await ok(config, [
          'get',
          'pods',
          '-o',
          'jsonpath={range .items[*]}{.spec.nodeName} {.status.phase} {.metadata.deletionTimestamp}{"\\n"}{end}',
        ])
      )
        .replace(/\n$/, '')
        .split('\n');
    expect((await placement()).filter((p) => p.startsWith('node-a1 '))).not.toHaveLength(0);

    const stopped = await request(server, 'POST', '/kubeplay/run', 'kubeplay node stop node-a1');
    expect(stopped.body).toContain('node/node-a1 stopped');
    await request(server, 'POST', '/kubeplay/clock/step?duration=60s');
    const ready = '{.status.conditions[?(@.type=="Ready")].status}';
    expect(await ok(config, ['get', 'node', 'node-a1', '-o', `jsonpath=${ready}`])).toBe('Unknown');
    const taints = await ok(config, [
      'get',
      'node',
      'node-a1',
      '-o',
      'jsonpath={range .spec.taints[*]}{.key}:{.effect}{"\\n"}{end}',
    ]);
    expect(taints.trim().split('\n').sort()).toEqual([
      'node.kubernetes.io/unreachable:NoExecute',
      'node.kubernetes.io/unreachable:NoSchedule',
    ]);
    expect(await ok(config, ['describe', 'node', 'node-a1'])).toMatch(/NodeNotReady +.*Node node-a1 status is now: NodeNotReady/);

    // The default tolerations end after 300 s: the pods there are evicted, replacements start elsewhere.
    await request(server, 'POST', '/kubeplay/clock/step?duration=6m');
    // The evicted pods stay Terminating on the powered-off node (no kubelet confirms); six others run.
    const after = await placement();
    const live = after.filter((p) => p.endsWith(' Running '));
    expect(live, after.join('\n')).toHaveLength(6);
    expect(live.every((p) => !p.startsWith('node-a1 '))).toBe(true);
    expect(after.filter((p) => p.startsWith('node-a1 ')).every((p) => !p.endsWith(' '))).toBe(true);
    const events = await ok(config, ['get', 'events', '--field-selector', 'reason=TaintManagerEviction', '-o', 'name']);
    expect(events).not.toBe('');

    await request(server, 'POST', '/kubeplay/run', 'kubeplay node start node-a1');
    await request(server, 'POST', '/kubeplay/clock/step?duration=30s');
    expect(await ok(config, ['get', 'node', 'node-a1', '-o', `jsonpath=${ready}`])).toBe('True');
  });

  it('walks through a Deployment rolling update, its history and an undo', { timeout: 120_000 }, async () => {
    const server = await serveForTest({ paused: false, speed: 50 });
    const config = kubeconfigFor(server);
    writeFileSync(join(dir, 'nginx-deployment.yaml'), DEPLOYMENT);
    await ok(config, ['apply', '-f', join(dir, 'nginx-deployment.yaml')]);
    expect(await ok(config, ['rollout', 'status', 'deployment/nginx-deployment'])).toMatch(
      /deployment "nginx-deployment" successfully rolled out\n$/,
    );
    expect(await ok(config, ['set', 'image', 'deployment/nginx-deployment', 'nginx=nginx:1.16.1'])).toBe(
      'deployment.apps/nginx-deployment image updated\n',
    );
    expect(await ok(config, ['rollout', 'status', 'deployment/nginx-deployment'])).toMatch(/successfully rolled out\n$/);
    const images = () => ok(config, ['get', 'pods', '-l', 'app=nginx', '-o', 'jsonpath={.items[*].spec.containers[0].image}']);
    await until(async () => (await images()) === 'nginx:1.16.1 nginx:1.16.1 nginx:1.16.1', 'the old pods gone');
    expect((await ok(config, ['get', 'rs', '-o', 'name'])).trim().split('\n')).toHaveLength(2);
    const history = await ok(config, ['rollout', 'history', 'deployment/nginx-deployment']);
    expect(history).toMatch(/REVISION +CHANGE-CAUSE\n1 +<none>\n2 +<none>\n/);
    expect(await ok(config, ['rollout', 'history', 'deployment/nginx-deployment', '--revision=2'])).toContain(
      'Image:\tnginx:1.16.1',
    );

    expect(await ok(config, ['rollout', 'undo', 'deployment/nginx-deployment'])).toBe(
      'deployment.apps/nginx-deployment rolled back\n',
    );
    expect(await ok(config, ['rollout', 'status', 'deployment/nginx-deployment'])).toMatch(/successfully rolled out\n$/);
    await until(async () => (await images()) === 'nginx:1.7.9 nginx:1.7.9 nginx:1.7.9', 'the rollback');

    expect(await ok(config, ['scale', 'deployment/nginx-deployment', '--replicas=5'])).toBe(
      'deployment.apps/nginx-deployment scaled\n',
    );
    await until(
      async () => (await ok(config, ['get', 'deploy', 'nginx-deployment', '-o', 'jsonpath={.status.readyReplicas}'])) === '5',
      'five ready replicas',
    );
    expect(await ok(config, ['describe', 'deployment', 'nginx-deployment'])).toMatch(
      /Normal +ScalingReplicaSet .*deployment-controller .*Scaled up replica set nginx-deployment-\w+ from 3 to 5/,
    );
  });
});

describe.skipIf(HAS_KUBECTL)('kubeplay serve with the real kubectl', () => {
  it('is skipped: no kubectl binary on the PATH', () => {});
});

// The CLI contract: `kubeplay run [--seed N] SCRIPT|-` prints the transcript; bad usage exits 2.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function kubeplay(args: string[], input?: string, preload: string[] = []) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', ...preload, 'src/cli/main.ts', ...args], {
    input,
    encoding: 'utf8',
  });
  return { stdout: result.stdout, stderr: result.stderr, status: result.status };
}

describe('kubeplay CLI', () => {
  it('runs a script from standard input, byte-identically per seed', () => {
    const script = 'kubectl get nodes\nkubectl get ns\n';
    const a = kubeplay(['run', '--seed', '3', '-'], script);
    expect(a.status).toBe(0);
    expect(a.stdout.match(/^node-[abc][12]\s+Ready/gm)).toHaveLength(6);
    expect(a.stdout).toContain('kube-node-lease   Active   0s');
    expect(kubeplay(['run', '--seed=3', '-'], script).stdout).toBe(a.stdout);
  });

  it('reads a script file and local manifests it applies', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kubeplay-'));
    writeFileSync(join(dir, 'ns.yaml'), 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: from-file\n');
    writeFileSync(join(dir, 'demo.kp'), `kubectl apply -f ${join(dir, 'ns.yaml')}\n`);
    const r = kubeplay(['run', join(dir, 'demo.kp')]);
    expect(r.stdout).toContain('namespace/from-file created');
  });

  it.each([
    [['run'], 'missing SCRIPT'],
    [['run', '--seed', 'x', '-'], '--seed expects a non-negative integer'],
    [['run', '/nonexistent/script.kp'], 'cannot read /nonexistent/script.kp'],
    [['frob'], 'unknown command "frob"'],
  ])('%j exits 2', (args, message) => {
    const r = kubeplay(args, '');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(message);
  });

  it('reports a script syntax error with its line and exits 2', () => {
    const r = kubeplay(['run', '-'], "kubectl get nodes\nkubectl get pods -l 'x\n");
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/kubeplay: stdin: line 2: /);
  });

  it('stops the script at a command that fails with an internal error and exits 1', () => {
    // The preload makes one command throw inside the engine, as a bug would.
    const planted = ['--import', './src/cli/testing/plant-internal-error.ts'];
    const script = 'kubectl get ns default\nkubectl get configmap planted-crash\nkubectl get nodes\n';
    const r = kubeplay(['run', '-'], script, planted);
    expect(r.stdout).toBe(
      '$ kubectl get ns default\nNAME      STATUS   AGE\ndefault   Active   0s\n' +
        '$ kubectl get configmap planted-crash\nerror: internal error: planted for the test\n',
    );
    expect(r.stderr).toBe('kubeplay: stdin: stopped at line 2: the command failed with an internal error\n');
    expect(r.status).toBe(1);
  });
});

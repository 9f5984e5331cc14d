// kubectl apply --server-side against the engine's API server: field managers, conflicts, force.

import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { Simulation } from '../../simulation';

const deployment = (replicas: number, image = 'nginx:1.27') => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: ${replicas}
  selector:
    matchLabels: { app: web }
  template:
    metadata:
      labels: { app: web }
    spec:
      containers:
        - name: web
          image: ${image}
`;

function session() {
  const files: Record<string, string> = {};
  const sim = new Simulation({ seed: 1, readFile: (path) => files[path] });
  const run = (line: string) => {
    let stdout = '';
    let stderr = '';
    const code = sim.openConsole((t, s) => (s === 'stdout' ? (stdout += t) : (stderr += t))).run(line);
    return { code, stdout, stderr };
  };
  const live = () =>
    JSON.parse(run('kubectl get deployment web -o json --show-managed-fields').stdout) as KObject & {
      metadata: { managedFields?: { manager: string; operation: string; fieldsV1: { 'f:spec': Record<string, unknown> } }[] };
    };
  return { files, run, live };
}

describe('kubectl apply --server-side', () => {
  it('creates, then applies, as field manager kubectl, printing serverside-applied', () => {
    const { files, run, live } = session();
    files['web.yaml'] = deployment(2);
    expect(run('kubectl apply --server-side -f web.yaml')).toEqual({
      code: 0,
      stdout: 'deployment.apps/web serverside-applied\n',
      stderr: '',
    });
    files['web.yaml'] = deployment(3);
    expect(run('kubectl apply --server-side -f web.yaml').stdout).toBe('deployment.apps/web serverside-applied\n');
    const managed = live().metadata.managedFields ?? [];
    expect(managed.map((m) => [m.manager, m.operation])).toEqual([['kubectl', 'Apply']]);
    expect(live().spec?.replicas).toBe(3);
    expect(live().metadata.annotations?.['kubectl.kubernetes.io/last-applied-configuration']).toBeUndefined();
    expect(run('kubectl apply --server-side --dry-run=server -f web.yaml').stdout).toBe(
      'deployment.apps/web serverside-applied (server dry run)\n',
    );
  });

  it("refuses to change another manager's field, names it, and takes it with --force-conflicts", () => {
    const { files, run, live } = session();
    files['web.yaml'] = deployment(2);
    run('kubectl apply --server-side -f web.yaml');
    files['other.yaml'] = deployment(5);
    const refused = run('kubectl apply --server-side --field-manager=ops -f other.yaml');
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(
      /^error: Apply failed with 1 conflict: conflict with "kubectl": \.spec\.replicas\nPlease review the fields above--they currently have other managers\./,
    );
    expect(refused.stderr).toContain('re-run the apply\n  command with the `--force-conflicts` flag.');
    expect(live().spec?.replicas).toBe(2);

    files['other.yaml'] = deployment(5, 'nginx:1.28');
    expect(run('kubectl apply --server-side --field-manager=ops -f other.yaml').stderr).toContain(
      'Apply failed with 2 conflicts: conflicts with "kubectl":\n- .spec.replicas\n- .spec.template.spec.containers[name="web"].image\n',
    );

    expect(run('kubectl apply --server-side --field-manager=ops --force-conflicts -f other.yaml').code).toBe(0);
    expect(live().spec?.replicas).toBe(5);
    const owners = (live().metadata.managedFields ?? []).map((m) => [m.manager, 'f:replicas' in m.fieldsV1['f:spec']]);
    expect(owners).toEqual([
      ['kubectl', false],
      ['ops', true],
    ]);
  });

  it('co-owns a field applied with the value it already has', () => {
    const { files, run } = session();
    files['web.yaml'] = deployment(2);
    run('kubectl apply --server-side -f web.yaml');
    expect(run('kubectl apply --server-side --field-manager=ops -f web.yaml')).toMatchObject({ code: 0, stderr: '' });
    // kubectl leaves replicas out: ops still owns it, so it stays
    files['web.yaml'] = deployment(2).replace('  replicas: 2\n', '');
    expect(run('kubectl apply --server-side -f web.yaml').code).toBe(0);
    expect(run("kubectl get deployment web -o jsonpath='{.spec.replicas}'").stdout).toBe('2');
  });

  it('checks --server-side against the other flags as kubectl does', () => {
    const { files, run } = session();
    files['web.yaml'] = deployment(2);
    expect(run('kubectl apply --force-conflicts -f web.yaml').stderr).toBe(
      'error: --force-conflicts only works with --server-side\n',
    );
    expect(run('kubectl apply --server-side --dry-run=client -f web.yaml').stderr).toBe(
      "error: --dry-run=client doesn't work with --server-side (did you mean --dry-run=server instead?)\n",
    );
    expect(run('kubectl apply --server-side --force -f web.yaml').stderr).toBe(
      'error: --force cannot be used with --server-side\n',
    );
  });
});

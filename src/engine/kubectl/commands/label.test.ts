// kubectl label through the console: outputs and errors as kubectl words them.

import { describe, expect, it } from 'vitest';
import { Simulation } from '../../simulation';
import { commands } from './index';
import { labelFlags, runLabel } from './label';

function harness() {
  commands.label ??= { flags: labelFlags, run: runLabel };
  const sim = new Simulation({ empty: true });
  const env = sim.kubectlEnv();
  for (const name of ['web-0', 'web-1']) {
    env.api.create({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name, labels: { app: 'nginx' } },
      spec: { containers: [{ name: 'c', image: 'nginx' }] },
    });
  }
  // Let the scheduler react (no nodes: it marks the pods unschedulable) before tests read them.
  sim.clock.runDue();
  const run = (line: string) => {
    let stdout = '';
    let stderr = '';
    const code = sim.openConsole((t, s) => (s === 'stdout' ? (stdout += t) : (stderr += t))).run(line);
    return { code, stdout, stderr };
  };
  const labels = (name: string) => env.api.get(env.registry.resolveResource('pods')!, 'default', name).metadata.labels;
  return { sim, env, run, labels };
}

const ok = (stdout: string) => ({ code: 0, stdout, stderr: '' });
const fail = (stderr: string, stdout = '') => ({ code: 1, stdout, stderr });

describe('kubectl label', () => {
  it('adds, refuses to overwrite, overwrites and removes labels', () => {
    const h = harness();
    expect(h.run('kubectl label pod web-0 tier=frontend')).toEqual(ok('pod/web-0 labeled\n'));
    expect(h.labels('web-0')).toEqual({ app: 'nginx', tier: 'frontend' });
    expect(h.run('kubectl label pod web-0 app=web')).toEqual(
      fail("error: 'app' already has a value (nginx), and --overwrite is false\n"),
    );
    expect(h.run('kubectl label pod web-0 app=web --overwrite')).toEqual(ok('pod/web-0 labeled\n'));
    expect(h.run('kubectl label pod web-0 app=web --overwrite')).toEqual(ok('pod/web-0 not labeled\n'));
    expect(h.run('kubectl label pod web-0 tier-')).toEqual(ok('pod/web-0 unlabeled\n'));
    expect(h.run('kubectl label pod web-0 tier-')).toEqual(ok('label "tier" not found.\npod/web-0 not labeled\n'));
    expect(h.labels('web-0')).toEqual({ app: 'web' });
  });

  it('prints one line per conflicting key', () => {
    const h = harness();
    h.run('kubectl label pod web-0 tier=a');
    expect(h.run('kubectl label pod web-0 app=x tier=b')).toEqual(
      fail(
        "'app' already has a value (nginx), and --overwrite is false\n'tier' already has a value (a), and --overwrite is false\n",
      ),
    );
  });

  it('labels every object a selector or --all picks', () => {
    const h = harness();
    expect(h.run('kubectl label pods -l app=nginx env=dev')).toEqual(ok('pod/web-0 labeled\npod/web-1 labeled\n'));
    expect(h.run('kubectl label pods --all env=prod --overwrite')).toEqual(ok('pod/web-0 labeled\npod/web-1 labeled\n'));
    expect(h.run('kubectl label pods -l app=none env=dev')).toEqual(ok(''));
  });

  it('continues past missing objects and reports them last', () => {
    const h = harness();
    expect(h.run('kubectl label pod web-0 nope web-1 a=b')).toEqual(
      fail('Error from server (NotFound): pods "nope" not found\n', 'pod/web-0 labeled\npod/web-1 labeled\n'),
    );
  });

  it('leaves the object alone with --dry-run', () => {
    const h = harness();
    expect(h.run('kubectl label pod web-0 a=b --dry-run=client')).toEqual(ok('pod/web-0 labeled\n'));
    expect(h.run('kubectl label pod web-0 a=b --dry-run=server')).toEqual(ok('pod/web-0 labeled\n'));
    expect(h.labels('web-0')).toEqual({ app: 'nginx' });
    expect(h.run('kubectl label pod web-0 a=b --dry-run=maybe')).toEqual(
      fail('error: Invalid dry-run value (maybe). Must be "none", "server", or "client".\n'),
    );
  });

  it('prints the labelled object with -o', () => {
    const h = harness();
    expect(h.run('kubectl label pod web-0 a=b -o name')).toEqual(ok('pod/web-0\n'));
    const yaml = h.run('kubectl label pod web-0 c=d -o yaml').stdout;
    expect(yaml).toContain('  labels:\n    a: b\n    app: nginx\n    c: d\n');
  });

  it('lists labels', () => {
    const h = harness();
    expect(h.run('kubectl label pod web-0 --list')).toEqual(ok('app=nginx\n'));
    expect(h.run('kubectl label pods --all --list')).toEqual(
      ok('Listing labels for Pod./web-0:\n app=nginx\nListing labels for Pod./web-1:\n app=nginx\n'),
    );
    expect(h.run('kubectl label pod web-0 --list -o yaml')).toEqual(
      fail('error: --list and --output may not be specified together\n'),
    );
  });

  it('honours --resource-version', () => {
    const h = harness();
    const rv = h.env.api.get(h.env.registry.resolveResource('pods')!, 'default', 'web-0').metadata.resourceVersion;
    expect(h.run('kubectl label pod web-0 a=b --resource-version=1')).toEqual(
      fail(
        'Error from server (Conflict): Operation cannot be fulfilled on pods "web-0": the object has been modified; please apply your changes to the latest version and try again\n',
      ),
    );
    expect(h.run(`kubectl label pod web-0 a=b --resource-version=${rv}`)).toEqual(ok('pod/web-0 labeled\n'));
    expect(h.run('kubectl label pods --all a=c --resource-version=1')).toEqual(
      fail('error: --resource-version may only be used with a single resource\n'),
    );
  });

  it('rejects bad arguments before contacting the server', () => {
    const h = harness();
    expect(h.run('kubectl label pod web-0').stderr).toBe('error: at least one label update is required\n');
    expect(h.run('kubectl label a=b').stderr).toBe(
      'error: one or more resources must be specified as <resource> <name> or <resource>/<name>\n',
    );
    expect(h.run('kubectl label pod web-0 a=b web-1').stderr).toBe(
      'error: all resources must be specified before label changes: web-1\n',
    );
    expect(h.run('kubectl label pod web-0 a=b=c').stderr).toBe('error: invalid label spec: a=b=c\n');
    expect(h.run('kubectl label pod web-0 a').stderr).toBe('error: at least one label update is required\n');
    expect(h.run('kubectl label pod web-0 a=b a-').stderr).toBe(
      'error: can not both modify and remove a label in the same command\n',
    );
    expect(h.run('kubectl label pods a=b').stderr).toBe('error: resource(s) were provided, but no name was specified\n');
    expect(h.run('kubectl label pods --all -l a=b c=d').stderr).toBe('error: cannot set --all and --selector at the same time\n');
    expect(h.run('kubectl label pod web-0 -l a=b c=d').stderr).toBe(
      'error: name cannot be provided when a selector is specified\n',
    );
    expect(h.run('kubectl label widget w a=b').stderr).toBe('error: the server doesn\'t have a resource type "widget"\n');
    expect(h.run('kubectl label pod web-0 a=-x-').stderr).toBe(
      "error: invalid label value: \"a=-x-\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')\n",
    );
  });

  it('leaves key validation to the API server', () => {
    const h = harness();
    const r = h.run('kubectl label pod web-0 a/b/c=x');
    expect(r.code).toBe(1);
    expect(r.stderr.startsWith('The Pod "web-0" is invalid: ')).toBe(true);
    expect(r.stderr).toContain(
      'metadata.labels: Invalid value: "a/b/c": a valid label key must consist of alphanumeric characters',
    );
    expect(h.labels('web-0')).toEqual({ app: 'nginx' });
  });
});

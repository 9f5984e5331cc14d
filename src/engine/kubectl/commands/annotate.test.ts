// kubectl annotate through the console.

import { describe, expect, it } from 'vitest';
import { Simulation } from '../../simulation';
import { annotateFlags, runAnnotate } from './annotate';
import { commands } from './index';

function harness() {
  commands.annotate ??= { flags: annotateFlags, run: runAnnotate };
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
  const run = (line: string) => {
    let stdout = '';
    let stderr = '';
    const code = sim.openConsole((t, s) => (s === 'stdout' ? (stdout += t) : (stderr += t))).run(line);
    return { code, stdout, stderr };
  };
  const annotations = (name: string) => env.api.get(env.registry.resolveResource('pods')!, 'default', name).metadata.annotations;
  return { run, annotations };
}

const ok = (stdout: string) => ({ code: 0, stdout, stderr: '' });
const fail = (stderr: string, stdout = '') => ({ code: 1, stdout, stderr });

describe('kubectl annotate', () => {
  it('adds, refuses to overwrite, overwrites and removes annotations', () => {
    const h = harness();
    expect(h.run("kubectl annotate pod web-0 description='my frontend' a=b=c")).toEqual(ok('pod/web-0 annotated\n'));
    expect(h.annotations('web-0')).toEqual({ description: 'my frontend', a: 'b=c' });
    expect(h.run('kubectl annotate pod web-0 description=x a=y')).toEqual(
      fail(
        "error: --overwrite is false but found the following declared annotation(s): 'description' already has a value (my frontend); 'a' already has a value (b=c)\n",
      ),
    );
    expect(h.run('kubectl annotate pod web-0 description=x --overwrite')).toEqual(ok('pod/web-0 annotated\n'));
    expect(h.run('kubectl annotate pod web-0 description- a-')).toEqual(ok('pod/web-0 annotated\n'));
    expect(h.annotations('web-0')).toEqual({});
    expect(h.run('kubectl annotate pod web-0 description-')).toEqual(ok('pod/web-0 annotated\n'));
  });

  it('always allows the change-cause annotation to be replaced', () => {
    const h = harness();
    h.run('kubectl annotate pod web-0 kubernetes.io/change-cause=one');
    expect(h.run('kubectl annotate pod web-0 kubernetes.io/change-cause=two')).toEqual(ok('pod/web-0 annotated\n'));
  });

  it('annotates by selector and says (dry run) when it does not persist', () => {
    const h = harness();
    expect(h.run('kubectl annotate pods -l app=nginx team=a --dry-run=client')).toEqual(
      ok('pod/web-0 annotated (dry run)\npod/web-1 annotated (dry run)\n'),
    );
    expect(h.run('kubectl annotate pods --all team=a --dry-run=server')).toEqual(
      ok('pod/web-0 annotated (server dry run)\npod/web-1 annotated (server dry run)\n'),
    );
    expect(h.annotations('web-0')).toBeUndefined();
  });

  it('lists annotations', () => {
    const h = harness();
    h.run('kubectl annotate pod web-0 b=2 a=1');
    expect(h.run('kubectl annotate pod web-0 --list')).toEqual(ok('a=1\nb=2\n'));
  });

  it('rejects bad arguments', () => {
    const h = harness();
    expect(h.run('kubectl annotate pod web-0').stderr).toBe('error: at least one annotation update is required\n');
    expect(h.run('kubectl annotate pod web-0 a=1 a-').stderr).toBe(
      'error: can not both modify and remove the following annotation(s) in the same command: a\n',
    );
    expect(h.run('kubectl annotate pod web-0 =x').stderr).toBe('error: at least one annotation update is required\n');
    expect(h.run('kubectl annotate pod web-0 a=1 -o wide').stderr).toBe(
      'error: unable to match a printer suitable for the output format "wide", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml\n',
    );
    expect(h.run('kubectl annotate pod nope a=1')).toEqual(fail('Error from server (NotFound): pods "nope" not found\n'));
  });
});

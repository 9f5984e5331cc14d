// kubectl patch through the console, and the encoding/json syntax messages it reproduces.

import { describe, expect, it } from 'vitest';
import { Simulation } from '../../simulation';
import { commands } from './index';
import { goJsonSyntaxError, patchFlags, runPatch } from './patch';

function harness() {
  commands.patch ??= { flags: patchFlags, run: runPatch };
  const sim = new Simulation({
    empty: true,
    readFile: (path) => (path === 'patch.yaml' ? 'metadata:\n  labels:\n    from: file\n' : undefined),
  });
  const env = sim.kubectlEnv();
  env.api.create({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web-0', labels: { app: 'nginx' } },
    spec: { containers: [{ name: 'c', image: 'nginx:1.26' }] },
  });
  const run = (line: string) => {
    let stdout = '';
    let stderr = '';
    const code = sim.openConsole((t, s) => (s === 'stdout' ? (stdout += t) : (stderr += t))).run(line);
    return { code, stdout, stderr };
  };
  const pod = () => env.api.get(env.registry.resolveResource('pods')!, 'default', 'web-0');
  return { run, pod };
}

const ok = (stdout: string) => ({ code: 0, stdout, stderr: '' });
const fail = (stderr: string) => ({ code: 1, stdout: '', stderr });

describe('kubectl patch', () => {
  it('applies a strategic merge patch and says when nothing changed', () => {
    const h = harness();
    const p = `'{"spec":{"containers":[{"name":"c","image":"nginx:1.27"}]}}'`;
    expect(h.run(`kubectl patch pod web-0 -p ${p}`)).toEqual(ok('pod/web-0 patched\n'));
    expect(h.pod().spec.containers[0].image).toBe('nginx:1.27');
    expect(h.run(`kubectl patch pod web-0 -p ${p}`)).toEqual(ok('pod/web-0 patched (no change)\n'));
  });

  it('accepts YAML, merge and JSON patches, and patch files', () => {
    const h = harness();
    expect(h.run("kubectl patch pod web-0 -p 'metadata: {labels: {tier: web}}'")).toEqual(ok('pod/web-0 patched\n'));
    expect(h.pod().metadata.labels).toEqual({ app: 'nginx', tier: 'web' });
    expect(h.run(`kubectl patch pod web-0 --type merge -p '{"metadata":{"labels":{"tier":null}}}'`)).toEqual(
      ok('pod/web-0 patched\n'),
    );
    expect(h.run(`kubectl patch pod web-0 --type=json -p '[{"op":"add","path":"/metadata/labels/x","value":"1"}]'`)).toEqual(
      ok('pod/web-0 patched\n'),
    );
    expect(h.run('kubectl patch pod/web-0 --patch-file patch.yaml')).toEqual(ok('pod/web-0 patched\n'));
    expect(h.pod().metadata.labels).toEqual({ app: 'nginx', x: '1', from: 'file' });
  });

  it('patches the status subresource', () => {
    const h = harness();
    expect(h.run(`kubectl patch pod web-0 --subresource=status -p '{"status":{"phase":"Running"}}'`)).toEqual(
      ok('pod/web-0 patched\n'),
    );
    expect(h.pod().status.phase).toBe('Running');
  });

  it('does not persist with --dry-run, and prints the patched object with -o', () => {
    const h = harness();
    expect(h.run(`kubectl patch pod web-0 -p '{"metadata":{"labels":{"a":"b"}}}' --dry-run=client`)).toEqual(
      ok('pod/web-0 patched\n'),
    );
    expect(h.run(`kubectl patch pod web-0 -p '{"metadata":{"labels":{"a":"b"}}}' --dry-run=server -o name`)).toEqual(
      ok('pod/web-0\n'),
    );
    expect(h.pod().metadata.labels).toEqual({ app: 'nginx' });
    const json = h.run(`kubectl patch pod web-0 -p '{"metadata":{"labels":{"a":"b"}}}' -o jsonpath='{.metadata.labels.a}'`);
    expect(json).toEqual(ok('b'));
  });

  it('lets the server reject malformed JSON with encoding/json messages', () => {
    const h = harness();
    expect(h.run("kubectl patch pod web-0 -p '{bad'")).toEqual(
      fail("Error from server (BadRequest): invalid character 'b' looking for beginning of object key string\n"),
    );
    expect(h.run("kubectl patch pod web-0 --type merge -p '{bad'")).toEqual(
      fail('Error from server (BadRequest): Invalid JSON Patch\n'),
    );
    expect(h.run("kubectl patch pod web-0 -p '{bad' --dry-run=client")).toEqual(
      fail("error: invalid character 'b' looking for beginning of object key string\n"),
    );
  });

  it('reports YAML it cannot read', () => {
    const h = harness();
    expect(h.run("kubectl patch pod web-0 -p 'spec: [a'")).toEqual(
      fail(`error: unable to parse "spec: [a": yaml: line 1: did not find expected ',' or ']'\n`),
    );
    expect(h.run("kubectl patch pod web-0 -p 'a: b: c'")).toEqual(
      fail('error: unable to parse "a: b: c": yaml: line 1: mapping values are not allowed in this context\n'),
    );
  });

  it('validates its flags first', () => {
    const h = harness();
    expect(h.run('kubectl patch pod web-0').stderr).toBe(
      'error: must specify --patch or --patch-file containing the contents of the patch\n',
    );
    expect(h.run("kubectl patch pod web-0 -p '{}' --patch-file x").stderr).toBe(
      'error: cannot specify --patch and --patch-file together\n',
    );
    expect(h.run("kubectl patch pod web-0 -p '{}' --type foo").stderr).toBe(
      'error: --type must be one of [json merge strategic], not "foo"\n',
    );
    expect(h.run("kubectl patch pod web-0 -p '{}' --subresource binding").stderr).toBe(
      'error: invalid subresource value: "binding". Must be one of [status scale]\n',
    );
    expect(h.run('kubectl patch pod web-0 --patch-file nope.yaml').stderr).toBe(
      'error: unable to read patch file: open nope.yaml: no such file or directory\n',
    );
    expect(h.run("kubectl patch pods -p '{}'").stderr).toBe('error: resource(s) were provided, but no name was specified\n');
    expect(h.run("kubectl patch -p '{}'").stderr).toBe(
      "error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'\n",
    );
    expect(h.run("kubectl patch pod nope -p '{}'")).toEqual(fail('Error from server (NotFound): pods "nope" not found\n'));
  });
});

describe('encoding/json syntax errors', () => {
  it.each([
    ['{"a":1}', undefined],
    ['[1, 2.5e3, -0, "x\\u00e9", true, null]', undefined],
    ['', 'unexpected end of JSON input'],
    ['{"a":', 'unexpected end of JSON input'],
    ['{a}', "invalid character 'a' looking for beginning of object key string"],
    ['{"a" 1}', "invalid character '1' after object key"],
    ['{"a":1 "b":2}', `invalid character '"' after object key:value pair`],
    ['[1 2]', "invalid character '2' after array element"],
    ['{"a":tru}', "invalid character '}' in literal true (expecting 'e')"],
    ['{"a":01}', "invalid character '1' after object key:value pair"],
    ['{"a":1.}', "invalid character '}' after decimal point in numeric literal"],
    ['{"a":"\\x"}', "invalid character 'x' in string escape code"],
    ['{"a":"\n"}', "invalid character '\\n' in string literal"],
    ['{} x', "invalid character 'x' after top-level value"],
    ["{'a':1}", "invalid character '\\'' looking for beginning of object key string"],
  ])('%s', (text, message) => {
    expect(goJsonSyntaxError(text)).toBe(message);
  });
});

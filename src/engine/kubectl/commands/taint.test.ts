// kubectl cordon / uncordon / taint: outputs and errors as kubectl words them.

import { describe, expect, it } from 'vitest';
import { nodeKind } from '../../api/kinds';
import { Simulation } from '../../simulation';
import { reorganizeTaints, parseTaints } from './taint';

function harness() {
  const sim = new Simulation({ zones: 1, nodesPerZone: 2 });
  const run = (line: string) => {
    let stdout = '';
    let stderr = '';
    const code = sim.openConsole((t, s) => (s === 'stdout' ? (stdout += t) : (stderr += t))).run(line);
    return { code, stdout, stderr };
  };
  const node = (name: string) => sim.cluster.api.get(nodeKind, undefined, name);
  return { sim, run, node };
}

const ok = (stdout: string) => ({ code: 0, stdout, stderr: '' });
const fail = (stderr: string, stdout = '') => ({ code: 1, stdout, stderr });

describe('kubectl cordon / uncordon', () => {
  it('sets and clears spec.unschedulable, saying when nothing changes', () => {
    const h = harness();
    expect(h.run('kubectl cordon node-a1')).toEqual(ok('node/node-a1 cordoned\n'));
    expect(h.node('node-a1').spec.unschedulable).toBe(true);
    expect(h.run('kubectl cordon node-a1')).toEqual(ok('node/node-a1 already cordoned\n'));
    expect(h.run('kubectl uncordon node-a1')).toEqual(ok('node/node-a1 uncordoned\n'));
    expect('unschedulable' in h.node('node-a1').spec).toBe(false);
    expect(h.run('kubectl uncordon node-a1')).toEqual(ok('node/node-a1 already uncordoned\n'));
    expect(h.run('kubectl cordon node-a1 node-a2 --dry-run=client')).toEqual(
      ok('node/node-a1 cordoned (dry run)\nnode/node-a2 cordoned (dry run)\n'),
    );
    expect(h.node('node-a2').spec.unschedulable).toBeUndefined();
    expect(h.run('kubectl cordon -l topology.kubernetes.io/zone=zone-a')).toEqual(
      ok('node/node-a1 cordoned\nnode/node-a2 cordoned\n'),
    );
  });

  it('refuses what kubectl refuses', () => {
    const h = harness();
    expect(h.run('kubectl cordon')).toEqual(
      fail("error: USAGE: cordon NODE [flags]\nSee 'kubectl cordon -h' for help and examples\n"),
    );
    expect(h.run('kubectl cordon nope')).toEqual(fail('Error from server (NotFound): nodes "nope" not found\n'));
    expect(h.run('kubectl uncordon node-a1 -l a=b')).toEqual(
      fail("error: cannot specify both a node name and a --selector option\nSee 'kubectl uncordon -h' for help and examples\n"),
    );
  });
});

describe('kubectl taint', () => {
  it('adds, refuses duplicates without --overwrite, overwrites and removes', () => {
    const h = harness();
    expect(h.run('kubectl taint nodes node-a1 dedicated=db:NoSchedule')).toEqual(ok('node/node-a1 tainted\n'));
    expect(h.node('node-a1').spec.taints).toEqual([{ key: 'dedicated', value: 'db', effect: 'NoSchedule' }]);
    expect(h.run('kubectl taint nodes node-a1 dedicated=web:NoSchedule')).toEqual(
      fail('error: node node-a1 already has dedicated taint(s) with same effect(s) and --overwrite is false\n'),
    );
    expect(h.run('kubectl taint nodes node-a1 dedicated=web:NoSchedule --overwrite')).toEqual(ok('node/node-a1 modified\n'));
    expect(h.run('kubectl taint node node-a1 gpu:NoExecute')).toEqual(ok('node/node-a1 tainted\n'));
    // New taints go first.
    expect(h.node('node-a1').spec.taints.map((t: { key: string }) => t.key)).toEqual(['gpu', 'dedicated']);
    expect(h.run('kubectl taint nodes node-a1 dedicated:NoSchedule-')).toEqual(ok('node/node-a1 untainted\n'));
    expect(h.run('kubectl taint nodes node-a1 dedicated:NoSchedule-')).toEqual(
      fail('error: taint "dedicated:NoSchedule" not found\n'),
    );
    expect(h.run('kubectl taint nodes node-a1 gpu-')).toEqual(ok('node/node-a1 untainted\n'));
    expect(h.node('node-a1').spec.taints).toBeUndefined();
    expect(h.run('kubectl taint nodes --all role=x:PreferNoSchedule')).toEqual(
      ok('node/node-a1 tainted\nnode/node-a2 tainted\n'),
    );
  });

  it.each<[string, string]>([
    ['kubectl taint nodes node-a1', 'error: at least one taint update is required\n'],
    [
      'kubectl taint nodes k=v:NoSchedule',
      "error: at least one resource name must be specified since 'all' parameter is not set\n",
    ],
    ['kubectl taint pods web k=v:NoSchedule', 'error: invalid resource type pods, only node types are supported\n'],
    [
      'kubectl taint nodes node-a1 k=v:Sometimes',
      "error: invalid taint effect: Sometimes, unsupported taint effect\nSee 'kubectl taint -h' for help and examples\n",
    ],
    [
      'kubectl taint nodes node-a1 k=v',
      "error: invalid taint spec: k=v, name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')\nSee 'kubectl taint -h' for help and examples\n",
    ],
    [
      'kubectl taint nodes node-a1 k=v:',
      "error: invalid taint effect: , unsupported taint effect\nSee 'kubectl taint -h' for help and examples\n",
    ],
    [
      'kubectl taint nodes node-a1 k=v:NoSchedule k-',
      'error: can not both modify and remove the following taint(s) in the same command: {"k":""}\n',
    ],
    [
      'kubectl taint nodes node-a1 k=v:NoSchedule node-a2',
      'error: all resources must be specified before taint changes: node-a2\n',
    ],
    ['kubectl taint nodes nope k=v:NoSchedule', 'Error from server (NotFound): nodes "nope" not found\n'],
    [
      'kubectl taint nodes --all -l a=b k=v:NoSchedule',
      "error: setting 'all' parameter with a non empty selector is prohibited\n",
    ],
  ])('%s', (line, stderr) => {
    expect(harness().run(line)).toEqual(fail(stderr));
  });

  it('computes the operation word as reorganizeTaints does', () => {
    const { add, remove } = parseTaints(['a=1:NoSchedule', 'b-']);
    const old = [{ key: 'b', effect: 'NoExecute' as const }];
    expect(reorganizeTaints(old, false, add, remove)).toEqual({
      operation: 'modified',
      taints: [{ key: 'a', value: '1', effect: 'NoSchedule' }],
      errors: [],
    });
  });
});

// FitError text (framework/types.go FitError.Error) by table.

import { describe, expect, it } from 'vitest';
import { fitErrorMessage, NOTE_LENGTH_LIMIT, truncateMessage, type FitError } from './fit-error';
import type { Status } from './framework/types';

const st = (code: Status['code'], ...reasons: string[]): Status => ({ code, reasons });

function fe(
  numAllNodes: number,
  explicit: [string, Status][],
  extra: Partial<FitError['diagnosis']> = {},
  absent?: Status,
): FitError {
  return {
    numAllNodes,
    diagnosis: { nodeToStatus: { explicit: new Map(explicit), absent }, unschedulablePlugins: new Set(), ...extra },
  };
}

describe('fitErrorMessage', () => {
  it.each<[string, FitError, string]>([
    [
      'one reason per node, histogram sorted as strings',
      fe(6, [
        ['a1', st('UnschedulableAndUnresolvable', 'node(s) were unschedulable')],
        ['a2', st('UnschedulableAndUnresolvable', "node(s) didn't match Pod's node affinity/selector")],
        ['b1', st('UnschedulableAndUnresolvable', 'node(s) had untolerated taint {dedicated: db}')],
        ['b2', st('UnschedulableAndUnresolvable', "node(s) didn't match Pod's node affinity/selector")],
        ['c1', st('UnschedulableAndUnresolvable', "node(s) didn't match Pod's node affinity/selector")],
        ['c2', st('UnschedulableAndUnresolvable', "node(s) didn't match Pod's node affinity/selector")],
      ]),
      "0/6 nodes are available: 1 node(s) had untolerated taint {dedicated: db}, 1 node(s) were unschedulable, 4 node(s) didn't match Pod's node affinity/selector.",
    ],
    [
      'every reason of a node counts; "10 …" sorts before "2 …"',
      fe(12, [
        ...Array.from({ length: 10 }, (_, i): [string, Status] => [`n${i}`, st('Unschedulable', 'Insufficient cpu')]),
        ['x', st('Unschedulable', 'Insufficient cpu', 'Insufficient memory')],
        ['y', st('Unschedulable', 'Insufficient memory')],
      ]),
      '0/12 nodes are available: 11 Insufficient cpu, 2 Insufficient memory.',
    ],
    [
      'nodes without a status count for the absent status',
      fe(
        5,
        [['a', st('Unschedulable', 'Too many pods')]],
        {},
        st('UnschedulableAndUnresolvable', "node(s) didn't satisfy plugin(s) [NodeAffinity]"),
      ),
      "0/5 nodes are available: 1 Too many pods, 4 node(s) didn't satisfy plugin(s) [NodeAffinity].",
    ],
    [
      'a PreFilter rejection replaces the histogram',
      fe(3, [], { preFilterMsg: 'pod has unbound immediate PersistentVolumeClaims' }, st('UnschedulableAndUnresolvable', 'x')),
      '0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims.',
    ],
    [
      'the PostFilter message follows without a period of its own',
      fe(
        3,
        [
          ['a', st('UnschedulableAndUnresolvable', 'node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }')],
          ['b', st('Unschedulable', 'Insufficient cpu')],
          ['c', st('Unschedulable', 'Insufficient cpu')],
        ],
        {
          postFilterMsg:
            'preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.',
        },
      ),
      '0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 Insufficient cpu. preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.',
    ],
    ['no statuses at all', fe(0, []), '0/0 nodes are available:'],
  ])('%s', (_name, err, want) => {
    expect(fitErrorMessage(err)).toBe(want);
  });

  it('truncates event notes at 1024 characters with " ..."', () => {
    expect(truncateMessage('short')).toBe('short');
    const long = 'x'.repeat(2000);
    const cut = truncateMessage(long);
    expect(cut.length).toBe(NOTE_LENGTH_LIMIT);
    expect(cut.endsWith('x ...')).toBe(true);
    expect(truncateMessage('y'.repeat(NOTE_LENGTH_LIMIT))).toBe('y'.repeat(NOTE_LENGTH_LIMIT));
  });
});

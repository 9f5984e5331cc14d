import { describe, expect, it } from 'vitest';
import type { Node } from '../../../k8s/types';
import { defaultNode } from '../defaulting/node';
import { validateNode, validateNodeStatusUpdate, validateNodeUpdate } from './node';
import { LABEL_VALUE_MSG, NAME_PART_MSG, SUBDOMAIN_MSG, messages } from './testing';

type Json = Record<string, any>;

function node(spec: Json = {}, metadata: Json = {}, status?: Json): Node {
  return defaultNode({
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: 'node-1', ...metadata },
    spec,
    ...(status ? { status } : {}),
  } as Node);
}

describe('validateNode', () => {
  it.each<[string, Node, string[]]>([
    ['valid', node({ taints: [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }] }), []],
    ['name is a subdomain', node({}, { name: 'Node_1' }), [`metadata.name: Invalid value: "Node_1": ${SUBDOMAIN_MSG}`]],
    ['namespace forbidden', node({}, { namespace: 'default' }), ['metadata.namespace: Forbidden: not allowed on this type']],
    [
      'taint effect required (under metadata.taints, sic)',
      node({ taints: [{ key: 'k' }] }),
      ['metadata.taints[0].effect: Required value'],
    ],
    [
      'taint effect value',
      node({ taints: [{ key: 'k', effect: 'NoRun' }] }),
      ['metadata.taints[0].effect: Unsupported value: "NoRun": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"'],
    ],
    [
      'taint key',
      node({ taints: [{ key: '', effect: 'NoSchedule' }] }),
      [
        'metadata.taints[0].key: Invalid value: "": name part must be non-empty',
        `metadata.taints[0].key: Invalid value: "": ${NAME_PART_MSG}`,
      ],
    ],
    [
      'taint value',
      node({ taints: [{ key: 'k', value: 'a b', effect: 'NoSchedule' }] }),
      [`metadata.taints[0].value: Invalid value: "a b": ${LABEL_VALUE_MSG}`],
    ],
    [
      'duplicate key and effect',
      node({
        taints: [
          { key: 'k', value: 'a', effect: 'NoSchedule' },
          { key: 'k', value: 'b', effect: 'NoSchedule' },
          { key: 'k', effect: 'NoExecute' },
        ],
      }),
      [
        'metadata.taints[1]: Duplicate value: {"Key":"k","Value":"b","Effect":"NoSchedule","TimeAdded":null}: taints must be unique by key and effect pair',
      ],
    ],
    [
      'podCIDR',
      node({ podCIDR: '10.244.0.0/33' }),
      ['spec.podCIDRs[0]: Invalid value: "10.244.0.0/33": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)'],
    ],
    [
      'two IPv4 podCIDRs',
      node({ podCIDRs: ['10.244.0.0/24', '10.244.0.0/24'] }),
      [
        'spec.podCIDRs: Invalid value: ["10.244.0.0/24","10.244.0.0/24"]: may specify no more than one CIDR for each IP family',
        'spec.podCIDRs[1]: Duplicate value: "10.244.0.0/24"',
      ],
    ],
    ['dual-stack podCIDRs', node({ podCIDRs: ['10.244.0.0/24', 'fd00:10:244::/64'] }), []],
    [
      'negative capacity',
      node({}, {}, { capacity: { cpu: '-1', pods: '1.5' } }),
      [
        'status.capacity.cpu: Invalid value: "-1": must be greater than or equal to 0',
        'status.capacity.pods: Invalid value: "1500m": must be an integer',
        'status.allocatable.cpu: Invalid value: "-1": must be greater than or equal to 0',
        'status.allocatable.pods: Invalid value: "1500m": must be an integer',
      ],
    ],
  ])('%s', (_, n, want) => {
    expect(messages(validateNode(n))).toEqual(want);
  });
});

describe('validateNodeUpdate', () => {
  const old = node({ podCIDR: '10.244.1.0/24', providerID: 'kind://node-1' }, { uid: 'u', resourceVersion: '3' });
  it.each<[string, Json, string[]]>([
    ['unschedulable may change', { unschedulable: true }, []],
    ['taints may change', { taints: [{ key: 'k', effect: 'NoSchedule' }] }, []],
    [
      'podCIDR may not change',
      { podCIDR: '10.244.2.0/24', podCIDRs: undefined },
      ['spec.podCIDRs: Forbidden: node updates may not change podCIDR except from "" to valid'],
    ],
    [
      'providerID may not change',
      { providerID: 'kind://other' },
      ['spec.providerID: Forbidden: node updates may not change providerID except from "" to valid'],
    ],
    [
      'taint errors show twice (ValidateNode and ValidateNodeUpdate)',
      { taints: [{ key: 'k' }] },
      ['metadata.taints[0].effect: Required value', 'metadata.taints[0].effect: Required value'],
    ],
  ])('%s', (_, spec, want) => {
    const n = { ...old, spec: { ...old.spec, ...spec } } as Node;
    expect(messages(validateNodeUpdate(defaultNode(n), old))).toEqual(want);
  });

  it('podCIDR may be set once', () => {
    const fresh = node({}, { uid: 'u', resourceVersion: '3' });
    expect(messages(validateNodeUpdate(node({ podCIDR: '10.244.3.0/24' }, { uid: 'u', resourceVersion: '3' }), fresh))).toEqual(
      [],
    );
  });

  it('status writes check duplicate addresses', () => {
    const addr = { type: 'InternalIP', address: '172.18.0.2' };
    const n = { ...old, status: { addresses: [addr, addr] } } as Node;
    expect(messages(validateNodeStatusUpdate(n, old))).toEqual([
      'status.addresses[1]: Duplicate value: {"Type":"InternalIP","Address":"172.18.0.2"}',
    ]);
  });
});

// kubectl api-resources over the kinds this build serves.

import { describe, expect, it } from 'vitest';
import { eventKind, leaseKind, namespaceKind, nodeKind, podKind } from '../../api/kinds';
import { KindRegistry } from '../../api/kinds/registry';
import { Simulation } from '../../simulation';
import type { KubectlEnv } from '../context';
import { parseFlags } from '../flags';
import { apiResourcesFlags, runApiResources } from './api-resources';
import { commands } from './index';

function harness() {
  commands['api-resources'] ??= { flags: apiResourcesFlags, run: runApiResources };
  const sim = new Simulation({ empty: true });
  return (line: string) => {
    let stdout = '';
    let stderr = '';
    const code = sim.openConsole((t, s) => (s === 'stdout' ? (stdout += t) : (stderr += t))).run(line);
    return { code, stdout, stderr };
  };
}

/** Runs against a registry of exactly the first five kinds, so exact tables do not depend on later kinds. */
function fixed(argv: string[]) {
  const registry = new KindRegistry();
  for (const def of [namespaceKind, nodeKind, podKind, eventKind, leaseKind]) registry.register(def);
  let stdout = '';
  const io = { out: (t: string) => (stdout += t), err: () => {}, stream: () => {} };
  const code = runApiResources(parseFlags(argv, apiResourcesFlags), io, { registry } as unknown as KubectlEnv);
  return { code, stdout };
}

describe('kubectl api-resources', () => {
  it('lists resources sorted by group, then name', () => {
    const out = harness()('kubectl api-resources').stdout.split('\n');
    expect(out[0]).toMatch(/^NAME +SHORTNAMES +APIVERSION +NAMESPACED +KIND$/);
    const names = out.slice(1, -1).map((l) => l.split(/ +/)[0]);
    const groups = out
      .slice(1, -1)
      .map((l) => (l.split(/ +/).find((c) => /^([a-z0-9.-]+\/)?v\d/.test(c)) ?? '').split('/').slice(0, -1).join('/'));
    const sorted = names
      .map((n, i) => [groups[i], n])
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
    expect(names).toEqual(sorted.map((x) => x[1]));
    expect(out.find((l) => l.startsWith('pods '))).toMatch(/^pods +po +v1 +true +Pod$/);
    expect(out.find((l) => l.startsWith('leases '))).toMatch(/^leases +coordination\.k8s\.io\/v1 +true +Lease$/);
  });

  it('prints exactly like kubectl', () => {
    expect(fixed([]).stdout).toBe(
      [
        'NAME         SHORTNAMES   APIVERSION               NAMESPACED   KIND',
        'events       ev           v1                       true         Event',
        'namespaces   ns           v1                       false        Namespace',
        'nodes        no           v1                       false        Node',
        'pods         po           v1                       true         Pod',
        'leases                    coordination.k8s.io/v1   true         Lease',
        '',
      ].join('\n'),
    );
    expect(fixed(['--api-group=']).stdout).toBe(
      [
        'NAME         SHORTNAMES   APIVERSION   NAMESPACED   KIND',
        'events       ev           v1           true         Event',
        'namespaces   ns           v1           false        Namespace',
        'nodes        no           v1           false        Node',
        'pods         po           v1           true         Pod',
        '',
      ].join('\n'),
    );
  });

  it('adds verbs and categories with -o wide', () => {
    const out = harness()('kubectl api-resources -o wide --api-group=coordination.k8s.io').stdout;
    expect(out).toBe(
      [
        'NAME     SHORTNAMES   APIVERSION               NAMESPACED   KIND    VERBS                                                        CATEGORIES',
        'leases                coordination.k8s.io/v1   true         Lease   create,delete,deletecollection,get,list,patch,update,watch   ',
        '',
      ].join('\n'),
    );
  });

  it('filters by scope, verbs and category, and prints names', () => {
    const run = (line: string) => fixed(line.split(' ').slice(2));
    expect(run('kubectl api-resources --namespaced=false -o name').stdout).toBe('namespaces\nnodes\n');
    expect(run('kubectl api-resources --sort-by=kind -o name').stdout).toBe(
      'events\nleases.coordination.k8s.io\nnamespaces\nnodes\npods\n',
    );
    expect(run('kubectl api-resources --verbs=deletecollection --namespaced=false -o name --api-group=').stdout).toBe('nodes\n');
    expect(run('kubectl api-resources --categories=all -o name --api-group=').stdout).toBe('pods\n');
    expect(run('kubectl api-resources -o name --api-group=coordination.k8s.io').stdout).toBe('leases.coordination.k8s.io\n');
    expect(run('kubectl api-resources --no-headers --api-group=coordination.k8s.io').stdout).toBe(
      'leases         coordination.k8s.io/v1   true   Lease\n',
    );
  });

  it('prints an APIResourceList with -o json', () => {
    const out = harness()('kubectl api-resources -o json --api-group=coordination.k8s.io').stdout;
    expect(JSON.parse(out)).toEqual({
      kind: 'APIResourceList',
      apiVersion: 'v1',
      groupVersion: '',
      resources: [
        {
          name: 'leases',
          singularName: 'lease',
          namespaced: true,
          group: 'coordination.k8s.io',
          version: 'v1',
          kind: 'Lease',
          verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'],
          storageVersionHash: 'gqkMMb/YqFM=',
        },
      ],
    });
    expect(out.startsWith('{\n    "kind": "APIResourceList",\n    "apiVersion": "v1",\n')).toBe(true);
  });

  it('rejects arguments and unknown formats', () => {
    const run = harness();
    expect(run('kubectl api-resources pods')).toEqual({
      code: 1,
      stdout: '',
      stderr: "error: unexpected arguments: [pods]\nSee 'kubectl api-resources -h' for help and examples\n",
    });
    expect(run('kubectl api-resources -o table').stderr).toBe(
      'error: unable to match a printer suitable for the output format "table", allowed formats are: json,name,wide,yaml\n',
    );
    expect(run('kubectl api-resources --sort-by=group').stderr).toBe('error: --sort-by accepts only name or kind\n');
  });

  it('lists the group versions served without storage: the self reviews and metrics', () => {
    const run = harness();
    expect(run('kubectl api-resources --api-group=authorization.k8s.io -o wide').stdout).toBe(
      [
        'NAME                       SHORTNAMES   APIVERSION                NAMESPACED   KIND                      VERBS    CATEGORIES',
        'selfsubjectaccessreviews                authorization.k8s.io/v1   false        SelfSubjectAccessReview   create   ',
        'selfsubjectrulesreviews                 authorization.k8s.io/v1   false        SelfSubjectRulesReview    create   ',
        '',
      ].join('\n'),
    );
    expect(run('kubectl api-resources --verbs=list -o name').stdout).toContain('nodes.metrics.k8s.io\npods.metrics.k8s.io\n');
  });
});

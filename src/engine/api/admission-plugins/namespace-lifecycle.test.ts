import { describe, expect, it } from 'vitest';
import { expectApiError, leaseManifest, namespaceManifest, newCluster, podManifest } from '../apiserver-test-fixtures';
import { namespaceKind, nodeKind, podKind } from '../kinds';
import { IMMORTAL_NAMESPACES, namespaceLifecycle } from './namespace-lifecycle';

describe('NamespaceLifecycle', () => {
  it('protects exactly default, kube-system and kube-public', () => {
    expect([...IMMORTAL_NAMESPACES].sort()).toEqual(['default', 'kube-public', 'kube-system']);
  });

  it('a non-system namespace such as kube-node-lease can be deleted', () => {
    const { api } = newCluster();
    expect(api.delete(namespaceKind, undefined, 'kube-node-lease').object.status.phase).toBe('Terminating');
  });

  function plugin() {
    const cluster = newCluster();
    cluster.api.create(namespaceManifest('team'));
    cluster.api.create(podManifest('stay', { namespace: 'team', nodeName: 'n1' }));
    return { ...cluster, lifecycle: namespaceLifecycle(cluster.api) };
  }

  it.each([
    ['CREATE in an existing namespace', 'CREATE', 'team', undefined],
    ['UPDATE in an existing namespace', 'UPDATE', 'team', undefined],
    ['DELETE in a missing namespace', 'DELETE', 'ghost', undefined],
    ['CREATE in a missing namespace', 'CREATE', 'ghost', 'namespaces "ghost" not found'],
    ['UPDATE in a missing namespace', 'UPDATE', 'ghost', 'namespaces "ghost" not found'],
  ] as const)('%s', (_what, operation, namespace, message) => {
    const { lifecycle } = plugin();
    const request = { operation, kind: podKind, namespace, name: 'p', object: podManifest('p', { namespace }) };
    if (message) expectApiError(() => lifecycle.admit!(request), { code: 404, message });
    else expect(lifecycle.admit!(request)).toBeUndefined();
  });

  it('refuses creates but allows updates and deletes in a terminating namespace', () => {
    const { api, lifecycle } = plugin();
    api.delete(namespaceKind, undefined, 'team');
    const base = { kind: podKind, namespace: 'team', name: 'p', object: podManifest('p', { namespace: 'team' }) };
    expectApiError(() => lifecycle.admit!({ ...base, operation: 'CREATE' }), { code: 403 });
    expect(lifecycle.admit!({ ...base, operation: 'UPDATE' })).toBeUndefined();
    expect(lifecycle.admit!({ ...base, operation: 'DELETE' })).toBeUndefined();
  });

  it('ignores cluster-scoped objects', () => {
    const { lifecycle } = plugin();
    expect(
      lifecycle.admit!({
        operation: 'CREATE',
        kind: nodeKind,
        namespace: '',
        name: 'n',
        object: { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n' } },
      }),
    ).toBeUndefined();
  });

  it('names a generated object by its generateName', () => {
    const { api } = plugin();
    api.delete(namespaceKind, undefined, 'team');
    expectApiError(() => api.create({ ...leaseManifest('', 'team'), metadata: { generateName: 'lease-', namespace: 'team' } }), {
      message:
        'leases.coordination.k8s.io "lease-" is forbidden: unable to create new content in namespace team because it is being terminated',
    });
  });
});

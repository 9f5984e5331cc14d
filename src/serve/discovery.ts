// Discovery as kube-apiserver serves it: /api and /apis (legacy lists, or the aggregated
// apidiscovery.k8s.io v2 / v2beta1 document when the Accept header asks for one, as kubectl 1.27+
// does), /apis/GROUP and each group version's APIResourceList — all from the engine's kind
// registry, with the subresources this server answers.

import type { KindDefinition } from '../engine/api/kinds/kind-definition';
import type { KindRegistry } from '../engine/api/kinds/registry';
import { toResource } from '../engine/kubectl/commands/api-resources';
import type { MediaRange } from './http';
import type { NonStoredGroupVersion } from '../engine/api/kinds/non-stored-groups';

/** kube-apiserver's group priority order (the order /apis lists groups in). */
const GROUP_ORDER = [
  'apps',
  'events.k8s.io',
  'authentication.k8s.io',
  'authorization.k8s.io',
  'autoscaling',
  'batch',
  'certificates.k8s.io',
  'networking.k8s.io',
  'policy',
  'rbac.authorization.k8s.io',
  'storage.k8s.io',
  'admissionregistration.k8s.io',
  'apiextensions.k8s.io',
  'scheduling.k8s.io',
  'coordination.k8s.io',
  'node.k8s.io',
  'discovery.k8s.io',
];

interface SubresourceInfo {
  name: string;
  kind: string;
  group?: string;
  version?: string;
  verbs: string[];
}

const READ_WRITE = ['get', 'patch', 'update'];

/** The subresources this server answers for a kind (exec and friends answer "not supported"). */
export function subresourcesOf(def: KindDefinition): SubresourceInfo[] {
  const subs: SubresourceInfo[] = [];
  const isCore = def.group === '';
  if (isCore && def.kind === 'Pod') {
    subs.push(
      { name: 'attach', kind: 'PodAttachOptions', verbs: ['create', 'get'] },
      { name: 'binding', kind: 'Binding', verbs: ['create'] },
      { name: 'ephemeralcontainers', kind: 'Pod', verbs: READ_WRITE },
      { name: 'eviction', kind: 'Eviction', group: 'policy', version: 'v1', verbs: ['create'] },
      { name: 'exec', kind: 'PodExecOptions', verbs: ['create', 'get'] },
      { name: 'log', kind: 'Pod', verbs: ['get'] },
      { name: 'portforward', kind: 'PodPortForwardOptions', verbs: ['create', 'get'] },
    );
  }
  if (isCore && def.kind === 'Namespace') subs.push({ name: 'finalize', kind: 'Namespace', verbs: ['update'] });
  if (def.scale) subs.push({ name: 'scale', kind: 'Scale', group: 'autoscaling', version: 'v1', verbs: READ_WRITE });
  if (def.hasStatus) subs.push({ name: 'status', kind: def.kind, verbs: READ_WRITE });
  return subs.sort((a, b) => (a.name < b.name ? -1 : 1));
}

function groupRank(group: string): number {
  if (group === '') return -1;
  return GROUP_ORDER.includes(group) ? GROUP_ORDER.indexOf(group) : GROUP_ORDER.length;
}

export interface GroupVersion {
  group: string;
  version: string;
  kinds: KindDefinition[];
}

/** The served group versions: the core group first, then the groups in kube-apiserver's order. */
export function groupVersions(registry: KindRegistry): GroupVersion[] {
  const byKey = new Map<string, GroupVersion>();
  for (const def of registry.kinds()) {
    const key = `${def.group}/${def.version}`;
    let gv = byKey.get(key);
    if (!gv) byKey.set(key, (gv = { group: def.group, version: def.version, kinds: [] }));
    gv.kinds.push(def);
  }
  const list = [...byKey.values()].sort((a, b) => groupRank(a.group) - groupRank(b.group) || (a.group < b.group ? -1 : 1));
  for (const gv of list) gv.kinds.sort((a, b) => (a.plural < b.plural ? -1 : a.plural > b.plural ? 1 : 0));
  return list;
}

function groupVersionText(group: string, version: string): string {
  return group ? `${group}/${version}` : version;
}

/** GET /api/v1, /apis/G/V: the metav1.APIResourceList. */
export function apiResourceList(gv: GroupVersion): object {
  const resources: object[] = [];
  for (const def of gv.kinds) {
    // Discovery names the group and version of an entry only where they differ from the list's.
    const { group: _group, version: _version, ...resource } = toResource(def);
    void _group;
    void _version;
    resources.push(resource);
    for (const sub of subresourcesOf(def)) {
      const entry: Record<string, unknown> = { name: `${def.plural}/${sub.name}`, singularName: '', namespaced: def.namespaced };
      if (sub.group !== undefined) entry.group = sub.group;
      if (sub.version !== undefined) entry.version = sub.version;
      entry.kind = sub.kind;
      entry.verbs = sub.verbs;
      resources.push(entry);
    }
  }
  return { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: groupVersionText(gv.group, gv.version), resources };
}

/** GET /api: the legacy APIVersions. */
export function apiVersions(serverAddress: string): object {
  return {
    kind: 'APIVersions',
    versions: ['v1'],
    serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress }],
  };
}

function apiGroup(group: string, gvs: { version: string }[]): object {
  const versions = gvs.map((gv) => ({ groupVersion: groupVersionText(group, gv.version), version: gv.version }));
  return { name: group, versions, preferredVersion: versions[0] };
}

/** The named groups with their versions, in kube-apiserver's order (the authorization reviews included). */
function namedGroups(registry: KindRegistry): [string, { version: string }[]][] {
  const groups = new Map<string, { version: string }[]>();
  for (const gv of groupVersions(registry)) {
    if (gv.group === '') continue;
    groups.set(gv.group, [...(groups.get(gv.group) ?? []), gv]);
  }
  for (const side of registry.nonStoredGroupVersions()) groups.set(side.group, [{ version: side.version }]);
  return [...groups].sort(([a], [b]) => groupRank(a) - groupRank(b) || (a < b ? -1 : 1));
}

/** GET /apis: the APIGroupList (every group but the core one). */
export function apiGroupList(registry: KindRegistry): object {
  return { kind: 'APIGroupList', apiVersion: 'v1', groups: namedGroups(registry).map(([g, gvs]) => apiGroup(g, gvs)) };
}

/** GET /apis/GROUP: one APIGroup, or undefined when the group is not served. */
export function apiGroupOf(registry: KindRegistry, group: string): object | undefined {
  const found = namedGroups(registry).find(([g]) => g === group);
  return found ? { kind: 'APIGroup', apiVersion: 'v1', ...apiGroup(group, found[1]) } : undefined;
}

/** GET /apis/GROUP/VERSION of a group version served without storage. */
export function sideResourceList(side: NonStoredGroupVersion): object {
  return { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: `${side.group}/${side.version}`, resources: side.resources };
}

/** The aggregated discovery version a client asks for first, if any (`v2`, `v2beta1`). */
export function aggregatedDiscoveryVersion(accept: MediaRange[]): 'v2' | 'v2beta1' | undefined {
  for (const range of accept) {
    if (range.params.as === 'APIGroupDiscoveryList' && range.params.g === 'apidiscovery.k8s.io') {
      if (range.params.v === 'v2' || range.params.v === 'v2beta1') return range.params.v;
      continue;
    }
    return undefined;
  }
  return undefined;
}

export function aggregatedContentType(version: 'v2' | 'v2beta1'): string {
  return `application/json;g=apidiscovery.k8s.io;v=${version};as=APIGroupDiscoveryList`;
}

/** apidiscoveryv2.APIResourceDiscovery of a kind. */
function resourceDiscovery(def: KindDefinition): object {
  const r = toResource(def);
  const entry: Record<string, unknown> = {
    resource: def.plural,
    responseKind: { group: def.group, version: def.version, kind: def.kind },
    scope: def.namespaced ? 'Namespaced' : 'Cluster',
    singularResource: def.singular,
    verbs: r.verbs,
  };
  if (r.shortNames) entry.shortNames = r.shortNames;
  if (r.categories) entry.categories = r.categories;
  const subs = subresourcesOf(def);
  if (subs.length > 0) {
    entry.subresources = subs.map((s) => ({
      subresource: s.name,
      responseKind: { group: s.group ?? def.group, version: s.version ?? def.version, kind: s.kind },
      verbs: s.verbs,
    }));
  }
  return entry;
}

/**
 * GET /api or /apis with the aggregated Accept: an APIGroupDiscoveryList of the core group
 * (`legacy`) or of every other group.
 */
export function aggregatedDiscovery(registry: KindRegistry, legacy: boolean, version: 'v2' | 'v2beta1'): object {
  const all = groupVersions(registry);
  const groups: [string, object[]][] = legacy
    ? [['', versionsDiscovery(all.filter((gv) => gv.group === ''))]]
    : namedGroups(registry).map(([group]) => [
        group,
        sideDiscovery(registry, group) ?? versionsDiscovery(all.filter((gv) => gv.group === group)),
      ]);
  const items = groups.map(([group, versions]) => ({
    metadata: group ? { name: group, creationTimestamp: null } : { creationTimestamp: null },
    versions,
  }));
  return { kind: 'APIGroupDiscoveryList', apiVersion: `apidiscovery.k8s.io/${version}`, metadata: {}, items };
}

function versionsDiscovery(gvs: GroupVersion[]): object[] {
  return gvs.map((gv) => ({ version: gv.version, resources: gv.kinds.map(resourceDiscovery), freshness: 'Current' }));
}

function sideDiscovery(registry: KindRegistry, group: string): object[] | undefined {
  const side = registry.nonStoredGroupVersions().find((g) => g.group === group);
  if (!side) return undefined;
  const resources = side.resources.map((r) => ({
    resource: r.name,
    responseKind: { group: side.group, version: side.version, kind: r.kind },
    scope: r.namespaced ? 'Namespaced' : 'Cluster',
    singularResource: r.singularName,
    verbs: r.verbs,
  }));
  return [{ version: side.version, resources, freshness: 'Current' }];
}

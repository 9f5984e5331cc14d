// Where strategic merge patch merges lists instead of replacing them: the `patchStrategy` and
// `patchMergeKey` struct tags of the built-in types (k8s.io/api core/v1 and apps/v1 types.go,
// k8s.io/apimachinery meta/v1 ObjectMeta), keyed by JSON field path.
//
// Paths name fields only: list elements are transparent, so the env list of every container of a
// Deployment's pod template is `spec.template.spec.containers.env`. A field that is not listed has
// no strategy: its lists are replaced wholesale (e.g. Pod spec.tolerations, Node spec.taints,
// Node status.images) and its objects merged key by key.

/** A patchStrategy tag value. `retainKeys` only matters when a patch is computed, not applied. */
export type PatchStrategy = 'merge' | 'replace' | 'retainKeys' | 'merge,retainKeys' | 'retainKeys,merge';

/** The patch metadata of one field. */
export interface PatchMeta {
  strategy: PatchStrategy;
  /** For lists of objects merged by strategy `merge`: the field that identifies an element. */
  mergeKey?: string;
}

/** Patch metadata by dotted field path (`spec.template.spec.containers`). */
export type PatchMetaTable = Readonly<Record<string, PatchMeta>>;

/** Looks up the patch metadata of the field at a path (field names only, list elements skipped). */
export type PatchSchemaLookup = (path: readonly string[]) => PatchMeta | undefined;

/** A lookup function, or a table of dotted paths. */
export type PatchSchema = PatchSchemaLookup | PatchMetaTable;

const merge = (mergeKey?: string): PatchMeta => (mergeKey ? { strategy: 'merge', mergeKey } : { strategy: 'merge' });

/** metav1.ObjectMeta. */
export const objectMetaPatchMeta: PatchMetaTable = {
  ownerReferences: merge('uid'),
  finalizers: merge(),
};

/** core/v1 Container (and EphemeralContainer, which has the same list fields). */
export const containerPatchMeta: PatchMetaTable = {
  ports: merge('containerPort'),
  env: merge('name'),
  volumeMounts: merge('mountPath'),
  volumeDevices: merge('devicePath'),
};

const CONTAINER_LISTS = ['containers', 'initContainers', 'ephemeralContainers'] as const;

/** core/v1 PodSpec, paths relative to the spec (tolerations, readinessGates: no strategy). */
export const podSpecPatchMeta: PatchMetaTable = {
  volumes: { strategy: 'merge,retainKeys', mergeKey: 'name' },
  ...Object.fromEntries(CONTAINER_LISTS.map((list) => [list, merge('name')])),
  ...Object.fromEntries(
    CONTAINER_LISTS.flatMap((list) => Object.entries(containerPatchMeta).map(([f, meta]) => [`${list}.${f}`, meta])),
  ),
  imagePullSecrets: merge('name'),
  hostAliases: merge('ip'),
  topologySpreadConstraints: merge('topologyKey'),
  schedulingGates: merge('name'),
  resourceClaims: { strategy: 'merge,retainKeys', mergeKey: 'name' },
};

/** The table under a path prefix. */
export function prefixed(prefix: string, table: PatchMetaTable): Record<string, PatchMeta> {
  return Object.fromEntries(Object.entries(table).map(([path, meta]) => [`${prefix}.${path}`, meta]));
}

/** A PodTemplateSpec at `prefix`: its ObjectMeta and its PodSpec. */
function podTemplate(prefix: string): Record<string, PatchMeta> {
  return { ...prefixed(`${prefix}.metadata`, objectMetaPatchMeta), ...prefixed(`${prefix}.spec`, podSpecPatchMeta) };
}

const conditionsByType: PatchMetaTable = { 'status.conditions': merge('type') };

const workload = (extra: PatchMetaTable = {}): PatchMetaTable => ({
  ...podTemplate('spec.template'),
  ...conditionsByType,
  ...extra,
});

const kindTables: Readonly<Record<string, PatchMetaTable>> = {
  Pod: {
    ...prefixed('spec', podSpecPatchMeta),
    ...conditionsByType,
    'status.podIPs': merge('ip'),
    'status.hostIPs': merge('ip'),
  },
  PodTemplate: podTemplate('template'),
  Deployment: workload({ 'spec.strategy': { strategy: 'retainKeys' } }),
  ReplicaSet: workload(),
  StatefulSet: workload(),
  DaemonSet: workload(),
  ReplicationController: workload(),
  Job: workload(),
  CronJob: {
    ...prefixed('spec.jobTemplate.metadata', objectMetaPatchMeta),
    ...podTemplate('spec.jobTemplate.spec.template'),
  },
  Node: {
    'spec.podCIDRs': merge(),
    ...conditionsByType,
    'status.addresses': merge('type'),
  },
  Service: { 'spec.ports': merge('port'), ...conditionsByType },
  Namespace: conditionsByType,
  PersistentVolumeClaim: conditionsByType,
  ServiceAccount: { secrets: merge('name') },
};

/** The full table for a kind: ObjectMeta's rules plus the kind's own. Unknown kinds get ObjectMeta's only. */
export function patchMetaTableFor(kind: string): PatchMetaTable {
  return { ...prefixed('metadata', objectMetaPatchMeta), ...(kindTables[kind] ?? {}) };
}

interface TrieNode {
  meta?: PatchMeta;
  children: Map<string, TrieNode>;
}

function compileTable(table: PatchMetaTable): PatchSchemaLookup {
  const root: TrieNode = { children: new Map() };
  for (const [path, meta] of Object.entries(table)) {
    let node = root;
    for (const segment of path.split('.')) {
      let next = node.children.get(segment);
      if (!next) {
        next = { children: new Map() };
        node.children.set(segment, next);
      }
      node = next;
    }
    node.meta = meta;
  }
  // Segments are matched exactly, so a map key containing dots cannot alias a field path.
  return (path) => {
    let node: TrieNode | undefined = root;
    for (const segment of path) {
      node = node.children.get(segment);
      if (!node) return undefined;
    }
    return node.meta;
  };
}

const compiled = new WeakMap<object, PatchSchemaLookup>();

/** The lookup function for a schema given either way. */
export function toLookup(schema: PatchSchema): PatchSchemaLookup {
  if (typeof schema === 'function') return schema;
  let fn = compiled.get(schema);
  if (!fn) {
    fn = compileTable(schema);
    compiled.set(schema, fn);
  }
  return fn;
}

const byKind = new Map<string, PatchSchemaLookup>();

/** The strategic-merge-patch schema of a built-in kind. */
export function patchSchemaFor(kind: string): PatchSchemaLookup {
  let fn = byKind.get(kind);
  if (!fn) {
    fn = compileTable(patchMetaTableFor(kind));
    byKind.set(kind, fn);
  }
  return fn;
}

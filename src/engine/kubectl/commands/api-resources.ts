// kubectl api-resources (kubectl pkg/cmd/apiresources): the resources this API server serves, from
// the kind registry (its stored kinds and the group versions served without storage), as
// discovery would list them (preferred version per group, no subresources),
// sorted by group then name (or by name / kind with --sort-by). Filters --api-group,
// --namespaced, --verbs, --categories; outputs the table, `-o wide` (+ VERBS, CATEGORIES),
// `-o name`, `-o json|yaml` (an APIResourceList).

import type { KindDefinition } from '../../api/kinds/kind-definition';
import { KubectlError, type KubectlEnv, type KubectlIO } from '../context';
import type { FlagSpec, ParsedArgs } from '../flags';
import { formatTable } from '../printers/tabwriter';
import { toKubectlYaml } from '../printers/yaml-json';

export const apiResourcesFlags: FlagSpec[] = [
  { name: 'output', short: 'o', type: 'string', default: '' },
  { name: 'no-headers', type: 'bool' },
  { name: 'api-group', type: 'string', default: '' },
  { name: 'namespaced', type: 'bool', default: true },
  { name: 'verbs', type: 'stringArray', default: [] },
  { name: 'sort-by', type: 'string', default: '' },
  { name: 'cached', type: 'bool' },
  { name: 'categories', type: 'stringArray', default: [] },
];

const ALL_VERBS = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];

/** Verbs discovery lists per resource; namespaces cannot be deleted as a collection. */
const VERBS_BY_KIND: Record<string, string[]> = {
  '/Namespace': ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'],
};

/** storageVersionHash values of the real API server for the kinds served here. */
const STORAGE_VERSION_HASH: Record<string, string> = {
  '/Pod': 'xPOwRZ+Yhw8=',
  '/Node': 'XwShjMxG9Fs=',
  '/Namespace': 'Q3oi5N2YM8M=',
  '/Event': 'r2yiGXH7wu8=',
  'coordination.k8s.io/Lease': 'gqkMMb/YqFM=',
};

/** metav1.APIResource as discovery serves it (JSON field order of the Go struct). */
export interface APIResource {
  name: string;
  singularName: string;
  namespaced: boolean;
  group?: string;
  version?: string;
  kind: string;
  verbs: string[];
  shortNames?: string[];
  categories?: string[];
  storageVersionHash?: string;
}

const FORMATS = 'json,name,wide,yaml';

function splitList(values: string[]): string[] {
  return values.flatMap((v) => v.split(',')).filter((v) => v !== '');
}

/** A kind's discovery entry (`kubeplay serve` serves the same ones). */
export function toResource(def: KindDefinition): APIResource {
  const key = `${def.group}/${def.kind}`;
  // Built in the Go struct's field order, which is the JSON order.
  const r: Partial<APIResource> = { name: def.plural, singularName: def.singular, namespaced: def.namespaced };
  if (def.group) r.group = def.group;
  r.version = def.version;
  r.kind = def.kind;
  r.verbs = VERBS_BY_KIND[key] ?? ALL_VERBS;
  if (def.shortNames.length) r.shortNames = [...def.shortNames];
  if (def.categories.length) r.categories = [...def.categories];
  if (STORAGE_VERSION_HASH[key]) r.storageVersionHash = STORAGE_VERSION_HASH[key];
  return r as APIResource;
}

export function runApiResources(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const { flags, args } = parsed;
  if (args.length !== 0) {
    throw new KubectlError(`unexpected arguments: [${args.join(' ')}]`, "See 'kubectl api-resources -h' for help and examples");
  }
  const output = (flags.output as string) ?? '';
  if (!['', 'wide', 'name', 'json', 'yaml'].includes(output)) {
    throw new KubectlError(
      `unable to match a printer suitable for the output format "${output}", allowed formats are: ${FORMATS}`,
    );
  }
  const sortBy = (flags['sort-by'] as string) ?? '';
  if (sortBy && sortBy !== 'name' && sortBy !== 'kind') throw new KubectlError('--sort-by accepts only name or kind');

  const group = flags['api-group'] as string;
  const verbs = splitList(flags.verbs as string[]);
  const categories = splitList(flags.categories as string[]);
  const seen = new Set<string>();
  const resources: APIResource[] = [];
  const served: APIResource[] = [];
  for (const def of env.registry.kinds()) {
    // Discovery lists each resource once, in its group's preferred (here: first served) version.
    const id = `${def.group}/${def.plural}`;
    if (seen.has(id)) continue;
    seen.add(id);
    served.push(toResource(def));
  }
  for (const gv of env.registry.nonStoredGroupVersions()) {
    for (const r of gv.resources) served.push({ ...r, group: gv.group, version: gv.version, verbs: [...r.verbs] });
  }
  for (const r of served) {
    if (parsed.changed.has('api-group') && group !== (r.group ?? '')) continue;
    if (parsed.changed.has('namespaced') && flags.namespaced !== r.namespaced) continue;
    if (!verbs.every((v) => r.verbs.includes(v))) continue;
    if (!categories.every((c) => (r.categories ?? []).includes(c))) continue;
    resources.push(r);
  }
  const sortKey = (r: APIResource) => (sortBy === 'name' ? r.name : sortBy === 'kind' ? r.kind : (r.group ?? ''));
  resources.sort((a, b) => cmp(sortKey(a), sortKey(b)) || cmp(a.name, b.name));

  if (output === 'json' || output === 'yaml') {
    const list = { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: '', resources: resources.length ? resources : null };
    io.out(output === 'json' ? JSON.stringify(list, null, 4) + '\n' : toKubectlYaml(list));
    return 0;
  }
  if (output === 'name') {
    io.out(resources.map((r) => `${r.name}${r.group ? `.${r.group}` : ''}\n`).join(''));
    return 0;
  }
  const wide = output === 'wide';
  const rows: string[][] = [];
  if (!flags['no-headers']) {
    rows.push(['NAME', 'SHORTNAMES', 'APIVERSION', 'NAMESPACED', 'KIND', ...(wide ? ['VERBS', 'CATEGORIES'] : [])]);
  }
  for (const r of resources) {
    const row = [
      r.name,
      (r.shortNames ?? []).join(','),
      r.group ? `${r.group}/${r.version}` : (r.version ?? ''),
      String(r.namespaced),
      r.kind,
    ];
    if (wide) row.push(r.verbs.join(','), (r.categories ?? []).join(','));
    rows.push(row);
  }
  io.out(formatTable(rows));
  return 0;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

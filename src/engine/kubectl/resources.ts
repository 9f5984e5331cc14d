// Resolving kubectl's resource arguments: `pods`, `pod web-0 web-1`, `pods,nodes`, `pod/web-0`,
// `deployment.v1.apps/web`, `all` (the `all` category).

import type { KObject } from '../../k8s/types';
import type { ApiServer } from '../api/apiserver';
import { ApiError } from '../api/errors';
import type { KindDefinition } from '../api/kinds/kind-definition';
import type { KindRegistry } from '../api/kinds/registry';
import { KubectlError } from './context';

export interface ResourceRequest {
  def: KindDefinition;
  /** Empty: every object of the kind (a list). */
  names: string[];
}

export function resolveType(registry: KindRegistry, arg: string): KindDefinition {
  const def = registry.resolveResource(arg);
  if (!def) throw new KubectlError(`the server doesn't have a resource type "${arg}"`);
  return def;
}

/**
 * Kinds of a comma-separated type list, expanding categories like `all`. An empty part (`,`,
 * `pods,`) is a type the server does not have, as kubectl's SplitResourceArgument keeps it.
 */
export function resolveTypes(registry: KindRegistry, list: string): KindDefinition[] {
  const out: KindDefinition[] = [];
  for (const part of list.split(',')) {
    const category = part ? registry.kinds().filter((k) => k.categories.includes(part.toLowerCase())) : [];
    if (category.length && !registry.resolveResource(part)) {
      for (const d of category) if (!out.includes(d)) out.push(d);
      continue;
    }
    const def = resolveType(registry, part);
    if (!out.includes(def)) out.push(def);
  }
  return out;
}

/** Parses positional arguments into per-kind requests, in the order given. */
export function parseResourceArgs(registry: KindRegistry, args: string[]): ResourceRequest[] {
  if (args.length === 0) return [];
  const slashForm = args.filter((a) => a.includes('/'));
  if (slashForm.length > 0) {
    if (slashForm.length !== args.length) {
      throw new KubectlError(
        "there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'",
      );
    }
    const requests: ResourceRequest[] = [];
    for (const a of args) {
      const slash = a.indexOf('/');
      const type = a.slice(0, slash);
      const name = a.slice(slash + 1);
      if (!name) throw new KubectlError(`arguments in resource/name form must have a single resource and name`);
      const def = resolveType(registry, type);
      const existing = requests.find((r) => r.def === def);
      if (existing) existing.names.push(name);
      else requests.push({ def, names: [name] });
    }
    return requests;
  }
  const [types, ...names] = args;
  const defs = resolveTypes(registry, types);
  // client-go refuses a request for an empty name before sending it.
  if (names.some((n) => n === '')) throw new KubectlError('resource name may not be empty');
  if (names.length > 0 && defs.length > 1) {
    throw new KubectlError(`you may only specify a single resource type`);
  }
  return defs.map((def) => ({ def, names: [...names] }));
}

/** `pod`, `deployment.apps`: the prefix kubectl puts before names (`-o name`, several kinds). */
export function kindPrefix(def: KindDefinition): string {
  return def.group ? `${def.kind.toLowerCase()}.${def.group}` : def.kind.toLowerCase();
}

/**
 * A LIST the way kubectl's resource builder sends it: a BadRequest or NotFound answer is
 * reworded `Unable to find "/v1, Resource=pods" that match label selector …` (cli-runtime
 * resource/selector.go), still as the server's error.
 */
export function listResource(
  api: ApiServer,
  def: KindDefinition,
  options: { namespace?: string; labelSelector?: string; fieldSelector?: string },
): KObject[] {
  try {
    return api.list(def, options).items;
  } catch (e) {
    if (!(e instanceof ApiError) || (e.reason !== 'BadRequest' && e.reason !== 'NotFound')) throw e;
    const subject = `${def.group}/${def.version}, Resource=${def.plural}`;
    const label = options.labelSelector ?? '';
    const field = options.fieldSelector ?? '';
    const message =
      !label && !field
        ? `Unable to list "${subject}": ${e.status.message}`
        : `Unable to find "${subject}" that match label selector "${label}", field selector "${field}": ${e.status.message}`;
    throw new ApiError({ ...e.status, message });
  }
}

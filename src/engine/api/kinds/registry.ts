// KindRegistry: the table of served kinds, with the lookups kubectl needs (by apiVersion+kind for
// manifests, by resource name, singular, short name or `kind.version.group` for arguments).

import type { KindDefinition } from './kind-definition';
import { apiVersionOf } from './kind-definition';
import type { NonStoredGroupVersion } from './non-stored-groups';

export class KindRegistry {
  private readonly byApiVersionKind = new Map<string, KindDefinition>();
  /** apiVersion → kind → definition: forObject() without building a key string per request. */
  private readonly byApiVersionThenKind = new Map<string, Map<string, KindDefinition>>();
  private readonly byKind = new Map<string, KindDefinition[]>();
  private readonly all: KindDefinition[] = [];
  private readonly nonStored: NonStoredGroupVersion[] = [];

  register(def: KindDefinition): void {
    const key = `${apiVersionOf(def)}/${def.kind}`;
    if (this.byApiVersionKind.has(key)) throw new Error(`kind ${key} registered twice`);
    this.byApiVersionKind.set(key, def);
    const apiVersion = apiVersionOf(def);
    let kinds = this.byApiVersionThenKind.get(apiVersion);
    if (!kinds) {
      kinds = new Map();
      this.byApiVersionThenKind.set(apiVersion, kinds);
    }
    kinds.set(def.kind, def);
    const list = this.byKind.get(def.kind) ?? [];
    list.push(def);
    this.byKind.set(def.kind, list);
    this.all.push(def);
  }

  /**
   * Another served version of a registered kind: manifests in `apiVersion` resolve to `def`,
   * whose `otherVersions[apiVersion]` converts them to the stored version.
   */
  registerVersion(apiVersion: string, def: KindDefinition): void {
    const key = `${apiVersion}/${def.kind}`;
    if (this.byApiVersionKind.has(key)) throw new Error(`kind ${key} registered twice`);
    if (!def.otherVersions?.[apiVersion]) throw new Error(`kind ${def.kind} has no conversion from ${apiVersion}`);
    this.byApiVersionKind.set(key, def);
    let kinds = this.byApiVersionThenKind.get(apiVersion);
    if (!kinds) this.byApiVersionThenKind.set(apiVersion, (kinds = new Map()));
    kinds.set(def.kind, def);
  }

  kinds(): readonly KindDefinition[] {
    return this.all;
  }

  /** A group version served without storage (non-stored-groups.ts): listed by discovery only. */
  registerNonStored(groupVersion: NonStoredGroupVersion): void {
    this.nonStored.push(groupVersion);
  }

  nonStoredGroupVersions(): readonly NonStoredGroupVersion[] {
    return this.nonStored;
  }

  /** The kind a manifest names with apiVersion + kind. */
  forObject(apiVersion: string, kind: string): KindDefinition | undefined {
    // The joined key is what decides (`a/b` + `c` and `a` + `b/c` name the same kind); the nested
    // maps find the usual exact match without building it.
    return this.byApiVersionThenKind.get(apiVersion)?.get(kind) ?? this.byApiVersionKind.get(`${apiVersion}/${kind}`);
  }

  /** Any served version of a Kind (used to tell "no matches for kind" from a wrong version). */
  byKindName(kind: string): readonly KindDefinition[] {
    return this.byKind.get(kind) ?? [];
  }

  /**
   * Resolves a resource argument as kubectl does: `pods`, `pod`, `po`, `Pod`, `deployments.apps`,
   * `deployment.v1.apps`, `leases.coordination.k8s.io`. Matching is case-insensitive.
   */
  resolveResource(arg: string): KindDefinition | undefined {
    const lower = arg.toLowerCase();
    const direct = this.matchName(lower, undefined, undefined);
    if (direct) return direct;
    // `name.version.group` then `name.group` (group may itself contain dots).
    const parts = lower.split('.');
    for (let i = 1; i < parts.length; i++) {
      const name = parts.slice(0, i).join('.');
      const rest = parts.slice(i);
      const asVersionGroup = rest.length >= 2 ? this.matchName(name, rest[0], rest.slice(1).join('.')) : undefined;
      if (asVersionGroup) return asVersionGroup;
      const asGroup = this.matchName(name, undefined, rest.join('.'));
      if (asGroup) return asGroup;
    }
    return undefined;
  }

  private matchName(name: string, version: string | undefined, group: string | undefined): KindDefinition | undefined {
    for (const def of this.all) {
      if (version !== undefined && def.version !== version) continue;
      if (group !== undefined && def.group !== group) continue;
      if (def.plural === name || def.singular === name || def.kind.toLowerCase() === name || def.shortNames.includes(name)) {
        return def;
      }
    }
    return undefined;
  }
}

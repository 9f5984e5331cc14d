// SelectorIndex: the reverse of a label index — objects that select (Services, PDBs, workloads),
// found from the labels of an object they might select, without trying every selector of the
// namespace on every event.
//
// Each selector is filed under one label its matches must carry (its first `=` / `In` requirement
// with one value), or under the namespace's catch-all bucket when it requires none (only Exists,
// NotIn, …). A label set then only meets the selectors filed under one of its own labels, plus the
// catch-all ones. Results come in the order the keys were first set (re-setting one keeps its
// place, remove() forgets it), which is the order a Map of them — or an informer's list of the
// selecting objects — would iterate in.

import { namespacedLabel, namespacedLabels, requiredLabel, type Selector } from '../../k8s/labels';
import type { KObject } from '../../k8s/types';
import { objectKey, type Informer } from './informer';

interface Entry {
  namespace: string;
  /** Undefined: kept in place, matches nothing. */
  selector: Selector | undefined;
  /** '' when unfiled (no selector). */
  bucket: string;
  seq: number;
}

/** The bucket of a selector: a label its matches must carry, or the namespace's catch-all. */
function bucketOf(namespace: string, selector: Selector): string {
  const required = requiredLabel(selector);
  return required ? namespacedLabel(namespace, required[0], required[1]) : `${namespace}\u0000*`;
}

export class SelectorIndex {
  private readonly entries = new Map<string, Entry>();
  private readonly buckets = new Map<string, Set<string>>();
  /** How many filed selectors each namespace has: none, and matching() has nothing to look at. */
  private readonly filedIn = new Map<string, number>();
  private nextSeq = 0;

  /**
   * Files (or re-files) `key`'s selector. `undefined` keeps the key's place but matches nothing
   * (an object whose selector is empty or gone may get one back where it was); remove() forgets it.
   */
  set(key: string, namespace: string, selector: Selector | undefined): void {
    const old = this.entries.get(key);
    const bucket = selector ? bucketOf(namespace, selector) : '';
    if (old && old.bucket === bucket) {
      old.selector = selector;
      return;
    }
    if (old) this.unfile(key, old.namespace, old.bucket);
    this.entries.set(key, { namespace, selector, bucket, seq: old ? old.seq : this.nextSeq++ });
    if (!bucket) return;
    let keys = this.buckets.get(bucket);
    if (!keys) this.buckets.set(bucket, (keys = new Set()));
    keys.add(key);
    this.filedIn.set(namespace, (this.filedIn.get(namespace) ?? 0) + 1);
  }

  /** Forgets `key`: set again later, it comes after every key set meanwhile. */
  remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.unfile(key, entry.namespace, entry.bucket);
  }

  /** Whether any selector is filed in `namespace` (else nothing there can match). */
  selectsIn(namespace: string): boolean {
    return this.filedIn.has(namespace);
  }

  /** The selector filed for `key` (undefined when none). */
  get(key: string): Selector | undefined {
    return this.entries.get(key)?.selector;
  }

  /** The keys whose selector (in `namespace`) matches `labels`, in the order they were first set. */
  matching(namespace: string, labels: Record<string, string> | undefined): string[] {
    if (!this.filedIn.has(namespace)) return [];
    const found: { key: string; seq: number }[] = [];
    const visit = (bucket: string) => {
      const keys = this.buckets.get(bucket);
      if (!keys) return;
      for (const key of keys) {
        const entry = this.entries.get(key)!;
        if (entry.namespace === namespace && entry.selector!.matches(labels)) found.push({ key, seq: entry.seq });
      }
    };
    visit(`${namespace}\u0000*`);
    for (const bucket of namespacedLabels(namespace, labels)) visit(bucket);
    if (found.length > 1) found.sort((a, b) => a.seq - b.seq);
    return found.map((f) => f.key);
  }

  private unfile(key: string, namespace: string, bucket: string): void {
    if (!bucket) return;
    const keys = this.buckets.get(bucket);
    if (!keys?.delete(key)) return;
    if (keys.size === 0) this.buckets.delete(bucket);
    const filed = (this.filedIn.get(namespace) ?? 0) - 1;
    if (filed > 0) this.filedIn.set(namespace, filed);
    else this.filedIn.delete(namespace);
  }
}

/**
 * A SelectorIndex kept in step with an informer, in its list order: each object filed under the
 * selector `selectorOf` gives it (none, or an empty one, selects nothing but keeps the object's
 * place), forgotten when the object is deleted.
 */
export function indexSelectorsOf(informer: Informer, selectorOf: (obj: KObject) => Selector | null | undefined): SelectorIndex {
  const index = new SelectorIndex();
  const file = (obj: KObject) => {
    const selector = selectorOf(obj);
    index.set(objectKey(obj), obj.metadata.namespace ?? '', selector && !selector.empty() ? selector : undefined);
  };
  informer.addHandler({ onAdd: file, onUpdate: (_old, obj) => file(obj), onDelete: (obj) => index.remove(objectKey(obj)) });
  return index;
}

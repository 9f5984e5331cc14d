// A string-keyed map for what nearly always holds one entry (a pod's one volume, the one memoised
// result for a pod's spec): the first pair is kept in two fields, a Map is made only for a second
// key. An empty Map with its table is ~200 B; at 150,000 pods each one per pod is 30 MB.

export class SmallMap<V> {
  private onlyKey: string | undefined;
  private onlyValue: V | undefined;
  /** Every entry, once there has been more than one key. */
  private many: Map<string, V> | undefined;

  get(key: string): V | undefined {
    if (this.many) return this.many.get(key);
    return key === this.onlyKey ? this.onlyValue : undefined;
  }

  set(key: string, value: V): void {
    if (this.many) {
      this.many.set(key, value);
    } else if (this.onlyKey === undefined || key === this.onlyKey) {
      this.onlyKey = key;
      this.onlyValue = value;
    } else {
      this.many = new Map([[this.onlyKey, this.onlyValue as V]]);
      this.many.set(key, value);
      this.onlyKey = undefined;
      this.onlyValue = undefined;
    }
  }
}

/**
 * Memo of values per (frozen object, key): a WeakMap of SmallMaps, for memos where an object
 * nearly always meets one key (a pod spec bound to one node, validated along one path).
 */
export class ObjectKeyMemo<V> {
  private readonly byObject = new WeakMap<object, SmallMap<V>>();

  get(obj: object, key: string): V | undefined {
    return this.byObject.get(obj)?.get(key);
  }

  set(obj: object, key: string, value: V): void {
    let byKey = this.byObject.get(obj);
    if (!byKey) this.byObject.set(obj, (byKey = new SmallMap()));
    byKey.set(key, value);
  }
}

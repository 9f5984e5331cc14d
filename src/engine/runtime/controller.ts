// Controller: the wiring every controller shares — informer handlers map an object to keys, keys go
// into one WorkQueue, the queue calls sync(key) on the clock. A controller module then only
// declares what it watches, how an object maps to keys, and its sync (see docs "Shape of a
// controller"): handlers enqueue, sync decides from current state.

import type { KObject } from '../../k8s/types';
import { objectKey, keyFor, type Informer } from './informer';
import { WorkQueue, type WorkQueueOptions } from './work-queue';

/** The keys an object maps to: none, one, or several (undefined/null mean none). */
export type Keys = string | readonly string[] | undefined | null;

export type KeysOf = (obj: KObject) => Keys;

/** Per-event mapping, for controllers whose update logic needs old and new together. */
export interface KeyHandler {
  onAdd?(obj: KObject): Keys;
  onUpdate?(oldObj: KObject, newObj: KObject): Keys;
  onDelete?(obj: KObject): Keys;
}

/**
 * The key of the object's managing controller of `kind` (metav1.GetControllerOf + kind check),
 * e.g. a pod → its ReplicaSet. The owner lives in the dependent's namespace; sync must still check
 * the owner's uid, as resolveControllerRef does.
 */
export function controllerOwnerKey(kind: string): KeysOf {
  return (obj) => {
    const ref = obj.metadata.ownerReferences?.find((r) => r.controller === true);
    if (!ref || ref.kind !== kind) return undefined;
    return keyFor(obj.metadata.namespace, ref.name);
  };
}

export class Controller {
  readonly queue: WorkQueue;
  private readonly unsubscribe: (() => void)[] = [];

  constructor(options: WorkQueueOptions) {
    this.queue = new WorkQueue(options);
  }

  /**
   * Enqueues `keysOf(obj)` whenever an object of `informer` is added or deleted, and the keys of
   * both the old and the new object on update (a pod whose owner changed concerns both owners;
   * the queue's dedup makes the common "same key" case free). Default: the object's own key.
   */
  watch(informer: Informer, keysOf: KeysOf = objectKey): this {
    return this.handle(informer, {
      onAdd: keysOf,
      onUpdate: (oldObj, newObj) => {
        const a = keysOf(oldObj);
        const b = keysOf(newObj);
        if (a == null) return b;
        if (b == null) return a;
        return ([] as string[]).concat(a, b);
      },
      onDelete: keysOf,
    });
  }

  /** Like watch() with a mapping per event type. */
  handle(informer: Informer, handler: KeyHandler): this {
    const remove = informer.addHandler({
      onAdd: handler.onAdd && ((obj) => this.enqueueAll(handler.onAdd!(obj))),
      onUpdate: handler.onUpdate && ((oldObj, newObj) => this.enqueueAll(handler.onUpdate!(oldObj, newObj))),
      onDelete: handler.onDelete && ((obj) => this.enqueueAll(handler.onDelete!(obj))),
    });
    this.unsubscribe.push(remove);
    return this;
  }

  enqueue(key: string): void {
    this.queue.add(key);
  }

  enqueueAfter(key: string, delayMs: number): void {
    this.queue.addAfter(key, delayMs);
  }

  /** Detaches from every informer and shuts the queue down. */
  stop(): void {
    for (const remove of this.unsubscribe.splice(0)) remove();
    this.queue.shutDown();
  }

  private enqueueAll(keys: Keys): void {
    if (keys == null) return;
    if (typeof keys === 'string') this.queue.add(keys);
    else for (const key of keys) this.queue.add(key);
  }
}

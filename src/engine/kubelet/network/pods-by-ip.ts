// The pods holding each pod IP, kept from the pod informer's events. An informer index would do
// the same with a bucket (a record and a Set) for every IP — nearly every pod has its own IP,
// ~400 B a pod. Here an IP maps straight to its pod, or to a list when several share it (host-
// network pods have their node's). Order is the index's: the order in which pods got the IP.

import type { KObject } from '../../../k8s/types';
import type { InformerHandler } from '../../runtime/informer';

const NONE: readonly KObject[] = Object.freeze([]);

function ipOf(pod: KObject): string | undefined {
  return pod.status?.podIP || undefined;
}

function samePod(a: KObject, b: KObject): boolean {
  return a.metadata.name === b.metadata.name && a.metadata.namespace === b.metadata.namespace;
}

export class PodsByIP {
  private readonly byIP = new Map<string, KObject | KObject[]>();

  /** Keeps the index in step with the pod informer it is registered with. */
  readonly handler: InformerHandler = {
    onAdd: (pod) => this.added(pod),
    onUpdate: (old, pod) => this.updated(old, pod),
    onDelete: (pod) => this.deleted(pod),
  };

  /** The pods whose status.podIP is `ip` (their newest versions). */
  pods(ip: string): readonly KObject[] {
    const held = this.byIP.get(ip);
    if (held === undefined) return NONE;
    return Array.isArray(held) ? held.slice() : [held];
  }

  private added(pod: KObject): void {
    const ip = ipOf(pod);
    if (ip === undefined) return;
    const held = this.byIP.get(ip);
    if (held === undefined) this.byIP.set(ip, pod);
    else if (Array.isArray(held)) held.push(pod);
    else this.byIP.set(ip, [held, pod]);
  }

  private updated(old: KObject, pod: KObject): void {
    const ip = ipOf(pod);
    if (ip !== ipOf(old)) {
      this.remove(old);
      this.added(pod);
      return;
    }
    if (ip === undefined) return;
    // Same IP: the newer version takes the older one's place.
    const held = this.byIP.get(ip);
    if (held === undefined) return;
    if (!Array.isArray(held)) {
      if (samePod(held, pod)) this.byIP.set(ip, pod);
      return;
    }
    const i = held.findIndex((p) => samePod(p, pod));
    if (i >= 0) held[i] = pod;
  }

  private deleted(pod: KObject): void {
    // The deleted object is the last version seen, so its IP finds it; if it somehow is not
    // there, every IP is searched rather than keep a pod that is gone.
    if (!this.remove(pod)) for (const ip of [...this.byIP.keys()]) this.removeAt(ip, pod);
  }

  /** Removes the pod filed under its IP; false when it was not there. */
  private remove(pod: KObject): boolean {
    const ip = ipOf(pod);
    return ip !== undefined && this.removeAt(ip, pod);
  }

  private removeAt(ip: string, pod: KObject): boolean {
    const held = this.byIP.get(ip);
    if (held === undefined) return false;
    if (!Array.isArray(held)) {
      if (!samePod(held, pod)) return false;
      this.byIP.delete(ip);
      return true;
    }
    const i = held.findIndex((p) => samePod(p, pod));
    if (i < 0) return false;
    held.splice(i, 1);
    if (held.length === 1) this.byIP.set(ip, held[0]);
    return true;
  }
}

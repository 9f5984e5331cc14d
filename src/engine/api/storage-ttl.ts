// StorageTTL: etcd leases for the objects of a kind stored with a time to live — Events, which
// kube-apiserver stores for --event-ttl (1 h by default; pkg/registry/core/event/storage gives
// every create and update that TTL). Each write attaches the object to a lease. The API server's
// lease manager (apiserver/pkg/storage/etcd3/lease_manager.go) reuses its last lease for writes
// made within min(5 % of the TTL, 60 s) of granting it, and grants each lease that much extra, so
// an Event goes between 1 h and 1 h 1 min after its last write, together with the others of its
// lease. etcd deletes the keys of an expired lease; watchers see an ordinary DELETED event.

import { Priority, type Clock } from '../clock/clock';
import type { KObject } from '../../k8s/types';

/** lease_manager.go: reuse a lease for at most this long, and this share of the TTL. */
const LEASE_REUSE_SECONDS = 60;
const LEASE_REUSE_PERCENT = 0.05;

/** A write under a lease: enough to tell whether the object is still that write. */
export interface WrittenKey {
  namespace: string;
  name: string;
  resourceVersion: string;
}

interface Lease {
  expiresAtMs: number;
  /**
   * The writes attached to it, as parallel arrays (one entry per write, no copy of the object,
   * so an Event updated many times does not keep its old versions for an hour).
   */
  namespaces: string[];
  names: string[];
  versions: string[];
}

export class StorageTTL {
  private current: Lease | undefined;
  private readonly ttlMs: number;
  /** How long after its grant a lease is reused, and the extra time each lease is granted. */
  private readonly reuseMs: number;

  constructor(
    private readonly clock: Clock,
    ttlSeconds: number,
    /** Deletes the object if it is still at the written version (no write since). */
    private readonly expire: (written: WrittenKey) => void,
  ) {
    this.ttlMs = ttlSeconds * 1000;
    this.reuseMs = Math.min(LEASE_REUSE_SECONDS, Math.floor(LEASE_REUSE_PERCENT * ttlSeconds)) * 1000;
  }

  /** Attaches a just-committed object to the current lease (GetLease). */
  attach(committed: KObject): void {
    const lease = this.leaseFor(this.clock.now());
    const meta = committed.metadata;
    lease.namespaces.push(meta.namespace ?? '');
    lease.names.push(meta.name!);
    lease.versions.push(meta.resourceVersion!);
  }

  private leaseFor(nowMs: number): Lease {
    const { ttlMs, reuseMs } = this;
    const lease = this.current;
    // Valid: it outlives this write's TTL; sufficient: by no more than the reuse period. (`>=`
    // where the Go code has After: on the virtual clock many writes share the grant's instant,
    // where real time would have moved on by a few nanoseconds.)
    if (lease && nowMs + ttlMs < lease.expiresAtMs && nowMs + ttlMs + reuseMs >= lease.expiresAtMs) return lease;
    const granted: Lease = { expiresAtMs: nowMs + ttlMs + reuseMs, namespaces: [], names: [], versions: [] };
    this.current = granted;
    this.clock.at(granted.expiresAtMs, () => this.revoke(granted), Priority.api, 'etcd lease expired');
    return granted;
  }

  private revoke(lease: Lease): void {
    if (this.current === lease) this.current = undefined;
    for (let i = 0; i < lease.names.length; i++) {
      this.expire({ namespace: lease.namespaces[i], name: lease.names[i], resourceVersion: lease.versions[i] });
    }
  }
}

// Defaulting for coordination.k8s.io/v1 Leases: pkg/apis/coordination/v1 registers no defaulting
// functions, so a Lease is stored exactly as sent (all LeaseSpec fields are optional pointers).

import type { KObject } from '../../../k8s/types';

/** Identity: coordination/v1 has no defaults. */
export function defaultLease<T extends KObject>(lease: T): T {
  return lease;
}

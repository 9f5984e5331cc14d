// Defaulting for core/v1 Nodes.
//
// API defaulting (pkg/apis/core/v1/defaults.go, SetObjectDefaults_Node): SetDefaults_NodeStatus
// copies `status.capacity` into `status.allocatable` when allocatable is unset, and both resource
// lists are rounded up to milli precision / printed canonically (SetDefaults_ResourceList).
//
// Conversion round trip (pkg/apis/core/v1/conversion.go): the internal NodeSpec only has
// `podCIDRs`; v1 `podCIDR` converts to `podCIDRs[0]` (when podCIDRs is empty) and back, so a stored
// Node always shows both fields in agreement. The v1 NodeSpec struct is never omitted, so `spec: {}`.

import type { KObject } from '../../../k8s/types';
import { isObj, patch, type Obj } from './cow';
import { defaultResourceList } from './resources';

function defaultNodeSpec(spec: Obj): Obj {
  const cidrs = Array.isArray(spec.podCIDRs) ? (spec.podCIDRs as string[]) : [];
  const cidr = typeof spec.podCIDR === 'string' ? spec.podCIDR : '';
  if (cidrs.length === 0) {
    return cidr ? patch(spec, { podCIDRs: [cidr] }) : spec;
  }
  return patch(spec, { podCIDR: cidrs[0] });
}

function defaultNodeStatus(status: Obj): Obj {
  const capacity = defaultResourceList(status.capacity);
  const allocatable =
    (status.allocatable === undefined || status.allocatable === null) && isObj(capacity)
      ? capacity
      : defaultResourceList(status.allocatable);
  return patch(status, { capacity, allocatable });
}

/** SetObjectDefaults_Node (plus the podCIDR/podCIDRs conversion). Pure. */
export function defaultNode<T extends KObject>(node: T): T {
  const spec = isObj(node.spec) ? defaultNodeSpec(node.spec) : {};
  const status = isObj(node.status) ? defaultNodeStatus(node.status) : node.status;
  return patch(node, { spec, status } as Partial<T>);
}

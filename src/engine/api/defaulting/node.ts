// Defaulting for core/v1 Nodes.
//
// API defaulting (pkg/apis/core/v1/defaults.go, SetObjectDefaults_Node): SetDefaults_NodeStatus
// copies `status.capacity` into `status.allocatable` when allocatable is unset.
//
// Conversion round trip (pkg/apis/core/v1/conversion.go): the internal NodeSpec only has
// `podCIDRs`; v1 `podCIDR` converts to `podCIDRs[0]` (when podCIDRs is empty) and back, so a stored
// Node always shows both fields in agreement. The v1 NodeSpec struct is never omitted, so `spec: {}`.

import type { Node } from '../../../k8s/types';
import { isObj, patch, type Obj } from './cow';

function defaultNodeSpec(spec: Obj): Obj {
  const cidrs = Array.isArray(spec.podCIDRs) ? (spec.podCIDRs as string[]) : [];
  const cidr = typeof spec.podCIDR === 'string' ? spec.podCIDR : '';
  if (cidrs.length === 0) {
    return cidr ? patch(spec, { podCIDRs: [cidr] }) : spec;
  }
  return patch(spec, { podCIDR: cidrs[0] });
}

function defaultNodeStatus(status: Obj): Obj {
  if ((status.allocatable === undefined || status.allocatable === null) && isObj(status.capacity)) {
    return patch(status, { allocatable: status.capacity });
  }
  return status;
}

/** SetObjectDefaults_Node (plus the podCIDR/podCIDRs conversion). Pure. */
export function defaultNode(node: Node): Node {
  const spec = isObj(node.spec) ? defaultNodeSpec(node.spec) : {};
  const status = isObj(node.status) ? defaultNodeStatus(node.status) : node.status;
  return patch(node, { spec: spec as Node['spec'], status: status as Node['status'] });
}

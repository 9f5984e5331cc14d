// NodePorts (pkg/scheduler/framework/plugins/nodeports): the pod's host ports (containers and
// sidecars, util.GetHostPorts) must be free on the node (HostPortInfo.CheckConflict). PreFilter
// skips the plugin for pods without host ports.

import { hostPortConflicts, podHostPorts, type HostPort } from '../framework/node-info';
import { SUCCESS, type FilterPlugin, type Status } from '../framework/types';
import { SKIP, cycleStateSlot, rejection } from './helpers';

export const NAME = 'NodePorts';
export const ERR_REASON = "node(s) didn't have free ports for the requested pod ports";

export function nodePorts(): FilterPlugin {
  const slot = cycleStateSlot<HostPort[]>(`PreFilter${NAME}`);
  const rejected = rejection(NAME, 'Unschedulable', ERR_REASON);
  return {
    name: NAME,
    preFilter(state, pod) {
      const ports = podHostPorts(pod.pod);
      if (ports.length === 0) {
        slot.clear(state);
        return { status: SKIP };
      }
      slot.set(state, ports);
      return undefined;
    },
    filter(state, pod, node): Status {
      const ports = slot.get(state) ?? podHostPorts(pod.pod);
      if (ports.length === 0 || node.usedPorts.size === 0) return SUCCESS;
      for (let i = 0; i < ports.length; i++) {
        if (hostPortConflicts(node.usedPorts, ports[i])) return rejected;
      }
      return SUCCESS;
    },
  };
}

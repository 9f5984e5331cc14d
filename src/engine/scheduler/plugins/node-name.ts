// NodeName (pkg/scheduler/framework/plugins/nodename): a pod that names a node in spec.nodeName
// fits only that node.

import { SUCCESS, type FilterPlugin, type Status } from '../framework/types';
import { rejection } from './helpers';

export const NAME = 'NodeName';
export const ERR_REASON = "node(s) didn't match the requested node name";

export function nodeName(): FilterPlugin {
  const rejected = rejection(NAME, 'UnschedulableAndUnresolvable', ERR_REASON);
  return {
    name: NAME,
    filter(_state, pod, node): Status {
      const wanted = pod.pod.spec?.nodeName as string | undefined;
      if (!wanted || wanted === node.name) return SUCCESS;
      return rejected;
    },
  };
}

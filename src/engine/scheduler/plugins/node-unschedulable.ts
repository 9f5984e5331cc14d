// NodeUnschedulable (pkg/scheduler/framework/plugins/nodeunschedulable): a cordoned node
// (spec.unschedulable) is rejected unless the pod tolerates the
// `node.kubernetes.io/unschedulable:NoSchedule` taint.

import type { Taint } from '../../../k8s/types';
import { nodeUnschedulable as isUnschedulable } from '../framework/node-info';
import { SUCCESS, type FilterPlugin, type Status } from '../framework/types';
import { rejection } from './helpers';
import { toleratesTaint } from './taint-toleration';

export const NAME = 'NodeUnschedulable';
export const ERR_REASON_UNSCHEDULABLE = 'node(s) were unschedulable';

export const UNSCHEDULABLE_TAINT: Taint = Object.freeze({ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' });

export function nodeUnschedulable(): FilterPlugin {
  const rejected = rejection(NAME, 'UnschedulableAndUnresolvable', ERR_REASON_UNSCHEDULABLE);
  return {
    name: NAME,
    filter(_state, pod, node): Status {
      if (!isUnschedulable(node)) return SUCCESS;
      if (toleratesTaint(pod.pod.spec?.tolerations, UNSCHEDULABLE_TAINT)) return SUCCESS;
      return rejected;
    },
  };
}

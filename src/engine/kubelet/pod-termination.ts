// Kubelet pod termination, for the pods the foundation's kubelets know: a pod bound to a node
// whose kubelet is up never started any container yet (pod workers arrive with the kubelet pods
// issue), so when it is deleted gracefully there is nothing to stop and the kubelet confirms the
// deletion at once — a final DELETE with grace period 0 and a uid precondition, as its status
// manager does. A kubelet that is down or cut off from the API server confirms nothing, so such
// pods stay Terminating.

import type { KObject } from '../../k8s/types';
import type { ApiServer } from '../api/apiserver';
import { isApiError } from '../api/errors';
import { podKind } from '../api/kinds';
import type { Clock } from '../clock/clock';
import type { Topology } from '../cluster/topology';
import { Controller } from '../runtime/controller';
import { objectKey, type InformerFactory } from '../runtime/informer';

export function startPodTermination(api: ApiServer, clock: Clock, topology: Topology, informers: InformerFactory): Controller {
  const pods = informers.informerFor(podKind);
  const controller = new Controller({
    name: 'kubelet-pod-termination',
    clock,
    sync: (key) => {
      const pod = pods.getByKey(key);
      if (!pod || !awaitingKubelet(pod)) return;
      if (!topology.canReachControlPlane(pod.spec.nodeName)) return;
      try {
        api.delete(podKind, pod.metadata.namespace, pod.metadata.name!, {
          gracePeriodSeconds: 0,
          preconditions: { uid: pod.metadata.uid },
        });
      } catch (e) {
        if (!isApiError(e)) throw e;
      }
    },
  });
  controller.handle(pods, {
    onAdd: (pod) => (awaitingKubelet(pod) ? objectKey(pod) : undefined),
    onUpdate: (_old, pod) => (awaitingKubelet(pod) ? objectKey(pod) : undefined),
  });
  return controller;
}

/** Deleted gracefully, bound to a node, and not yet confirmed by that node's kubelet. */
function awaitingKubelet(pod: KObject): boolean {
  return !!pod.metadata.deletionTimestamp && !!pod.spec?.nodeName && (pod.metadata.deletionGracePeriodSeconds ?? 0) > 0;
}

// The cloud node lifecycle controller (cloud-controller-manager, k8s.io/cloud-provider
// controllers/nodelifecycle): every --node-monitor-period (5 s) it looks at the nodes that are
// not Ready and asks the cloud about their instance. An instance that no longer exists gets its
// Node deleted ("DeletingNode … because it does not exist in the cloud provider"); one that is
// shut down gets the `node.cloudprovider.kubernetes.io/shutdown:NoSchedule` taint, removed once
// the node is Ready again. The playground's cloud is its machines: `kubeplay node remove` deletes
// the instance, `kubeplay node stop` shuts it down. Off unless `kubeplay config set
// cloud-node-lifecycle=on` (a cluster without a cloud provider has no such controller).

import type { KObject, Taint } from '../../../k8s/types';
import type { ApiServer } from '../../api/apiserver';
import { isApiError } from '../../api/errors';
import { nodeKind } from '../../api/kinds';
import { Priority, type Clock } from '../../clock/clock';
import type { Topology } from '../../cluster/topology';
import type { SimulationConfig } from '../../config';
import type { EventRecorder } from '../../runtime/events';
import type { InformerFactory } from '../../runtime/informer';

export const CLOUD_NODE_LIFECYCLE_CONTROLLER = 'cloud-node-lifecycle-controller';
export const SHUTDOWN_TAINT_KEY = 'node.cloudprovider.kubernetes.io/shutdown';

export interface CloudNodeLifecycleDeps {
  api: ApiServer;
  clock: Clock;
  config: SimulationConfig;
  topology: Topology;
  events: EventRecorder;
}

export class CloudNodeLifecycleController {
  private readonly recorder;

  constructor(
    private readonly deps: CloudNodeLifecycleDeps,
    private readonly informers: InformerFactory,
  ) {
    this.recorder = deps.events.recorder(CLOUD_NODE_LIFECYCLE_CONTROLLER);
    deps.clock.every(deps.config.durationMs('node-monitor-period'), () => this.monitorNodes(), {
      priority: Priority.controller,
      label: CLOUD_NODE_LIFECYCLE_CONTROLLER,
    });
  }

  /** MonitorNodes: one pass over the nodes (the upstream controller lists them all too). */
  private monitorNodes(): void {
    if (this.deps.config.string('cloud-node-lifecycle') !== 'on') return;
    for (const node of this.informers.informerFor(nodeKind).list()) this.checkNode(node);
  }

  private checkNode(node: KObject): void {
    const name = node.metadata.name ?? '';
    const ready = ((node.status?.conditions ?? []) as { type: string; status: string }[]).find((c) => c.type === 'Ready');
    const taints: Taint[] = node.spec?.taints ?? [];
    const tainted = taints.some((t) => t.key === SHUTDOWN_TAINT_KEY);
    if (ready?.status === 'True') {
      if (tainted)
        this.setTaints(
          node,
          taints.filter((t) => t.key !== SHUTDOWN_TAINT_KEY),
        );
      return;
    }
    const machine = this.deps.topology.machine(name);
    if (!machine) {
      this.recorder.event(
        { kind: 'Node', name, uid: name, apiVersion: 'v1' },
        'Normal',
        'DeletingNode',
        `Deleting node ${name} because it does not exist in the cloud provider`,
      );
      try {
        this.deps.api.delete(nodeKind, undefined, name);
      } catch (e) {
        if (!isApiError(e)) throw e;
      }
      return;
    }
    if (!machine.running && !tainted) {
      this.setTaints(node, [...taints, { key: SHUTDOWN_TAINT_KEY, effect: 'NoSchedule' }]);
    }
  }

  private setTaints(node: KObject, taints: Taint[]): void {
    try {
      this.deps.api.update({ ...node, spec: { ...node.spec, taints: taints.length ? taints : undefined } });
    } catch (e) {
      if (!isApiError(e)) throw e;
    }
  }
}

export function startCloudNodeLifecycleController(
  deps: CloudNodeLifecycleDeps,
  informers: InformerFactory,
): CloudNodeLifecycleController {
  return new CloudNodeLifecycleController(deps, informers);
}

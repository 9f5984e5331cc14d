// What a pod worker gets from its node's kubelet: the clock, the API, the runtime, the image
// cache and pull queue, back-off state, pod IPs, events, and whether the API is reachable.

import type { KObject } from '../../../k8s/types';
import type { NodeSwapConfig } from '../swap';
import type { ClusterNetwork } from '../network/cluster-network';
import type { ApiServer } from '../../api/apiserver';
import type { Clock } from '../../clock/clock';
import type { SeededRandom } from '../../clock/random';
import type { Recorder } from '../../runtime/events';
import type { NodeImageCache } from '../images/node-image-cache';
import type { ContainerRuntime } from './container-runtime';
import type { Backoff } from '../../runtime/flowcontrol-backoff';
import type { SerialPullQueue } from './pull-queue';
import type { PodVolumes, VolumeHost } from '../volumes';
import type { ClusterDns } from '../dns/cluster-dns';
import type { AdmittedUsage } from './node-admission';
import type { MountedObjectListener } from '../volumes/object-index';

export interface NodeContext {
  readonly api: ApiServer;
  readonly clock: Clock;
  readonly random: SeededRandom;
  readonly nodeName: string;
  readonly hostIP: string;
  readonly runtime: ContainerRuntime;
  readonly images: NodeImageCache;
  readonly pulls: SerialPullQueue;
  readonly imageBackOff: Backoff;
  readonly crashBackoff: Backoff;
  readonly recorder: Recorder;
  /** A pod IP from the node's pod CIDR (undefined: none left, or no CIDR yet). */
  allocateIP(): string | undefined;
  releaseIP(ip: string): void;
  /** Whether the kubelet can reach the API server right now. */
  online(): boolean;
  /** When PLEG's next relist after `nowMs` runs (it lists the runtime every second). */
  nextRelist(nowMs: number): number;
  /** What the admitted, active pods request together (each worker keeps its share up to date). */
  readonly admittedUsage: AdmittedUsage;
  /** Node-level admission of a new pod (resources, node state). */
  admit(pod: KObject): { admitted: true } | { admitted: false; reason: string; message: string };
  /** The worker is done with the pod (the API object is gone and the runtime cleaned up). */
  forget(uid: string): void;
  /** Images changed (node status reports them). */
  imagesChanged(): void;
  /** The cluster DNS (undefined in unit fixtures without one: every name is NXDOMAIN). */
  readonly dns?: ClusterDns;
  /** The pod network (undefined in unit fixtures: every connection times out). */
  readonly network?: ClusterNetwork;
  /** The machine's swap and the kubelet's swapBehavior (undefined: no swap). */
  readonly swap?: NodeSwapConfig;
  /** What volume plugins see of this node. */
  readonly volumeHost: VolumeHost;
  /** The volume manager's state of a pod (created on first use, dropped by `forget`). */
  podVolumes(uid: string): PodVolumes;
  /** Tracks the ConfigMaps / Secrets a pod mounts: `listener` is told when one changes. */
  trackMountedObjects(pod: KObject, listener: MountedObjectListener): void;
}

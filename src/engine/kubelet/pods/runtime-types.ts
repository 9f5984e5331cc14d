// The simulated container runtime's view of one pod, as the kubelet sees it through the CRI:
// sandboxes and container instances (every start of a container is a new instance with a new ID,
// like containerd). The status generator turns this, plus the kubelet's own caches, into the
// API pod status.

import type { LogLine } from '../container/types';

export type ContainerKind = 'init' | 'regular' | 'ephemeral';

export type ContainerRuntimeState = 'created' | 'running' | 'exited';

export interface ContainerInstance {
  /** `containerd://<64 hex>` as status.containerStatuses[].containerID shows it. */
  readonly id: string;
  readonly name: string;
  readonly kind: ContainerKind;
  /** 0 for the first instance; the restart count the runtime reports is the newest's attempt. */
  readonly attempt: number;
  /** status.image: the normalised reference, `docker.io/library/nginx:1.14.2`. */
  readonly imageName: string;
  /** status.imageID: the repo digest, `docker.io/library/nginx@sha256:…`. */
  readonly imageRef: string;
  readonly createdAtMs: number;
  state: ContainerRuntimeState;
  startedAtMs?: number;
  finishedAtMs?: number;
  exitCode?: number;
  /** Terminated reason as the CRI runtime reports it: Completed, Error, OOMKilled, StartError … */
  reason?: string;
  message?: string;
  /** Ports the image's server listens on (catalog; undefined: unknown), for probes and hooks. */
  readonly listenPorts?: readonly number[];
  /** Everything the instance wrote, oldest first (read-only: the runtime replaces it as lines come). */
  logs: readonly LogLine[];
}

export interface PodSandbox {
  readonly id: string;
  readonly attempt: number;
  readonly createdAtMs: number;
  /** Ready while the sandbox (pause container + network) is up. */
  ready: boolean;
  readonly ip: string;
}

/** What the kubelet last recorded for a container that could not start (the reason cache). */
export interface WaitingReason {
  readonly reason: string;
  readonly message?: string;
}

/** One pod's runtime state: newest sandbox first, container instances newest first. */
export interface RuntimePod {
  readonly uid: string;
  // Replaced, not grown in place: an array grown by unshift keeps room for 16 more (~130 B a pod).
  sandboxes: readonly PodSandbox[];
  containers: readonly ContainerInstance[];
}

// The API shapes the status generator emits (core/v1 PodStatus pieces), with fields declared in
// Go struct order so the objects we build serialise the way the API server returns them.

export interface ContainerStateWaiting {
  reason?: string;
  message?: string;
}

export interface ContainerStateRunning {
  startedAt: string | null;
}

export interface ContainerStateTerminated {
  exitCode: number;
  signal?: number;
  reason?: string;
  message?: string;
  /** null when the kubelet made the state up (ContainerStatusUnknown): metav1.Time zero value. */
  startedAt: string | null;
  finishedAt: string | null;
  containerID?: string;
}

/** At most one member is set; `{}` is the empty lastState. */
export interface ContainerState {
  waiting?: ContainerStateWaiting;
  running?: ContainerStateRunning;
  terminated?: ContainerStateTerminated;
}

export interface VolumeMountStatus {
  name: string;
  mountPath: string;
  readOnly?: boolean;
  recursiveReadOnly?: string;
}

export interface ApiContainerStatus {
  name: string;
  state: ContainerState;
  lastState: ContainerState;
  ready: boolean;
  restartCount: number;
  image: string;
  imageID: string;
  containerID?: string;
  started?: boolean;
  allocatedResources?: Record<string, string>;
  resources?: Record<string, unknown>;
  volumeMounts?: VolumeMountStatus[];
}

export interface PodCondition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  lastProbeTime?: string | null;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export type PodPhase = 'Pending' | 'Running' | 'Succeeded' | 'Failed' | 'Unknown';

/** The few container spec fields the generator reads. */
export interface ContainerSpec {
  name: string;
  image?: string;
  restartPolicy?: string;
  resources?: { limits?: Record<string, string>; requests?: Record<string, string>; [k: string]: unknown };
  volumeMounts?: { name: string; mountPath: string; readOnly?: boolean }[];
}

export function isTerminalPhase(phase: unknown): phase is 'Succeeded' | 'Failed' {
  return phase === 'Succeeded' || phase === 'Failed';
}

// Object model shared by the engine, the worker protocol and the UI. Objects are plain JSON data;
// the store never mutates them once written (see engine/api/store.ts).

export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

export interface ObjectMeta {
  name?: string;
  generateName?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  deletionGracePeriodSeconds?: number;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: OwnerReference[];
  finalizers?: string[];
}

/** Any API object. Kind-specific shapes below narrow `spec` and `status`. */
export interface KObject {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta;
  spec?: any;
  status?: any;
  [field: string]: unknown;
}

export interface Condition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  reason?: string;
  message?: string;
  lastTransitionTime?: string;
  lastHeartbeatTime?: string;
  lastProbeTime?: string | null;
}

export interface Taint {
  key: string;
  value?: string;
  effect: 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute';
  timeAdded?: string;
}

export interface Toleration {
  key?: string;
  operator?: 'Exists' | 'Equal';
  value?: string;
  effect?: string;
  tolerationSeconds?: number;
}

export interface Container {
  name: string;
  image?: string;
  command?: string[];
  args?: string[];
  imagePullPolicy?: 'Always' | 'IfNotPresent' | 'Never';
  ports?: { containerPort: number; name?: string; protocol?: string; hostPort?: number }[];
  env?: { name: string; value?: string; valueFrom?: unknown }[];
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  restartPolicy?: string;
  [field: string]: unknown;
}

export interface PodSpec {
  containers: Container[];
  initContainers?: Container[];
  ephemeralContainers?: Container[];
  nodeName?: string;
  nodeSelector?: Record<string, string>;
  restartPolicy?: 'Always' | 'OnFailure' | 'Never';
  terminationGracePeriodSeconds?: number;
  activeDeadlineSeconds?: number;
  tolerations?: Toleration[];
  schedulerName?: string;
  priority?: number;
  priorityClassName?: string;
  [field: string]: unknown;
}

export interface Pod extends KObject {
  kind: 'Pod';
  spec: PodSpec;
  status?: {
    phase?: string;
    conditions?: Condition[];
    podIP?: string;
    hostIP?: string;
    startTime?: string;
    reason?: string;
    message?: string;
    containerStatuses?: any[];
    initContainerStatuses?: any[];
    [field: string]: unknown;
  };
}

export interface Node extends KObject {
  kind: 'Node';
  spec: { unschedulable?: boolean; taints?: Taint[]; podCIDR?: string; podCIDRs?: string[]; providerID?: string };
  status?: {
    capacity?: Record<string, string>;
    allocatable?: Record<string, string>;
    conditions?: Condition[];
    addresses?: { type: string; address: string }[];
    nodeInfo?: Record<string, string>;
    daemonEndpoints?: unknown;
    images?: unknown[];
    [field: string]: unknown;
  };
}

export interface ObjectReference {
  apiVersion?: string;
  kind?: string;
  name?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  fieldPath?: string;
}

export interface KEvent extends KObject {
  kind: 'Event';
  involvedObject: ObjectReference;
  reason?: string;
  message?: string;
  type?: 'Normal' | 'Warning';
  source?: { component?: string; host?: string };
  count?: number;
  firstTimestamp?: string;
  lastTimestamp?: string;
  reportingComponent?: string;
  reportingInstance?: string;
}

export function isNamespaced(obj: KObject): boolean {
  return obj.metadata.namespace !== undefined;
}

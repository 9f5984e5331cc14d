// convertToAPIContainerStatuses (pkg/kubelet/kubelet_pods.go) for one container list, plus the
// prober's started/ready pass (prober_manager.go UpdatePodStatus). The runtime's instances of a
// container, newest first, give `state` (newest) and `lastState` (the one before); a container
// that will be started again shows the reason cache's waiting reason instead, its termination
// moving to `lastState`. Defaults, when there is no instance yet: ContainerCreating, or
// PodInitializing for every container of a pod that has init containers.

import type { KObject } from '../../../../k8s/types';
import type { ContainerInstance, ContainerKind, RuntimePod, WaitingReason } from '../runtime-types';
import { isRestartableInitContainer } from './helpers';
import { emptyObject } from './shared-parts';
import type { ApiContainerStatus, ContainerSpec, ContainerState, VolumeMountStatus } from './types';

export interface ConvertContext {
  readonly pod: KObject;
  readonly runtime: RuntimePod;
  readonly reasons: ReadonlyMap<string, WaitingReason>;
  readonly timestamp: (ms: number) => string;
}

/** A CRI start time of 0 (the container never started), as metav1.Time renders time.Unix(0, 0). */
const UNIX_ZERO = '1970-01-01T00:00:00Z';

/** kubecontainer.ContainerReasonStatusUnknown. */
const STATUS_UNKNOWN = 'ContainerStatusUnknown';

export function convertContainerStatuses(
  ctx: ConvertContext,
  specs: readonly ContainerSpec[],
  oldStatuses: readonly ApiContainerStatus[] | undefined,
  kind: ContainerKind,
): ApiContainerStatus[] {
  const hasInit = (ctx.pod.spec?.initContainers?.length ?? 0) > 0;
  const defaultReason = hasInit ? 'PodInitializing' : 'ContainerCreating';
  const oldByName = new Map((oldStatuses ?? []).map((s) => [s.name, s]));
  const deleted = !!ctx.pod.metadata.deletionTimestamp;

  const result = specs.map((spec) => {
    const old = oldByName.get(spec.name);
    const instances = instancesOf(ctx.runtime, spec.name);
    let status = defaultStatus(spec, defaultReason, old);

    if (instances.length === 0 && old?.state.running && !old.state.terminated && !status.lastState.terminated) {
      // The runtime lost a container that was running: keep the pod out of Pending by
      // recording an unknown termination (and a restart, unless the pod is being deleted).
      status.lastState = {
        terminated: {
          exitCode: 137,
          reason: STATUS_UNKNOWN,
          message: 'The container could not be located when the pod was deleted.  The container used to be Running',
          startedAt: null,
          finishedAt: null,
        },
      };
      if (!deleted) status.restartCount += 1;
    }

    if (instances.length > 0) {
      status = fromInstance(ctx, spec, instances[0]);
      if (instances.length > 1) status.lastState = stateOf(ctx, instances[1]);
    }

    const newest = instances[0];
    if (kind === 'init') {
      // A regular init container that succeeded is never restarted.
      if (newest?.state === 'exited' && newest.exitCode === 0) return status;
      if (!newest && !isRestartableInitContainer(spec) && status.state.waiting && anyRegularCreated(ctx)) {
        status.state = {
          terminated: {
            exitCode: 0,
            reason: 'Completed',
            message:
              'Unable to get init container status from container runtime and pod has been initialized, treat it as exited normally',
            startedAt: null,
            finishedAt: null,
          },
        };
        return status;
      }
    }
    if (!shouldContainerBeRestarted(ctx.pod, newest)) return status;
    const reason = ctx.reasons.get(spec.name);
    if (!reason) return status;
    if (status.state.terminated) status.lastState = status.state;
    status.state = { waiting: reason.message ? { reason: reason.reason, message: reason.message } : { reason: reason.reason } };
    return status;
  });

  // Init container statuses keep spec order; the others are sorted by name
  // (kubetypes.SortedContainerStatuses), which is what the API shows.
  if (kind !== 'init') result.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return result;
}

/**
 * kubecontainer.ShouldContainerBeRestarted with the pod-level restartPolicy (v1.34: the
 * per-container rules are alpha and off): never once the pod is deleted; always when there is no
 * instance or it is only created; never while running; an exited one per restartPolicy.
 */
export function shouldContainerBeRestarted(pod: KObject, newest: ContainerInstance | undefined): boolean {
  if (pod.metadata.deletionTimestamp) return false;
  if (!newest) return true;
  if (newest.state === 'running') return false;
  if (newest.state === 'created') return true;
  const policy: string = pod.spec?.restartPolicy ?? 'Always';
  if (policy === 'Never') return false;
  if (policy === 'OnFailure' && newest.exitCode === 0) return false;
  return true;
}

/** Instances of one container, newest first (by creation, then attempt). */
export function instancesOf(runtime: RuntimePod, name: string): ContainerInstance[] {
  return runtime.containers.filter((c) => c.name === name).sort((a, b) => b.createdAtMs - a.createdAtMs || b.attempt - a.attempt);
}

function anyRegularCreated(ctx: ConvertContext): boolean {
  const names = new Set((ctx.pod.spec?.containers ?? []).map((c: ContainerSpec) => c.name));
  return ctx.runtime.containers.some((c) => names.has(c.name));
}

function defaultStatus(spec: ContainerSpec, reason: string, old: ApiContainerStatus | undefined): ApiContainerStatus {
  // An old terminated status stands until an instance says otherwise.
  if (old?.state.terminated) return { ...structuredClone(old), volumeMounts: volumeMounts(spec) };
  return {
    name: spec.name,
    state: { waiting: { reason } },
    lastState: old ? structuredClone(old.lastState ?? {}) : {},
    ready: false,
    restartCount: old?.restartCount ?? 0,
    image: spec.image ?? '',
    imageID: '',
    volumeMounts: volumeMounts(spec),
  };
}

function fromInstance(ctx: ConvertContext, spec: ContainerSpec, instance: ContainerInstance): ApiContainerStatus {
  const status: ApiContainerStatus = {
    name: spec.name,
    state: stateOf(ctx, instance),
    lastState: {},
    ready: false,
    restartCount: instance.attempt,
    image: instance.imageName,
    imageID: instance.imageRef,
    containerID: instance.id,
  };
  // InPlacePodVerticalScaling (beta, on since v1.33): allocated requests and the resources in
  // effect, which for a simulated runtime are exactly the spec's.
  // The spec's own (frozen) objects: the status shows them as they are.
  const requests = spec.resources?.requests;
  if (requests && Object.keys(requests).length > 0) status.allocatedResources = requests;
  status.resources = spec.resources ?? emptyObject<Record<string, unknown>>();
  status.volumeMounts = volumeMounts(spec);
  return status;
}

function stateOf(ctx: ConvertContext, instance: ContainerInstance): ContainerState {
  switch (instance.state) {
    case 'running':
      return { running: { startedAt: ctx.timestamp(instance.startedAtMs ?? instance.createdAtMs) } };
    case 'created':
      return { waiting: {} };
    case 'exited': {
      const terminated: ContainerState['terminated'] = {
        exitCode: instance.exitCode ?? 0,
        reason: instance.reason,
        message: instance.message || undefined,
        startedAt: instance.startedAtMs === undefined ? UNIX_ZERO : ctx.timestamp(instance.startedAtMs),
        finishedAt: ctx.timestamp(instance.finishedAtMs ?? instance.startedAtMs ?? instance.createdAtMs),
        containerID: instance.id,
      };
      if (!terminated.reason) delete terminated.reason;
      if (!terminated.message) delete terminated.message;
      return { terminated };
    }
  }
}

/**
 * RecursiveReadOnlyMounts (on by default): each status lists its mounts; a read-only one says
 * `recursiveReadOnly: Disabled` since the simulated runtime does not offer recursive read-only.
 */
function volumeMounts(spec: ContainerSpec): VolumeMountStatus[] | undefined {
  if (!spec.volumeMounts?.length) return undefined;
  return spec.volumeMounts.map((m) =>
    m.readOnly
      ? { name: m.name, mountPath: m.mountPath, readOnly: true, recursiveReadOnly: 'Disabled' }
      : { name: m.name, mountPath: m.mountPath },
  );
}

export interface Probes {
  started(containerId: string): boolean;
  ready(containerId: string): boolean;
}

/**
 * The prober's pass: `started` = running and started per the startup probe (none → started);
 * `ready` for app containers and sidecars only once started = running and ready per the
 * readiness probe; a regular init container is ready once it exited 0. Ephemeral containers are
 * not probed, so they carry no `started` and stay unready.
 */
export function applyProbes(
  statuses: ApiContainerStatus[],
  specs: readonly ContainerSpec[],
  kind: ContainerKind,
  probes: Probes,
): void {
  if (kind === 'ephemeral') return;
  for (const s of statuses) {
    const running = s.state.running !== undefined && !!s.containerID;
    s.started = running && probes.started(s.containerID!);
    const spec = specs.find((c) => c.name === s.name);
    if (kind === 'init' && !isRestartableInitContainer(spec)) {
      s.ready = s.state.terminated?.exitCode === 0;
      continue;
    }
    if (!s.started) continue;
    s.ready = running && probes.ready(s.containerID!);
  }
}

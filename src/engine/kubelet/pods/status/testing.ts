// Fixtures for the status generator's tests: pods, runtime instances and a fixed clock.

import type { KObject } from '../../../../k8s/types';
import type { ContainerInstance, ContainerKind, PodSandbox, RuntimePod, WaitingReason } from '../runtime-types';
import { generatePodStatus, type PodStatusInput } from './generate';

const EPOCH_MS = 1_750_000_000_000; // 2025-06-15T15:06:40Z

/** Virtual ms → RFC 3339 at second precision, like Clock.timestamp. */
export function ts(ms: number): string {
  return new Date(EPOCH_MS + Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

export function makePod(
  spec: Record<string, unknown>,
  status?: Record<string, unknown>,
  metadata: Record<string, unknown> = {},
): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web', namespace: 'default', uid: 'uid-1', ...metadata },
    spec: { restartPolicy: 'Always', nodeName: 'node-1', ...spec },
    status: status ?? {
      phase: 'Pending',
      conditions: [{ type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: ts(0) }],
      qosClass: 'BestEffort',
    },
  };
}

export function container(name: string, extra: Record<string, unknown> = {}) {
  return { name, image: 'nginx:1.27', ...extra };
}

export interface InstanceOpts {
  kind?: ContainerKind;
  attempt?: number;
  createdAtMs?: number;
  startedAtMs?: number;
  finishedAtMs?: number;
  exitCode?: number;
  reason?: string;
  message?: string;
  image?: string;
}

/** A container instance; state 'exited' needs exitCode (reason defaults like containerd). */
export function instance(name: string, state: ContainerInstance['state'], o: InstanceOpts = {}): ContainerInstance {
  const attempt = o.attempt ?? 0;
  const createdAtMs = o.createdAtMs ?? 1000 + attempt * 1000;
  const inst: ContainerInstance = {
    id: `containerd://${name}-${attempt}`,
    name,
    kind: o.kind ?? 'regular',
    attempt,
    imageName: o.image ?? 'docker.io/library/nginx:1.27',
    imageRef: 'docker.io/library/nginx@sha256:abc',
    createdAtMs,
    state,
    logs: [],
  };
  if (state !== 'created') inst.startedAtMs = o.startedAtMs ?? createdAtMs;
  if (state === 'exited') {
    inst.finishedAtMs = o.finishedAtMs ?? createdAtMs + 500;
    inst.exitCode = o.exitCode ?? 0;
    inst.reason = o.reason ?? (inst.exitCode === 0 ? 'Completed' : 'Error');
    if (o.message) inst.message = o.message;
  }
  return inst;
}

export function sandbox(o: Partial<PodSandbox> = {}): PodSandbox {
  return { id: 'sandbox-0', attempt: 0, createdAtMs: 500, ready: true, ip: '10.244.1.5', ...o };
}

export function runtimeOf(containers: ContainerInstance[], sandboxes: PodSandbox[] = [sandbox()]): RuntimePod {
  return { uid: 'uid-1', sandboxes, containers };
}

export interface GenOpts {
  reasons?: Record<string, WaitingReason>;
  notReady?: string[];
  notStarted?: string[];
  podIsTerminal?: boolean;
  nowMs?: number;
  override?: PodStatusInput['override'];
  disruption?: PodStatusInput['disruption'];
}

export function gen(pod: KObject, runtime: RuntimePod, o: GenOpts = {}): Record<string, any> {
  return generatePodStatus({
    pod,
    runtime,
    reasons: new Map(Object.entries(o.reasons ?? {})),
    probes: {
      started: (id) => !(o.notStarted ?? []).includes(id),
      ready: (id) => !(o.notReady ?? []).includes(id),
    },
    podIsTerminal: o.podIsTerminal ?? false,
    hostIP: '192.168.49.2',
    startTimeMs: 0,
    nowMs: o.nowMs ?? 5000,
    timestamp: ts,
    override: o.override,
    disruption: o.disruption,
  });
}

/** The pod after the kubelet wrote `status` (for multi-step tests). */
export function withStatus(pod: KObject, status: Record<string, unknown>): KObject {
  return { ...pod, status };
}

// The guarantees the chaos harness checks while a session runs and once it has settled. Checks
// that need the moment a controller or the API server decides (a binding, a ReplicaSet scale, an
// eviction) watch the committed writes or wrap the eviction's budget check; the others read the
// stored objects after each command. Counts are made from the objects as the controllers make
// them, with the formulas written out here rather than imported, so a controller's own bug in
// them cannot hide.

import type { KObject } from '../../../k8s/types';
import { selectorFromLabelSelector } from '../../../k8s/labels';
import { deploymentKind } from '../../api/kinds/deployment';
import { nodeKind } from '../../api/kinds/node';
import { podKind } from '../../api/kinds/pod';
import { podDisruptionBudgetKind } from '../../api/kinds/poddisruptionbudget';
import { replicaSetKind } from '../../api/kinds/replicaset';
import { decodeObject, DecodeError } from '../../api/decoding/decode';
import type { DisruptionBudgetChecker } from '../../api/subresources/eviction';
import { nodeAllocatable, podRequests } from '../../scheduler/framework/resources';
import type { Simulation } from '../../simulation';
import { BROKEN_IMAGE } from './actions';
import { emptyWorkloadCounts, WorkloadChecks, type WorkloadCheckCounts } from './workload-invariants';

export type FailureKind = 'crash' | 'livelock' | 'hang' | 'violation' | 'nondeterminism';

export interface ChaosFailure {
  kind: FailureKind;
  /** Which guarantee (stable across runs: what ddmin keeps reproducing). */
  invariant: string;
  message: string;
  /** The command (0-based, settle commands included) after or during which it was seen. */
  step: number;
}

type Report = (invariant: string, message: string) => void;

const isTerminated = (pod: KObject) => pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';
const isReady = (pod: KObject) =>
  (pod.status?.conditions as { type: string; status: string }[] | undefined)?.some(
    (c) => c.type === 'Ready' && c.status === 'True',
  ) ?? false;

function controllerOf(obj: KObject, kind: string) {
  return obj.metadata.ownerReferences?.find((r) => r.controller === true && r.kind === kind);
}

/** intstr.GetScaledValueFromIntOrPercent. */
function scaled(value: unknown, total: number, roundUp: boolean): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || !value.endsWith('%')) return 0;
  const fraction = (Number(value.slice(0, -1)) * total) / 100;
  return roundUp ? Math.ceil(fraction) : Math.floor(fraction);
}

/** deploymentutil.ResolveFenceposts: [maxSurge, maxUnavailable] of a RollingUpdate Deployment. */
export function fenceposts(d: KObject): [surge: number, unavailable: number] | undefined {
  const strategy = d.spec?.strategy;
  if (strategy?.type !== 'RollingUpdate') return undefined;
  const replicas = d.spec?.replicas ?? 1;
  const surge = scaled(strategy.rollingUpdate?.maxSurge ?? '25%', replicas, true);
  const unavailable = scaled(strategy.rollingUpdate?.maxUnavailable ?? '25%', replicas, false);
  return [surge, surge === 0 && unavailable === 0 ? 1 : unavailable];
}

/** A JSON text with sorted keys, so equal templates compare equal whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    return `{${Object.keys(obj)
      .sort()
      .filter((k) => obj[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical(obj[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** EqualIgnoreHash: the ReplicaSet runs the Deployment's current template. */
function runsTemplateOf(rs: KObject, d: KObject): boolean {
  const template = rs.spec?.template ?? {};
  const labels = { ...template.metadata?.labels };
  delete labels['pod-template-hash'];
  return canonical({ ...template, metadata: { ...template.metadata, labels } }) === canonical(d.spec?.template ?? {});
}

/** How often each guarantee was actually put to the test (a check that never runs proves nothing). */
export interface CheckCounts extends WorkloadCheckCounts {
  bindings: number;
  surge: number;
  unavailable: number;
  evictions: number;
  steps: number;
  settledDeployments: number;
}

export function emptyCheckCounts(): CheckCounts {
  return {
    bindings: 0,
    surge: 0,
    unavailable: 0,
    evictions: 0,
    steps: 0,
    settledDeployments: 0,
    ...emptyWorkloadCounts(),
  };
}

export class ChaosMonitor {
  readonly counts = emptyCheckCounts();
  private readonly nodeOfPod = new Map<string, string>();
  private readonly stops: (() => void)[] = [];
  private readonly workloads: WorkloadChecks;

  constructor(
    private readonly sim: Simulation,
    private readonly report: Report,
  ) {
    const api = sim.cluster.api;
    this.workloads = new WorkloadChecks(sim, report, this.counts, () => this.allNodesHealthy());
    this.stops.push(
      sim.subscribe((event) => {
        if (event.object.kind === 'Pod' && event.type === 'ADDED') this.workloads.onPodAdded(event.object);
        if (event.object.kind === 'Pod' && event.type !== 'DELETED') this.onPod(event.object);
        if (event.object.kind === 'ReplicaSet' && event.type !== 'DELETED') this.onReplicaSet(event.object, event.oldObject);
      }),
    );
    const inner = api.disruptionBudgets;
    const checked: DisruptionBudgetChecker = (pod, ctx) => {
      const budgets = ctx.dryRun ? [] : this.budgetsBefore(pod);
      const decision = inner(pod, ctx);
      if (decision.allowed) for (const b of budgets) this.checkEviction(pod, b);
      return decision;
    };
    api.disruptionBudgets = checked;
    this.stops.push(() => {
      if (api.disruptionBudgets === checked) api.disruptionBudgets = inner;
    });
  }

  dispose(): void {
    for (const stop of this.stops.splice(0)) stop();
  }

  /** Every node's machine is on and connected, and its Node is Ready. */
  allNodesHealthy(): boolean {
    const machines = this.sim.machines();
    if (machines.some((m) => !m.running || !m.reachable || m.shuttingDown)) return false;
    return this.sim.cluster.api.list(nodeKind).items.every((n) => isReady(n));
  }

  // ---- a pod is bound once, to one node --------------------------------------------------------

  private onPod(pod: KObject): void {
    const node = pod.spec?.nodeName;
    if (!node) return;
    const uid = pod.metadata.uid!;
    const before = this.nodeOfPod.get(uid);
    if (before === undefined) {
      this.nodeOfPod.set(uid, node);
      this.counts.bindings++;
    } else if (before !== node) this.report('pod bound to two nodes', `pod ${pod.metadata.name} moved from ${before} to ${node}`);
  }

  // ---- rolling updates stay within maxSurge / maxUnavailable -----------------------------------

  private onReplicaSet(rs: KObject, old: KObject | undefined): void {
    const ref = controllerOf(rs, 'Deployment');
    if (!ref) return;
    const api = this.sim.cluster.api;
    const d = api.list(deploymentKind, { namespace: rs.metadata.namespace }).items.find((x) => x.metadata.uid === ref.uid);
    if (!d || d.spec?.paused || d.metadata.deletionTimestamp) return;
    const posts = fenceposts(d);
    if (!posts) return;
    const [surge, unavailable] = posts;
    const replicas: number = d.spec.replicas ?? 1;
    const sets = api
      .list(replicaSetKind, { namespace: rs.metadata.namespace })
      .items.filter((x) => controllerOf(x, 'Deployment')?.uid === d.metadata.uid);
    // A scaling event (the Deployment's replicas changed) is spread proportionally over several
    // writes, between which the sums are in flux, and it is bound by maxSurge but not by
    // maxUnavailable (upstream's scale() takes replicas from every set, available or not). The
    // controller marks each set it scales with the desired-replicas annotation (isScalingEvent
    // reads it): a write that changes it, or a set still carrying another number, is part of one.
    const DESIRED = 'deployment.kubernetes.io/desired-replicas';
    const desired = String(replicas);
    if (old && old.metadata.annotations?.[DESIRED] !== rs.metadata.annotations?.[DESIRED]) return;
    if (sets.some((x) => (x.spec?.replicas ?? 0) > 0 && x.metadata.annotations?.[DESIRED] !== desired)) return;
    const newReplicas = rs.spec?.replicas ?? 0;
    const oldReplicas = old?.spec?.replicas ?? 0;
    if (newReplicas > oldReplicas) {
      const total = sets.reduce((s, x) => s + (x.spec?.replicas ?? 0), 0);
      this.counts.surge++;
      if (total > replicas + surge) {
        this.report(
          'rolling update exceeds maxSurge',
          `deployment ${d.metadata.name}: ReplicaSets ask for ${total} pods, more than ${replicas} + maxSurge ${surge}`,
        );
      }
    }
    // The availability side is checked where the controller scales an old set down, from the
    // ReplicaSets' status as the controller reads it. It only holds while every node is healthy:
    // a node that fails takes its pods' readiness with it, and the controller does not count
    // those losses against the budget (upstream: maxUnavailable bounds what the rollout itself
    // takes down; "Deployments" docs, "Max Unavailable").
    if (newReplicas < oldReplicas && !runsTemplateOf(rs, d) && this.allNodesHealthy()) {
      // As the controller counts: the sets' status.availableReplicas (what its cache says, even
      // if a set's status still counts pods it is removing), and a set scaled down loses its
      // unavailable replicas first (cleanupUnhealthyReplicas, then the ReplicaSet's ranking).
      const before = sets.reduce((sum, x) => sum + (x.status?.availableReplicas ?? 0), 0);
      const available = rs.status?.availableReplicas ?? 0;
      const unhealthy = Math.max(0, oldReplicas - available);
      const lost = Math.min(available, Math.max(0, oldReplicas - newReplicas - unhealthy));
      const after = before - lost;
      const minAvailable = replicas - unavailable;
      this.counts.unavailable++;
      if (lost > 0 && after < minAvailable) {
        this.report(
          'rolling update exceeds maxUnavailable',
          `deployment ${d.metadata.name}: scaling ${rs.metadata.name} from ${oldReplicas} to ${newReplicas} leaves ${after} available, fewer than ${replicas} - maxUnavailable ${unavailable}`,
        );
      }
    }
  }

  // ---- a voluntary eviction keeps every budget -------------------------------------------------

  private budgetsBefore(pod: KObject): { pdb: KObject; healthy: number }[] {
    if (!isReady(pod) || pod.metadata.deletionTimestamp) return [];
    const api = this.sim.cluster.api;
    const ns = pod.metadata.namespace;
    const pods = api.list(podKind, { namespace: ns }).items;
    return api
      .list(podDisruptionBudgetKind, { namespace: ns })
      .items.filter((pdb) => selectorFromLabelSelector(pdb.spec?.selector).matches(pod.metadata.labels))
      .map((pdb) => {
        const selector = selectorFromLabelSelector(pdb.spec?.selector);
        const disrupted = pdb.status?.disruptedPods ?? {};
        const healthy = pods.filter(
          (p) =>
            selector.matches(p.metadata.labels) &&
            isReady(p) &&
            !p.metadata.deletionTimestamp &&
            !Object.hasOwn(disrupted, p.metadata.name ?? ''),
        ).length;
        return { pdb, healthy };
      });
  }

  private checkEviction(pod: KObject, { pdb, healthy }: { pdb: KObject; healthy: number }): void {
    const status = pdb.status ?? {};
    if (status.observedGeneration !== pdb.metadata.generation) return;
    // The eviction trusts the budget's status as the disruption controller last wrote it, less
    // the evictions since (disruptedPods). When pods lost their readiness for another reason
    // meanwhile (a node failed), the status still counts them and the eviction goes through, as
    // upstream's checkAndDecrement does: not the eviction's fault.
    const expected = (status.currentHealthy ?? 0) - Object.keys(status.disruptedPods ?? {}).length;
    if (healthy < expected) return;
    this.counts.evictions++;
    if (healthy - 1 < (status.desiredHealthy ?? 0)) {
      this.report(
        'eviction breaks a disruption budget',
        `evicting ${pod.metadata.name} leaves ${healthy - 1} healthy pods under ${pdb.metadata.name}, which needs ${status.desiredHealthy}`,
      );
    }
  }

  // ---- after each command: no node holds more than it can -------------------------------------

  checkStep(): void {
    this.counts.steps++;
    const api = this.sim.cluster.api;
    const used = new Map<string, { cpu: number; memory: number; pods: number }>();
    const pods = api.list(podKind).items;
    this.workloads.checkStep(pods);
    for (const pod of pods) {
      const node = pod.spec?.nodeName;
      if (!node || isTerminated(pod)) continue;
      const r = podRequests(pod);
      const u = used.get(node) ?? { cpu: 0, memory: 0, pods: 0 };
      u.cpu += r.milliCPU;
      u.memory += r.memory;
      u.pods++;
      used.set(node, u);
    }
    for (const node of api.list(nodeKind).items) {
      const u = used.get(node.metadata.name ?? '');
      if (!u) continue;
      const a = nodeAllocatable(node);
      if (u.cpu > a.milliCPU || u.memory > a.memory || u.pods > a.allowedPodNumber) {
        this.report(
          'requests exceed allocatable',
          `node ${node.metadata.name}: pods request ${u.cpu}m CPU, ${u.memory} bytes, ${u.pods} pods; allocatable ${a.milliCPU}m, ${a.memory}, ${a.allowedPodNumber}`,
        );
      }
    }
  }

  // ---- after the cluster settled ---------------------------------------------------------------

  checkSettled(): void {
    const api = this.sim.cluster.api;
    for (const d of api.list(deploymentKind).items) {
      this.counts.settledDeployments++;
      const name = d.metadata.name;
      const status = d.status ?? {};
      const replicas = d.spec?.replicas ?? 1;
      if ((status.observedGeneration ?? 0) < (d.metadata.generation ?? 0)) {
        this.report('deployment not settled', `deployment ${name}: generation ${d.metadata.generation} not observed`);
        continue;
      }
      const broken = (d.spec?.template?.spec?.containers ?? []).some((c: { image?: string }) => c.image === BROKEN_IMAGE);
      if (broken && replicas > 0) {
        const progressing = (status.conditions ?? []).find((c: { type: string }) => c.type === 'Progressing');
        // Upstream never re-estimates progress once a rollout was complete and every pod belongs
        // to the newest ReplicaSet (syncRolloutStatus, isCompleteDeployment): a Deployment that
        // completed at 0 replicas on the broken image and was then scaled up keeps
        // NewReplicaSetAvailable for ever, its pods in ImagePullBackOff.
        const completeBefore =
          progressing?.reason === 'NewReplicaSetAvailable' && (status.replicas ?? 0) === (status.updatedReplicas ?? 0);
        if (progressing?.reason !== 'ProgressDeadlineExceeded' && !completeBefore) {
          this.report(
            'deployment not settled',
            `deployment ${name}: stuck on ${BROKEN_IMAGE} but Progressing is ${progressing?.status}/${progressing?.reason}`,
          );
        }
        continue;
      }
      const counts = [
        status.replicas ?? 0,
        status.updatedReplicas ?? 0,
        status.readyReplicas ?? 0,
        status.availableReplicas ?? 0,
      ];
      if (counts.some((n) => n !== replicas)) {
        this.report(
          'deployment not settled',
          `deployment ${name}: wants ${replicas}, has replicas/updated/ready/available ${counts.join('/')}`,
        );
      }
    }
    for (const rs of api.list(replicaSetKind).items) {
      if ((rs.status?.replicas ?? 0) !== (rs.spec?.replicas ?? 0)) {
        this.report(
          'replicaset not settled',
          `replicaset ${rs.metadata.name}: wants ${rs.spec?.replicas}, has ${rs.status?.replicas ?? 0}`,
        );
      }
    }
    // The disruption controller counts what is there (countHealthyPods: Ready, not deleting;
    // evictions it has not seen land expire after 2 minutes, long before the end of the settling).
    const pods = api.list(podKind).items;
    for (const pdb of api.list(podDisruptionBudgetKind).items) {
      const selector = selectorFromLabelSelector(pdb.spec?.selector);
      const healthy = pods.filter(
        (p) =>
          p.metadata.namespace === pdb.metadata.namespace &&
          selector.matches(p.metadata.labels) &&
          isReady(p) &&
          !p.metadata.deletionTimestamp,
      ).length;
      const status = pdb.status ?? {};
      const allowed = Math.max(0, healthy - (status.desiredHealthy ?? 0));
      if (status.currentHealthy !== healthy || status.disruptionsAllowed !== allowed) {
        this.report(
          'disruption budget not settled',
          `pdb ${pdb.metadata.name}: status says ${status.currentHealthy} healthy, ${status.disruptionsAllowed} allowed; the pods say ${healthy}, ${allowed}`,
        );
      }
    }
    this.workloads.checkSettled();
    const now = this.sim.clock.now();
    // storage-object-in-use-protection: a claim a pod still uses keeps its pvc-protection
    // finalizer, Terminating, as long as that pod is not finished ("Persistent Volumes" docs,
    // "Storage Object in Use Protection"; upstream pvcprotection controller, podIsShutDown).
    const claimsInUse = new Set(
      pods
        .filter((p) => !isTerminated(p))
        .flatMap((p) =>
          (p.spec?.volumes ?? []).map(
            (v: { persistentVolumeClaim?: { claimName?: string } }) =>
              `${p.metadata.namespace}/${v.persistentVolumeClaim?.claimName}`,
          ),
        ),
    );
    for (const obj of this.sim.objects()) {
      const what = `${obj.kind} ${obj.metadata.namespace ? `${obj.metadata.namespace}/` : ''}${obj.metadata.name}`;
      const inUse = obj.kind === 'PersistentVolumeClaim' && claimsInUse.has(`${obj.metadata.namespace}/${obj.metadata.name}`);
      // A deletionTimestamp still ahead is a grace period running (a CronJob keeps replacing jobs).
      const graceLeft = obj.metadata.deletionTimestamp && this.sim.clock.parseTimestamp(obj.metadata.deletionTimestamp) > now;
      if (obj.metadata.deletionTimestamp && !inUse && !graceLeft) {
        this.report(
          'object stuck deleting',
          `${what}: deletionTimestamp ${obj.metadata.deletionTimestamp}, finalizers [${(obj.metadata.finalizers ?? []).join(', ')}]`,
        );
      }
      this.checkStored(obj, what);
    }
  }

  /** The stored object decodes again without unknown fields and passes its kind's validation. */
  private checkStored(obj: KObject, what: string): void {
    try {
      const { unknownFields } = decodeObject(obj, obj.apiVersion, obj.kind);
      if (unknownFields.length) this.report('stored object invalid', `${what}: unknown fields ${unknownFields.join(', ')}`);
    } catch (e) {
      if (!(e instanceof DecodeError)) throw e;
      this.report('stored object invalid', `${what}: does not decode: ${e.message}`);
    }
    const def = this.sim.cluster.api.registry.forObject(obj.apiVersion, obj.kind);
    const problems = def?.validate?.(obj) ?? [];
    if (problems.length) {
      this.report(
        'stored object invalid',
        `${what}: ${problems.map((p) => `${p.field}: ${p.type}${p.detail ? ` (${p.detail})` : ''}`).join('; ')}`,
      );
    }
  }
}

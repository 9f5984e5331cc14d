// The chaos guarantees of StatefulSets, DaemonSets and Jobs: checked after each command (identity,
// one daemon pod per node, parallelism), when a StatefulSet pod is created (ordered start), and
// once the cluster has settled (each reached what it was asked for, or is stuck only where
// upstream gets stuck too). Counts are made from the stored pods, not from the controllers' own
// status, so a controller's miscount cannot hide.

import type { KObject } from '../../../k8s/types';
import { daemonSetKind } from '../../api/kinds/daemonset';
import { jobKind } from '../../api/kinds/job';
import { nodeKind } from '../../api/kinds/node';
import { podKind } from '../../api/kinds/pod';
import { statefulSetKind } from '../../api/kinds/statefulset';
import { selectorFromLabelSelector } from '../../../k8s/labels';
import type { Simulation } from '../../simulation';
import { BROKEN_IMAGE } from './images';

type Report = (invariant: string, message: string) => void;

const POD_INDEX = 'apps.kubernetes.io/pod-index';
const JOB_TRACKING = 'batch.kubernetes.io/job-tracking';

const isTerminated = (pod: KObject) => pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';
const isLive = (pod: KObject) => !isTerminated(pod) && !pod.metadata.deletionTimestamp;
const isRunningAndReady = (pod: KObject) =>
  pod.status?.phase === 'Running' &&
  ((pod.status?.conditions as { type: string; status: string }[] | undefined)?.some(
    (c) => c.type === 'Ready' && c.status === 'True',
  ) ??
    false);
const images = (o: KObject | undefined): string[] =>
  ((o?.spec?.template?.spec ?? o?.spec)?.containers ?? []).map((c: { image?: string }) => c.image ?? '');

/** The node a daemon pod is for: its nodeName, or before binding its node-affinity term. */
function targetNode(pod: KObject): string | undefined {
  const terms = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms;
  return pod.spec?.nodeName || terms?.[0]?.matchFields?.[0]?.values?.[0];
}

/**
 * The scheduler found no room for the pod: PodScheduled False, Unschedulable, some node short of
 * a resource ("Insufficient cpu"). Cordons, taints and selectors do not count: the settling
 * lifts the first two and the generator draws selectors that match.
 */
const waitsForRoom = (pod: KObject) =>
  !pod.spec?.nodeName &&
  ((pod.status?.conditions as { type: string; status: string; reason?: string; message?: string }[] | undefined)?.some(
    (c) =>
      c.type === 'PodScheduled' &&
      c.status === 'False' &&
      c.reason === 'Unschedulable' &&
      !!c.message?.includes(' Insufficient '),
  ) ??
    false);

export interface WorkloadCheckCounts {
  statefulIdentity: number;
  orderedStarts: number;
  daemonPerNode: number;
  jobParallelism: number;
  settledWorkloads: number;
}

export function emptyWorkloadCounts(): WorkloadCheckCounts {
  return { statefulIdentity: 0, orderedStarts: 0, daemonPerNode: 0, jobParallelism: 0, settledWorkloads: 0 };
}

/** Pods by the uid of their controller. */
function podsByOwner(pods: readonly KObject[], kind: string): Map<string, KObject[]> {
  const byOwner = new Map<string, KObject[]>();
  for (const pod of pods) {
    const ref = pod.metadata.ownerReferences?.find((r) => r.controller === true && r.kind === kind);
    if (!ref) continue;
    const list = byOwner.get(ref.uid) ?? [];
    list.push(pod);
    byOwner.set(ref.uid, list);
  }
  return byOwner;
}

export class WorkloadChecks {
  constructor(
    private readonly sim: Simulation,
    private readonly report: Report,
    private readonly counts: WorkloadCheckCounts,
    private readonly allNodesHealthy: () => boolean,
  ) {}

  // ---- when a pod is created --------------------------------------------------------------------

  /**
   * OrderedReady: pod k is created only once pods 0..k-1 exist, Running and Ready, none deleting
   * (StatefulSet docs, "Pod Management Policies"; upstream processReplica returns at the first
   * replica that is not). Checked while every node is healthy: a node failure takes readiness away
   * under the controller's feet, between its decision and this event.
   */
  onPodAdded(pod: KObject): void {
    const ref = pod.metadata.ownerReferences?.find((r) => r.controller === true && r.kind === 'StatefulSet');
    const index = Number(pod.metadata.labels?.[POD_INDEX]);
    if (!ref || !Number.isInteger(index) || index === 0 || !this.allNodesHealthy()) return;
    const api = this.sim.cluster.api;
    const set = api.tryGet(statefulSetKind, pod.metadata.namespace, ref.name);
    if (!set || set.metadata.uid !== ref.uid || (set.spec?.podManagementPolicy ?? 'OrderedReady') !== 'OrderedReady') return;
    if (set.spec?.minReadySeconds) return;
    this.counts.orderedStarts++;
    for (let k = 0; k < index; k++) {
      const before = api.tryGet(podKind, pod.metadata.namespace, `${ref.name}-${k}`);
      if (!before || before.metadata.deletionTimestamp || !isRunningAndReady(before)) {
        this.report(
          'statefulset started out of order',
          `statefulset ${ref.name}: ${pod.metadata.name} created while ${ref.name}-${k} is ${before ? `${before.status?.phase}${before.metadata.deletionTimestamp ? ', deleting' : ''}, not ready` : 'missing'}`,
        );
        return;
      }
    }
  }

  // ---- after each command -----------------------------------------------------------------------

  checkStep(pods: readonly KObject[]): void {
    // No two live pods of a StatefulSet share an ordinal (pod-index label) or a hostname.
    for (const [uid, set] of podsByOwner(pods, 'StatefulSet')) {
      const seen = new Map<string, string>();
      for (const pod of set.filter((p) => !isTerminated(p))) {
        this.counts.statefulIdentity++;
        for (const identity of [`index ${pod.metadata.labels?.[POD_INDEX]}`, `hostname ${pod.spec?.hostname}`]) {
          const other = seen.get(identity);
          if (other)
            this.report('statefulset identity shared', `set ${uid}: ${other} and ${pod.metadata.name} share ${identity}`);
          seen.set(identity, pod.metadata.name ?? '');
        }
      }
    }
    // A DaemonSet runs at most one live pod per node, except during a surge rollout (maxSurge > 0:
    // the new pod starts before the old one goes). A deleting pod no longer counts: upstream's
    // manage() creates the replacement as soon as the old pod has its deletionTimestamp.
    const api = this.sim.cluster.api;
    for (const [uid, owned] of podsByOwner(pods, 'DaemonSet')) {
      const ds = api.list(daemonSetKind).items.find((d) => d.metadata.uid === uid);
      if (!ds || (ds.spec?.updateStrategy?.rollingUpdate?.maxSurge ?? 0) !== 0) continue;
      const onNode = new Map<string, string>();
      for (const pod of owned.filter(isLive)) {
        const node = targetNode(pod);
        if (!node) continue;
        this.counts.daemonPerNode++;
        const other = onNode.get(node);
        if (other)
          this.report(
            'daemonset has two pods on a node',
            `daemonset ${ds.metadata.name}: ${other} and ${pod.metadata.name} on ${node}`,
          );
        onNode.set(node, pod.metadata.name ?? '');
      }
    }
    // A Job never has more active pods (not finished, not deleting) than its parallelism.
    for (const [uid, owned] of podsByOwner(pods, 'Job')) {
      const job = api.list(jobKind).items.find((j) => j.metadata.uid === uid);
      if (!job || job.metadata.deletionTimestamp) continue;
      const parallelism = job.spec?.suspend ? 0 : (job.spec?.parallelism ?? 1);
      const active = owned.filter(isLive).length;
      this.counts.jobParallelism++;
      if (active > parallelism) {
        this.report('job exceeds parallelism', `job ${job.metadata.name}: ${active} active pods, parallelism ${parallelism}`);
      }
    }
  }

  // ---- after the cluster settled ----------------------------------------------------------------

  checkSettled(): void {
    const api = this.sim.cluster.api;
    const pods = api.list(podKind).items;
    const stsPods = podsByOwner(pods, 'StatefulSet');
    for (const set of api.list(statefulSetKind).items) {
      if (set.metadata.deletionTimestamp) continue;
      this.counts.settledWorkloads++;
      const name = set.metadata.name;
      const status = set.status ?? {};
      if ((status.observedGeneration ?? 0) < (set.metadata.generation ?? 0)) {
        this.report('statefulset not settled', `statefulset ${name}: generation ${set.metadata.generation} not observed`);
        continue;
      }
      const owned = stsPods.get(set.metadata.uid ?? '') ?? [];
      // Stuck as upstream is: on a broken template; or, OrderedReady, behind a pod still on a
      // broken revision (StatefulSet docs, "Forced rollback": the user must delete that pod).
      const ordered = (set.spec?.podManagementPolicy ?? 'OrderedReady') === 'OrderedReady';
      if (images(set).includes(BROKEN_IMAGE)) continue;
      if (ordered && owned.some((p) => images(p).includes(BROKEN_IMAGE))) continue;
      // A pod whose claim is bound to a local volume can only run on that volume's node (the PV's
      // nodeAffinity; "Persistent Volumes" docs, "Node Affinity"); when that node is full the pod
      // waits, Unschedulable, as it would upstream. The session's CPU budget bounds the cluster's
      // total, not what ends up on one node.
      if (owned.some((p) => isLive(p) && waitsForRoom(p))) continue;
      const replicas = set.spec?.replicas ?? 1;
      const partition = Math.min(replicas, set.spec?.updateStrategy?.rollingUpdate?.partition ?? 0);
      const counts = [status.replicas ?? 0, status.readyReplicas ?? 0, status.availableReplicas ?? 0];
      const live = owned.filter(isLive).length;
      if (counts.some((n) => n !== replicas) || live !== replicas) {
        this.report(
          'statefulset not settled',
          `statefulset ${name}: wants ${replicas}, has replicas/ready/available ${counts.join('/')}, ${live} live pods`,
        );
      } else if ((status.updatedReplicas ?? 0) < replicas - partition) {
        this.report(
          'statefulset not settled',
          `statefulset ${name}: ${status.updatedReplicas ?? 0} updated, partition ${partition} of ${replicas} asks for ${replicas - partition}`,
        );
      }
    }
    const nodes = api.list(nodeKind).items;
    const dsPods = podsByOwner(pods, 'DaemonSet');
    for (const ds of api.list(daemonSetKind).items) {
      if (ds.metadata.deletionTimestamp || images(ds).includes(BROKEN_IMAGE)) continue;
      this.counts.settledWorkloads++;
      const status = ds.status ?? {};
      const name = ds.metadata.name;
      // Every node is Ready, schedulable and untainted now: the selector alone decides.
      const selector = selectorFromLabelSelector({ matchLabels: ds.spec?.template?.spec?.nodeSelector ?? {} });
      const wanted = nodes.filter((n) => selector.matches(n.metadata.labels)).length;
      const live = (dsPods.get(ds.metadata.uid ?? '') ?? []).filter(isLive);
      const onWanted = new Set(live.map(targetNode));
      // A daemon pod the scheduler has no room for stays Pending: without a higher priority it
      // preempts nothing (DaemonSet docs, "How Daemon Pods are scheduled"; upstream leaves it to
      // the default scheduler). It still counts as scheduled for the DaemonSet, not as ready.
      const unschedulable = live.filter(waitsForRoom).length;
      const counts = [
        status.desiredNumberScheduled ?? 0,
        status.currentNumberScheduled ?? 0,
        status.updatedNumberScheduled ?? 0,
        (status.numberReady ?? 0) + unschedulable,
        (status.numberAvailable ?? 0) + unschedulable,
      ];
      if (
        counts.some((n) => n !== wanted) ||
        (status.numberMisscheduled ?? 0) !== 0 ||
        live.length !== wanted ||
        onWanted.size !== wanted
      ) {
        this.report(
          'daemonset not settled',
          `daemonset ${name}: ${wanted} nodes match, status desired/current/updated/ready/available ${counts.join('/')}, misscheduled ${status.numberMisscheduled ?? 0}, ${live.length} live pods on ${onWanted.size} nodes`,
        );
      }
    }
    const now = this.sim.clock.now();
    // A CronJob keeps starting jobs while the cluster settles: its newest may still run.
    const recentCronJob = (job: KObject) => {
      const started = job.status?.startTime ? this.sim.clock.parseTimestamp(job.status.startTime) : undefined;
      const fromCron = job.metadata.ownerReferences?.some((r) => r.kind === 'CronJob');
      return !!fromCron && started !== undefined && now - started < 5 * 60_000;
    };
    for (const job of api.list(jobKind).items) {
      if (job.metadata.deletionTimestamp) continue;
      this.counts.settledWorkloads++;
      const conditions = (job.status?.conditions ?? []) as { type: string; status: string }[];
      const finished = conditions.some((c) => (c.type === 'Complete' || c.type === 'Failed') && c.status === 'True');
      // Parallelism 0 holds a Job as suspend does: no pod runs, it never finishes (Jobs docs,
      // "Controlling parallelism"; upstream manageJob wants min(parallelism, remaining) active).
      const held = job.spec?.suspend || job.spec?.parallelism === 0;
      if (!finished && !held && !recentCronJob(job)) {
        this.report(
          'job not settled',
          `job ${job.metadata.name}: neither Complete nor Failed nor suspended (active ${job.status?.active ?? 0}, succeeded ${job.status?.succeeded ?? 0}, failed ${job.status?.failed ?? 0})`,
        );
      }
      if (job.spec?.suspend && !finished && (job.status?.active ?? 0) !== 0) {
        this.report('job not settled', `job ${job.metadata.name}: suspended with ${job.status?.active} active pods`);
      }
    }
    // A finished pod's job-tracking finalizer goes as soon as the Job controller has counted it
    // (in the same sync); only a CronJob's newest job may still be at it.
    for (const pod of pods) {
      if (isTerminated(pod) && pod.metadata.finalizers?.includes(JOB_TRACKING)) {
        const ref = pod.metadata.ownerReferences?.find((r) => r.kind === 'Job');
        const job = ref && api.tryGet(jobKind, pod.metadata.namespace, ref.name);
        if (!job || !recentCronJob(job)) {
          this.report(
            'object stuck on a finalizer',
            `pod ${pod.metadata.name}: ${pod.status?.phase} but still carries ${JOB_TRACKING}`,
          );
        }
      }
    }
  }
}

// Chaos actions for the workload kinds beyond Deployments: StatefulSets (claims from
// volumeClaimTemplates, ordered or parallel), DaemonSets (node selectors, tolerations, surge or
// not), Jobs (completions, parallelism, failing commands, suspend, TTL), CronJobs (every minute,
// each concurrency policy), PVC deletes and ConfigMap updates. Each generator records in the model
// what the workload may request at its peak, so the whole session stays within the CPU budget
// that lets every workload become ready again once the cluster settles.

import type { SeededRandom } from '../../clock/random';
import { podKind } from '../../api/kinds/pod';
import { persistentVolumeClaimKind } from '../../api/kinds/persistentvolumeclaim';
import type { ChaosAction, ChaosContext } from './actions';
import { BROKEN_IMAGE, GOOD_IMAGES } from './images';

/** Whether `extra` more milli-CPU keeps the session within its budget (the table's owner decides). */
export type Fits = (ctx: ChaosContext, extra: number) => boolean;

export interface ChaosStatefulSet {
  name: string;
  replicas: number;
  cpuMilli: number;
}
export interface ChaosDaemonSet {
  name: string;
  cpuMilli: number;
  /** maxSurge 1: up to two pods per node during a rollout. */
  surge: boolean;
}
export interface ChaosJob {
  name: string;
  parallelism: number;
  cpuMilli: number;
}
export interface ChaosCronJob {
  name: string;
  cpuMilli: number;
}

export interface WorkloadModel {
  statefulSets: ChaosStatefulSet[];
  daemonSets: ChaosDaemonSet[];
  jobs: ChaosJob[];
  cronJobs: ChaosCronJob[];
  configMaps: string[];
  /** How many of these workloads were ever created (names stay unique). */
  workloadsCreated: number;
}

export function newWorkloadModel(): WorkloadModel {
  return { statefulSets: [], daemonSets: [], jobs: [], cronJobs: [], configMaps: [], workloadsCreated: 0 };
}

const NODE_COUNT = 6;
/**
 * CronJob jobs that may run at once: a job sleeps under a minute, but with Allow a pod that
 * waits on a stopped node can overlap the next ones until the node's pods are evicted (5 min).
 */
const CRON_OVERLAP = 6;

/** CPU (milli) the workloads of this model may request at their peak. */
export function workloadMilliCPU(m: WorkloadModel): number {
  return (
    m.statefulSets.reduce((s, x) => s + x.replicas * x.cpuMilli, 0) +
    m.daemonSets.reduce((s, x) => s + NODE_COUNT * (x.surge ? 2 : 1) * x.cpuMilli, 0) +
    m.jobs.reduce((s, x) => s + x.parallelism * x.cpuMilli, 0) +
    m.cronJobs.reduce((s, x) => s + CRON_OVERLAP * x.cpuMilli, 0)
  );
}

function pick<T>(random: SeededRandom, items: readonly T[]): T {
  return items[random.int(items.length)];
}

function image(random: SeededRandom): string {
  return random.int(4) === 0 ? BROKEN_IMAGE : pick(random, GOOD_IMAGES);
}

function newName(ctx: ChaosContext, prefix: string): string {
  return `${prefix}${ctx.model.workloads.workloadsCreated++}`;
}

function podsOf(ctx: ChaosContext, label: string, value: string): string[] {
  return ctx.sim.cluster.api
    .list(podKind, { namespace: 'default' })
    .items.filter((p) => p.metadata.labels?.[label] === value)
    .map((p) => p.metadata.name ?? '')
    .sort();
}

// ---- StatefulSets ------------------------------------------------------------------------------

function createStatefulSet(ctx: ChaosContext, fits: Fits): string | undefined {
  const w = ctx.model.workloads;
  if (w.statefulSets.length >= 2) return undefined;
  const cpuMilli = pick(ctx.random, [100, 250]);
  let replicas = 1 + ctx.random.int(4);
  while (replicas > 0 && !fits(ctx, replicas * cpuMilli)) replicas--;
  if (replicas === 0) return undefined;
  const name = newName(ctx, 'db');
  w.statefulSets.push({ name, replicas, cpuMilli });
  const policy = pick(ctx.random, ['OrderedReady', 'Parallel']);
  const partition = ctx.random.int(3) === 0 ? `\n    rollingUpdate: {partition: ${ctx.random.int(3)}}` : '';
  return [
    'kubectl apply -f - <<EOF',
    'apiVersion: apps/v1',
    'kind: StatefulSet',
    'metadata:',
    `  name: ${name}`,
    'spec:',
    `  serviceName: ${name}`,
    `  replicas: ${replicas}`,
    `  podManagementPolicy: ${policy}`,
    '  updateStrategy:',
    `    type: RollingUpdate${partition}`,
    '  selector:',
    `    matchLabels: {sts: ${name}}`,
    '  template:',
    '    metadata:',
    `      labels: {sts: ${name}}`,
    '    spec:',
    `      terminationGracePeriodSeconds: ${pick(ctx.random, [0, 10])}`,
    '      containers:',
    '      - name: main',
    `        image: ${pick(ctx.random, GOOD_IMAGES)}`,
    '        resources:',
    `          requests: {cpu: ${cpuMilli}m, memory: 64Mi}`,
    '        readinessProbe:',
    '          tcpSocket: {port: 80}',
    '          periodSeconds: 5',
    '        volumeMounts:',
    '        - {name: data, mountPath: /data}',
    '        - {name: settings, mountPath: /etc/settings}',
    '      volumes:',
    '      - name: settings',
    '        configMap: {name: settings, optional: true}',
    '  volumeClaimTemplates:',
    '  - metadata: {name: data}',
    '    spec:',
    '      accessModes: [ReadWriteOnce]',
    '      resources: {requests: {storage: 1Gi}}',
    'EOF',
  ].join('\n');
}

function statefulSet(ctx: ChaosContext): ChaosStatefulSet | undefined {
  const sets = ctx.model.workloads.statefulSets;
  return sets.length ? pick(ctx.random, sets) : undefined;
}

function scaleStatefulSet(ctx: ChaosContext, fits: Fits): string | undefined {
  const s = statefulSet(ctx);
  if (!s) return undefined;
  const others = s.replicas * s.cpuMilli;
  let replicas = ctx.random.int(6);
  while (replicas > 0 && !fits(ctx, replicas * s.cpuMilli - others)) replicas--;
  s.replicas = replicas;
  return `kubectl scale statefulset ${s.name} --replicas=${replicas}`;
}

function changeStatefulSet(ctx: ChaosContext): string | undefined {
  const s = statefulSet(ctx);
  if (!s) return undefined;
  switch (ctx.random.int(5)) {
    case 0:
      return `kubectl patch statefulset ${s.name} -p '{"spec":{"updateStrategy":{"rollingUpdate":{"partition":${ctx.random.int(4)}}}}}'`;
    case 1: {
      const pods = podsOf(ctx, 'sts', s.name);
      const force = ctx.random.int(3) === 0 ? ' --grace-period=0 --force' : '';
      return pods.length ? `kubectl delete pod ${pick(ctx.random, pods)} --wait=false${force}` : undefined;
    }
    case 2: {
      // The claims stay (the default retention policy); orphaned pods stay, counted for good.
      ctx.model.workloads.statefulSets = ctx.model.workloads.statefulSets.filter((x) => x !== s);
      const cascade = pick(ctx.random, ['background', 'foreground', 'orphan']);
      if (cascade === 'orphan') ctx.model.orphanMilliCPU += s.replicas * s.cpuMilli;
      return `kubectl delete statefulset ${s.name} --cascade=${cascade} --wait=false`;
    }
    default:
      return `kubectl set image statefulset/${s.name} main=${image(ctx.random)}`;
  }
}

// ---- DaemonSets --------------------------------------------------------------------------------

function createDaemonSet(ctx: ChaosContext, fits: Fits): string | undefined {
  const w = ctx.model.workloads;
  if (w.daemonSets.length >= 2) return undefined;
  const cpuMilli = 50;
  const surge = ctx.random.int(2) === 0;
  if (!fits(ctx, NODE_COUNT * (surge ? 2 : 1) * cpuMilli)) return undefined;
  const name = newName(ctx, 'agent');
  w.daemonSets.push({ name, cpuMilli, surge });
  const selector = pick(ctx.random, ['', '', '      nodeSelector: {disk: ssd}\n']);
  const tolerations = pick(ctx.random, [
    '',
    '      tolerations:\n      - operator: Exists\n',
    '      tolerations:\n      - {key: node.kubernetes.io/unreachable, operator: Exists, effect: NoExecute}\n',
  ]);
  const rolling = surge ? '{maxSurge: 1, maxUnavailable: 0}' : `{maxUnavailable: ${pick(ctx.random, [1, 2])}}`;
  return [
    'kubectl apply -f - <<EOF',
    'apiVersion: apps/v1',
    'kind: DaemonSet',
    'metadata:',
    `  name: ${name}`,
    'spec:',
    '  updateStrategy:',
    '    type: RollingUpdate',
    `    rollingUpdate: ${rolling}`,
    '  selector:',
    `    matchLabels: {ds: ${name}}`,
    '  template:',
    '    metadata:',
    `      labels: {ds: ${name}}`,
    '    spec:',
    `${selector}${tolerations}      terminationGracePeriodSeconds: ${pick(ctx.random, [0, 5])}`,
    '      containers:',
    '      - name: main',
    `        image: ${pick(ctx.random, GOOD_IMAGES)}`,
    '        resources:',
    `          requests: {cpu: ${cpuMilli}m, memory: 32Mi}`,
    'EOF',
  ].join('\n');
}

function changeDaemonSet(ctx: ChaosContext): string | undefined {
  const sets = ctx.model.workloads.daemonSets;
  if (!sets.length) return undefined;
  const d = pick(ctx.random, sets);
  switch (ctx.random.int(6)) {
    case 0:
      return `kubectl rollout undo daemonset/${d.name}`;
    case 1:
      return `kubectl label node ${pick(ctx.random, ctx.model.nodes)} disk=${pick(ctx.random, ['ssd', 'hdd'])} --overwrite`;
    case 2: {
      const pods = podsOf(ctx, 'ds', d.name);
      return pods.length ? `kubectl delete pod ${pick(ctx.random, pods)} --wait=false` : undefined;
    }
    case 3: {
      ctx.model.workloads.daemonSets = sets.filter((x) => x !== d);
      const cascade = pick(ctx.random, ['background', 'foreground', 'orphan']);
      if (cascade === 'orphan') ctx.model.orphanMilliCPU += NODE_COUNT * (d.surge ? 2 : 1) * d.cpuMilli;
      return `kubectl delete daemonset ${d.name} --cascade=${cascade} --wait=false`;
    }
    default:
      return `kubectl set image daemonset/${d.name} main=${image(ctx.random)}`;
  }
}

// ---- Jobs and CronJobs -------------------------------------------------------------------------

function jobCommand(random: SeededRandom): string {
  const seconds = pick(random, [1, 5, 20, 45]);
  return random.int(4) === 0 ? `sleep ${seconds}; exit 1` : `sleep ${seconds}; echo done`;
}

function createJob(ctx: ChaosContext, fits: Fits): string | undefined {
  const w = ctx.model.workloads;
  if (w.jobs.length >= 3) return undefined;
  const cpuMilli = 100;
  let parallelism = 1 + ctx.random.int(3);
  while (parallelism > 0 && !fits(ctx, parallelism * cpuMilli)) parallelism--;
  if (parallelism === 0) return undefined;
  const name = newName(ctx, 'batch');
  w.jobs.push({ name, parallelism, cpuMilli });
  const ttl = ctx.random.int(2) ? `  ttlSecondsAfterFinished: ${pick(ctx.random, [0, 30, 120])}\n` : '';
  const suspend = ctx.random.int(4) === 0 ? '  suspend: true\n' : '';
  return [
    'kubectl apply -f - <<EOF',
    'apiVersion: batch/v1',
    'kind: Job',
    'metadata:',
    `  name: ${name}`,
    'spec:',
    `  completions: ${parallelism + ctx.random.int(4)}`,
    `  parallelism: ${parallelism}`,
    `  backoffLimit: ${pick(ctx.random, [0, 2, 4])}`,
    `${ttl}${suspend}  template:`,
    '    spec:',
    `      restartPolicy: ${pick(ctx.random, ['Never', 'OnFailure'])}`,
    '      containers:',
    '      - name: main',
    '        image: busybox:1.36',
    `        command: ["sh", "-c", "${jobCommand(ctx.random)}"]`,
    '        resources:',
    `          requests: {cpu: ${cpuMilli}m, memory: 32Mi}`,
    'EOF',
  ].join('\n');
}

function changeJob(ctx: ChaosContext, fits: Fits): string | undefined {
  const jobs = ctx.model.workloads.jobs;
  if (!jobs.length) return undefined;
  const j = pick(ctx.random, jobs);
  switch (ctx.random.int(4)) {
    case 0:
      return `kubectl patch job ${j.name} -p '{"spec":{"suspend":${ctx.random.int(2) === 0}}}'`;
    case 1: {
      let parallelism = ctx.random.int(4);
      while (parallelism > 0 && !fits(ctx, (parallelism - j.parallelism) * j.cpuMilli)) parallelism--;
      j.parallelism = parallelism;
      return `kubectl patch job ${j.name} -p '{"spec":{"parallelism":${parallelism}}}'`;
    }
    case 2: {
      ctx.model.workloads.jobs = jobs.filter((x) => x !== j);
      return `kubectl delete job ${j.name} --cascade=${pick(ctx.random, ['background', 'foreground'])} --wait=false`;
    }
    default: {
      const pods = podsOf(ctx, 'job-name', j.name);
      return pods.length ? `kubectl delete pod ${pick(ctx.random, pods)} --wait=false` : undefined;
    }
  }
}

function createCronJob(ctx: ChaosContext, fits: Fits): string | undefined {
  const w = ctx.model.workloads;
  if (w.cronJobs.length >= 2) return undefined;
  const cpuMilli = 50;
  if (!fits(ctx, CRON_OVERLAP * cpuMilli)) return undefined;
  const name = newName(ctx, 'tick');
  w.cronJobs.push({ name, cpuMilli });
  return [
    'kubectl apply -f - <<EOF',
    'apiVersion: batch/v1',
    'kind: CronJob',
    'metadata:',
    `  name: ${name}`,
    'spec:',
    '  schedule: "*/1 * * * *"',
    `  concurrencyPolicy: ${pick(ctx.random, ['Allow', 'Forbid', 'Replace'])}`,
    '  successfulJobsHistoryLimit: 2',
    '  failedJobsHistoryLimit: 1',
    '  jobTemplate:',
    '    spec:',
    '      backoffLimit: 1',
    '      template:',
    '        spec:',
    '          restartPolicy: Never',
    '          containers:',
    '          - name: main',
    '            image: busybox:1.36',
    `            command: ["sh", "-c", "sleep ${pick(ctx.random, [10, 50, 90])}"]`,
    '            resources:',
    `              requests: {cpu: ${cpuMilli}m, memory: 32Mi}`,
    'EOF',
  ].join('\n');
}

function suspendCronJob(ctx: ChaosContext): string | undefined {
  const crons = ctx.model.workloads.cronJobs;
  if (!crons.length) return undefined;
  const c = pick(ctx.random, crons);
  return `kubectl patch cronjob ${c.name} -p '{"spec":{"suspend":${ctx.random.int(2) === 0}}}'`;
}

// ---- Claims and configuration ------------------------------------------------------------------

function deleteClaim(ctx: ChaosContext): string | undefined {
  const claims = ctx.sim.cluster.api
    .list(persistentVolumeClaimKind, { namespace: 'default' })
    .items.map((c) => c.metadata.name ?? '')
    .sort();
  return claims.length ? `kubectl delete pvc ${pick(ctx.random, claims)} --wait=false` : undefined;
}

function configMap(ctx: ChaosContext): string {
  const value = pick(ctx.random, ['fast', 'slow', 'debug']);
  if (!ctx.model.workloads.configMaps.includes('settings')) {
    ctx.model.workloads.configMaps.push('settings');
    return `kubectl create configmap settings --from-literal=mode=${value}`;
  }
  return `kubectl patch configmap settings -p '{"data":{"mode":"${value}"}}'`;
}

/** The workload actions, as entries of the action table, within the budget `fits` keeps. */
export function workloadActions(fits: Fits): ChaosAction[] {
  return [
    { name: 'create statefulset', weight: 2, generate: (ctx) => createStatefulSet(ctx, fits) },
    { name: 'scale statefulset', weight: 2, generate: (ctx) => scaleStatefulSet(ctx, fits) },
    { name: 'change statefulset', weight: 3, generate: changeStatefulSet },
    { name: 'create daemonset', weight: 1, generate: (ctx) => createDaemonSet(ctx, fits) },
    { name: 'change daemonset', weight: 2, generate: changeDaemonSet },
    { name: 'create job', weight: 2, generate: (ctx) => createJob(ctx, fits) },
    { name: 'change job', weight: 2, generate: (ctx) => changeJob(ctx, fits) },
    { name: 'create cronjob', weight: 1, generate: (ctx) => createCronJob(ctx, fits) },
    { name: 'suspend cronjob', weight: 1, generate: suspendCronJob },
    { name: 'delete pvc', weight: 1, generate: deleteClaim },
    { name: 'configmap', weight: 1, generate: configMap },
  ];
}

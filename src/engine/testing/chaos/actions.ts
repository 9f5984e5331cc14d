// What the chaos harness does to a cluster: a table of action generators, each turning the
// generator's model of the session (what it created, what it scaled) and the live cluster (pod
// names) into one script command, as a user would type it. A new workload kind adds its verbs as
// entries of CHAOS_ACTIONS (or a table passed to runChaos) and its capacity to `requestedMilliCPU`.
//
// Everything is drawn from the engine's SeededRandom, so one seed always gives one sequence. The
// model keeps the requests the workloads may ask for (Deployments with their surge; the other
// kinds as workload-actions.ts counts them) under half the cluster's CPU, so that after the chaos
// stops every workload can become ready again.

import type { SeededRandom } from '../../clock/random';
import { podKind } from '../../api/kinds/pod';
import type { Simulation } from '../../simulation';
import { BROKEN_IMAGE, GOOD_IMAGES } from './images';
import { newWorkloadModel, workloadActions, workloadMilliCPU, type WorkloadModel } from './workload-actions';

/** A Deployment the session created, as the generator remembers it. */
export interface ChaosDeployment {
  name: string;
  replicas: number;
  cpuMilli: number;
  /** maxSurge and maxUnavailable as written in the manifest. */
  maxSurge: number | string;
  maxUnavailable: number | string;
  hasBudget: boolean;
}

export interface ChaosModel {
  deployments: ChaosDeployment[];
  nodes: readonly string[];
  zones: readonly string[];
  /** CPU (milli) of pods the session took out of their ReplicaSet (relabelled): they stay. */
  orphanMilliCPU: number;
  /** How many Deployments were ever created (names stay unique). */
  created: number;
  /** StatefulSets, DaemonSets, Jobs, CronJobs and ConfigMaps the session made. */
  workloads: WorkloadModel;
}

export interface ChaosContext {
  random: SeededRandom;
  model: ChaosModel;
  sim: Simulation;
}

/** One kind of user action: how often it is drawn, and the command it makes (undefined: not now). */
export interface ChaosAction {
  name: string;
  weight: number;
  generate(ctx: ChaosContext): string | undefined;
}

export { BROKEN_IMAGE, GOOD_IMAGES } from './images';

/** The default cluster: 3 zones of 2 nodes with 4 CPUs each. */
export const DEFAULT_NODES = ['node-a1', 'node-a2', 'node-b1', 'node-b2', 'node-c1', 'node-c2'];
export const DEFAULT_ZONES = ['zone-a', 'zone-b', 'zone-c'];
const CLUSTER_MILLI_CPU = 6 * 4000;
/** What all workloads together may request, surge included: half the cluster. */
const CPU_BUDGET = CLUSTER_MILLI_CPU / 2;
const NAMES = ['web', 'api', 'cache', 'shop', 'auth'];

export function newModel(): ChaosModel {
  return {
    deployments: [],
    nodes: DEFAULT_NODES,
    zones: DEFAULT_ZONES,
    orphanMilliCPU: 0,
    created: 0,
    workloads: newWorkloadModel(),
  };
}

function pick<T>(random: SeededRandom, items: readonly T[]): T {
  return items[random.int(items.length)];
}

/** A count from maxSurge / maxUnavailable (percentages of `replicas`, rounded as asked). */
export function scaledValue(value: number | string, replicas: number, roundUp: boolean): number {
  if (typeof value === 'number') return value;
  const fraction = (Number(value.slice(0, -1)) * replicas) / 100;
  return roundUp ? Math.ceil(fraction) : Math.floor(fraction);
}

/** CPU one Deployment may request at most: every replica plus its surge. */
function deploymentPeak(d: Pick<ChaosDeployment, 'replicas' | 'cpuMilli' | 'maxSurge'>): number {
  return (d.replicas + scaledValue(d.maxSurge, d.replicas, true)) * d.cpuMilli;
}

/** CPU the session's workloads may request at their peak. */
export function requestedMilliCPU(model: ChaosModel): number {
  return model.deployments.reduce((sum, d) => sum + deploymentPeak(d), model.orphanMilliCPU + workloadMilliCPU(model.workloads));
}

function fits(model: ChaosModel, extra: number): boolean {
  return requestedMilliCPU(model) + extra <= CPU_BUDGET;
}

/** Names of the live pods of a Deployment (by its app label), in name order. */
function podNames(sim: Simulation, app?: string): string[] {
  const pods = sim.cluster.api.list(podKind, { namespace: 'default' }).items;
  return pods
    .filter((p) => !app || p.metadata.labels?.app === app)
    .map((p) => p.metadata.name ?? '')
    .sort();
}

const ROLLING = [
  { maxSurge: 1, maxUnavailable: 0 },
  { maxSurge: 1, maxUnavailable: '50%' },
  { maxSurge: '25%', maxUnavailable: '25%' },
  { maxSurge: '100%', maxUnavailable: 0 },
  { maxSurge: 0, maxUnavailable: 1 },
] as const;

function createDeployment({ random, model }: ChaosContext): string | undefined {
  if (model.deployments.length >= 3) return undefined;
  const rolling = pick(random, ROLLING);
  const cpuMilli = pick(random, [100, 250, 500, 1500]);
  let replicas = 1 + random.int(6);
  while (replicas > 1 && !fits(model, deploymentPeak({ replicas, cpuMilli, maxSurge: rolling.maxSurge }))) replicas--;
  if (!fits(model, deploymentPeak({ replicas, cpuMilli, maxSurge: rolling.maxSurge }))) return undefined;
  const name = NAMES[model.created % NAMES.length] + (model.created >= NAMES.length ? `${model.created}` : '');
  model.created++;
  model.deployments.push({ name, replicas, cpuMilli, ...rolling, hasBudget: false });
  const yamlValue = (v: number | string) => (typeof v === 'number' ? `${v}` : `"${v}"`);
  const liveness =
    random.int(3) === 0 ? '        livenessProbe:\n          tcpSocket: {port: 80}\n          periodSeconds: 10\n' : '';
  return [
    'kubectl apply -f - <<EOF',
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    `  name: ${name}`,
    'spec:',
    `  replicas: ${replicas}`,
    `  minReadySeconds: ${pick(random, [0, 5])}`,
    `  progressDeadlineSeconds: ${pick(random, [60, 120, 180])}`,
    '  strategy:',
    '    type: RollingUpdate',
    `    rollingUpdate: {maxSurge: ${yamlValue(rolling.maxSurge)}, maxUnavailable: ${yamlValue(rolling.maxUnavailable)}}`,
    '  selector:',
    `    matchLabels: {app: ${name}}`,
    '  template:',
    '    metadata:',
    `      labels: {app: ${name}}`,
    '    spec:',
    `      terminationGracePeriodSeconds: ${pick(random, [0, 5, 30])}`,
    '      containers:',
    '      - name: main',
    `        image: ${pick(random, GOOD_IMAGES)}`,
    '        resources:',
    `          requests: {cpu: ${cpuMilli}m, memory: ${pick(random, [64, 128, 256])}Mi}`,
    '        readinessProbe:',
    '          httpGet: {path: /, port: 80}',
    `          periodSeconds: ${pick(random, [5, 10])}`,
    liveness + 'EOF',
  ].join('\n');
}

function deployment(ctx: ChaosContext): ChaosDeployment | undefined {
  return ctx.model.deployments.length ? pick(ctx.random, ctx.model.deployments) : undefined;
}

function createBudget(ctx: ChaosContext): string | undefined {
  const d = ctx.model.deployments.find((x) => !x.hasBudget);
  if (!d) return undefined;
  d.hasBudget = true;
  const rule = pick(ctx.random, ['minAvailable: 1', 'minAvailable: "50%"', 'maxUnavailable: 1', 'minAvailable: 2']);
  return [
    'kubectl apply -f - <<EOF',
    'apiVersion: policy/v1',
    'kind: PodDisruptionBudget',
    'metadata:',
    `  name: ${d.name}-pdb`,
    'spec:',
    `  ${rule}`,
    '  selector:',
    `    matchLabels: {app: ${d.name}}`,
    'EOF',
  ].join('\n');
}

function scale(ctx: ChaosContext): string | undefined {
  const d = deployment(ctx);
  if (!d) return undefined;
  const others = requestedMilliCPU(ctx.model) - deploymentPeak(d);
  let replicas = ctx.random.int(8);
  while (replicas > 0 && others + deploymentPeak({ ...d, replicas }) > CPU_BUDGET) replicas--;
  d.replicas = replicas;
  return `kubectl scale deployment/${d.name} --replicas=${replicas}`;
}

function setImage(ctx: ChaosContext): string | undefined {
  const d = deployment(ctx);
  if (!d) return undefined;
  const image = ctx.random.int(3) === 0 ? BROKEN_IMAGE : pick(ctx.random, GOOD_IMAGES);
  return `kubectl set image deployment/${d.name} main=${image}`;
}

function rolloutUndo(ctx: ChaosContext): string | undefined {
  const d = deployment(ctx);
  return d && `kubectl rollout undo deployment/${d.name}`;
}

function nodeVerb(ctx: ChaosContext): string {
  const verb = pick(ctx.random, ['stop', 'start', 'disconnect', 'reconnect']);
  return `kubeplay node ${verb} ${pick(ctx.random, ctx.model.nodes)}`;
}

function zoneVerb(ctx: ChaosContext): string {
  return `kubeplay zone ${pick(ctx.random, ['partition', 'heal'])} ${pick(ctx.random, ctx.model.zones)}`;
}

function drain(ctx: ChaosContext): string {
  const flags = ['--ignore-daemonsets'];
  if (ctx.random.int(2)) flags.push('--delete-emptydir-data');
  if (ctx.random.int(3) === 0) flags.push('--force');
  flags.push(`--timeout=${pick(ctx.random, ['10s', '30s', '1m', '2m'])}`);
  return `kubectl drain ${pick(ctx.random, ctx.model.nodes)} ${flags.join(' ')}`;
}

function cordon(ctx: ChaosContext): string {
  return `kubectl ${pick(ctx.random, ['cordon', 'uncordon'])} ${pick(ctx.random, ctx.model.nodes)}`;
}

function deletePods(ctx: ChaosContext): string | undefined {
  const d = deployment(ctx);
  if (!d) return undefined;
  const names = podNames(ctx.sim, d.name);
  // kubectl delete waits for the pods to be gone; for a pod on a stopped node that is up to a
  // week (capped at the playground's 24 h of virtual time, seconds of wall time), so the
  // sessions bound the wait as a user in a hurry would (chaos-delete-hang covers the long wait).
  const wait = ctx.random.int(2) ? ' --wait=false' : ` --timeout=${pick(ctx.random, ['5s', '30s', '2m'])}`;
  const force = ctx.random.int(4) === 0 ? ' --grace-period=0 --force' : '';
  if (names.length === 0 || ctx.random.int(4) === 0) return `kubectl delete pods -l app=${d.name}${wait}${force}`;
  return `kubectl delete pod ${pick(ctx.random, names)}${wait}${force}`;
}

function evict(ctx: ChaosContext): string | undefined {
  const names = podNames(ctx.sim);
  return names.length ? `kubeplay pod evict ${pick(ctx.random, names)}` : undefined;
}

function label(ctx: ChaosContext): string | undefined {
  const choice = ctx.random.int(5);
  if (choice === 0)
    return `kubectl label node ${pick(ctx.random, ctx.model.nodes)} disk=${pick(ctx.random, ['ssd', 'hdd'])} --overwrite`;
  const d = deployment(ctx);
  if (!d) return undefined;
  if (choice === 1) return `kubectl label deployment ${d.name} team=${pick(ctx.random, ['red', 'blue'])} --overwrite`;
  const names = podNames(ctx.sim, d.name);
  if (!names.length) return undefined;
  const pod = pick(ctx.random, names);
  if (choice === 2) {
    // Out of its ReplicaSet's selector: the pod stays (an orphan) and a replacement is made.
    ctx.model.orphanMilliCPU += d.cpuMilli;
    return `kubectl label pod ${pod} app=debug-${d.name} --overwrite`;
  }
  return `kubectl label pod ${pod} tier=${pick(ctx.random, ['front', 'back'])} --overwrite`;
}

function sleep(ctx: ChaosContext): string {
  return `sleep ${pick(ctx.random, ['1s', '5s', '10s', '20s', '45s', '90s', '3m', '6m'])}`;
}

/** The actions and how often each is drawn. */
export const CHAOS_ACTIONS: readonly ChaosAction[] = [
  { name: 'create deployment', weight: 3, generate: createDeployment },
  { name: 'create pdb', weight: 1, generate: createBudget },
  { name: 'scale', weight: 3, generate: scale },
  { name: 'set image', weight: 4, generate: setImage },
  { name: 'rollout undo', weight: 1, generate: rolloutUndo },
  { name: 'node', weight: 4, generate: nodeVerb },
  { name: 'zone', weight: 2, generate: zoneVerb },
  { name: 'drain', weight: 2, generate: drain },
  { name: 'cordon', weight: 2, generate: cordon },
  { name: 'delete pods', weight: 2, generate: deletePods },
  { name: 'evict', weight: 2, generate: evict },
  { name: 'label', weight: 1, generate: label },
  { name: 'sleep', weight: 6, generate: sleep },
  ...workloadActions((ctx, extra) => fits(ctx.model, extra)),
];

/** Draws one command: a weighted action that has something to do (sleep when none has). */
export function nextCommand(ctx: ChaosContext, actions: readonly ChaosAction[] = CHAOS_ACTIONS): string {
  // The first command creates something to work on.
  if (ctx.model.created === 0) return createDeployment(ctx)!;
  const total = actions.reduce((s, a) => s + a.weight, 0);
  for (let attempt = 0; attempt < 5; attempt++) {
    let r = ctx.random.int(total);
    const action = actions.find((a) => (r -= a.weight) < 0)!;
    const command = action.generate(ctx);
    if (command !== undefined) return command;
  }
  return sleep(ctx);
}

/**
 * What ends every session: heal every zone, start and reconnect every node, uncordon them, then
 * let the controllers work (long past any progress deadline, grace period and backoff).
 */
export function settleCommands(model: ChaosModel): string[] {
  return [
    ...model.zones.map((z) => `kubeplay zone heal ${z}`),
    ...model.nodes.flatMap((n) => [`kubeplay node start ${n}`, `kubeplay node reconnect ${n}`, `kubectl uncordon ${n}`]),
    'sleep 10m',
    'sleep 10m',
  ];
}

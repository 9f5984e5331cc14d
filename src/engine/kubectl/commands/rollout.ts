// kubectl rollout (kubectl pkg/cmd/rollout, pkg/polymorphichelpers) for Deployments (and
// DaemonSets: status, history, undo and restart, through daemonset-rollout.ts):
//   status   — prints the status viewer's line on every watch event of the Deployment until the
//              rollout is done (or failed: progress deadline), blocking on the virtual clock;
//              --watch=false prints once, --timeout bounds the wait (0: no bound).
//   history  — the REVISION / CHANGE-CAUSE table, or one revision's pod template (--revision).
//   undo     — client-side rollback: copies the chosen ReplicaSet's template (minus
//              pod-template-hash) and annotations back into the Deployment (JSON patch).
//   pause / resume / restart — spec.paused, and the restartedAt template annotation.

import { parseGoDuration } from '../../../k8s/duration';
import type { KObject } from '../../../k8s/types';
import { ApiError, isApiError } from '../../api/errors';
import type { KindDefinition } from '../../api/kinds/kind-definition';
import {
  CHANGE_CAUSE_ANNOTATION,
  equalIgnoreHash,
  getCondition,
  POD_TEMPLATE_HASH_LABEL,
  revision as revisionOf,
  skipCopyAnnotation,
  TIMED_OUT_REASON,
} from '../../controllers/deployment/util';
import { describePodTemplate } from '../describe/pod-template';
import type { PrefixWriter } from '../describe/writer';
import { KubectlError, type KubectlEnv, type KubectlIO } from '../context';
import type { FlagSpec, ParsedArgs } from '../flags';
import { formatApiError } from '../print-error';
import { formatTable } from '../printers/tabwriter';
import { kindPrefix, parseResourceArgs } from '../resources';
import { filenameFlags, requestNamespace } from './common-flags';
import {
  daemonSetRevisions,
  daemonSetRolloutStatus,
  isDaemonSet,
  revisionTemplate,
  rollbackDaemonSet,
} from './daemonset-rollout';
import { deploymentReplicaSets, replicaSetsByRevision } from './deployment-revisions';
import { dryRunSuffix, parseDryRun } from './manifest-target';
import { rollbackStatefulSet, statefulSetHistoryText, statefulSetStatus } from './statefulset-rollout';

/** How long an unbounded `rollout status` may block the virtual clock before giving up. */
const MAX_STATUS_WAIT_MS = 60 * 60_000;

const commonFlags: FlagSpec[] = [
  ...filenameFlags,
  { name: 'namespace', short: 'n', type: 'string' },
  { name: 'selector', short: 'l', type: 'string' },
];

export const rolloutStatusFlags: FlagSpec[] = [
  ...commonFlags,
  { name: 'watch', short: 'w', type: 'bool', default: true },
  { name: 'revision', type: 'int', default: 0 },
  { name: 'timeout', type: 'duration', default: '0s' },
];
export const rolloutHistoryFlags: FlagSpec[] = [
  ...commonFlags,
  { name: 'revision', type: 'int', default: 0 },
  { name: 'output', short: 'o', type: 'string' },
];
export const rolloutUndoFlags: FlagSpec[] = [
  ...commonFlags,
  { name: 'to-revision', type: 'int', default: 0 },
  { name: 'dry-run', type: 'string', default: 'none', noOptDefault: 'unchanged' },
  { name: 'output', short: 'o', type: 'string' },
];
export const rolloutPauseFlags: FlagSpec[] = [
  ...commonFlags,
  { name: 'output', short: 'o', type: 'string' },
  { name: 'field-manager', type: 'string' },
];
export const rolloutRestartFlags: FlagSpec[] = [...rolloutPauseFlags];

interface Target {
  def: KindDefinition;
  namespace: string;
  name: string;
}

function targets(parsed: ParsedArgs, env: KubectlEnv, sub: string): Target[] {
  if (parsed.args.length === 0 && (parsed.flags.filename as string[]).length === 0) {
    throw new KubectlError('required resource not specified', `See 'kubectl rollout ${sub} -h' for help and examples`);
  }
  const namespace = requestNamespace(parsed);
  const out: Target[] = [];
  for (const r of parseResourceArgs(env.registry, parsed.args)) {
    if (r.names.length === 0) throw new KubectlError(`resource(s) were provided, but no name was specified`);
    for (const name of r.names) out.push({ def: r.def, namespace, name });
  }
  return out;
}

/** The Deployment a target names (NotFound as the server says it). */
function getDeployment(env: KubectlEnv, t: Target): KObject {
  return env.api.get(t.def, t.namespace, t.name);
}

function isDeployment(def: KindDefinition): boolean {
  return def.group === 'apps' && def.kind === 'Deployment';
}

function isStatefulSet(def: KindDefinition): boolean {
  return def.group === 'apps' && def.kind === 'StatefulSet';
}

function groupKind(def: KindDefinition): string {
  return def.group ? `${def.kind}.${def.group}` : def.kind;
}

/** `deployments.apps "x"`: how errors name a resource. */
function resourceString(def: KindDefinition, name: string): string {
  return `${def.group ? `${def.plural}.${def.group}` : def.plural} "${name}"`;
}

// ---- status ----------------------------------------------------------------------------------

/** DeploymentStatusViewer.Status. Throws the error kubectl prints for a failed rollout. */
export function deploymentStatus(d: KObject, wantRevision = 0): { message: string; done: boolean } {
  const name = d.metadata.name ?? '';
  if (wantRevision > 0) {
    const rev = revisionOf(d);
    if (Number.isNaN(rev))
      throw new KubectlError(
        `cannot get the revision of deployment "${name}": ${d.metadata.annotations?.['deployment.kubernetes.io/revision']}`,
      );
    if (rev !== wantRevision)
      throw new KubectlError(`desired revision (${wantRevision}) is different from the running revision (${rev})`);
  }
  const status = d.status ?? {};
  if ((d.metadata.generation ?? 0) <= (status.observedGeneration ?? 0)) {
    const cond = getCondition(status, 'Progressing');
    if (cond && cond.reason === TIMED_OUT_REASON) throw new KubectlError(`deployment "${name}" exceeded its progress deadline`);
    const replicas = d.spec?.replicas;
    const updated = status.updatedReplicas ?? 0;
    const total = status.replicas ?? 0;
    const available = status.availableReplicas ?? 0;
    if (typeof replicas === 'number' && updated < replicas) {
      return {
        message: `Waiting for deployment "${name}" rollout to finish: ${updated} out of ${replicas} new replicas have been updated...\n`,
        done: false,
      };
    }
    if (total > updated) {
      return {
        message: `Waiting for deployment "${name}" rollout to finish: ${total - updated} old replicas are pending termination...\n`,
        done: false,
      };
    }
    if (available < updated) {
      return {
        message: `Waiting for deployment "${name}" rollout to finish: ${available} of ${updated} updated replicas are available...\n`,
        done: false,
      };
    }
    return { message: `deployment "${name}" successfully rolled out\n`, done: true };
  }
  return { message: 'Waiting for deployment spec update to be observed...\n', done: false };
}

export function runRolloutStatus(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const list = targets(parsed, env, 'status');
  const t = list[0];
  if (!isDeployment(t.def) && !isDaemonSet(t.def) && !isStatefulSet(t.def))
    throw new KubectlError(`no status viewer has been implemented for ${groupKind(t.def)}`);
  const wantRevision = parsed.flags.revision as number;
  if (wantRevision < 0) throw new KubectlError('revision must be a positive integer');
  // The DaemonSet and StatefulSet viewers ignore --revision.
  const viewer = isDaemonSet(t.def)
    ? daemonSetRolloutStatus
    : isStatefulSet(t.def)
      ? statefulSetStatus
      : (d: KObject) => deploymentStatus(d, wantRevision);
  const timeoutMs = parseGoDuration(parsed.flags.timeout as string);
  const first = getDeployment(env, t);
  const uid = first.metadata.uid;

  if (!parsed.flags.watch) {
    io.out(viewer(first).message);
    return 0;
  }
  let done = false;
  let failure: unknown;
  const onObject = (d: KObject) => {
    if (done || failure !== undefined) return;
    try {
      const s = viewer(d);
      io.out(s.message);
      done = s.done;
    } catch (e) {
      failure = e;
    }
  };
  onObject(first);
  // UntilWithSync: the condition holds on the listed object, so no watch is opened.
  if (failure !== undefined) throw failure;
  if (done) return 0;
  // Watched from the list's resourceVersion (now), as kubectl's ListWatch does: the object's own
  // may be older than the watch history a busy cluster keeps ("too old resource version").
  const { resourceVersion } = env.api.list(t.def, { namespace: t.namespace, fieldSelector: `metadata.name=${t.name}` });
  let deleted = false;
  const stop = env.api.watch(
    t.def,
    (e) => {
      if (e.object.metadata.name !== t.name || e.object.metadata.uid !== uid) return;
      if (e.type === 'DELETED') {
        deleted = true;
        return;
      }
      onObject(e.object);
    },
    { namespace: t.namespace, resourceVersion },
  );
  try {
    const limit = timeoutMs > 0 ? timeoutMs : MAX_STATUS_WAIT_MS;
    env.clock.runUntilCondition(() => done || failure !== undefined || deleted, limit);
  } finally {
    stop();
  }
  if (failure !== undefined) throw failure;
  if (deleted) throw new KubectlError(`object has been deleted`);
  if (!done) throw new KubectlError('timed out waiting for the condition');
  return 0;
}

// ---- history -----------------------------------------------------------------------------------

export function runRolloutHistory(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const wantRevision = parsed.flags.revision as number;
  if (wantRevision < 0) throw new KubectlError(`revision must be a positive integer: ${wantRevision}`);
  for (const t of targets(parsed, env, 'history')) {
    if (!isDeployment(t.def) && !isDaemonSet(t.def) && !isStatefulSet(t.def))
      throw new KubectlError(`no history viewer has been implemented for ${groupKind(t.def)}`);
    const d = getDeployment(env, t);
    const daemonSet = isDaemonSet(t.def);
    const byRevision = daemonSet
      ? new Map(daemonSetRevisions(env, d).map((r) => [r.revision as number, r] as const))
      : isStatefulSet(t.def)
        ? new Map<number, KObject>()
        : replicaSetsByRevision(env, d);
    let text: string;
    if (isStatefulSet(t.def)) {
      text = statefulSetHistoryText(env, d, wantRevision, printPodTemplate);
    } else if (byRevision.size === 0) {
      text = 'No rollout history found.';
    } else if (wantRevision > 0) {
      const rs = byRevision.get(wantRevision);
      if (!rs) throw new KubectlError('unable to find the specified revision');
      text = daemonSet ? printPodTemplate(revisionTemplate(rs)) : printTemplate(rs);
    } else {
      const rows = [['REVISION', 'CHANGE-CAUSE']];
      for (const r of [...byRevision.keys()].sort((a, b) => a - b)) {
        const cause = byRevision.get(r)!.metadata.annotations?.[CHANGE_CAUSE_ANNOTATION];
        rows.push([String(r), cause || '<none>']);
      }
      text = formatTable(rows, { minWidth: 0, tabWidth: 8, padding: 2, padChar: ' ' });
    }
    const withRevision = wantRevision > 0 ? `with revision #${wantRevision}` : '';
    io.out(`${kindPrefix(t.def)}/${d.metadata.name} ${withRevision}\n${text}\n`);
  }
  return 0;
}

/** printTemplate for a ReplicaSet: its template with the RS's change-cause annotation. */
function printTemplate(rs: KObject): string {
  const template = rs.spec?.template ?? {};
  const annotations = { ...(template.metadata?.annotations ?? {}) };
  const cause = rs.metadata.annotations?.[CHANGE_CAUSE_ANNOTATION];
  if (cause) annotations[CHANGE_CAUSE_ANNOTATION] = cause;
  return printPodTemplate({ ...template, metadata: { ...(template.metadata ?? {}), annotations } });
}

/** printTemplate: DescribePodTemplate into a plain buffer (no alignment: raw tabs). */
function printPodTemplate(withCause: KObject['spec']): string {
  // history.go writes through a PrefixWriter straight into a buffer: no alignment, raw tabs.
  const parts: string[] = [];
  const raw = {
    write: (level: number, text: string) => parts.push('  '.repeat(level) + text),
    writeLine: (text = '') => parts.push(`${text}\n`),
    flush: () => {},
  };
  describePodTemplate(withCause, raw as unknown as PrefixWriter);
  return parts.join('');
}

// ---- undo --------------------------------------------------------------------------------------

export function runRolloutUndo(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const toRevision = parsed.flags['to-revision'] as number;
  const dryRun = parseDryRun(parsed.flags['dry-run'] === 'unchanged' ? 'client' : parsed.flags['dry-run']);
  let failed = false;
  for (const t of targets(parsed, env, 'undo')) {
    if (!isDeployment(t.def) && !isDaemonSet(t.def) && !isStatefulSet(t.def))
      throw new KubectlError(`no rollbacker has been implemented for "${groupKind(t.def)}"`);
    try {
      const d = getDeployment(env, t);
      const result = isDaemonSet(t.def)
        ? rollbackDaemonSet(env, d, toRevision, dryRun, printPodTemplate)
        : isStatefulSet(t.def)
          ? rollbackStatefulSet(env, d, toRevision, dryRun, printPodTemplate)
          : rollback(env, t, d, toRevision, dryRun !== 'none');
      io.out(`${kindPrefix(t.def)}/${d.metadata.name} ${result}${dryRunSuffix(dryRun)}\n`);
    } catch (e) {
      if (e instanceof ApiError) {
        failed = true;
        io.err(formatApiError(e));
        continue;
      }
      throw e;
    }
  }
  return failed ? 1 : 0;
}

/** DeploymentRollbacker.Rollback: `rolled back` or `skipped rollback (…)`. */
function rollback(env: KubectlEnv, t: Target, d: KObject, toRevision: number, dryRun: boolean): string {
  if (toRevision < 0) throw new KubectlError(`unable to find specified revision ${toRevision} in history`);
  if (d.spec?.paused) {
    throw new KubectlError(
      "you cannot rollback a paused deployment; resume it first with 'kubectl rollout resume' and try again",
    );
  }
  const rs = deploymentRevision(env, d, toRevision);
  if (equalIgnoreHash(rs.spec?.template, d.spec?.template)) {
    return `skipped rollback (current template already matches revision ${toRevision})`;
  }
  const template = rs.spec?.template ?? {};
  const labels = { ...(template.metadata?.labels ?? {}) };
  delete labels[POD_TEMPLATE_HASH_LABEL];
  const restored = { ...template, metadata: { ...(template.metadata ?? {}), labels } };
  const annotations: Record<string, string> = {};
  for (const [k, v] of Object.entries(d.metadata.annotations ?? {})) if (skipCopyAnnotation(k)) annotations[k] = v;
  for (const [k, v] of Object.entries(rs.metadata.annotations ?? {})) if (!skipCopyAnnotation(k)) annotations[k] = v;
  const patch = [
    { op: 'replace', path: '/spec/template', value: restored },
    { op: 'replace', path: '/metadata/annotations', value: annotations },
  ];
  try {
    env.api.patch(t.def, t.namespace, t.name, 'json', patch, { dryRun });
  } catch (e) {
    if (isApiError(e)) throw new KubectlError(`failed restoring revision ${toRevision}: ${e.message}`);
    throw e;
  }
  return 'rolled back';
}

/** deploymentRevision: the RS of `toRevision`, or for 0 the one before the latest. */
function deploymentRevision(env: KubectlEnv, d: KObject, toRevision: number): KObject {
  const { allOldRSs, newRS } = deploymentReplicaSets(env, d);
  let latest: KObject | undefined;
  let latestRevision = -1;
  let previous: KObject | undefined;
  let previousRevision = -1;
  for (const rs of newRS ? [...allOldRSs, newRS] : allOldRSs) {
    const v = revisionOf(rs);
    if (Number.isNaN(v)) continue;
    if (toRevision === 0) {
      if (latestRevision < v) {
        previousRevision = latestRevision;
        previous = latest;
        latestRevision = v;
        latest = rs;
      } else if (previousRevision < v) {
        previousRevision = v;
        previous = rs;
      }
    } else if (toRevision === v) {
      return rs;
    }
  }
  if (toRevision > 0) throw new KubectlError(`unable to find specified revision ${toRevision} in history`);
  if (!previous) throw new KubectlError(`no rollout history found for deployment "${d.metadata.name}"`);
  return previous;
}

// ---- pause / resume / restart --------------------------------------------------------------------

type Mutation = (d: KObject) => KObject | string;

function runMutation(
  parsed: ParsedArgs,
  io: KubectlIO,
  env: KubectlEnv,
  sub: string,
  done: string,
  unchanged: string | undefined,
  mutate: Mutation,
): number {
  const errs: string[] = [];
  for (const t of targets(parsed, env, sub)) {
    // objectrestarter restarts DaemonSets and StatefulSets too; objectpauser / objectresumer only Deployments.
    if (!isDeployment(t.def) && !(sub === 'restart' && (isDaemonSet(t.def) || isStatefulSet(t.def)))) {
      errs.push(
        `${resourceString(t.def, t.name)} ${sub === 'restart' ? 'restarting' : sub === 'pause' ? 'pausing' : 'resuming'} is not supported`,
      );
      continue;
    }
    const d = getDeployment(env, t);
    const next = mutate(d);
    if (typeof next === 'string') {
      if (unchanged && next === '') {
        io.out(`${kindPrefix(t.def)}/${d.metadata.name} ${unchanged}\n`);
        continue;
      }
      errs.push(`${resourceString(t.def, t.name)} ${next}`);
      continue;
    }
    env.api.patch(t.def, t.namespace, t.name, 'strategic', { spec: next.spec });
    io.out(`${kindPrefix(t.def)}/${d.metadata.name} ${done}\n`);
  }
  if (errs.length === 1) throw new KubectlError(errs[0]);
  if (errs.length > 1) throw new KubectlError(`[${errs.join(', ')}]`);
  return 0;
}

export function runRolloutPause(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  return runMutation(parsed, io, env, 'pause', 'paused', undefined, (d) =>
    d.spec?.paused ? 'is already paused' : { ...d, spec: { paused: true } },
  );
}

export function runRolloutResume(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  return runMutation(parsed, io, env, 'resume', 'resumed', undefined, (d) =>
    !d.spec?.paused ? 'is not paused' : { ...d, spec: { paused: null } },
  );
}

export function runRolloutRestart(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const now = env.clock.timestamp();
  return runMutation(parsed, io, env, 'restart', 'restarted', undefined, (d) => {
    if (d.spec?.paused) return "can't restart paused deployment (run rollout resume first)";
    return { ...d, spec: { template: { metadata: { annotations: { 'kubectl.kubernetes.io/restartedAt': now } } } } };
  });
}

export function runRollout(_parsed: ParsedArgs, io: KubectlIO): number {
  io.err('error: Must specify one of: history, pause, restart, resume, status, undo\n');
  return 1;
}

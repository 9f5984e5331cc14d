// kubectl rollout for StatefulSets (kubectl pkg/polymorphichelpers: rollout_status.go
// StatefulSetStatusViewer, history.go StatefulSetHistoryViewer, rollback.go
// StatefulSetRollbacker): the status line, the ControllerRevision history and a rollback that
// patches the chosen revision's data (a strategic patch replacing spec.template) into the set.

import { selectorFromLabelSelector } from '../../../k8s/labels';
import type { KObject } from '../../../k8s/types';
import { isApiError } from '../../api/errors';
import { controllerRevisionKind } from '../../api/kinds/controllerrevision';
import { deepEqual } from '../../api/deep';
import { CHANGE_CAUSE_ANNOTATION } from '../../controllers/deployment/util';
import { KubectlError, type KubectlEnv } from '../context';
import { formatTable } from '../printers/tabwriter';

/** StatefulSetStatusViewer.Status: the line to print and whether the rollout is done. */
export function statefulSetStatus(sts: KObject): { message: string; done: boolean } {
  const spec = sts.spec ?? {};
  const status = sts.status ?? {};
  if (spec.updateStrategy?.type !== 'RollingUpdate') {
    throw new KubectlError('rollout status is only available for RollingUpdate strategy type');
  }
  const observed: number = status.observedGeneration ?? 0;
  if (observed === 0 || (sts.metadata.generation ?? 0) > observed) {
    return { message: 'Waiting for statefulset spec update to be observed...\n', done: false };
  }
  const replicas: number | undefined = typeof spec.replicas === 'number' ? spec.replicas : undefined;
  const ready: number = status.readyReplicas ?? 0;
  const updated: number = status.updatedReplicas ?? 0;
  if (replicas !== undefined && ready < replicas) {
    return { message: `Waiting for ${replicas - ready} pods to be ready...\n`, done: false };
  }
  const ru = spec.updateStrategy?.rollingUpdate;
  if (ru) {
    if (replicas !== undefined && typeof ru.partition === 'number' && updated < replicas - ru.partition) {
      return {
        message: `Waiting for partitioned roll out to finish: ${updated} out of ${replicas - ru.partition} new pods have been updated...\n`,
        done: false,
      };
    }
    return { message: `partitioned roll out complete: ${updated} new pods have been updated...\n`, done: true };
  }
  if (status.updateRevision !== status.currentRevision) {
    return {
      message: `waiting for statefulset rolling update to complete ${updated} pods at revision ${status.updateRevision ?? ''}...\n`,
      done: false,
    };
  }
  return {
    message: `statefulset rolling update complete ${status.currentReplicas ?? 0} pods at revision ${status.currentRevision ?? ''}...\n`,
    done: true,
  };
}

/** statefulSetHistory: the revisions the set's selector matches that it controls. */
export function statefulSetHistory(env: KubectlEnv, sts: KObject): KObject[] {
  let selector;
  try {
    selector = selectorFromLabelSelector(sts.spec?.selector);
  } catch (e) {
    throw new KubectlError(`failed to create selector for StatefulSet ${sts.metadata.name}: ${String(e)}`);
  }
  return env.api
    .list(controllerRevisionKind, { namespace: sts.metadata.namespace, labelSelector: selector })
    .items.filter((r) => r.metadata.ownerReferences?.some((o) => o.controller === true && o.uid === sts.metadata.uid));
}

/** The pod template a revision holds (applyStatefulSetHistory). */
export function revisionTemplate(revision: KObject): Record<string, unknown> {
  const template = { ...((revision.data as { spec?: { template?: Record<string, unknown> } })?.spec?.template ?? {}) };
  delete template.$patch;
  return template;
}

/** printHistory: the REVISION / CHANGE-CAUSE table, or one revision's template. */
export function statefulSetHistoryText(
  env: KubectlEnv,
  sts: KObject,
  wantRevision: number,
  printTemplate: (template: Record<string, unknown>) => string,
): string {
  const byRevision = new Map<number, KObject>();
  for (const r of statefulSetHistory(env, sts)) byRevision.set(typeof r.revision === 'number' ? r.revision : 0, r);
  if (byRevision.size === 0) return 'No rollout history found.';
  if (wantRevision > 0) {
    const r = byRevision.get(wantRevision);
    if (!r) throw new KubectlError('unable to find the specified revision');
    return printTemplate(revisionTemplate(r));
  }
  const rows = [['REVISION', 'CHANGE-CAUSE']];
  for (const n of [...byRevision.keys()].sort((a, b) => a - b)) {
    rows.push([String(n), byRevision.get(n)!.metadata.annotations?.[CHANGE_CAUSE_ANNOTATION] || '<none>']);
  }
  return formatTable(rows, { minWidth: 0, tabWidth: 8, padding: 2, padChar: ' ' });
}

/**
 * StatefulSetRollbacker.Rollback: `rolled back` or `skipped rollback (…)`; a client dry run
 * prints the template it would restore (`will roll back to Pod Template: …`).
 */
export function rollbackStatefulSet(
  env: KubectlEnv,
  sts: KObject,
  toRevision: number,
  dryRun: 'none' | 'client' | 'server',
  printTemplate: (template: Record<string, unknown>) => string,
): string {
  const notFound = () => new KubectlError(`unable to find specified revision ${toRevision} in history`);
  if (toRevision < 0) throw notFound();
  const history = statefulSetHistory(env, sts);
  if (toRevision === 0 && history.length <= 1) throw new KubectlError('no last revision to roll back to');
  let target: KObject | undefined;
  if (toRevision === 0) {
    const revisionOf = (r: KObject) => (typeof r.revision === 'number' ? r.revision : 0);
    const sorted = [...history].sort((a, b) => revisionOf(a) - revisionOf(b));
    target = sorted[sorted.length - 2];
  } else {
    target = history.find((r) => r.revision === toRevision);
  }
  if (!target) throw notFound();
  if (dryRun === 'client') return `will roll back to ${printTemplate(revisionTemplate(target))}`;
  if (deepEqual(revisionTemplate(target), sts.spec?.template ?? {})) {
    return `skipped rollback (current template already matches revision ${toRevision})`;
  }
  try {
    env.api.patch(env.api.kindOf(sts), sts.metadata.namespace, sts.metadata.name ?? '', 'strategic', target.data, {
      dryRun: dryRun === 'server',
    });
  } catch (e) {
    if (isApiError(e)) throw new KubectlError(`failed restoring revision ${toRevision}: ${e.message}`);
    throw e;
  }
  return 'rolled back';
}

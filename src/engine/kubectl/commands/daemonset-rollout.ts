// What kubectl's rollout commands do for DaemonSets (kubectl pkg/polymorphichelpers:
// rollout_status.go DaemonSetStatusViewer, history.go DaemonSetHistoryViewer and
// controlledHistories, rollback.go DaemonSetRollbacker): the status line, the revisions (the
// ControllerRevisions the DaemonSet controls among those its selector matches), and the rollback
// — a strategic-merge patch with the chosen revision's data, skipped when the template already
// matches it.

import { selectorFromLabelSelector } from '../../../k8s/labels';
import type { KObject } from '../../../k8s/types';
import { deepEqual } from '../../api/deep';
import { isApiError } from '../../api/errors';
import { controllerRevisionKind } from '../../api/kinds/controllerrevision';
import { daemonSetKind } from '../../api/kinds/daemonset';
import { revisionData } from '../../controllers/daemon/daemonset-controller';
import { sortRevisions } from '../../controllers/history/controller-history';
import { KubectlError, type KubectlEnv } from '../context';

export function isDaemonSet(def: { group: string; kind: string }): boolean {
  return def.group === 'apps' && def.kind === 'DaemonSet';
}

/** DaemonSetStatusViewer.Status. */
export function daemonSetRolloutStatus(ds: KObject): { message: string; done: boolean } {
  if (ds.spec?.updateStrategy?.type !== 'RollingUpdate') {
    throw new KubectlError('rollout status is only available for RollingUpdate strategy type');
  }
  const name = ds.metadata.name ?? '';
  const status = ds.status ?? {};
  if ((ds.metadata.generation ?? 0) > (status.observedGeneration ?? 0)) {
    return { message: 'Waiting for daemon set spec update to be observed...\n', done: false };
  }
  const desired = status.desiredNumberScheduled ?? 0;
  const updated = status.updatedNumberScheduled ?? 0;
  const available = status.numberAvailable ?? 0;
  if (updated < desired) {
    return {
      message: `Waiting for daemon set "${name}" rollout to finish: ${updated} out of ${desired} new pods have been updated...\n`,
      done: false,
    };
  }
  if (available < desired) {
    return {
      message: `Waiting for daemon set "${name}" rollout to finish: ${available} of ${desired} updated pods are available...\n`,
      done: false,
    };
  }
  return { message: `daemon set "${name}" successfully rolled out\n`, done: true };
}

/** controlledHistories: the revisions the DaemonSet controls, oldest first. */
export function daemonSetRevisions(env: KubectlEnv, ds: KObject): KObject[] {
  let selector;
  try {
    selector = selectorFromLabelSelector(ds.spec?.selector);
  } catch {
    return [];
  }
  const items = env.api
    .list(controllerRevisionKind, { namespace: ds.metadata.namespace, labelSelector: selector })
    .items.filter((r) => r.metadata.ownerReferences?.some((o) => o.controller === true && o.uid === ds.metadata.uid));
  return sortRevisions(items);
}

/** applyDaemonSetHistory: the pod template a revision holds. */
export function revisionTemplate(revision: KObject): KObject['spec'] {
  const template = {
    ...((revision.data as { spec?: { template?: Record<string, unknown> } } | undefined)?.spec?.template ?? {}),
  };
  delete template.$patch;
  return template;
}

/**
 * DaemonSetRollbacker.Rollback: `rolled back`, `skipped rollback (…)`, or with a client dry run
 * the template it would restore (`will roll back to …`, from `describeTemplate`).
 */
export function rollbackDaemonSet(
  env: KubectlEnv,
  ds: KObject,
  toRevision: number,
  dryRun: 'none' | 'client' | 'server',
  describeTemplate: (template: KObject['spec']) => string,
): string {
  if (toRevision < 0) throw new KubectlError(`unable to find specified revision ${toRevision} in history`);
  const history = daemonSetRevisions(env, ds);
  if (toRevision === 0 && history.length <= 1) throw new KubectlError('no last revision to roll back to');
  const target =
    toRevision === 0 ? history[history.length - 2] : history.find((r) => (r.revision as number | undefined) === toRevision);
  if (!target) throw new KubectlError(`unable to find specified revision ${toRevision} in history`);
  if (dryRun === 'client') return `will roll back to ${describeTemplate(revisionTemplate(target))}`;
  if (deepEqual(target.data, revisionData(ds))) {
    return `skipped rollback (current template already matches revision ${toRevision})`;
  }
  try {
    env.api.patch(daemonSetKind, ds.metadata.namespace, ds.metadata.name ?? '', 'strategic', target.data, {
      dryRun: dryRun === 'server',
    });
  } catch (e) {
    if (isApiError(e)) throw new KubectlError(`failed restoring revision ${toRevision}: ${e.message}`);
    throw e;
  }
  return 'rolled back';
}

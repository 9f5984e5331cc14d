// The pods/eviction subresource (pkg/registry/core/pod/storage/eviction.go EvictionREST): a
// create of a policy/v1 (or policy/v1beta1) Eviction named like the pod. A pod that is already
// finished (Succeeded / Failed), still Pending or already being deleted is deleted without
// looking at disruption budgets; any other pod is first checked against them (the
// DisruptionBudgetChecker below: a later issue plugs in the PodDisruptionBudget rules, until then
// every eviction is allowed). The pod then gets the DisruptionTarget=True condition (reason
// EvictionByEvictionAPI, unless the request is a dry run) and is deleted with the Eviction's
// deleteOptions (grace period, uid / resourceVersion preconditions, propagation policy). Success
// is a `Status{status: Success}` answered with 201. A missing pod is a 404 like GET; a refused
// eviction is the checker's error (429 for a budget, 500 for several budgets).

import type { KObject } from '../../../k8s/types';
import type { ApiServer, DeleteOptions, PropagationPolicy } from '../apiserver';
import { ApiError, errors, type Status } from '../errors';
import { podKind } from '../kinds/pod';
import { setPodCondition } from './pod-conditions';

/** The Eviction kinds the subresource accepts (EvictionREST.AcceptsGroupVersion). */
export const EVICTION_API_VERSIONS = ['policy/v1', 'policy/v1beta1'];

/** metav1.DeleteOptions as it travels inside an Eviction (JSON field names). */
export interface EvictionDeleteOptions {
  gracePeriodSeconds?: number;
  preconditions?: { uid?: string; resourceVersion?: string };
  propagationPolicy?: PropagationPolicy;
  /** `["All"]` for a dry run. */
  dryRun?: string[];
}

/** policy/v1 Eviction. */
export interface Eviction {
  apiVersion: string;
  kind: string;
  metadata: { name?: string; namespace?: string };
  deleteOptions?: EvictionDeleteOptions;
}

export interface EvictOptions {
  /** The request's `?dryRun=All`. */
  dryRun?: boolean;
}

/**
 * What a disruption budget says about evicting a (running, not terminating) pod. `allowed` with
 * `guardResourceVersion` is the "unhealthy pod, budget already met" path of eviction.go: the
 * pod is deleted with a resourceVersion precondition, and if it changed meanwhile the eviction
 * answers the 429 "still being processed" error for `pdbName`.
 */
export type DisruptionDecision =
  { allowed: true; guardResourceVersion?: boolean; pdbName?: string } | { allowed: false; error: ApiError };

export interface DisruptionCheckContext {
  api: ApiServer;
  /** A dry-run eviction must not decrement the budget. */
  dryRun: boolean;
}

/**
 * The PodDisruptionBudget step of an eviction (getPodDisruptionBudgets + checkAndDecrement):
 * given the pod, allow it (after recording the disruption in the budget's status) or refuse with
 * one of `evictionErrors`. Installed on the ApiServer as `disruptionBudgets`.
 */
export type DisruptionBudgetChecker = (pod: KObject, ctx: DisruptionCheckContext) => DisruptionDecision;

/** The checker until PodDisruptionBudgets exist: every eviction is allowed. */
export const allowAllDisruptions: DisruptionBudgetChecker = () => ({ allowed: true });

/** policyv1.DisruptionBudgetCause. */
export const DISRUPTION_BUDGET_CAUSE = 'DisruptionBudget';
const BUDGET_VIOLATION = "Cannot evict pod as it would violate the pod's disruption budget.";
const PDB_RESOURCE = { group: 'policy', resource: 'poddisruptionbudget' };

/** The refusals of eviction.go, for the budget checker to return. */
export const evictionErrors = {
  /** disruptionsAllowed == 0: 429 with the budget's numbers as the cause. */
  budgetViolated: (pdbName: string, desiredHealthy: number, currentHealthy: number): ApiError =>
    errors.tooManyRequests(BUDGET_VIOLATION, [
      {
        reason: DISRUPTION_BUDGET_CAUSE,
        message: `The disruption budget ${pdbName} needs ${desiredHealthy} healthy pods and has ${currentHealthy} currently`,
      },
    ]),
  /** status.observedGeneration < generation (or a conflict on the unhealthy-pod path): 429, retry after 10 s. */
  budgetProcessing: (pdbName: string): ApiError =>
    errors.tooManyRequests(
      BUDGET_VIOLATION,
      [{ reason: DISRUPTION_BUDGET_CAUSE, message: `The disruption budget ${pdbName} is still being processed by the server.` }],
      10,
    ),
  /**
   * More than one budget selects the pod: a 500 Failure Status (upstream it carries no reason;
   * here it says InternalError).
   */
  multipleBudgets: (): ApiError =>
    new ApiError({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.',
      reason: 'InternalError',
      code: 500,
    }),
  negativeDisruptionsAllowed: (pdbName: string): ApiError =>
    errors.forbidden(PDB_RESOURCE, pdbName, 'pdb disruptions allowed is negative'),
  tooManyDisruptedPods: (pdbName: string): ApiError =>
    errors.forbidden(PDB_RESOURCE, pdbName, 'DisruptedPods map too big - too many evictions not confirmed by PDB controller'),
};

const DISRUPTION_TARGET = {
  type: 'DisruptionTarget',
  status: 'True',
  reason: 'EvictionByEvictionAPI',
  message: 'Eviction API: evicting',
};

/** The answer of a successful eviction: a bare Success Status (code 201, as the create handler sets). */
export interface EvictionSuccess extends Pick<Status, 'kind' | 'apiVersion' | 'metadata' | 'code'> {
  status: 'Success';
}

function success(): EvictionSuccess {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 };
}

/** POST /api/v1/namespaces/<namespace>/pods/<name>/eviction. */
export function evictPod(
  api: ApiServer,
  namespace: string,
  name: string,
  eviction: Eviction,
  options: EvictOptions = {},
): EvictionSuccess {
  if (eviction.kind !== 'Eviction' || !EVICTION_API_VERSIONS.includes(eviction.apiVersion)) {
    throw errors.badRequest(`no kind "${eviction.kind}" is registered for version "${eviction.apiVersion}"`);
  }
  const evictionNamespace = eviction.metadata?.namespace;
  if (evictionNamespace && evictionNamespace !== namespace) {
    throw errors.badRequest('the namespace of the provided object does not match the namespace sent on the request');
  }
  if ((eviction.metadata?.name ?? '') !== name) {
    throw errors.badRequest('name in URL does not match name in Eviction object');
  }
  const requested = eviction.deleteOptions ?? {};
  // propagateDryRun: the request's dry run and the body's must agree when both are given.
  const bodyDryRun = (requested.dryRun ?? []).length > 0;
  if (options.dryRun && bodyDryRun && !requested.dryRun!.every((d) => d === 'All')) {
    throw errors.badRequest(`Non-matching dry-run options in request and content: [All] and [${requested.dryRun!.join(' ')}]`);
  }
  const dryRun = !!options.dryRun || bodyDryRun;
  const deleteOptions: DeleteOptions = { dryRun };
  if (requested.gracePeriodSeconds !== undefined) deleteOptions.gracePeriodSeconds = requested.gracePeriodSeconds;
  if (requested.propagationPolicy) deleteOptions.propagationPolicy = requested.propagationPolicy;
  if (requested.preconditions) deleteOptions.preconditions = { ...requested.preconditions };
  const resourceVersionUnset = !deleteOptions.preconditions?.resourceVersion;

  const pod = api.get(podKind, namespace, name);
  if (canIgnoreBudgets(pod)) {
    let direct = deleteOptions;
    // A Pending pod could turn Ready meanwhile: only the version seen here may be deleted.
    if (shouldEnforceResourceVersion(pod) && resourceVersionUnset) {
      direct = withResourceVersion(deleteOptions, pod.metadata.resourceVersion);
    }
    addConditionAndDelete(api, namespace, name, direct);
    return success();
  }

  const decision = api.disruptionBudgets(pod, { api, dryRun });
  if (!decision.allowed) throw decision.error;
  const guarded = decision.guardResourceVersion
    ? withResourceVersion(deleteOptions, pod.metadata.resourceVersion)
    : deleteOptions;
  try {
    addConditionAndDelete(api, namespace, name, guarded);
  } catch (e) {
    if (e instanceof ApiError && e.reason === 'Conflict' && decision.guardResourceVersion && resourceVersionUnset) {
      throw evictionErrors.budgetProcessing(decision.pdbName ?? '');
    }
    throw e;
  }
  return success();
}

/** canIgnorePDB: finished, Pending or already terminating pods skip the budgets. */
function canIgnoreBudgets(pod: KObject): boolean {
  const phase = pod.status?.phase;
  return phase === 'Succeeded' || phase === 'Failed' || phase === 'Pending' || !!pod.metadata.deletionTimestamp;
}

/** shouldEnforceResourceVersion: every pod but finished or terminating ones. */
function shouldEnforceResourceVersion(pod: KObject): boolean {
  const phase = pod.status?.phase;
  return !(phase === 'Succeeded' || phase === 'Failed' || pod.metadata.deletionTimestamp);
}

function withResourceVersion(options: DeleteOptions, resourceVersion: string | undefined): DeleteOptions {
  return { ...options, preconditions: { ...options.preconditions, resourceVersion } };
}

/**
 * addConditionAndDeletePod: (not for a dry run) a status write of the latest pod with the
 * DisruptionTarget condition, checked against the preconditions first — with its own Conflict
 * wording on the `Pod` resource — then the delete (a resourceVersion precondition moves to the
 * version that write made).
 */
function addConditionAndDelete(api: ApiServer, namespace: string, name: string, options: DeleteOptions): void {
  let deleteOptions = options;
  if (!options.dryRun) {
    const latest = api.get(podKind, namespace, name);
    const pre = options.preconditions;
    const gr = { group: '', resource: 'Pod' };
    if (pre?.uid && pre.uid !== latest.metadata.uid) {
      throw errors.conflict(
        gr,
        name,
        `the UID in the precondition (${pre.uid}) does not match the UID in record (${latest.metadata.uid ?? ''}). The object might have been deleted and then recreated`,
      );
    }
    if (pre?.resourceVersion && pre.resourceVersion !== latest.metadata.resourceVersion) {
      throw errors.conflict(
        gr,
        name,
        `the ResourceVersion in the precondition (${pre.resourceVersion}) does not match the ResourceVersion in record (${latest.metadata.resourceVersion ?? ''}). The object might have been modified`,
      );
    }
    const status = setPodCondition(latest.status ?? {}, DISRUPTION_TARGET, api.timestamp());
    const updated = status === latest.status ? latest : api.updateStatus({ ...latest, status });
    if (pre?.resourceVersion) {
      deleteOptions = { ...options, preconditions: { ...pre, resourceVersion: updated.metadata.resourceVersion } };
    }
  }
  api.delete(podKind, namespace, name, deleteOptions);
}

// Matching a failed pod against a Job's podFailurePolicy (pkg/controller/job/pod_failure_policy.go):
// rules in order, the first match wins. onExitCodes looks at terminated containers with a non-zero
// exit code (app containers first, then init containers); onPodConditions at the pod's conditions
// (type and status). FailJob carries the message the Job's FailureTarget / Failed conditions show.

import type { KObject } from '../../../k8s/types';

export type PodFailurePolicyAction = 'FailJob' | 'FailIndex' | 'Ignore' | 'Count';

export interface PodFailurePolicyMatch {
  /** Set when a FailJob rule matched: the Job's failure message. */
  failJobMessage?: string;
  /** Whether the failure counts toward backoffLimit (and backoffLimitPerIndex): not for Ignore. */
  countFailed: boolean;
  action?: PodFailurePolicyAction;
}

interface ExitCodesRequirement {
  containerName?: string;
  operator?: string;
  values?: number[];
}

interface ContainerStatus {
  name?: string;
  state?: { terminated?: { exitCode?: number } };
}

function operatorMatches(exitCode: number, req: ExitCodesRequirement): boolean {
  const values = req.values ?? [];
  if (req.operator === 'In') return values.includes(exitCode);
  if (req.operator === 'NotIn') return !values.includes(exitCode);
  return false;
}

/** getMatchingContainerFromList: the first terminated container whose non-zero exit code matches. */
function matchingContainer(statuses: unknown, req: ExitCodesRequirement): { name: string; exitCode: number } | undefined {
  if (!Array.isArray(statuses)) return undefined;
  for (const cs of statuses as ContainerStatus[]) {
    const terminated = cs.state?.terminated;
    if (!terminated) continue;
    if (req.containerName !== undefined && req.containerName !== cs.name) continue;
    const exitCode = terminated.exitCode ?? 0;
    if (exitCode !== 0 && operatorMatches(exitCode, req)) return { name: cs.name ?? '', exitCode };
  }
  return undefined;
}

/** matchPodFailurePolicy. */
export function matchPodFailurePolicy(policy: unknown, pod: KObject): PodFailurePolicyMatch {
  const rules = ((policy as { rules?: unknown[] } | undefined)?.rules ?? []) as {
    action?: PodFailurePolicyAction;
    onExitCodes?: ExitCodesRequirement;
    onPodConditions?: { type?: string; status?: string }[];
  }[];
  if (!policy) return { countFailed: true };
  const status = pod.status ?? {};
  const where = `${pod.metadata.namespace ?? ''}/${pod.metadata.name ?? ''}`;
  for (let index = 0; index < rules.length; index++) {
    const rule = rules[index];
    let matched: string | undefined;
    if (rule.onExitCodes) {
      const c =
        matchingContainer(status.containerStatuses, rule.onExitCodes) ??
        matchingContainer(status.initContainerStatuses, rule.onExitCodes);
      if (c)
        matched = `Container ${c.name} for pod ${where} failed with exit code ${c.exitCode} matching ${rule.action} rule at index ${index}`;
    } else if (rule.onPodConditions) {
      const conditions = (Array.isArray(status.conditions) ? status.conditions : []) as { type?: string; status?: string }[];
      const hit = conditions.find((c) => rule.onPodConditions!.some((p) => p.type === c.type && p.status === c.status));
      if (hit) matched = `Pod ${where} has condition ${hit.type} matching ${rule.action} rule at index ${index}`;
    }
    if (matched === undefined) continue;
    switch (rule.action) {
      case 'Ignore':
        return { countFailed: false, action: 'Ignore' };
      case 'FailIndex':
        return { countFailed: true, action: 'FailIndex' };
      case 'Count':
        return { countFailed: true, action: 'Count' };
      case 'FailJob':
        return { failJobMessage: matched, countFailed: true, action: 'FailJob' };
    }
  }
  return { countFailed: true };
}

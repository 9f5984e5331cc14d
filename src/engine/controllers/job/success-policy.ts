// An Indexed Job's successPolicy (pkg/controller/job/success_policy.go): the first rule whose
// succeededIndexes all succeeded, or whose succeededCount of them (of all indexes when the rule
// names none) succeeded, declares the Job successful: SuccessCriteriaMet with reason SuccessPolicy.

import { parseIndexes } from '../../../k8s/job-indexes';

export interface SuccessPolicyRule {
  succeededIndexes?: string;
  succeededCount?: number;
}

/** matchSuccessPolicy: the message `Matched rules at index <i>` of the first matching rule. */
export function matchSuccessPolicy(policy: unknown, completions: number, succeeded: ReadonlySet<number>): string | undefined {
  const rules = ((policy as { rules?: SuccessPolicyRule[] } | undefined)?.rules ?? []) as SuccessPolicyRule[];
  if (succeeded.size === 0) return undefined;
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i];
    if (rule.succeededIndexes !== undefined) {
      const wanted = parseIndexes(rule.succeededIndexes, completions);
      if (wanted.size === 0) continue;
      let matched = 0;
      for (const ix of wanted) if (succeeded.has(ix)) matched++;
      if (rule.succeededCount === undefined ? matched === wanted.size : matched >= rule.succeededCount) {
        return `Matched rules at index ${i}`;
      }
    } else if (rule.succeededCount !== undefined && succeeded.size >= rule.succeededCount) {
      return `Matched rules at index ${i}`;
    }
  }
  return undefined;
}

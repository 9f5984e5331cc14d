// kubectl create poddisruptionbudget|pdb NAME --selector=SELECTOR --min-available=N|--max-unavailable=N
// (kubectl pkg/cmd/create/create_pdb.go): checks the flags (exactly one of the two budgets, each
// a number or a percentage), builds a policy/v1 PodDisruptionBudget — the selector through
// metav1.ParseToLabelSelector (equality requirements become matchLabels, set-based ones
// matchExpressions), the budget through intstr.Parse — and creates it (or prints it for a dry
// run / `-o`).

import { parseIntOrString } from '../../../k8s/int-or-string';
import { parseSelector, SelectorParseError, type LabelSelector } from '../../../k8s/labels';
import type { KObject } from '../../../k8s/types';
import { podDisruptionBudgetKind } from '../../api/kinds/poddisruptionbudget';
import { KubectlError, type KubectlEnv, type KubectlIO } from '../context';
import type { FlagSpec, ParsedArgs } from '../flags';
import { parseOutputFormat, printStructured } from '../printers/output';
import { kindPrefix } from '../resources';
import { dryRunSuffix, parseDryRun } from './manifest-target';

export const createPdbFlags: FlagSpec[] = [
  { name: 'selector', type: 'string', default: '' },
  { name: 'min-available', type: 'string', default: '' },
  { name: 'max-unavailable', type: 'string', default: '' },
  { name: 'namespace', short: 'n', type: 'string' },
  { name: 'output', short: 'o', type: 'string' },
  { name: 'dry-run', type: 'string', default: 'none', noOptDefault: 'unchanged' },
  { name: 'validate', type: 'string', noOptDefault: 'strict' },
  { name: 'save-config', type: 'bool' },
  { name: 'field-manager', type: 'string', default: 'kubectl-create' },
  { name: 'show-managed-fields', type: 'bool' },
];

const HELP_HINT = "See 'kubectl create poddisruptionbudget -h' for help and examples";
/** create_pdb.go: a number or a percentage, nothing else (`10Gb` is refused). */
const BUDGET_RE = /^[0-9]+%?$/;

/** metav1.ParseToLabelSelector. */
export function parseToLabelSelector(text: string): LabelSelector {
  let requirements;
  try {
    requirements = parseSelector(text).requirements;
  } catch (e) {
    if (e instanceof SelectorParseError) throw new KubectlError(e.message);
    throw e;
  }
  const matchLabels: Record<string, string> = {};
  const matchExpressions: NonNullable<LabelSelector['matchExpressions']> = [];
  for (const r of requirements) {
    switch (r.operator) {
      case '=':
      case '==':
        if (r.values.length !== 1) throw new KubectlError('equals operator must have exactly one value');
        matchLabels[r.key] = r.values[0];
        break;
      case 'In':
      case 'NotIn':
      case 'Exists':
      case 'DoesNotExist':
        matchExpressions.push({ key: r.key, operator: r.operator, values: [...r.values].sort() });
        break;
      case 'Gt':
      case 'Lt':
        throw new KubectlError(`"${r.operator === 'Gt' ? 'gt' : 'lt'}" isn't supported in label selectors`);
      default:
        throw new KubectlError(`"${r.operator}" is not a valid label selector operator`);
    }
  }
  const out: LabelSelector = {};
  if (Object.keys(matchLabels).length > 0) out.matchLabels = matchLabels;
  if (matchExpressions.length > 0)
    out.matchExpressions = matchExpressions.map((e) => (e.values!.length ? e : { key: e.key, operator: e.operator }));
  return out;
}

export function runCreatePdb(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const { flags, args } = parsed;
  if (args.length !== 1) throw new KubectlError(`exactly one NAME is required, got ${args.length}`, HELP_HINT);
  const minAvailable = flags['min-available'] as string;
  const maxUnavailable = flags['max-unavailable'] as string;
  if (!minAvailable && !maxUnavailable) throw new KubectlError('one of min-available or max-unavailable must be specified');
  if (minAvailable && maxUnavailable) throw new KubectlError('min-available and max-unavailable cannot be both specified');
  if (minAvailable && !BUDGET_RE.test(minAvailable)) throw new KubectlError('invalid format specified for min-available');
  if (maxUnavailable && !BUDGET_RE.test(maxUnavailable)) throw new KubectlError('invalid format specified for max-unavailable');
  const dryRun = parseDryRun(flags['dry-run'] === 'unchanged' ? 'client' : flags['dry-run']);
  const format = flags.output ? parseOutputFormat(flags.output as string) : undefined;

  const spec: Record<string, unknown> = {};
  if (minAvailable) spec.minAvailable = parseIntOrString(minAvailable);
  spec.selector = parseToLabelSelector(flags.selector as string);
  if (maxUnavailable) spec.maxUnavailable = parseIntOrString(maxUnavailable);
  const explicitNamespace = flags.namespace as string | undefined;
  const namespace = explicitNamespace || 'default';
  let pdb: KObject = {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name: args[0] },
    spec,
  };
  if (dryRun === 'client') {
    // What the client prints unsent: the namespace only with -n, a null creationTimestamp and the
    // zero status.
    const metadata: KObject['metadata'] = { name: args[0] };
    if (explicitNamespace) metadata.namespace = explicitNamespace;
    (metadata as Record<string, unknown>).creationTimestamp = null;
    pdb = { ...pdb, metadata, status: { currentHealthy: 0, desiredHealthy: 0, disruptionsAllowed: 0, expectedPods: 0 } };
  } else {
    pdb = env.api.create(pdb, { namespace, dryRun: dryRun === 'server' });
  }
  const ref = `${kindPrefix(podDisruptionBudgetKind)}/${pdb.metadata.name}`;
  if (!format || format.kind === 'table') io.out(`${ref} created${dryRunSuffix(dryRun)}\n`);
  else if (format.kind === 'name') io.out(`${ref}\n`);
  else io.out(printStructured(format, [pdb], true));
  return 0;
}

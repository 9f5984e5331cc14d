// kubectl create quota|resourcequota NAME [--hard=r=q,...] [--scopes=S1,S2] (kubectl
// pkg/cmd/create/create_quota.go): --hard is parsed client-side (`Invalid argument syntax x,
// expected <resource>=<value>`, the quantity parser's message for a bad value), scopes are passed
// as given for the server to judge; the quota is created (or printed for a dry run / `-o`).

import { parseQuantity, QuantityError } from '../../../k8s/quantity';
import type { KObject } from '../../../k8s/types';
import { resourceQuotaKind } from '../../api/kinds/resourcequota';
import { KubectlError, type KubectlEnv, type KubectlIO } from '../context';
import type { FlagSpec, ParsedArgs } from '../flags';
import { parseOutputFormat, printStructured } from '../printers/output';
import { kindPrefix } from '../resources';
import { dryRunSuffix, parseDryRun } from './manifest-target';

export const createQuotaFlags: FlagSpec[] = [
  { name: 'hard', type: 'string', default: '' },
  { name: 'scopes', type: 'string', default: '' },
  { name: 'namespace', short: 'n', type: 'string' },
  { name: 'output', short: 'o', type: 'string' },
  { name: 'dry-run', type: 'string', default: 'none', noOptDefault: 'unchanged' },
  { name: 'validate', type: 'string', noOptDefault: 'strict' },
  { name: 'save-config', type: 'bool' },
  { name: 'field-manager', type: 'string', default: 'kubectl-create' },
  { name: 'show-managed-fields', type: 'bool' },
];

const HELP_HINT = "See 'kubectl create quota -h' for help and examples";

/** populateResourceListV1: `r=q` pairs, each value a quantity, printed canonically. */
function parseHard(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const statement of text.split(',')) {
    const parts = statement.split('=');
    if (parts.length !== 2) throw new KubectlError(`Invalid argument syntax ${statement}, expected <resource>=<value>`);
    try {
      out[parts[0]] = parseQuantity(parts[1]).toString();
    } catch (e) {
      if (e instanceof QuantityError) throw new KubectlError(e.message);
      throw e;
    }
  }
  return out;
}

export function runCreateQuota(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const { flags, args } = parsed;
  if (args.length !== 1) throw new KubectlError(`exactly one NAME is required, got ${args.length}`, HELP_HINT);
  const dryRun = parseDryRun(flags['dry-run'] === 'unchanged' ? 'client' : flags['dry-run']);
  const format = flags.output ? parseOutputFormat(flags.output as string) : undefined;
  const spec: Record<string, unknown> = {};
  const hardText = flags.hard as string;
  const scopesText = flags.scopes as string;
  if (hardText) spec.hard = parseHard(hardText);
  if (scopesText) spec.scopes = scopesText.split(',');
  const explicitNamespace = flags.namespace as string | undefined;
  let quota: KObject = { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: args[0] }, spec };
  if (dryRun === 'client') {
    const metadata: KObject['metadata'] = { name: args[0] };
    if (explicitNamespace) metadata.namespace = explicitNamespace;
    (metadata as Record<string, unknown>).creationTimestamp = null;
    quota = { ...quota, metadata, status: {} };
  } else {
    quota = env.api.create(quota, { namespace: explicitNamespace || 'default', dryRun: dryRun === 'server' });
  }
  const ref = `${kindPrefix(resourceQuotaKind)}/${quota.metadata.name}`;
  if (!format || format.kind === 'table') io.out(`${ref} created${dryRunSuffix(dryRun)}\n`);
  else if (format.kind === 'name') io.out(`${ref}\n`);
  else io.out(printStructured(format, [quota], true));
  return 0;
}

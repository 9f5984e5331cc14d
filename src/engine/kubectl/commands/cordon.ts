// kubectl cordon / uncordon (kubectl pkg/cmd/drain: NewCmdCordon, NewCmdUncordon,
// RunCordonOrUncordon; pkg/drain/cordon.go CordonHelper). `cordon NODE... [-l selector]
// [--dry-run]`: for each node, if spec.unschedulable already has the wanted value print
// `node/x already cordoned` (or `already uncordoned`), else patch it (a strategic merge patch
// made from the node before and after: `{"spec":{"unschedulable":true}}`, or `null` to clear
// the field, which is omitempty) and print `node/x cordoned` / `node/x uncordoned`. A failed
// patch prints `error: unable to cordon node "x": <err>` and goes on with the next node (the exit
// status stays 0: RunCordonOrUncordon never returns an error). `kubectl drain` cordons the same way. The
// node lifecycle controller, not kubectl, adds the node.kubernetes.io/unschedulable taint.

import type { KObject } from '../../../k8s/types';
import { ApiError } from '../../api/errors';
import { nodeKind } from '../../api/kinds';
import { KubectlError, type KubectlEnv, type KubectlIO } from '../context';
import type { FlagSpec, ParsedArgs } from '../flags';
import { formatError } from '../print-error';
import { listResource, resolveType } from '../resources';
import { dryRunStrategy } from './label';
import { dryRunSuffix, type DryRun } from './manifest-target';

export const cordonFlags: FlagSpec[] = [
  { name: 'selector', short: 'l', type: 'string' },
  { name: 'dry-run', type: 'string', default: 'none', noOptDefault: 'unchanged' },
];

/** The checks of DrainCmdOptions.Complete on the arguments, before anything is fetched. */
export function checkNodeArgs(command: string, args: string[], selector: string | undefined): void {
  if (args.length === 0 && selector === undefined) {
    throw new KubectlError(`USAGE: ${command} NODE [flags]`, `See 'kubectl ${command} -h' for help and examples`);
  }
  if (args.length > 0 && selector) {
    throw new KubectlError(
      'cannot specify both a node name and a --selector option',
      `See 'kubectl ${command} -h' for help and examples`,
    );
  }
}

/** The nodes named on the command line (or selected), fetched as the resource builder does. */
export function fetchNodes(env: KubectlEnv, args: string[], selector: string | undefined): KObject[] {
  if (selector !== undefined && args.length === 0) return listResource(env.api, nodeKind, { labelSelector: selector });
  const nodes: KObject[] = [];
  for (const arg of args) {
    let name = arg;
    const slash = arg.indexOf('/');
    if (slash >= 0) {
      const def = resolveType(env.registry, arg.slice(0, slash));
      name = arg.slice(slash + 1);
      if (def !== nodeKind)
        throw new KubectlError(
          `expected resource of type node, got "${def.group ? `${def.group}/` : ''}${def.version}, Resource=${def.plural}"`,
        );
    }
    nodes.push(env.api.get(nodeKind, undefined, name));
  }
  return nodes;
}

export function selectNodes(env: KubectlEnv, command: string, args: string[], selector: string | undefined): KObject[] {
  checkNodeArgs(command, args, selector);
  return fetchNodes(env, args, selector);
}

/**
 * RunCordonOrUncordon: sets spec.unschedulable on each node that needs it, printing what it did.
 * A failed patch is reported and the next node handled; the command itself still succeeds, as
 * upstream (the function never returns an error).
 */
export function cordonNodes(desired: boolean, nodes: KObject[], dryRun: DryRun, io: KubectlIO, env: KubectlEnv): void {
  const command = desired ? 'cordon' : 'uncordon';
  for (const node of nodes) {
    const name = node.metadata.name ?? '';
    if (!!node.spec?.unschedulable === desired) {
      io.out(`node/${name} already ${command}ed${dryRunSuffix(dryRun)}\n`);
      continue;
    }
    if (dryRun !== 'client') {
      try {
        env.api.patch(
          nodeKind,
          undefined,
          name,
          'strategic',
          { spec: { unschedulable: desired ? true : null } },
          { dryRun: dryRun === 'server' },
        );
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        io.err(
          `error: unable to ${command} node ${JSON.stringify(name)}: ${formatError(e)
            .replace(/^Error from server \(\w+\): /, '')
            .trimEnd()}\n`,
        );
        continue;
      }
    }
    io.out(`node/${name} ${command}ed${dryRunSuffix(dryRun)}\n`);
  }
}

function run(desired: boolean, parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const command = desired ? 'cordon' : 'uncordon';
  const selector = parsed.flags.selector as string | undefined;
  checkNodeArgs(command, parsed.args, selector);
  const dryRun = dryRunStrategy(parsed);
  cordonNodes(desired, fetchNodes(env, parsed.args, selector), dryRun, io, env);
  return 0;
}

export function runCordon(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  return run(true, parsed, io, env);
}

export function runUncordon(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  return run(false, parsed, io, env);
}

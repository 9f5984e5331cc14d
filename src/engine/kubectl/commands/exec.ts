// kubectl exec (POD | TYPE/NAME) [-c CONTAINER] [-i] [-t] -- COMMAND [args...]: parsed and checked
// like kubectl (arguments, the pod, its phase, the default container, then the API server's
// container and node checks), but the playground's containers are simulated processes with no
// shell to run a command in: it ends with an explanation and the commands that do work.

import type { KObject } from '../../../k8s/types';
import { errors } from '../../api/errors';
import { KubectlError, type KubectlEnv, type KubectlIO } from '../context';
import type { FlagSpec, ParsedArgs } from '../flags';
import { resolveType } from '../resources';
import { requestNamespace } from './common-flags';
import { podSelectorOf, podsForSelector } from './log-pods';
import { findContainer, findOrDefaultContainer } from './pod-containers';
import { parseGoDuration } from '../../../k8s/duration';

export const execFlags: FlagSpec[] = [
  { name: 'namespace', short: 'n', type: 'string' },
  { name: 'container', short: 'c', type: 'string', default: '' },
  { name: 'filename', short: 'f', type: 'stringArray', default: [] },
  { name: 'pod-running-timeout', type: 'duration', default: '1m0s' },
  { name: 'quiet', short: 'q', type: 'bool' },
  { name: 'stdin', short: 'i', type: 'bool' },
  { name: 'tty', short: 't', type: 'bool' },
];

const HELP_HINT = "See 'kubectl exec -h' for help and examples";

export function runExec(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const { flags, args, afterDash } = parsed;
  if (afterDash === undefined && args.length > 1) {
    throw new KubectlError('exec [POD] [COMMAND] is not supported anymore. Use exec [POD] -- [COMMAND] instead', HELP_HINT);
  }
  const target = args[0];
  if (!target && (flags.filename as string[]).length === 0) {
    throw new KubectlError('pod, type/name or --filename must be specified');
  }
  const command = afterDash ?? [];
  if (command.length === 0) throw new KubectlError('you must specify at least one command for the container');
  if (!target) throw new KubectlError('exec with --filename is not supported in the playground; name the pod instead');

  const namespace = requestNamespace(parsed);
  const pod = attachablePod(parsed, env, namespace, target);
  const phase = pod.status?.phase;
  if (phase === 'Succeeded' || phase === 'Failed') {
    throw new KubectlError(`cannot exec into a container in a completed pod; current phase is ${phase}`);
  }
  let container = flags.container as string;
  if (!container) {
    const picked = findOrDefaultContainer(pod, '', !!flags.quiet, io.err);
    if ('error' in picked) throw new KubectlError(picked.error);
    container = picked.container.name;
  }
  // The API server's streamLocation checks.
  const name = pod.metadata.name ?? '';
  if (!findContainer(pod, container)) throw errors.badRequest(`container ${container} is not valid for pod ${name}`);
  if (!pod.spec?.nodeName) throw errors.badRequest(`pod ${name} does not have a host assigned`);
  io.err(
    `error: exec is not supported in the playground: containers here are simulated processes, with no shell to run ${JSON.stringify(command.join(' '))} in.\n` +
      `To see what the container prints, run: kubectl logs ${name} -c ${container}\n` +
      `To run a command next to it, add a debug container: kubectl debug ${name} --image=busybox --target=${container} -- ${command.join(' ')}\n`,
  );
  return 1;
}

/** AttachablePodForObject: the pod itself, or the first pod of a workload's selector. */
export function attachablePod(parsed: ParsedArgs, env: KubectlEnv, namespace: string, arg: string): KObject {
  const podDef = env.registry.resolveResource('pods')!;
  const slash = arg.indexOf('/');
  const def = slash >= 0 ? resolveType(env.registry, arg.slice(0, slash)) : podDef;
  const obj = env.api.get(def, namespace, slash >= 0 ? arg.slice(slash + 1) : arg);
  if (def === podDef) return obj;
  const timeoutMs = parseGoDuration(parsed.flags['pod-running-timeout'] as string);
  return podsForSelector(env, namespace, podSelectorOf(def, obj, 'attach to'), timeoutMs)[0];
}

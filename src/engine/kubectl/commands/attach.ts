// kubectl attach (POD | TYPE/NAME | TYPE NAME) [-c CONTAINER] [-i] [-t] (kubectl pkg/cmd/attach):
// the same checks and container choice as kubectl, then what attaching shows — the container's
// output from this moment on (nothing it wrote before), until it exits or Ctrl+C. The
// playground's terminal has no stdin to hand to a process, so `-i` is explained, not emulated.

import { KubectlError, type KubectlEnv, type KubectlIO } from '../context';
import type { FlagSpec, ParsedArgs } from '../flags';
import { requestNamespace } from './common-flags';
import { attachablePod } from './exec';
import { streamOutputFromNow } from './logs';
import { findOrDefaultContainer } from './pod-containers';
import { parseGoDuration } from '../../../k8s/duration';

export const attachFlags: FlagSpec[] = [
  { name: 'namespace', short: 'n', type: 'string' },
  { name: 'container', short: 'c', type: 'string', default: '' },
  { name: 'pod-running-timeout', type: 'duration', default: '1m0s' },
  { name: 'quiet', short: 'q', type: 'bool' },
  { name: 'stdin', short: 'i', type: 'bool' },
  { name: 'tty', short: 't', type: 'bool' },
];

export function runAttach(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const { flags, args } = parsed;
  if (args.length === 0) throw new KubectlError('at least 1 argument is required for attach');
  if (args.length > 2) {
    throw new KubectlError(
      `expected POD, TYPE/NAME, or TYPE NAME, (at most 2 arguments) saw ${args.length}: [${args.join(' ')}]`,
    );
  }
  if (parseGoDuration(flags['pod-running-timeout'] as string) <= 0) {
    throw new KubectlError('--pod-running-timeout must be higher than zero');
  }
  const target = args.length === 2 ? `${args[0]}/${args[1]}` : args[0];
  const pod = attachablePod(parsed, env, requestNamespace(parsed), target);
  const phase = pod.status?.phase;
  if (phase === 'Succeeded' || phase === 'Failed') {
    throw new KubectlError(`cannot attach a container in a completed pod; current phase is ${phase}`);
  }
  const quiet = !!flags.quiet;
  const picked = findOrDefaultContainer(pod, flags.container as string, quiet, io.err);
  if ('error' in picked) throw new KubectlError(`cannot attach to the container: ${picked.error}`);
  const container = picked.container;
  if (flags.tty && !container.spec.tty && !quiet) {
    io.err(`error: Unable to use a TTY - container ${container.name} did not allocate one\n`);
  }
  if (flags.stdin) {
    io.err(
      `note: this terminal cannot pass what you type to ${container.name}: the playground's containers are simulated processes without a stdin. Its output follows.\n`,
    );
  }
  if (!quiet) {
    io.err(
      'All commands and output from this session will be recorded in container logs, including credentials and sensitive information passed through the command prompt.\n' +
        "If you don't see a command prompt, try pressing enter.\n",
    );
  }
  return streamOutputFromNow(pod, container.name, io, env);
}

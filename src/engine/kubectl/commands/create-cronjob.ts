// kubectl create cronjob NAME --image=IMAGE --schedule=SCHEDULE [--restart=…] [-- COMMAND]
// (kubectl pkg/cmd/create/create_cronjob.go): the job template named after the CronJob, one
// container named after it, restartPolicy OnFailure unless --restart says otherwise. The schedule
// and the restart policy are left to the server to check; its refusal is wrapped as kubectl wraps
// it (`error: failed to create cronjob: …`).

import type { KObject } from '../../../k8s/types';
import { ApiError } from '../../api/errors';
import { KubectlError, type KubectlEnv, type KubectlIO } from '../context';
import type { FlagSpec, ParsedArgs } from '../flags';
import { parseOutputFormat, printStructured } from '../printers/output';
import { requestNamespace } from './common-flags';
import { dryRunSuffix, parseDryRun } from './manifest-target';

export const createCronJobFlags: FlagSpec[] = [
  { name: 'namespace', short: 'n', type: 'string' },
  { name: 'image', type: 'string', default: '' },
  { name: 'schedule', type: 'string', default: '' },
  { name: 'restart', type: 'string', default: '' },
  { name: 'dry-run', type: 'string', default: 'none', noOptDefault: 'unchanged' },
  { name: 'output', short: 'o', type: 'string' },
  { name: 'save-config', type: 'bool' },
  { name: 'validate', type: 'string', noOptDefault: 'strict' },
  { name: 'field-manager', type: 'string', default: 'kubectl-create' },
];

const HINT = "See 'kubectl create cronjob -h' for help and examples";

/** createCronJob: what the command sends. */
export function buildCronJob(name: string, image: string, schedule: string, restart: string, command: string[]): KObject {
  const container: Record<string, unknown> = { name, image, resources: {} };
  if (command.length > 0) container.command = command;
  return {
    apiVersion: 'batch/v1',
    kind: 'CronJob',
    metadata: { name },
    spec: {
      schedule,
      jobTemplate: {
        metadata: { name },
        spec: { template: { spec: { containers: [container], restartPolicy: restart || 'OnFailure' } } },
      },
    },
    status: {},
  };
}

export function runCreateCronJob(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  // cobra checks the required flags, in name order, before the command runs.
  const missing = ['image', 'schedule'].filter((f) => !parsed.changed.has(f));
  if (missing.length > 0) {
    throw new KubectlError(`required flag(s) ${missing.map((f) => `"${f}"`).join(', ')} not set`);
  }
  if (parsed.args.length !== 1) throw new KubectlError(`exactly one NAME is required, got ${parsed.args.length}`, HINT);
  const name = parsed.args[0];
  const dryRun = parseDryRun(parsed.flags['dry-run'] === 'unchanged' ? 'client' : parsed.flags['dry-run']);
  const format = parsed.flags.output ? parseOutputFormat(parsed.flags.output as string) : undefined;
  const namespace = requestNamespace(parsed);
  const cronJob = buildCronJob(
    name,
    parsed.flags.image as string,
    parsed.flags.schedule as string,
    parsed.flags.restart as string,
    parsed.afterDash ?? [],
  );
  // EnforceNamespace: an explicit -n is written into the object.
  if (parsed.changed.has('namespace')) cronJob.metadata.namespace = namespace;
  let result: KObject;
  if (dryRun !== 'client') {
    try {
      result = env.api.create(
        { ...cronJob, metadata: { ...cronJob.metadata, namespace } },
        { namespace, dryRun: dryRun === 'server' },
      );
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      throw new KubectlError(`failed to create cronjob: ${e.message}`);
    }
  } else {
    const template = cronJob.spec.jobTemplate;
    result = {
      ...cronJob,
      metadata: { ...cronJob.metadata, creationTimestamp: null } as never,
      spec: {
        ...cronJob.spec,
        jobTemplate: {
          metadata: { creationTimestamp: null, name },
          spec: { template: { metadata: { creationTimestamp: null }, ...template.spec.template } },
        },
      },
    };
  }
  if (!format || format.kind === 'table') io.out(`cronjob.batch/${name} created${dryRunSuffix(dryRun)}\n`);
  else if (format.kind === 'name') io.out(`cronjob.batch/${name}\n`);
  else io.out(printStructured(format, [result], true));
  return 0;
}

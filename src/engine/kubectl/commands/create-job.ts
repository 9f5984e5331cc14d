// kubectl create job NAME --image=IMAGE [-- COMMAND] | --from=cronjob/NAME
// (kubectl pkg/cmd/create/create_job.go): one container named after the Job with restartPolicy
// Never; or the CronJob's jobTemplate, annotated `cronjob.kubernetes.io/instantiate: manual` and
// owned (controller, without blockOwnerDeletion) by the CronJob.

import type { KObject } from '../../../k8s/types';
import { ApiError } from '../../api/errors';
import { KubectlError, type KubectlEnv, type KubectlIO } from '../context';
import type { FlagSpec, ParsedArgs } from '../flags';
import { formatApiError, formatFailedToCreate } from '../print-error';
import { parseOutputFormat, printStructured } from '../printers/output';
import { resolveType } from '../resources';
import { requestNamespace } from './common-flags';
import { dryRunSuffix, parseDryRun, printWarnings } from './manifest-target';

export const createJobFlags: FlagSpec[] = [
  { name: 'namespace', short: 'n', type: 'string' },
  { name: 'image', type: 'string', default: '' },
  { name: 'from', type: 'string', default: '' },
  { name: 'dry-run', type: 'string', default: 'none', noOptDefault: 'unchanged' },
  { name: 'output', short: 'o', type: 'string' },
  { name: 'save-config', type: 'bool' },
  { name: 'validate', type: 'string', noOptDefault: 'strict' },
  { name: 'field-manager', type: 'string', default: 'kubectl-create' },
];

const HINT = "See 'kubectl create job -h' for help and examples";

/** createJob: a one-container Job; the container is named after the Job. */
export function buildJob(name: string, image: string, command: string[]): KObject {
  const container: Record<string, unknown> = { name, image, resources: {} };
  if (command.length > 0) container.command = command;
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name },
    spec: { template: { spec: { containers: [container], restartPolicy: 'Never' } } },
    status: {},
  };
}

/** createJobFromCronJob. */
export function jobFromCronJob(name: string, cronJob: KObject): KObject {
  const template = (cronJob.spec?.jobTemplate ?? {}) as { metadata?: KObject['metadata']; spec?: KObject['spec'] };
  const annotations: Record<string, string> = {
    'cronjob.kubernetes.io/instantiate': 'manual',
    ...(template.metadata?.annotations ?? {}),
  };
  const metadata: KObject['metadata'] = { name, annotations };
  if (template.metadata?.labels) metadata.labels = template.metadata.labels;
  metadata.ownerReferences = [
    {
      apiVersion: 'batch/v1',
      kind: 'CronJob',
      name: cronJob.metadata.name ?? '',
      uid: cronJob.metadata.uid ?? '',
      controller: true,
    },
  ];
  return { apiVersion: 'batch/v1', kind: 'Job', metadata, spec: template.spec ?? {}, status: {} };
}

export function runCreateJob(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  if (parsed.args.length !== 1) throw new KubectlError(`exactly one NAME is required, got ${parsed.args.length}`, HINT);
  const name = parsed.args[0];
  const image = parsed.flags.image as string;
  const from = parsed.flags.from as string;
  const command = parsed.afterDash ?? [];
  if ((image === '') === (from === '')) throw new KubectlError('either --image or --from must be specified');
  if (command.length > 0 && from !== '') throw new KubectlError('cannot specify --from and command');
  const dryRun = parseDryRun(parsed.flags['dry-run'] === 'unchanged' ? 'client' : parsed.flags['dry-run']);
  const format = parsed.flags.output ? parseOutputFormat(parsed.flags.output as string) : undefined;
  const namespace = requestNamespace(parsed);
  let job: KObject;
  try {
    if (from !== '') {
      const slash = from.indexOf('/');
      if (slash <= 0 || slash === from.length - 1) {
        throw new KubectlError(
          `there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'`,
        );
      }
      const def = resolveType(env.registry, from.slice(0, slash));
      const source = env.api.get(def, namespace, from.slice(slash + 1));
      if (def.group !== 'batch' || def.kind !== 'CronJob')
        throw new KubectlError(`unknown object type *${def.version}.${def.kind}`);
      job = jobFromCronJob(name, source);
    } else {
      job = buildJob(name, image, command);
    }
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    io.err(formatApiError(e));
    return 1;
  }
  let result: KObject;
  if (dryRun !== 'client') {
    try {
      const warnings: string[] = [];
      try {
        result = env.api.create(
          { ...job, metadata: { ...job.metadata, namespace } },
          { namespace, dryRun: dryRun === 'server', warnings },
        );
      } finally {
        printWarnings(warnings, io);
      }
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      io.err(formatFailedToCreate('job', e));
      return 1;
    }
  } else {
    result = { ...job, metadata: { ...job.metadata, creationTimestamp: null } as never };
    if (from === '')
      (result.spec.template as Record<string, unknown>) = { metadata: { creationTimestamp: null }, ...result.spec.template };
  }
  if (!format || format.kind === 'table') io.out(`job.batch/${name} created${dryRunSuffix(dryRun)}\n`);
  else if (format.kind === 'name') io.out(`job.batch/${name}\n`);
  else io.out(printStructured(format, [result], true));
  return 0;
}

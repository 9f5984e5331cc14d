// kubectl create deployment NAME --image=IMAGE [--image=…] [--replicas=N] [--port=P] [-- COMMAND]
// (kubectl pkg/cmd/create/create_deployment.go): label and selector app=NAME, one container per
// image named after the image (its last path component without tag or digest), an optional
// containerPort and command (single image only).

import type { KObject } from '../../../k8s/types';
import { ApiError } from '../../api/errors';
import { KubectlError, type KubectlEnv, type KubectlIO } from '../context';
import type { FlagSpec, ParsedArgs } from '../flags';
import { formatFailedToCreate } from '../print-error';
import { parseOutputFormat, printStructured } from '../printers/output';
import { requestNamespace } from './common-flags';
import { dryRunSuffix, parseDryRun } from './manifest-target';

export const createDeploymentFlags: FlagSpec[] = [
  { name: 'namespace', short: 'n', type: 'string' },
  { name: 'image', type: 'stringArray', default: [] },
  { name: 'replicas', short: 'r', type: 'int', default: 1 },
  { name: 'port', type: 'int', default: -1 },
  { name: 'dry-run', type: 'string', default: 'none', noOptDefault: 'unchanged' },
  { name: 'output', short: 'o', type: 'string' },
  { name: 'save-config', type: 'bool' },
  { name: 'validate', type: 'string', noOptDefault: 'strict' },
  { name: 'field-manager', type: 'string', default: 'kubectl-create' },
];

const HINT = "See 'kubectl create deployment -h' for help and examples";

/** buildPodSpec's container name: the image's last path component without tag or digest. */
export function containerNameFromImage(image: string): string {
  let name = image.split('/').pop() ?? image;
  name = name.split('@')[0];
  name = name.split(':')[0];
  return name;
}

/** The Deployment `create deployment` builds (createDeployment). */
export function buildDeployment(name: string, images: string[], replicas: number, port: number, command: string[]): KObject {
  const labels = { app: name };
  const containers = images.map((image) => {
    const c: Record<string, unknown> = { name: containerNameFromImage(image), image, resources: {} };
    if (port >= 0) c.ports = [{ containerPort: port }];
    return c;
  });
  if (command.length > 0 && containers.length > 0) containers[0] = { ...containers[0], command };
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, labels },
    spec: {
      replicas,
      selector: { matchLabels: labels },
      template: { metadata: { labels }, spec: { containers } },
      strategy: {},
    },
    status: {},
  };
}

export function runCreateDeployment(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const images = parsed.flags.image as string[];
  if (!parsed.changed.has('image')) throw new KubectlError('required flag(s) "image" not set');
  if (parsed.args.length !== 1) throw new KubectlError(`exactly one NAME is required, got ${parsed.args.length}`, HINT);
  const name = parsed.args[0];
  const command = parsed.afterDash ?? [];
  if (images.length > 1 && command.length > 0) throw new KubectlError('cannot specify multiple --image options and command');
  const dryRun = parseDryRun(parsed.flags['dry-run'] === 'unchanged' ? 'client' : parsed.flags['dry-run']);
  const format = parsed.flags.output ? parseOutputFormat(parsed.flags.output as string) : undefined;
  const deployment = buildDeployment(name, images, parsed.flags.replicas as number, parsed.flags.port as number, command);
  const namespace = requestNamespace(parsed);
  let result: KObject;
  if (dryRun !== 'client') {
    try {
      result = env.api.create(
        { ...deployment, metadata: { ...deployment.metadata, namespace } },
        { namespace, dryRun: dryRun === 'server' },
      );
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      io.err(formatFailedToCreate('deployment', e));
      return 1;
    }
  } else {
    result = { ...deployment, metadata: { ...deployment.metadata, creationTimestamp: null } as never };
    (result.spec.template.metadata as Record<string, unknown>) = { creationTimestamp: null, labels: deployment.metadata.labels };
  }
  if (!format || format.kind === 'table') io.out(`deployment.apps/${name} created${dryRunSuffix(dryRun)}\n`);
  else if (format.kind === 'name') io.out(`deployment.apps/${name}\n`);
  else io.out(printStructured(format, [result], true));
  return 0;
}

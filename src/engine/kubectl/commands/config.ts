// kubectl config view | current-context | get-contexts (kubectl pkg/cmd/config): the playground's
// kubeconfig is the one kubeadm writes for its admin (admin.conf): cluster `kubernetes` at the
// control plane's secure port, user `kubernetes-admin`, context `kubernetes-admin@kubernetes`.
// It is fixed: the commands that edit a kubeconfig (use-context, set-context…) are not offered.

import { CONTROL_PLANE_ADDRESS, SECURE_PORT } from '../../cluster/kubernetes-service';
import { KubectlError, type KubectlIO } from '../context';
import type { FlagSpec, ParsedArgs } from '../flags';
import { helpText } from '../help';
import { compileJsonPath, JsonPathParseError } from '../printers/jsonpath';
import { formatTable } from '../printers/tabwriter';
import { toKubectlYaml } from '../printers/yaml-json';

const CLUSTER = 'kubernetes';
const USER = 'kubernetes-admin';
export const CURRENT_CONTEXT = `${USER}@${CLUSTER}`;

/** clientcmdapi v1 Config, in its struct's field order (what `-o json` prints). */
function kubeconfig(): Record<string, unknown> {
  return {
    kind: 'Config',
    apiVersion: 'v1',
    preferences: {},
    clusters: [
      {
        name: CLUSTER,
        cluster: { server: `https://${CONTROL_PLANE_ADDRESS}:${SECURE_PORT}`, 'certificate-authority-data': 'DATA+OMITTED' },
      },
    ],
    users: [{ name: USER, user: { 'client-certificate-data': 'DATA+OMITTED', 'client-key-data': 'DATA+OMITTED' } }],
    contexts: [{ name: CURRENT_CONTEXT, context: { cluster: CLUSTER, user: USER } }],
    'current-context': CURRENT_CONTEXT,
  };
}

/** `kubectl config` alone: DefaultSubCommandRun prints the help on stderr and fails. */
export function runConfig(_parsed: ParsedArgs, io: KubectlIO): number {
  io.err(helpText(['config']));
  return 1;
}

export const configViewFlags: FlagSpec[] = [
  { name: 'output', short: 'o', type: 'string', default: 'yaml' },
  { name: 'minify', type: 'bool' },
  { name: 'merge', type: 'bool', default: true },
  { name: 'allow-missing-template-keys', type: 'bool', default: true },
  { name: 'show-managed-fields', type: 'bool' },
  { name: 'template', type: 'string' },
];

export function runConfigView(parsed: ParsedArgs, io: KubectlIO): number {
  if (parsed.args.length > 0) {
    throw new KubectlError(
      `unexpected arguments: [${parsed.args.join(' ')}]`,
      "See 'kubectl config view -h' for help and examples",
    );
  }
  const output = parsed.flags.output as string;
  const config = kubeconfig();
  if (output === 'yaml') io.out(toKubectlYaml(config));
  else if (output === 'json') io.out(`${JSON.stringify(config, null, 4)}\n`);
  else if (output.startsWith('jsonpath=')) {
    try {
      io.out(compileJsonPath(output.slice('jsonpath='.length)).execute(config, { allowMissingKeys: true }));
    } catch (e) {
      if (e instanceof JsonPathParseError) throw new KubectlError(e.kubectlMessage);
      throw new KubectlError((e as Error).message);
    }
  } else {
    throw new KubectlError(
      `unable to match a printer suitable for the output format "${output}", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml`,
    );
  }
  return 0;
}

export const configCurrentContextFlags: FlagSpec[] = [];

export function runConfigCurrentContext(_parsed: ParsedArgs, io: KubectlIO): number {
  io.out(`${CURRENT_CONTEXT}\n`);
  return 0;
}

export const configGetContextsFlags: FlagSpec[] = [
  { name: 'output', short: 'o', type: 'string', default: '' },
  { name: 'no-headers', type: 'bool' },
];

export function runConfigGetContexts(parsed: ParsedArgs, io: KubectlIO): number {
  const output = parsed.flags.output as string;
  if (output !== '' && output !== 'name') {
    throw new KubectlError(
      `--output ${output} is not available in kubectl config get-contexts; resetting to default output format`,
    );
  }
  const names = parsed.args.length ? parsed.args : [CURRENT_CONTEXT];
  const found = names.filter((n) => n === CURRENT_CONTEXT);
  if (output === 'name') {
    io.out(found.map((n) => `${n}\n`).join(''));
  } else {
    const rows = found.map(() => ['*', CURRENT_CONTEXT, CLUSTER, USER, '']);
    if (!parsed.flags['no-headers']) rows.unshift(['CURRENT', 'NAME', 'CLUSTER', 'AUTHINFO', 'NAMESPACE']);
    io.out(formatTable(rows));
  }
  const missing = names.filter((n) => n !== CURRENT_CONTEXT).map((n) => `context ${n} not found`);
  if (missing.length === 1) throw new KubectlError(missing[0]);
  // An aggregate of several errors: one per line, without `error: ` (kubectl's MultipleErrors).
  if (missing.length > 1) {
    io.err(missing.map((m) => `${m}\n`).join(''));
    return 1;
  }
  return 0;
}

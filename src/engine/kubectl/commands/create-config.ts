// kubectl create configmap|cm NAME, kubectl create secret generic|tls|docker-registry NAME and
// kubectl create serviceaccount|sa NAME
// (kubectl pkg/cmd/create/create_configmap.go, create_secret.go, create_secret_tls.go,
// create_secret_docker.go, pkg/util/env_file.go): data from --from-literal=k=v, --from-file=[k=]path
// (the key defaults to the file's name) and --from-env-file (KEY=VALUE lines; `#` comments and
// blank lines skipped; a bare KEY takes the value of kubectl's own environment, empty here), with
// kubectl's client-side checks and messages; the object is created, or printed for a dry run / -o.
//
// Files are read the way `-f` reads them (a local file in the CLI; the page has none). Not
// modelled: --from-file naming a directory, --append-hash, and checking that a TLS key matches
// its certificate (only that both are PEM data).

import type { KObject } from '../../../k8s/types';
import { encodeBase64 } from '../../../k8s/base64';
import { ApiError } from '../../api/errors';
import { isConfigMapKey } from '../../api/validation/config';
import { configMapKind, secretKind, serviceAccountKind } from '../../api/kinds';
import { KubectlError, type KubectlEnv, type KubectlIO } from '../context';
import type { FlagSpec, ParsedArgs } from '../flags';
import { parseOutputFormat, printStructured } from '../printers/output';
import { kindPrefix } from '../resources';
import { dryRunSuffix, parseDryRun } from './manifest-target';

const commonFlags: FlagSpec[] = [
  { name: 'namespace', short: 'n', type: 'string' },
  { name: 'output', short: 'o', type: 'string' },
  { name: 'dry-run', type: 'string', default: 'none', noOptDefault: 'unchanged' },
  { name: 'validate', type: 'string', noOptDefault: 'strict' },
  { name: 'save-config', type: 'bool' },
  { name: 'field-manager', type: 'string', default: 'kubectl-create' },
  { name: 'show-managed-fields', type: 'bool' },
];

const sourceFlags: FlagSpec[] = [
  { name: 'from-literal', type: 'stringArray', default: [] },
  { name: 'from-file', type: 'stringArray', default: [] },
  { name: 'from-env-file', type: 'stringArray', default: [] },
  { name: 'append-hash', type: 'bool' },
];

export const createConfigMapFlags: FlagSpec[] = [...sourceFlags, ...commonFlags];
export const createServiceAccountFlags: FlagSpec[] = [...commonFlags];
export const createSecretGenericFlags: FlagSpec[] = [
  ...sourceFlags,
  { name: 'type', type: 'string', default: '' },
  ...commonFlags,
];
export const createSecretTlsFlags: FlagSpec[] = [
  { name: 'cert', type: 'string', default: '' },
  { name: 'key', type: 'string', default: '' },
  { name: 'append-hash', type: 'bool' },
  ...commonFlags,
];
export const createSecretDockerFlags: FlagSpec[] = [
  { name: 'docker-server', type: 'string', default: 'https://index.docker.io/v1/' },
  { name: 'docker-username', type: 'string', default: '' },
  { name: 'docker-password', type: 'string', default: '' },
  { name: 'docker-email', type: 'string', default: '' },
  { name: 'from-file', type: 'stringArray', default: [] },
  { name: 'append-hash', type: 'bool' },
  ...commonFlags,
];

const ENV_VAR_NAME_RE = /^[-._a-zA-Z][-._a-zA-Z0-9]*$/;
const ENV_VAR_NAME_MSG =
  "a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit (e.g. 'my.env-name',  or 'MY_ENV.NAME',  or 'MyEnvName1', regex used for validation is '[-._a-zA-Z][-._a-zA-Z0-9]*')";

type Target = 'ConfigMap' | 'Secret';

function requireName(parsed: ParsedArgs, command: string): string {
  if (parsed.args.length !== 1) {
    throw new KubectlError(
      `exactly one NAME is required, got ${parsed.args.length}`,
      `See 'kubectl create ${command} -h' for help and examples`,
    );
  }
  return parsed.args[0];
}

function readFile(env: KubectlEnv, path: string, missing: (path: string) => string): string {
  const text = env.readManifest(path);
  if (text === undefined) throw new KubectlError(missing(path));
  return text;
}

const basename = (p: string) => p.replace(/\/+$/, '').slice(p.replace(/\/+$/, '').lastIndexOf('/') + 1);

/** The data being built, with kubectl's key checks and duplicate refusal. */
class DataBuilder {
  readonly data: Record<string, string> = {};
  constructor(
    private readonly target: Target,
    private readonly name: string,
  ) {}

  add(key: string, value: string): void {
    const problems = isConfigMapKey(key);
    if (problems.length > 0) {
      throw new KubectlError(
        this.target === 'ConfigMap'
          ? `"${key}" is not a valid key name for a ConfigMap: ${problems.join(',')}`
          : `"${key}" is not valid key name for a Secret ${problems.join(';')}`,
      );
    }
    if (Object.prototype.hasOwnProperty.call(this.data, key)) {
      throw new KubectlError(
        this.target === 'ConfigMap'
          ? `cannot add key "${key}", another key by that name already exists in Data for ConfigMap "${this.name}"`
          : `cannot add key ${key}, another key by that name already exists`,
      );
    }
    this.data[key] = this.target === 'Secret' ? encodeBase64(value) : value;
  }
}

/** The three sources, in kubectl's order: files, literals, env files. */
function addSources(builder: DataBuilder, parsed: ParsedArgs, env: KubectlEnv): void {
  const files = parsed.flags['from-file'] as string[];
  const literals = parsed.flags['from-literal'] as string[];
  const envFiles = parsed.flags['from-env-file'] as string[];
  if (envFiles.length > 0 && (files.length > 0 || literals.length > 0)) {
    throw new KubectlError('from-env-file cannot be combined with from-file or from-literal');
  }
  for (const source of files) {
    let key: string;
    let path: string;
    const eq = source.indexOf('=');
    if (eq < 0) [key, path] = [basename(source), source];
    else {
      if (eq === 0) throw new KubectlError(`key name for file path ${source.slice(1)} missing`);
      if (source.indexOf('=', eq + 1) >= 0) throw new KubectlError("key names or file paths cannot contain '='");
      [key, path] = [source.slice(0, eq), source.slice(eq + 1)];
    }
    builder.add(
      key,
      readFile(env, path, (p) => `error reading ${p}: no such file or directory`),
    );
  }
  for (const source of literals) {
    const eq = source.indexOf('=');
    if (eq <= 0) throw new KubectlError(`invalid literal source ${source}, expected key=value`);
    builder.add(source.slice(0, eq), source.slice(eq + 1));
  }
  for (const path of envFiles) {
    const text = readFile(env, path, (p) => `error reading ${p}: no such file or directory`);
    for (const raw of text.replace(/^\uFEFF/, '').split('\n')) {
      const line = raw.replace(/\r$/, '').replace(/^\s+/, '');
      if (line === '' || line.startsWith('#')) continue;
      const eq = line.indexOf('=');
      const key = eq < 0 ? line : line.slice(0, eq);
      if (!ENV_VAR_NAME_RE.test(key)) throw new KubectlError(`"${key}" is not a valid key name: ${ENV_VAR_NAME_MSG}`);
      // A bare KEY takes kubectl's own environment variable: the playground's kubectl has none.
      builder.add(key, eq < 0 ? '' : line.slice(eq + 1));
    }
  }
}

/** Creates (or prints) the object: the client's unsent form for --dry-run=client. */
function finish(obj: KObject, parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const def = obj.kind === 'ConfigMap' ? configMapKind : obj.kind === 'ServiceAccount' ? serviceAccountKind : secretKind;
  const dryRun = parseDryRun(parsed.flags['dry-run'] === 'unchanged' ? 'client' : parsed.flags['dry-run']);
  const format = parsed.flags.output ? parseOutputFormat(parsed.flags.output as string) : undefined;
  const explicitNamespace = parsed.flags.namespace as string | undefined;
  let result: KObject;
  if (dryRun === 'client') {
    const metadata: Record<string, unknown> = { name: obj.metadata.name };
    if (explicitNamespace) metadata.namespace = explicitNamespace;
    metadata.creationTimestamp = null;
    result = { ...obj, metadata: metadata as KObject['metadata'] };
  } else {
    try {
      result = env.api.create(obj, { namespace: explicitNamespace || 'default', dryRun: dryRun === 'server' });
    } catch (e) {
      // create_configmap.go / create_secret*.go wrap the server's error (sic: no colon for secrets).
      if (!(e instanceof ApiError)) throw e;
      throw new KubectlError(
        obj.kind === 'ConfigMap'
          ? `failed to create configmap: ${e.message}`
          : obj.kind === 'ServiceAccount'
            ? `failed to create serviceaccount: ${e.message}`
            : `failed to create secret ${e.message}`,
      );
    }
  }
  const ref = `${kindPrefix(def)}/${result.metadata.name}`;
  if (!format || format.kind === 'table') io.out(`${ref} created${dryRunSuffix(dryRun)}\n`);
  else if (format.kind === 'name') io.out(`${ref}\n`);
  else io.out(printStructured(format, [result], true));
  return 0;
}

export function runCreateConfigMap(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const name = requireName(parsed, 'configmap');
  const builder = new DataBuilder('ConfigMap', name);
  addSources(builder, parsed, env);
  const cm: KObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name } };
  if (Object.keys(builder.data).length > 0) cm.data = builder.data;
  return finish(cm, parsed, io, env);
}

export function runCreateSecretGeneric(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const name = requireName(parsed, 'secret generic');
  const builder = new DataBuilder('Secret', name);
  addSources(builder, parsed, env);
  const secret: KObject = { apiVersion: 'v1', kind: 'Secret', metadata: { name } };
  if (Object.keys(builder.data).length > 0) secret.data = builder.data;
  const type = parsed.flags.type as string;
  if (type) secret.type = type;
  return finish(secret, parsed, io, env);
}

export function runCreateSecretTls(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const name = requireName(parsed, 'secret tls');
  const certPath = parsed.flags.cert as string;
  const keyPath = parsed.flags.key as string;
  if (!certPath || !keyPath) throw new KubectlError('key and cert must be specified');
  const missing = (p: string) => `Cannot read file ${p}, open ${p}: no such file or directory`;
  const cert = readFile(env, certPath, missing);
  const key = readFile(env, keyPath, missing);
  if (!/-----BEGIN [A-Z ]+-----/.test(cert)) throw new KubectlError('tls: failed to find any PEM data in certificate input');
  if (!/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(key)) throw new KubectlError('tls: failed to find any PEM data in key input');
  const secret: KObject = {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name },
    type: 'kubernetes.io/tls',
    data: { 'tls.crt': encodeBase64(cert), 'tls.key': encodeBase64(key) },
  };
  return finish(secret, parsed, io, env);
}

export function runCreateSecretDockerRegistry(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const name = requireName(parsed, 'secret docker-registry');
  const files = parsed.flags['from-file'] as string[];
  const user = parsed.flags['docker-username'] as string;
  const password = parsed.flags['docker-password'] as string;
  const server = parsed.flags['docker-server'] as string;
  const email = parsed.flags['docker-email'] as string;
  const builder = new DataBuilder('Secret', name);
  if (files.length === 0) {
    if (!user || !password || !server) {
      throw new KubectlError(
        'either --from-file or the combination of --docker-username, --docker-password and --docker-server is required',
      );
    }
    // DockerConfigJSON: auths → server → username, password, email (if any), auth = base64(user:password).
    const entry: Record<string, string> = { username: user, password };
    if (email) entry.email = email;
    entry.auth = encodeBase64(`${user}:${password}`);
    builder.add('.dockerconfigjson', JSON.stringify({ auths: { [server]: entry } }));
  } else {
    addSources(builder, { ...parsed, flags: { ...parsed.flags, 'from-literal': [], 'from-env-file': [] } }, env);
  }
  const secret: KObject = {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name },
    type: 'kubernetes.io/dockerconfigjson',
    data: builder.data,
  };
  return finish(secret, parsed, io, env);
}

/** kubectl create serviceaccount|sa NAME (create_serviceaccount.go). */
export function runCreateServiceAccount(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const name = requireName(parsed, 'serviceaccount');
  return finish({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name } }, parsed, io, env);
}

const SECRET_HELP = `Create a secret with specified type.

 A docker-registry type secret is for accessing a container registry.

 A generic type secret indicate an Opaque secret type.

 A tls type secret holds TLS certificate and its associated key.

Available Commands:
  docker-registry   Create a secret for use with a Docker registry
  generic           Create a secret from a local file, directory, or literal value
  tls               Create a TLS secret

Usage:
  kubectl create secret (docker-registry | generic | tls) [options]

Use "kubectl create secret <command> --help" for more information about a given command.
Use "kubectl options" for a list of global command-line options (applies to all commands).
`;

/** `kubectl create secret` without (or with an unknown) type. */
export function runCreateSecret(parsed: ParsedArgs, io: KubectlIO): number {
  if (parsed.args.length > 0) {
    throw new KubectlError(`unknown command "${parsed.args[0]}"`, "See 'kubectl create secret -h' for help and examples");
  }
  io.out(SECRET_HELP);
  return 0;
}

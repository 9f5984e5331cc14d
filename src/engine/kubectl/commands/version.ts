// kubectl version (kubectl pkg/cmd/version): client, bundled Kustomize and server versions, or
// the version.Info structs as `-o json|yaml`. The build metadata is that of the released
// binaries of the version the simulation reports.

import { KubectlError, type KubectlEnv, type KubectlIO } from '../context';
import type { FlagSpec, ParsedArgs } from '../flags';
import { toKubectlYaml } from '../printers/yaml-json';

export const versionFlags: FlagSpec[] = [
  { name: 'client', type: 'bool' },
  { name: 'output', short: 'o', type: 'string', default: '' },
];

interface Build {
  gitCommit: string;
  buildDate: string;
  goVersion: string;
  kustomize: string;
}

/** Release builds (kubernetes/kubernetes tags): commit, build date, Go toolchain, bundled Kustomize. */
const BUILDS: Record<string, Build> = {
  'v1.34.2': {
    gitCommit: '8cc511e399b929453cd98ae65b419c3cc227ec79',
    buildDate: '2025-11-11T19:00:39Z',
    goVersion: 'go1.24.9',
    kustomize: 'v5.7.1',
  },
};

const PLATFORM = 'linux/amd64';

function buildOf(gitVersion: string): Build {
  return BUILDS[gitVersion] ?? BUILDS['v1.34.2'];
}

/** The server's version.Info (GET /version; `kubeplay serve` answers the same). */
export function serverVersionInfo(version: KubectlEnv['version']): Record<string, string> {
  const { gitVersion, major, minor } = version;
  const build = buildOf(gitVersion);
  return {
    major,
    minor,
    emulationMajor: major,
    emulationMinor: minor,
    minCompatibilityMajor: major,
    minCompatibilityMinor: String(Number(minor) - 1),
    gitVersion,
    gitCommit: build.gitCommit,
    gitTreeState: 'clean',
    buildDate: build.buildDate,
    goVersion: build.goVersion,
    compiler: 'gc',
    platform: PLATFORM,
  };
}

export function runVersion(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const { flags, args } = parsed;
  const clientOnly = !!flags.client;
  // Complete returns before recording the arguments when --client is set, so they go unchecked.
  if (!clientOnly && args.length !== 0) throw new KubectlError(`extra arguments: [${args.join(' ')}]`);
  const output = (flags.output as string) ?? '';
  if (output !== '' && output !== 'yaml' && output !== 'json') throw new KubectlError(`--output must be 'yaml' or 'json'`);

  const { gitVersion } = env.version;
  const build = buildOf(gitVersion);
  const serverVersion = serverVersionInfo(env.version);
  const {
    emulationMajor: _em,
    emulationMinor: _en,
    minCompatibilityMajor: _cm,
    minCompatibilityMinor: _cn,
    ...clientVersion
  } = serverVersion;
  const info: Record<string, unknown> = { clientVersion, kustomizeVersion: build.kustomize };
  if (!clientOnly) info.serverVersion = serverVersion;

  switch (output) {
    case '':
      io.out(`Client Version: ${gitVersion}\nKustomize Version: ${build.kustomize}\n`);
      if (!clientOnly) io.out(`Server Version: ${gitVersion}\n`);
      break;
    case 'yaml':
      io.out(`${toKubectlYaml(info)}\n`);
      break;
    default:
      io.out(`${JSON.stringify(info, null, 2)}\n`);
  }
  return 0;
}

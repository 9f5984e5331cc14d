// kubectl version.

import { describe, expect, it } from 'vitest';
import { Simulation } from '../../simulation';
import { commands } from './index';
import { runVersion, versionFlags } from './version';

function harness() {
  commands.version ??= { flags: versionFlags, run: runVersion };
  const sim = new Simulation({ empty: true });
  const run = (line: string) => {
    let stdout = '';
    let stderr = '';
    const code = sim.openConsole((t, s) => (s === 'stdout' ? (stdout += t) : (stderr += t))).run(line);
    return { code, stdout, stderr };
  };
  return { run, version: sim.kubectlEnv().version.gitVersion };
}

describe('kubectl version', () => {
  it('prints client, Kustomize and server versions', () => {
    const { run, version } = harness();
    expect(run('kubectl version')).toEqual({
      code: 0,
      stdout: `Client Version: ${version}\nKustomize Version: v5.7.1\nServer Version: ${version}\n`,
      stderr: '',
    });
    expect(run('kubectl version --client').stdout).toBe(`Client Version: ${version}\nKustomize Version: v5.7.1\n`);
  });

  it('prints the version structs as JSON and YAML', () => {
    const { run } = harness();
    expect(run('kubectl version --client -o json').stdout).toBe(
      [
        '{',
        '  "clientVersion": {',
        '    "major": "1",',
        '    "minor": "34",',
        '    "gitVersion": "v1.34.2",',
        '    "gitCommit": "8cc511e399b929453cd98ae65b419c3cc227ec79",',
        '    "gitTreeState": "clean",',
        '    "buildDate": "2025-11-11T19:00:39Z",',
        '    "goVersion": "go1.24.9",',
        '    "compiler": "gc",',
        '    "platform": "linux/amd64"',
        '  },',
        '  "kustomizeVersion": "v5.7.1"',
        '}',
        '',
      ].join('\n'),
    );
    const yaml = run('kubectl version -o yaml').stdout;
    expect(yaml.startsWith('clientVersion:\n  buildDate: "2025-11-11T19:00:39Z"\n  compiler: gc\n')).toBe(true);
    expect(yaml).toContain('kustomizeVersion: v5.7.1\nserverVersion:\n');
    expect(yaml).toContain('  emulationMinor: "34"\n');
    expect(yaml).toContain('  minCompatibilityMinor: "33"\n');
    expect(yaml.endsWith('  platform: linux/amd64\n\n')).toBe(true);
  });

  it('rejects other formats and arguments', () => {
    const { run } = harness();
    expect(run('kubectl version -o wide').stderr).toBe("error: --output must be 'yaml' or 'json'\n");
    expect(run('kubectl version now').stderr).toBe('error: extra arguments: [now]\n');
    expect(run('kubectl version --client now').code).toBe(0);
  });
});

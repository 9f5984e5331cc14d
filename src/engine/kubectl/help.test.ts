// Every command and sub-command has real kubectl's help text (help.generated.ts is regenerated
// by scripts/generate-kubectl-help.ts when a command is added), and help is reached the ways
// kubectl offers it.

import { describe, expect, it } from 'vitest';
import { commands } from './commands';
import { kubectlHelpTexts } from './help.generated';
import type { KubectlCommand } from './kubectl';
import { harness } from './commands/pod-commands-testing';

function paths(prefix: string[], table: Record<string, KubectlCommand>): string[] {
  return Object.entries(table).flatMap(([name, c]) => [
    [...prefix, name].join(' '),
    ...paths([...prefix, name], c.subcommands ?? {}),
  ]);
}

describe('kubectl help', () => {
  it('has a text for every command', () => {
    const missing = paths([], commands).filter((p) => kubectlHelpTexts[p] === undefined);
    expect(missing).toEqual([]);
    // The root lists only commands that exist here.
    for (const line of kubectlHelpTexts[''].split('\n')) {
      const m = /^ {2}(\S+) {2,}/.exec(line);
      if (m) expect(Object.hasOwn(commands, m[1]), m[1]).toBe(true);
    }
  });

  it('answers help, --help and -h, also after global flags', () => {
    const h = harness();
    const get = kubectlHelpTexts.get;
    expect(h.run('kubectl help get').stdout).toBe(get);
    expect(h.run('kubectl get --help').stdout).toBe(get);
    expect(h.run('kubectl -n kube-system get pods -h').stdout).toBe(get);
    expect(h.run('kubectl').stdout).toBe(kubectlHelpTexts['']);
    expect(h.run('kubectl help nope').stderr).toMatch(/^Unknown help topic \[`nope`\]\n\n\nBasic Commands/);
  });

  it('finds the command after global flags, as cobra does', () => {
    const h = harness();
    h.pod('web', { nodeName: 'node-a1', containers: [{ name: 'c', image: 'nginx' }] });
    expect(h.run('kubectl --namespace default get pods -o name').stdout).toBe('pod/web\n');
    expect(h.run('kubectl -n default get pods -o name').stdout).toBe('pod/web\n');
    // A flag the root does not know takes the next word as its value.
    expect(h.run('kubectl --unknown value get pods -o name')).toEqual({
      code: 1,
      stdout: '',
      stderr: "Error: unknown flag: --unknown\nSee 'kubectl get --help' for usage.\n",
    });
  });
});

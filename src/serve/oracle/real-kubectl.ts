// The real `kubectl` binary, pointed at a `kubeplay serve` URL: found on PATH (or
// KUBEPLAY_ORACLE_KUBECTL), run asynchronously — the server answers from this same process — with
// its own kubeconfig, HOME and discovery cache, in UTC, so nothing of the machine leaks in.

import { spawn } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { writeKubeconfig } from '../kubeconfig';

const KUBECTL_TIMEOUT_MS = 30_000;
/** A klog info line (`I1126 10:13:09.330736    2918 round_trippers.go:553] …`). */
const KLOG_INFO = /^I\d{4} \d\d:\d\d:\d\d\.\d+ +\d+ [^ ]+:\d+\] /;
const WATCH_REQUEST = /[?&]watch=true/;

export interface CommandResult {
  stdout: string;
  stderr: string;
  code: number;
}

/** The kubectl to compare with, or undefined when the machine has none. */
export function findKubectl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidates = env.KUBEPLAY_ORACLE_KUBECTL
    ? [env.KUBEPLAY_ORACLE_KUBECTL]
    : (env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'kubectl'));
  return candidates.find((path) => {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

export class RealKubectl {
  private readonly home: string;
  private readonly kubeconfig: string;

  constructor(
    private readonly binary: string,
    url: string,
    /** Where relative `-f` paths resolve. */
    private readonly cwd: string,
  ) {
    this.home = mkdtempSync(join(tmpdir(), 'kubeplay-oracle-'));
    this.kubeconfig = join(this.home, 'kubeconfig');
    writeKubeconfig(this.kubeconfig, url);
  }

  /**
   * Runs kubectl with `args`. With `onWatch`, kubectl logs its requests (-v=6) and `onWatch` is
   * called once it has a watch open; those log lines are left out of the stderr returned.
   */
  run(args: readonly string[], stdin?: string, onWatch?: () => void): Promise<CommandResult> {
    const argv = [`--kubeconfig=${this.kubeconfig}`, `--cache-dir=${join(this.home, 'cache')}`, ...args];
    if (onWatch) argv.push('-v=6');
    const env = { PATH: process.env.PATH ?? '', HOME: this.home, TZ: 'UTC', LANG: 'C' };
    return new Promise((resolve) => {
      const child = spawn(this.binary, argv, { cwd: this.cwd, env, timeout: KUBECTL_TIMEOUT_MS });
      let stdout = '';
      let stderr = '';
      let partial = '';
      child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
      child.stderr.setEncoding('utf8').on('data', (text: string) => {
        if (!onWatch) {
          stderr += text;
          return;
        }
        const lines = (partial + text).split('\n');
        partial = lines.pop()!;
        for (const line of lines) {
          if (!KLOG_INFO.test(line)) stderr += `${line}\n`;
          else if (WATCH_REQUEST.test(line)) onWatch();
        }
      });
      child.on('close', (code) => resolve({ stdout, stderr: stderr + partial, code: code ?? 1 }));
      child.stdin.end(stdin ?? '');
    });
  }

  dispose(): void {
    rmSync(this.home, { recursive: true, force: true });
  }
}

// One oracle session: a script run twice on two identical clusters (same seed) — every line on our
// in-process kubectl, and every `kubectl` line also through the real kubectl against
// `kubeplay serve`, whose clock stays paused and is stepped exactly as ours moved. `sleep` and
// `kubeplay` lines run on both clusters alike and are not compared.

import type { Simulation } from '../../engine/simulation';
import { parseScript, type ScriptCommand } from '../../protocol/script-parse';
import type { ServedSimulation } from '../served-simulation';
import type { CommandResult, RealKubectl } from './real-kubectl';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ComparedCommand {
  /** `file:line` of the command in its script. */
  where: string;
  text: string;
  ours: CommandResult;
  real: CommandResult;
  /** Real time the real kubectl took (ms). */
  realMs?: number;
}

/**
 * How long a waiting command that does not watch (drain polls) may run before the clock moves;
 * one that watches (rollout status, wait, delete) gets until its watch is open, however loaded
 * the machine is, up to WATCH_LIMIT_MS.
 */
const POLL_GRACE_MS = 1500;
const WATCH_LIMIT_MS = 20_000;
/** Read-only real kubectl runs at once (they change nothing, and the clock stands still). */
const PARALLEL_READS = 4;

const READ_VERBS = new Set(['get', 'describe', 'explain', 'api-resources', 'api-versions']);

/** Whether real kubectl waits for this command's outcome with a watch. */
function watches(command: ScriptCommand): boolean {
  const [, verb, sub] = command.argv;
  if (verb === 'rollout') return sub === 'status';
  return verb === 'wait' || (verb === 'delete' && !command.argv.includes('--wait=false'));
}

function isRead(command: ScriptCommand): boolean {
  const [, verb, ...rest] = command.argv;
  return READ_VERBS.has(verb) && !rest.some((a) => /^(-w|--watch(-only)?)(=|$)/.test(a));
}

export class OracleSession {
  readonly compared: ComparedCommand[] = [];
  /** Read-only commands our side has run whose real runs wait to go in parallel. */
  private pendingReads: { entry: Omit<ComparedCommand, 'real'>; command: ScriptCommand }[] = [];

  constructor(
    private readonly ours: Simulation,
    private readonly served: ServedSimulation,
    private readonly real: RealKubectl,
  ) {}

  async runScript(name: string, source: string): Promise<void> {
    for (const command of parseScript(source)) await this.runCommand(`${name}:${command.line}`, command);
    await this.flushReads();
  }

  private runOurs(command: ScriptCommand): CommandResult {
    let stdout = '';
    let stderr = '';
    const terminal = this.ours.openConsole((text, stream) => (stream === 'stdout' ? (stdout += text) : (stderr += text)));
    const code = terminal.runArgv(command.argv, command.stdin);
    return { stdout, stderr, code };
  }

  private async runCommand(where: string, command: ScriptCommand): Promise<void> {
    const start = this.ours.clock.now();
    const ours = this.runOurs(command);
    const elapsed = this.ours.clock.now() - start;
    if (command.argv[0] === 'kubectl' && elapsed === 0 && isRead(command)) {
      this.pendingReads.push({ entry: { where, text: command.text, ours }, command });
      return;
    }
    await this.flushReads();
    if (command.argv[0] !== 'kubectl') {
      if (command.stdin !== undefined) throw new Error(`${where}: only kubectl lines may take a here-document`);
      // The same line on the served cluster, through the same console code.
      this.served.run(command.text);
      return;
    }
    const started = performance.now();
    const real = await this.runReal(command, this.served.now() + elapsed);
    this.compared.push({ where, text: command.text, ours, real, realMs: Math.round(performance.now() - started) });
  }

  private async flushReads(): Promise<void> {
    const batch = this.pendingReads;
    this.pendingReads = [];
    const results: CommandResult[] = new Array(batch.length);
    let next = 0;
    const worker = async () => {
      while (next < batch.length) {
        const i = next++;
        results[i] = await this.real.run(batch[i].command.argv.slice(1), batch[i].command.stdin);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_READS, batch.length) }, worker));
    batch.forEach(({ entry }, i) => this.compared.push({ ...entry, real: results[i] }));
  }

  /**
   * Runs the real kubectl. A command that took virtual time on our side (a wait, a rollout
   * status, a delete that waits for the object to go) gets the served clock moved to the same
   * instant once it watches (see POLL_GRACE_MS), so it sees what ours saw.
   */
  private async runReal(command: ScriptCommand, until: number): Promise<CommandResult> {
    const args = command.argv.slice(1);
    if (until <= this.served.now()) {
      const result = await this.real.run(args, command.stdin);
      this.served.step(0);
      return result;
    }
    let watching: () => void = () => {};
    const watched = new Promise<void>((resolve) => (watching = resolve));
    const running = this.real.run(args, command.stdin, () => watching());
    await Promise.race([watched, running, pause(watches(command) ? WATCH_LIMIT_MS : POLL_GRACE_MS)]);
    this.served.step(until - this.served.now());
    const result = await running;
    // What our console does after every command: reactions due at this instant run now.
    this.served.step(0);
    return result;
  }
}

// One chaos session: draw commands from the action table (knowing what the cluster looks like),
// run each through the script runner the CLI uses, check the invariants after every command, then
// settle the cluster and check that it converged. A session with a failure can be replayed from
// its command list, which is what the reducer (ddmin) and the reproducer files use.

import { scriptCommands } from '../../../protocol/script-parse';
import { SeededRandom } from '../../clock/random';
import { ClockLivelockError } from '../../clock/clock';
import { ScriptSession } from '../../script/runner';
import { CHAOS_ACTIONS, newModel, nextCommand, settleCommands, type ChaosAction } from './actions';
import { ddmin } from './ddmin';
import { ChaosMonitor, type ChaosFailure, type CheckCounts } from './invariants';

export interface ChaosOptions {
  seed: number;
  /** Commands drawn before the cluster settles. */
  steps: number;
  /** Reads a wall clock in ms (the engine never does; the harness bounds each command with it). */
  now: () => number;
  /**
   * A command that takes longer than this (wall ms) is a hang. Default 30 s: a command may wait
   * out the playground's 24 h of virtual time (kubectl delete waits up to a week for pods on a
   * stopped node), a few seconds of work that a shared, loaded machine can stretch.
   */
  hangMs?: number;
  actions?: readonly ChaosAction[];
  /** Also replay the session and compare the transcripts byte for byte. Default true. */
  checkDeterminism?: boolean;
}

export interface ChaosResult {
  seed: number;
  /** The drawn commands (script text, here-documents included), without the settle commands. */
  commands: string[];
  transcript: string;
  /** The first failure, if any (a session stops at it). */
  failure?: ChaosFailure;
  wallMs: number;
  /** How often each guarantee was checked. */
  checks: CheckCounts;
}

/** The seed the action generator uses, distinct from the simulation's. */
const generatorSeed = (seed: number) => (seed * 2654435761 + 12345) >>> 0;

interface Execution {
  transcript: string;
  failure?: ChaosFailure;
  checks: CheckCounts;
}

/**
 * Runs commands on a fresh simulation: `next(i)` gives the i-th command (undefined: the drawn part
 * is over), then the settle commands run and the settled cluster is checked.
 */
function execute(
  seed: number,
  now: () => number,
  hangMs: number,
  next: (session: ScriptSession, i: number) => string | undefined,
): Execution {
  const session = new ScriptSession({ seed });
  let failure: ChaosFailure | undefined;
  let step = 0;
  const monitor = new ChaosMonitor(session.sim, (invariant, message) => {
    failure ??= { kind: 'violation', invariant, message, step };
  });
  let transcript = '';
  const runText = (text: string) => {
    for (const command of scriptCommands(`${text}\n`)) {
      const started = now();
      const { chunk, internalError } = session.run(command);
      transcript += chunk;
      const took = now() - started;
      if (internalError !== undefined) {
        const livelock = internalError instanceof ClockLivelockError;
        failure ??= {
          kind: livelock ? 'livelock' : 'crash',
          invariant: livelock ? 'livelock' : `crash: ${internalError instanceof Error ? internalError.name : 'throw'}`,
          message: internalError instanceof Error ? (internalError.stack ?? internalError.message) : String(internalError),
          step,
        };
      } else if (took > hangMs) {
        failure ??= { kind: 'hang', invariant: 'hang', message: `${command.text} took ${took} ms`, step };
      }
      if (!failure) monitor.checkStep();
    }
    step++;
  };
  try {
    for (let i = 0; !failure; i++) {
      const text = next(session, i);
      if (text === undefined) break;
      runText(text);
    }
    for (const text of settleCommands(newModel())) {
      if (failure) break;
      runText(text);
    }
    if (!failure) monitor.checkSettled();
    if (!failure) transcript += session.finish().chunk;
  } finally {
    monitor.dispose();
  }
  return { transcript, failure, checks: monitor.counts };
}

/** Draws and runs one session of `steps` commands on `seed`. */
export function runChaos(options: ChaosOptions): ChaosResult {
  const started = options.now();
  const hangMs = options.hangMs ?? 30_000;
  const random = new SeededRandom(generatorSeed(options.seed));
  const model = newModel();
  const actions = options.actions ?? CHAOS_ACTIONS;
  const commands: string[] = [];
  const run = execute(options.seed, options.now, hangMs, (session, i) => {
    if (i >= options.steps) return undefined;
    const text = nextCommand({ random, model, sim: session.sim }, actions);
    commands.push(text);
    return text;
  });
  let failure = run.failure;
  if (!failure && options.checkDeterminism !== false) {
    const again = replayChaos(commands, options.seed, options.now, hangMs);
    if (again.transcript !== run.transcript) {
      failure = {
        kind: 'nondeterminism',
        invariant: 'nondeterminism',
        message: `the replay's transcript differs from offset ${firstDifference(run.transcript, again.transcript)}`,
        step: commands.length,
      };
    }
  }
  return {
    seed: options.seed,
    commands,
    transcript: run.transcript,
    failure,
    wallMs: options.now() - started,
    checks: run.checks,
  };
}

function firstDifference(a: string, b: string): number {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i;
}

/** Runs a fixed command list on `seed`, then settles and checks, as runChaos would. */
export function replayChaos(commands: readonly string[], seed: number, now: () => number, hangMs = 30_000): Execution {
  return execute(seed, now, hangMs, (_, i) => commands[i]);
}

/**
 * The smallest command list (ddmin) whose replay fails the same guarantee as `result`. A
 * nondeterminism failure is not reduced (each try would need two runs).
 */
export function minimise(result: ChaosResult, now: () => number, budget = 200): string[] {
  const failure = result.failure;
  if (!failure || failure.kind === 'nondeterminism') return result.commands;
  // Commands after the failing one cannot matter (a settle-phase failure needs them all).
  const prefix = result.commands.slice(0, failure.step + 1);
  const same = (subset: readonly string[]) => replayChaos(subset, result.seed, now).failure?.invariant === failure.invariant;
  return ddmin(prefix, same, budget);
}

/** A reproducer script: what failed, the commands, and the settle commands the harness adds. */
export function reproducerScript(result: ChaosResult, commands: readonly string[]): string {
  const failure = result.failure!;
  const header = [
    `# Chaos reproducer, seed ${result.seed}: ${failure.kind} (${failure.invariant})`,
    ...failure.message
      .split('\n')
      .slice(0, 6)
      .map((l) => `#   ${l}`),
    `# Replay with the checks: npm run chaos -- --replay FILE --sim-seed ${result.seed}`,
    `# (or: npm run -s kubeplay -- run --seed ${result.seed} FILE)`,
  ];
  return [...header, ...commands, '# settle (added by the harness)', ...settleCommands(newModel()), ''].join('\n');
}

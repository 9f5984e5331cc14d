// kubectl drain (kubectl pkg/cmd/drain RunDrain, pkg/drain/drain.go Helper): cordon the nodes,
// then for each node list its pods (`spec.nodeName=<node>`, plus --pod-selector), run them
// through the filters (drain-filters.ts; any error stops this node before anything is evicted),
// print the warnings, and evict the rest through pods/eviction — or DELETE them with
// --disable-eviction — then wait for each to be gone (or replaced: another uid) and print
// `pod/<name> evicted` / `deleted`, and finally `node/<name> drained`.
//
// Time is the virtual clock's: each pod is its own "goroutine" of timers, as upstream. An
// eviction refused with 429 (a disruption budget) is retried every 5 s; the wait polls every 1 s,
// the first poll right after the eviction, so a pod that needs its 30 s grace period to stop is
// reported at the first whole second after it is gone. --timeout (0: none) is one deadline for
// the node's pods from the first eviction; in the playground "none" means one hour.
// A failed node prints `error: unable to drain node "<n>" due to error: <err>, continuing
// command...`, the others are still drained, then `There are pending nodes to be drained:` and
// the error the way cmdutil.CheckErr prints an aggregate (one line each, no `error:` prefix).

import { formatGoDuration, parseGoDuration } from '../../../k8s/duration';
import { parseSelector } from '../../../k8s/labels';
import type { KObject } from '../../../k8s/types';
import type { DeleteOptions } from '../../api/apiserver';
import { ApiError } from '../../api/errors';
import { podKind } from '../../api/kinds';
import type { Eviction } from '../../api/subresources/eviction';
import { Priority, type TimerHandle } from '../../clock/clock';
import { KubectlError, type KubectlEnv, type KubectlIO } from '../context';
import type { FlagSpec, ParsedArgs } from '../flags';
import { formatApiError } from '../print-error';
import { checkNodeArgs, cordonNodes, fetchNodes } from './cordon';
import { filterPods, shouldSkipPod, type DrainFilterOptions, type PodDeleteList } from './drain-filters';
import { dryRunStrategy } from './label';
import { dryRunSuffix, type DryRun } from './manifest-target';

export const drainFlags: FlagSpec[] = [
  { name: 'force', type: 'bool' },
  { name: 'ignore-daemonsets', type: 'bool' },
  { name: 'delete-emptydir-data', type: 'bool' },
  { name: 'grace-period', type: 'int', default: -1 },
  { name: 'timeout', type: 'duration', default: '0s' },
  { name: 'selector', short: 'l', type: 'string' },
  { name: 'pod-selector', type: 'string', default: '' },
  { name: 'disable-eviction', type: 'bool' },
  { name: 'skip-wait-for-delete-timeout', type: 'int', default: 0 },
  { name: 'chunk-size', type: 'int', default: 500 },
  { name: 'dry-run', type: 'string', default: 'none', noOptDefault: 'unchanged' },
];

/** How often the wait for a pod's deletion polls (waitForDeleteParams.interval). */
const POLL_MS = 1000;
/** The pause before an eviction refused with 429 is tried again. */
const RETRY_MS = 5000;
/** "No timeout": kubectl would wait forever; the playground gives up after this much virtual time. */
const MAX_WAIT_MS = 60 * 60_000;
/** time.Duration(math.MaxInt64).String(): the "infinite" global timeout as upstream prints it. */
const INFINITE_TIMEOUT_TEXT = '2562047h47m16.854775807s';
/** kubectl's polls and retries run after whatever else is due at the same instant. */
const CLIENT_PRIORITY = Priority.periodic + 1;

/**
 * A Go error as drain builds and prints them: a plain error (an API error keeps its Status for
 * StandardErrorMessage) or a utilerrors aggregate.
 */
interface GoError {
  message: string;
  api?: ApiError;
  errors?: GoError[];
}

const plain = (message: string, api?: ApiError): GoError => ({ message, api });

/** utilerrors.NewAggregate: nil for no errors; Error() flattens nested aggregates, de-duplicated. */
function aggregate(errs: GoError[]): GoError | undefined {
  if (errs.length === 0) return undefined;
  if (errs.length === 1) return { message: errs[0].message, errors: errs };
  const seen: string[] = [];
  const visit = (list: GoError[]) => {
    for (const e of list) {
      if (e.errors) visit(e.errors);
      else if (!seen.includes(e.message)) seen.push(e.message);
    }
  };
  visit(errs);
  return { message: seen.length === 1 ? seen[0] : `[${seen.join(', ')}]`, errors: errs };
}

/** StandardErrorMessage: only API errors have one here. */
function standardMessage(e: GoError): string | undefined {
  return e.api ? formatApiError(e.api).trimEnd() : undefined;
}

/** cmdutil.CheckErr: an aggregate of one is unwrapped; an aggregate prints one line per error. */
function checkErrText(err: GoError): string {
  const e = err.errors && err.errors.length === 1 ? err.errors[0] : err;
  if (e.errors) return e.errors.map((x) => `${standardMessage(x) ?? x.message}\n`).join('');
  const msg = standardMessage(e) ?? (e.message.startsWith('error: ') ? e.message : `error: ${e.message}`);
  return `${msg}\n`;
}

interface DrainOptions {
  force: boolean;
  ignoreAllDaemonSets: boolean;
  deleteEmptyDirData: boolean;
  gracePeriodSeconds: number;
  /** --timeout in ms; 0 means none. */
  timeoutMs: number;
  podSelector: string;
  disableEviction: boolean;
  skipWaitForDeleteTimeoutSeconds: number;
  dryRun: DryRun;
}

export function runDrain(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const { flags } = parsed;
  const timeoutMs = parseGoDuration(flags.timeout as string);
  const selector = flags.selector as string | undefined;
  checkNodeArgs('drain', parsed.args, selector);
  const dryRun = dryRunStrategy(parsed);
  const podSelector = flags['pod-selector'] as string;
  if (podSelector) {
    try {
      parseSelector(podSelector);
    } catch {
      throw new KubectlError('--pod-selector=<pod_selector> must be a valid label selector');
    }
  }
  const nodes = fetchNodes(env, parsed.args, selector);
  const drainer = new Drainer(
    {
      force: !!flags.force,
      ignoreAllDaemonSets: !!flags['ignore-daemonsets'],
      deleteEmptyDirData: !!flags['delete-emptydir-data'],
      gracePeriodSeconds: flags['grace-period'] as number,
      timeoutMs,
      podSelector,
      disableEviction: !!flags['disable-eviction'],
      skipWaitForDeleteTimeoutSeconds: flags['skip-wait-for-delete-timeout'] as number,
      dryRun,
    },
    io,
    env,
  );

  cordonNodes(true, nodes, dryRun, io, env);
  const fatal: GoError[] = [];
  const remaining: string[] = [];
  for (const node of nodes) {
    const name = node.metadata.name ?? '';
    const err = drainer.deleteOrEvictPodsSimple(name);
    if (!err) {
      io.out(`node/${name} drained${dryRunSuffix(dryRun)}\n`);
      continue;
    }
    io.err(`error: unable to drain node ${JSON.stringify(name)} due to error: ${err.message}, continuing command...\n`);
    fatal.push(err);
    remaining.push(name);
  }
  if (remaining.length > 0) {
    io.err(`There are pending nodes to be drained:\n${remaining.map((n) => ` ${n}\n`).join('')}`);
  }
  const err = aggregate(fatal);
  if (!err) return 0;
  io.err(checkErrText(err));
  return 1;
}

/** drain.Helper for one command: lists, filters, evicts or deletes, and waits. */
class Drainer {
  constructor(
    private readonly o: DrainOptions,
    private readonly io: KubectlIO,
    private readonly env: KubectlEnv,
  ) {}

  /** DrainCmdOptions.deleteOrEvictPodsSimple. */
  deleteOrEvictPodsSimple(nodeName: string): GoError | undefined {
    const { list, errs } = this.getPodsForDeletion(nodeName);
    if (errs) return aggregate(errs);
    const warnings = list!.warnings();
    if (warnings) this.io.err(`Warning: ${warnings}\n`);
    const pods = list!.pods();
    if (this.o.dryRun === 'client') {
      for (const pod of pods) this.io.out(`evicting pod ${pod.metadata.namespace}/${pod.metadata.name} (dry run)\n`);
      return undefined;
    }
    const err = this.deleteOrEvictPods(pods);
    if (!err) return undefined;
    const pending = this.getPodsForDeletion(nodeName);
    const left = pending.list?.pods() ?? [];
    if (left.length > 0) {
      this.io.err(`There are pending pods in node ${JSON.stringify(nodeName)} when an error occurred: ${err.message}\n`);
      for (const pod of left) this.io.err(`pod/${pod.metadata.name}\n`);
    }
    if (pending.errs) {
      // (Upstream ends this without a newline.)
      this.io.err(`Following errors occurred while getting the list of pods to delete:\n${aggregate(pending.errs)!.message}`);
    }
    return err;
  }

  /** Helper.GetPodsForDeletion: the node's pods through the filters; the filter errors, if any. */
  private getPodsForDeletion(nodeName: string): { list?: PodDeleteList; errs?: GoError[] } {
    const { api, clock, registry } = this.env;
    let pods: KObject[];
    try {
      pods = api.list(podKind, {
        fieldSelector: `spec.nodeName=${nodeName}`,
        labelSelector: this.o.podSelector || undefined,
      }).items;
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      return { errs: [plain(e.message, e)] };
    }
    const options: DrainFilterOptions = {
      force: this.o.force,
      ignoreAllDaemonSets: this.o.ignoreAllDaemonSets,
      deleteEmptyDirData: this.o.deleteEmptyDirData,
      skipWaitForDeleteTimeoutSeconds: this.o.skipWaitForDeleteTimeoutSeconds,
      nowMs: clock.now(),
      parseTimestamp: (ts) => clock.parseTimestamp(ts),
      getDaemonSet: (namespace, name) => {
        const def = registry.forObject('apps/v1', 'DaemonSet');
        if (def && api.tryGet(def, namespace, name)) return undefined;
        return { message: `daemonsets.apps ${JSON.stringify(name)} not found`, notFound: true };
      },
    };
    const list = filterPods(pods, options);
    const errors = list.errors();
    return errors.length > 0 ? { list, errs: errors.map((m) => plain(m)) } : { list };
  }

  /** Helper.DeleteOrEvictPods. */
  private deleteOrEvictPods(pods: KObject[]): GoError | undefined {
    if (pods.length === 0) return undefined;
    return this.o.disableEviction ? this.deletePods(pods) : this.evictPods(pods);
  }

  private get globalTimeoutMs(): number {
    return this.o.timeoutMs !== 0 ? this.o.timeoutMs : MAX_WAIT_MS;
  }

  private get globalTimeoutText(): string {
    return this.o.timeoutMs !== 0 ? formatGoDuration(this.o.timeoutMs) : INFINITE_TIMEOUT_TEXT;
  }

  /** makeDeleteOptions as sent to DELETE. */
  private deleteOptions(): DeleteOptions {
    const options: DeleteOptions = { dryRun: this.o.dryRun === 'server' };
    if (this.o.gracePeriodSeconds >= 0) options.gracePeriodSeconds = this.o.gracePeriodSeconds;
    return options;
  }

  private eviction(pod: KObject): Eviction {
    const deleteOptions: NonNullable<Eviction['deleteOptions']> = {};
    if (this.o.gracePeriodSeconds >= 0) deleteOptions.gracePeriodSeconds = this.o.gracePeriodSeconds;
    if (this.o.dryRun === 'server') deleteOptions.dryRun = ['All'];
    return {
      apiVersion: 'policy/v1',
      kind: 'Eviction',
      metadata: { name: pod.metadata.name, namespace: pod.metadata.namespace },
      deleteOptions,
    };
  }

  /** Whether the pod the drain started with is gone: NotFound, or another pod of that name. */
  private gone(pod: KObject): boolean {
    const current = this.env.api.tryGet(podKind, pod.metadata.namespace, pod.metadata.name ?? '');
    return !current || current.metadata.uid !== pod.metadata.uid;
  }

  /** Still there, but marked for deletion longer ago than --skip-wait-for-delete-timeout. */
  private skipped(pod: KObject): boolean {
    const { api, clock } = this.env;
    const current = api.tryGet(podKind, pod.metadata.namespace, pod.metadata.name ?? '');
    if (
      !current ||
      !shouldSkipPod(current, this.o.skipWaitForDeleteTimeoutSeconds, clock.now(), (ts) => clock.parseTimestamp(ts))
    )
      return false;
    this.io.out(
      `pod ${JSON.stringify(pod.metadata.name ?? '')} has DeletionTimestamp older than ${this.o.skipWaitForDeleteTimeoutSeconds} seconds, skipping\n`,
    );
    return true;
  }

  /**
   * Helper.evictPods: one "goroutine" per pod — print `evicting pod`, evict (429: retry in 5 s;
   * NotFound: done), then poll every second until the pod is gone. All pods share one deadline.
   */
  private evictPods(pods: KObject[]): GoError | undefined {
    const { api, clock } = this.env;
    const io = this.io;
    const server = this.o.dryRun === 'server';
    const deadline = clock.now() + this.globalTimeoutMs;
    const timeoutText = this.globalTimeoutText;
    const errors: GoError[] = [];
    const timers = new Set<TimerHandle>();
    let pending = pods.length;
    const schedule = (at: number, run: () => void) => {
      const handle: TimerHandle = clock.at(
        at,
        () => {
          timers.delete(handle);
          run();
        },
        CLIENT_PRIORITY,
        'kubectl drain',
      );
      timers.add(handle);
    };

    const jobs = pods.map((pod) => {
      const namespace = pod.metadata.namespace ?? '';
      const name = pod.metadata.name ?? '';
      let finished = false;
      const finish = (err?: GoError) => {
        if (finished) return;
        finished = true;
        pending--;
        if (err) errors.push(err);
      };
      const waitTick = (): void => {
        if (clock.now() >= deadline) {
          finish(
            plain(`error when waiting for pod "${name}" in namespace "${namespace}" to terminate: context deadline exceeded`),
          );
          return;
        }
        if (this.gone(pod)) {
          io.out(`pod/${name} evicted\n`);
          finish();
          return;
        }
        if (this.skipped(pod)) {
          finish();
          return;
        }
        schedule(Math.min(clock.now() + POLL_MS, deadline), waitTick);
      };
      /** One pass of the eviction loop; true when evicted and the wait should start. */
      const attempt = (): boolean => {
        const evicting = `evicting pod ${namespace}/${name}${server ? ' (server dry run)' : ''}\n`;
        if (clock.now() >= deadline) {
          io.out(evicting);
          finish(plain(`error when evicting pods/"${name}" -n "${namespace}": global timeout reached: ${timeoutText}`));
          return false;
        }
        try {
          api.evict(namespace, name, this.eviction(pod), { dryRun: server });
        } catch (e) {
          io.out(evicting);
          if (!(e instanceof ApiError)) throw e;
          if (e.reason === 'NotFound') {
            finish();
          } else if (e.reason === 'TooManyRequests') {
            io.err(`error when evicting pods/"${name}" -n "${namespace}" (will retry after 5s): ${e.message}\n`);
            schedule(clock.now() + RETRY_MS, () => {
              if (attempt()) waitTick();
            });
          } else {
            finish(plain(`error when evicting pods/"${name}" -n "${namespace}": ${e.message}`));
          }
          return false;
        }
        if (server) {
          io.out(evicting);
          finish();
          return false;
        }
        // OnPodDeletionOrEvictionStarted's line: real kubectl's output has it before `evicting pod`.
        io.out(`pod/${name} eviction started\n${evicting}`);
        return true;
      };
      return { attempt, waitTick };
    });

    // The goroutines start together: every eviction is sent, then every first poll made.
    const evicted = jobs.filter((j) => j.attempt());
    for (const j of evicted) j.waitTick();
    this.runUntil(() => pending === 0, deadline + RETRY_MS + POLL_MS);
    for (const t of timers) t.cancel();
    return aggregate(errors);
  }

  /**
   * Helper.deletePods: DELETE every pod (the first failure other than NotFound ends it), then
   * one poll loop for all of them with the global timeout.
   */
  private deletePods(pods: KObject[]): GoError | undefined {
    const { api, clock } = this.env;
    for (const pod of pods) {
      try {
        api.delete(podKind, pod.metadata.namespace, pod.metadata.name ?? '', this.deleteOptions());
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        if (e.reason !== 'NotFound') return plain(e.message, e);
      }
    }
    // A server-side dry run deleted nothing: upstream would wait (in vain) for the pods to go.
    if (this.o.dryRun === 'server') return undefined;
    const deadline = clock.now() + this.globalTimeoutMs;
    let waiting = pods;
    let result: GoError | undefined;
    let done = false;
    let timer: TimerHandle | undefined;
    const tick = (): void => {
      if (clock.now() >= deadline) {
        result = plain('context deadline exceeded');
        done = true;
        return;
      }
      waiting = waiting.filter((pod) => {
        if (this.gone(pod)) {
          this.io.out(`pod/${pod.metadata.name} deleted\n`);
          return false;
        }
        return !this.skipped(pod);
      });
      if (waiting.length === 0) {
        done = true;
        return;
      }
      timer = clock.at(Math.min(clock.now() + POLL_MS, deadline), tick, CLIENT_PRIORITY, 'kubectl drain');
    };
    tick();
    this.runUntil(() => done, deadline + POLL_MS);
    timer?.cancel();
    return result;
  }

  /** Advances the virtual clock until `done` (or the given instant). */
  private runUntil(done: () => boolean, until: number): void {
    const { clock } = this.env;
    if (!done()) clock.runUntilCondition(done, Math.max(0, until - clock.now()));
  }
}

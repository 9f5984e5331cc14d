// Explain: a compact record of each scheduling attempt, for `kubeplay explain scheduling POD` —
// per node, the plugin and reason that filtered it out, or its per-plugin weighted scores; the
// chosen node; the FailedScheduling text. Not a Kubernetes feature (kube-scheduler only logs
// this at high verbosity); it reads the data the cycle computed anyway, without copying it.
//
// Memory is bounded three ways: the latest `maxAttemptsPerPod` attempts of a pod, at most
// `maxPods` pods, and at most `maxEntries` node entries (filtered + scored nodes) over all kept
// records — the records of the pods least recently attempted go first. In large clusters a
// record keeps only the best-scored nodes (see the scheduler's EXPLAIN_MAX_SCORED_NODES).

import type { NodeInfo, Status } from './framework/types';
import { formatTable } from '../kubectl/printers/tabwriter';

export interface AttemptRecord {
  podKey: string;
  attempt: number;
  /** Virtual time of the attempt. */
  atMs: number;
  numAllNodes: number;
  result: 'Scheduled' | 'Unschedulable' | 'Error';
  chosen?: string;
  /** The FailedScheduling message (unschedulable / error). */
  message?: string;
  /** Nodes filtered out, with the status of the plugin that did it. */
  rejected: ReadonlyMap<string, Status>;
  /** The status every node not listed and not feasible got (PreFilter rejections). */
  absent?: Status;
  /** Feasible nodes (in large clusters only the best scored ones, see feasibleCount). */
  feasible: readonly NodeInfo[];
  /** How many nodes were feasible (more than `feasible` lists when trimmed). */
  feasibleCount?: number;
  plugins: readonly { name: string; weight: number; scores: ArrayLike<number> }[];
  totals?: ArrayLike<number>;
  /** Preemption outcome, when it ran. */
  preemption?: { nominatedNode?: string; victims?: string[]; message?: string };
}

const EMPTY_STATUS_MAP: ReadonlyMap<string, Status> = new Map();

export class ExplainStore {
  private readonly byPod = new Map<string, AttemptRecord[]>();
  private entries = 0;

  constructor(
    readonly maxAttemptsPerPod = 3,
    readonly maxEntries = 200_000,
    readonly maxPods = 1_000,
  ) {}

  static emptyRejected(): ReadonlyMap<string, Status> {
    return EMPTY_STATUS_MAP;
  }

  record(r: AttemptRecord): void {
    let list = this.byPod.get(r.podKey);
    if (list) this.byPod.delete(r.podKey);
    else list = [];
    list.push(r);
    this.entries += size(r);
    while (list.length > this.maxAttemptsPerPod) this.entries -= size(list.shift()!);
    // Re-inserted last: Map order is least recently attempted first.
    this.byPod.set(r.podKey, list);
    while ((this.entries > this.maxEntries || this.byPod.size > this.maxPods) && this.byPod.size > 1) {
      const oldest = this.byPod.keys().next().value!;
      for (const o of this.byPod.get(oldest)!) this.entries -= size(o);
      this.byPod.delete(oldest);
    }
  }

  latest(podKey: string): AttemptRecord | undefined {
    const list = this.byPod.get(podKey);
    return list ? list[list.length - 1] : undefined;
  }

  attempts(podKey: string): readonly AttemptRecord[] {
    return this.byPod.get(podKey) ?? [];
  }

  forget(podKey: string): void {
    const list = this.byPod.get(podKey);
    if (!list) return;
    for (const o of list) this.entries -= size(o);
    this.byPod.delete(podKey);
  }

  get podCount(): number {
    return this.byPod.size;
  }

  get entryCount(): number {
    return this.entries;
  }
}

function size(r: AttemptRecord): number {
  return 1 + r.rejected.size + r.feasible.length;
}

/**
 * The table `kubeplay explain scheduling` prints: one row per evaluated node — feasible ones by
 * total score (highest first), then filtered ones — with NODE, RESULT, one column per score plugin
 * (weighted score), TOTAL and CHOSEN. Nodes neither filtered nor scored were not evaluated
 * (the search stopped once it had enough feasible nodes) and are summarised in the header.
 */
export function renderAttempt(r: AttemptRecord, timestamp: (ms: number) => string): string {
  let out = `Pod ${r.podKey}: attempt ${r.attempt} at ${timestamp(r.atMs)}: `;
  if (r.result === 'Scheduled') out += `scheduled to ${r.chosen}\n`;
  else out += `${r.result === 'Error' ? 'error' : 'unschedulable'}\n`;
  const feasibleCount = r.feasibleCount ?? r.feasible.length;
  const evaluated = r.rejected.size + feasibleCount;
  const absentCount = r.absent ? r.numAllNodes - evaluated : 0;
  out += `Nodes: ${r.numAllNodes} in the cluster, ${evaluated} evaluated, ${feasibleCount} feasible`;
  if (feasibleCount > r.feasible.length) out += ` (the ${r.feasible.length} best listed)`;
  out += absentCount > 0 ? `, ${absentCount} rejected before filtering\n` : '\n';
  if (r.message) out += `Message: ${r.message}\n`;
  if (r.preemption) {
    const p = r.preemption;
    if (p.nominatedNode)
      out += `Preemption: nominated ${p.nominatedNode}, victims: ${(p.victims ?? []).join(', ') || '<none>'}\n`;
    else if (p.message) out += `Preemption: ${p.message}\n`;
  }
  const rows: string[][] = [];
  const header = ['NODE', 'RESULT', ...r.plugins.map((p) => `${p.name}(×${p.weight})`), 'TOTAL', 'CHOSEN'];
  rows.push(header);
  const order = r.feasible.map((_, i) => i);
  if (r.totals) {
    const totals = r.totals;
    order.sort((a, b) => totals[b] - totals[a] || cmp(r.feasible[a].name, r.feasible[b].name));
  } else {
    order.sort((a, b) => cmp(r.feasible[a].name, r.feasible[b].name));
  }
  for (const i of order) {
    const name = r.feasible[i].name;
    const scores = r.plugins.map((p) => String(p.scores[i] * p.weight));
    const total = r.totals ? String(r.totals[i]) : '';
    rows.push([name, 'Feasible', ...scores, total, name === r.chosen ? '*' : '']);
  }
  const blanks = r.plugins.map(() => '');
  for (const name of [...r.rejected.keys()].sort(cmp)) {
    const s = r.rejected.get(name)!;
    rows.push([name, `Filtered by ${s.plugin ?? '?'}: ${s.reasons.join(', ')}`, ...blanks, '', '']);
  }
  if (rows.length > 1) {
    const table = formatTable(rows, { minWidth: 0, tabWidth: 8, padding: 3, padChar: ' ' });
    out += table.replace(/ +$/gm, '');
  }
  if (r.result === 'Scheduled' && r.feasible.length === 1 && r.plugins.length === 0) out += '(one feasible node: not scored)\n';
  if (r.absent && absentCount > 0 && r.absent.reasons.length > 0) {
    out += `(${absentCount} node(s) not listed: ${r.absent.plugin ? `${r.absent.plugin}: ` : ''}${r.absent.reasons.join(', ')})\n`;
  }
  return out;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

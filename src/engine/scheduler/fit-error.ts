// FitError (pkg/scheduler/framework/types.go): why a pod fits no node, as the FailedScheduling
// event and the PodScheduled condition word it:
//
//   0/<all nodes> nodes are available: <PreFilter message>.            (PreFilter rejected)
//   0/<all nodes> nodes are available: <n> <reason>, <m> <reason>.     (Filter rejected)
//   … followed by " <PostFilter message>" (e.g. "preemption: 0/3 nodes are available: …")
//
// The histogram counts every reason of every node with an explicit status; nodes without one (a
// PreFilter rejection, or nodes a PreFilter result excluded) count for each reason of the
// "absent nodes" status. Items are "<count> <reason>" sorted as plain strings, so "10 Insufficient
// cpu" sorts before "2 …".

import type { Status } from './framework/types';

/** The message of ErrNoNodesAvailable. */
export const NO_NODES_AVAILABLE_MSG = 'no nodes available to schedule pods';

/** NodeToStatus: explicit per-node statuses plus the status of every node not listed. */
export interface NodeToStatus {
  /** Node name → its rejecting status, in evaluation order. */
  explicit: Map<string, Status>;
  /** The status of nodes absent from `explicit` (default: UnschedulableAndUnresolvable, no reasons). */
  absent?: Status;
}

export interface Diagnosis {
  nodeToStatus: NodeToStatus;
  /** Plugins that rejected the pod (for queueing hints). */
  unschedulablePlugins: Set<string>;
  preFilterMsg?: string;
  postFilterMsg?: string;
}

export interface FitError {
  numAllNodes: number;
  diagnosis: Diagnosis;
}

/** Status.Message(): the reasons joined with ", ". */
export function statusMessage(status: Status | undefined): string {
  return status ? status.reasons.join(', ') : '';
}

/** FitError.Error(). */
export function fitErrorMessage(err: FitError): string {
  let msg = `0/${err.numAllNodes} nodes are available:`;
  const d = err.diagnosis;
  if (d.preFilterMsg) {
    msg += ` ${d.preFilterMsg}.`;
  } else {
    const histogram = new Map<string, number>();
    for (const status of d.nodeToStatus.explicit.values()) {
      for (const reason of status.reasons) histogram.set(reason, (histogram.get(reason) ?? 0) + 1);
    }
    const listed = d.nodeToStatus.explicit.size;
    if (listed < err.numAllNodes && d.nodeToStatus.absent) {
      for (const reason of d.nodeToStatus.absent.reasons) {
        histogram.set(reason, (histogram.get(reason) ?? 0) + err.numAllNodes - listed);
      }
    }
    const items: string[] = [];
    for (const [reason, count] of histogram) items.push(`${count} ${reason}`);
    // sort.Strings: byte-wise order, which for these ASCII strings is JS's default sort.
    items.sort();
    if (items.length > 0) msg += ` ${items.join(', ')}.`;
  }
  if (d.postFilterMsg) msg += ` ${d.postFilterMsg}`;
  return msg;
}

/** validation.NoteLengthLimit: event messages longer than this are cut with " ...". */
export const NOTE_LENGTH_LIMIT = 1024;

/** truncateMessage (schedule_one.go). Go counts bytes; our messages are ASCII. */
export function truncateMessage(message: string): string {
  if (message.length <= NOTE_LENGTH_LIMIT) return message;
  const suffix = ' ...';
  return message.slice(0, NOTE_LENGTH_LIMIT - suffix.length) + suffix;
}

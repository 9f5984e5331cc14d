// actions: the inspector's buttons per kind, each as the exact command line it runs (sent with
// bridge.action, so the console echoes it and the click teaches the command). Actions that need
// a value carry a prompt; `toLine` builds the line from the answer, or returns an error text.

import type { KObject } from '../../k8s/types';
import { ZONE_LABEL } from '../state/selectors';
import { jobActions } from './job-actions';

export interface PromptSpec {
  /** Label of the input. */
  field: string;
  initial: string;
  input: 'text' | 'number' | 'select';
  options?: { value: string; label: string }[];
  /** The command line for an answer, or `{ error }`. */
  toLine(value: string): { line: string } | { error: string };
}

export interface ActionSpec {
  id: string;
  label: string;
  /** What it does, for the tooltip. */
  hint?: string;
  /** Runs at once… */
  line?: string;
  /** …or asks first. */
  prompt?: PromptSpec;
  danger?: boolean;
  /**
   * Destructive and not undone by another button: asked first in a dialog (ConfirmActionDialog)
   * with this title and what will happen, then the line runs.
   */
  confirm?: { title: string; text: string };
  /** Group heading in the inspector (e.g. the node's zone). */
  group?: string;
}

/** A taint as `kubectl taint` takes it; the API server checks the key and value. */
const TAINT = /^[^\s=:]+(=[^\s=:]*)?:(NoSchedule|PreferNoSchedule|NoExecute)$/;

/** Node actions that act on the simulated machine (`kubeplay node …`), not through the API. */
const MACHINE = 'Machine';

const ns = (obj: KObject) => obj.metadata.namespace ?? 'default';

function conditionTrue(obj: KObject, type: string): boolean {
  return ((obj.status?.conditions ?? []) as { type: string; status: string }[]).some(
    (c) => c.type === type && c.status === 'True',
  );
}

/**
 * The next free name for a node in a zone, after the pattern the cluster names nodes with
 * (`zone-a` → `node-a1`, `node-a2`, …): one past the highest number in use. Zones named otherwise
 * use their whole name (`us-east-1a` → `node-us-east-1a-1`).
 */
export function nextNodeName(zone: string, nodeNames: readonly string[]): string {
  const letter = zone.startsWith('zone-') ? zone.slice('zone-'.length) : '';
  const base = /^[a-z]+$/.test(letter) ? `node-${letter}` : `node-${zone.toLowerCase().replace(/[^a-z0-9-]+/g, '-')}-`;
  let highest = 0;
  for (const name of nodeNames) {
    if (!name.startsWith(base)) continue;
    const rest = name.slice(base.length);
    if (/^\d+$/.test(rest)) highest = Math.max(highest, Number(rest));
  }
  return `${base}${highest + 1}`;
}

/** With `nodeNames` (every node's name), the zone's actions include Add node. */
export function nodeActions(node: KObject, nodeNames?: readonly string[]): ActionSpec[] {
  const n = node.metadata.name ?? '';
  const zone = node.metadata.labels?.[ZONE_LABEL];
  const pressure = conditionTrue(node, 'MemoryPressure');
  const actions: ActionSpec[] = [
    node.spec?.unschedulable
      ? { id: 'uncordon', label: 'Uncordon', line: `kubectl uncordon ${n}`, hint: 'Allow new pods again' }
      : { id: 'cordon', label: 'Cordon', line: `kubectl cordon ${n}`, hint: 'Mark unschedulable' },
    {
      id: 'drain',
      label: 'Drain',
      line: `kubectl drain ${n} --ignore-daemonsets --delete-emptydir-data --force`,
      hint: 'Cordon, then evict its pods',
      danger: true,
      confirm: {
        title: `Drain ${n}?`,
        text: `${n} is cordoned, then every pod on it is evicted (DaemonSet pods stay). --force evicts pods no controller will recreate too, and --delete-emptydir-data loses their emptyDir data.`,
      },
    },
    {
      id: 'taint',
      label: 'Add taint',
      prompt: {
        field: 'Taint (key[=value]:Effect)',
        input: 'text',
        initial: 'example.com/maintenance=true:NoSchedule',
        toLine: (v) => {
          const t = v.trim();
          if (!TAINT.test(t)) return { error: 'Write KEY[=VALUE]:EFFECT, EFFECT one of NoSchedule, PreferNoSchedule, NoExecute' };
          return { line: `kubectl taint nodes ${n} ${t}` };
        },
      },
    },
    {
      id: 'delete',
      label: 'Delete',
      line: `kubectl delete node ${n}`,
      danger: true,
      confirm: {
        title: `Delete node ${n}?`,
        text: `The Node object is removed from the API; the pod garbage collector then deletes the pods bound to it, and their controllers create replacements elsewhere.`,
      },
    },
    {
      id: 'stop',
      group: MACHINE,
      label: 'Stop node',
      line: `kubeplay node stop ${n}`,
      hint: 'Power off: no kubelet, no heartbeats',
    },
    {
      id: 'start',
      group: MACHINE,
      label: 'Start node',
      line: `kubeplay node start ${n}`,
      hint: 'Power on: the kubelet boots again',
    },
    {
      id: 'disconnect',
      group: MACHINE,
      label: 'Disconnect',
      line: `kubeplay node disconnect ${n}`,
      hint: 'Cut it off from the control plane',
    },
    { id: 'reconnect', group: MACHINE, label: 'Reconnect', line: `kubeplay node reconnect ${n}` },
    {
      id: 'shutdown',
      group: MACHINE,
      label: 'Shutdown',
      line: `kubeplay node shutdown ${n} --grace 30s --critical-grace 10s`,
      hint: 'Graceful node shutdown (as if its kubelet had shutdownGracePeriod 30s; it is off by default)',
    },
    pressure
      ? { id: 'pressure-off', group: MACHINE, label: 'End memory pressure', line: `kubeplay node pressure ${n} memory off` }
      : {
          id: 'pressure-on',
          group: MACHINE,
          label: 'Memory pressure',
          line: `kubeplay node pressure ${n} memory on`,
          hint: 'The kubelet reports MemoryPressure and evicts BestEffort pods',
        },
  ];
  if (zone) actions.push(...zoneActions(zone, nodeNames));
  return actions;
}

/** A zone's actions (on a node's inspector, and on the zone region of the graph). */
export function zoneActions(zone: string, nodeNames?: readonly string[]): ActionSpec[] {
  const group = `Zone ${zone}`;
  const actions: ActionSpec[] = [
    {
      id: 'partition',
      label: 'Partition zone',
      line: `kubeplay zone partition ${zone}`,
      group,
      danger: true,
      confirm: {
        title: `Partition ${zone}?`,
        text: `Every machine in ${zone} loses its link to the control plane: after node-monitor-grace-period its nodes turn Unknown and get the unreachable taint; their pods are evicted when their tolerationSeconds (300 by default) run out. Heal zone reconnects them.`,
      },
    },
    { id: 'heal', label: 'Heal zone', line: `kubeplay zone heal ${zone}`, group },
  ];
  // Add node needs every node's name to pick a free one.
  if (nodeNames) {
    actions.push({
      id: 'add-node',
      label: 'Add node',
      line: `kubeplay node add ${nextNodeName(zone, nodeNames)} --zone ${zone}`,
      group,
      hint: `Add a machine to ${zone}; its kubelet registers the Node`,
    });
  }
  return actions;
}

export function podActions(pod: KObject): ActionSpec[] {
  const p = pod.metadata.name ?? '';
  const where = `-n ${ns(pod)}`;
  const containers = ((pod.spec?.containers ?? []) as { name: string }[]).map((c) => c.name);
  const pick = (verb: string, build: (c: string) => string): ActionSpec['prompt'] | undefined =>
    containers.length > 1
      ? {
          field: `Container to ${verb}`,
          input: 'select',
          initial: containers[0],
          options: containers.map((c) => ({ value: c, label: c })),
          toLine: (c) => ({ line: build(c) }),
        }
      : undefined;
  const crash = (c?: string) => `kubeplay pod crash ${p} ${where}${c ? ` -c ${c}` : ''}`;
  const unready = (c?: string) => `kubeplay pod fail-readiness ${p} ${where}${c ? ` -c ${c}` : ''} --for 60s`;
  const crashPrompt = pick('crash', crash);
  const unreadyPrompt = pick('fail', unready);
  return [
    { id: 'logs', label: 'Logs', line: `kubectl logs ${p} ${where} --tail=20` },
    crashPrompt
      ? { id: 'crash', label: 'Crash container', prompt: crashPrompt }
      : { id: 'crash', label: 'Crash container', line: crash(), hint: 'The process exits with code 1' },
    unreadyPrompt
      ? { id: 'fail-readiness', label: 'Fail readiness', prompt: unreadyPrompt }
      : { id: 'fail-readiness', label: 'Fail readiness', line: unready(), hint: 'Readiness probe fails for 60s' },
    { id: 'describe', label: 'Describe', line: describeLine(pod) },
    {
      id: 'evict',
      label: 'Evict',
      line: `kubeplay pod evict ${p} ${where}`,
      hint: 'POST a policy/v1 Eviction: disruption budgets are respected',
    },
    {
      id: 'delete',
      label: 'Delete',
      line: `kubectl delete pod ${p} ${where}`,
      danger: true,
      confirm: {
        title: `Delete pod ${p}?`,
        text: 'The pod is given its termination grace period to stop, then removed; if a controller owns it, the controller creates a replacement.',
      },
    },
  ];
}

/** Scale: `kubectl scale TYPE/NAME --replicas=N`, asking for N. */
function scaleAction(ref: string, where: string, replicas: unknown): ActionSpec {
  return {
    id: 'scale',
    label: 'Scale',
    prompt: {
      field: 'Replicas',
      input: 'number',
      initial: String(typeof replicas === 'number' ? replicas : 1),
      toLine: (v) => {
        const t = v.trim();
        if (!/^\d+$/.test(t)) return { error: 'Replicas must be a whole number, 0 or more' };
        return { line: `kubectl scale ${ref} ${where} --replicas=${Number(t)}` };
      },
    },
  };
}

/** Delete, choosing the cascade (what happens to the `dependents`). */
export function deleteWithCascade(ref: string, where: string, dependents: string): ActionSpec {
  return {
    id: 'delete',
    label: 'Delete',
    danger: true,
    prompt: {
      field: 'Cascade',
      input: 'select',
      initial: 'background',
      options: [
        { value: 'background', label: 'background (dependents deleted after)' },
        { value: 'foreground', label: 'foreground (dependents deleted first)' },
        { value: 'orphan', label: `orphan (${dependents} are kept)` },
      ],
      toLine: (v) => ({ line: `kubectl delete ${ref} ${where} --cascade=${v}` }),
    },
  };
}

/** ReplicaSets and ReplicationControllers: scale them, or delete them with a chosen cascade. */
export function replicatedActions(obj: KObject): ActionSpec[] {
  const ref = `${obj.kind.toLowerCase()}/${obj.metadata.name ?? ''}`;
  const where = `-n ${ns(obj)}`;
  return [scaleAction(ref, where, obj.spec?.replicas), deleteWithCascade(ref, where, 'pods')];
}

/** Set image: `kubectl set image TYPE/NAME CONTAINER=IMAGE`, starting from the first container. */
function setImageAction(obj: KObject, ref: string, where: string): ActionSpec {
  const containers = (obj.spec?.template?.spec?.containers ?? []) as { name: string; image?: string }[];
  const first = containers[0];
  return {
    id: 'set-image',
    label: 'Set image',
    prompt: {
      field: 'Container=image',
      input: 'text',
      initial: first ? `${first.name}=${first.image ?? ''}` : '',
      toLine: (v) => {
        const t = v.trim();
        if (!/^[^=\s]+=[^=\s]+$/.test(t)) return { error: 'Write CONTAINER=IMAGE, e.g. nginx=nginx:1.27' };
        return { line: `kubectl set image ${ref} ${where} ${t}` };
      },
    },
  };
}

/** DaemonSets: no scale or pause (one pod per node, RollingUpdate or OnDelete). */
export function daemonSetActions(ds: KObject): ActionSpec[] {
  const ref = `daemonset/${ds.metadata.name ?? ''}`;
  const where = `-n ${ns(ds)}`;
  return [
    setImageAction(ds, ref, where),
    { id: 'restart', label: 'Restart', line: `kubectl rollout restart ${ref} ${where}`, hint: 'Replace the pod on every node' },
    { id: 'undo', label: 'Rollout undo', line: `kubectl rollout undo ${ref} ${where}`, hint: 'Back to the previous revision' },
    deleteWithCascade(ref, where, 'pods'),
  ];
}

export function deploymentActions(d: KObject): ActionSpec[] {
  const name = d.metadata.name ?? '';
  const ref = `deployment/${name}`;
  const where = `-n ${ns(d)}`;
  return [
    scaleAction(ref, where, d.spec?.replicas),
    setImageAction(d, ref, where),
    { id: 'restart', label: 'Restart', line: `kubectl rollout restart ${ref} ${where}`, hint: 'Roll every pod' },
    d.spec?.paused
      ? { id: 'resume', label: 'Resume rollout', line: `kubectl rollout resume ${ref} ${where}` }
      : // not just "Pause": that name is the clock's button
        { id: 'pause', label: 'Pause rollout', line: `kubectl rollout pause ${ref} ${where}` },
    { id: 'undo', label: 'Rollout undo', line: `kubectl rollout undo ${ref} ${where}`, hint: 'Back to the previous revision' },
    deleteWithCascade(ref, where, 'ReplicaSets and pods'),
  ];
}

/** Any other kind: delete it (Events are not deleted from here). */
export function genericActions(obj: KObject): ActionSpec[] {
  if (obj.kind === 'Event') return [];
  const kind = obj.kind.toLowerCase();
  const where = obj.metadata.namespace ? ` -n ${obj.metadata.namespace}` : '';
  const name = obj.metadata.name ?? '';
  return [
    {
      id: 'delete',
      label: 'Delete',
      line: `kubectl delete ${kind} ${name}${where}`,
      danger: true,
      confirm: { title: `Delete ${kind} ${name}?`, text: `The ${obj.kind} is removed from the API; there is no undo.` },
    },
  ];
}

/** `context.nodeNames`: every node's name (Add node on a node's zone needs them). */
export function actionsFor(obj: KObject, context: { nodeNames?: readonly string[] } = {}): ActionSpec[] {
  switch (obj.kind) {
    case 'Node':
      return nodeActions(obj, context.nodeNames);
    case 'Pod':
      return podActions(obj);
    case 'Deployment':
      return deploymentActions(obj);
    case 'DaemonSet':
      return daemonSetActions(obj);
    case 'ReplicaSet':
    case 'ReplicationController':
      return replicatedActions(obj);
    case 'Job':
      return jobActions(obj);
    default:
      return genericActions(obj);
  }
}

/** `kubeplay explain scheduling NAME [-n NS]`: the scheduler's latest attempt for a pod. */
export function explainSchedulingLine(obj: KObject): string {
  const where = obj.metadata.namespace ? ` -n ${obj.metadata.namespace}` : '';
  return `kubeplay explain scheduling ${obj.metadata.name ?? ''}${where}`;
}

/** `kubectl describe <kind> <name> [-n ns]`, as the Describe tab and button run it. */
export function describeLine(obj: KObject): string {
  const where = obj.metadata.namespace ? ` -n ${obj.metadata.namespace}` : '';
  return `kubectl describe ${obj.kind.toLowerCase()} ${obj.metadata.name ?? ''}${where}`;
}

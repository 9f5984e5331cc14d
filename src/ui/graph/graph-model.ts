// graphModel and graphCountdowns: what the graph derives from its objects, remembered for the
// last inputs. The graph's publication (graph-objects.ts) derives them in its own task and lets
// React render in the next one, which finds them here: two shorter tasks instead of one long
// one, and the page answers input between them.

import type { KObject } from '../../k8s/types';
import type { MachineInfo } from '../../protocol/messages';
import { podCountdowns } from '../controlplane/timers';
import { kubeplayStore } from '../state/store';
import { countdownCandidates } from './countdown-pods';
import { deriveModel, type GraphModel } from './model';
import { namespaceShown } from './view-state';

let last: { objects: readonly KObject[]; machines: readonly MachineInfo[]; namespace: string; model: GraphModel } | null = null;

/** The graph's model of `objects`, the machines and the namespace filter's choice. */
export function graphModel(objects: readonly KObject[], machines: readonly MachineInfo[], namespace: string): GraphModel {
  if (last && last.objects === objects && last.machines === machines && last.namespace === namespace) return last.model;
  const model = deriveModel(objects, machines, (ns) => namespaceShown(namespace, ns));
  last = { objects, machines, namespace, model };
  return model;
}

let lastCountdowns: { objects: readonly KObject[]; countdowns: ReturnType<typeof podCountdowns> } | null = null;

/**
 * Pod countdowns (eviction, crash-loop restart) by pod key; times are absolute, so they change
 * only with the objects. Only the candidates (countdown-pods.ts) go through the rules.
 */
export function graphCountdowns(objects: readonly KObject[]): ReturnType<typeof podCountdowns> {
  if (lastCountdowns?.objects === objects) return lastCountdowns.countdowns;
  const pods = objects.filter((o) => o.kind === 'Pod');
  const nodes = objects.filter((o) => o.kind === 'Node');
  // the clock only fills in for a taint without timeAdded
  const countdowns = podCountdowns(countdownCandidates(pods, nodes), nodes, kubeplayStore.getState().clock.unixMs);
  lastCountdowns = { objects, countdowns };
  return countdowns;
}

// graphModel and graphCountdowns: what the graph derives from its objects, remembered for the
// last inputs. The graph's publication (graph-objects.ts) derives them in its own task and lets
// React render in the next one, which finds them here: two shorter tasks instead of one long
// one, and the page answers input between them. The model is kept up to date incrementally
// (incremental-model.ts): a publication costs what changed since the last one.

import type { MachineInfo } from '../../protocol/messages';
import { podCountdowns } from '../controlplane/timers';
import { kubeplayStore } from '../state/store';
import { IncrementalModel, type ModelSource } from './incremental-model';
import type { GraphModel } from './model';
import { namespaceShown } from './view-state';

const incremental = new IncrementalModel();
let last: { source: ModelSource; machines: readonly MachineInfo[]; namespace: string; model: GraphModel } | null = null;

/** The graph's model of `source`, the machines and the namespace filter's choice. */
export function graphModel(source: ModelSource, machines: readonly MachineInfo[], namespace: string): GraphModel {
  if (last && last.source === source && last.machines === machines && last.namespace === namespace) return last.model;
  const model = incremental.update(source, machines, namespace, (ns) => namespaceShown(namespace, ns));
  last = { source, machines, namespace, model };
  return model;
}

let lastCountdowns: { model: GraphModel; countdowns: ReturnType<typeof podCountdowns> } | null = null;

/**
 * Pod countdowns (eviction, crash-loop restart) by pod key; times are absolute, so they change
 * only with the objects. Only the model's candidates (countdown-pods.ts) go through the rules.
 */
export function graphCountdowns(model: GraphModel): ReturnType<typeof podCountdowns> {
  if (lastCountdowns?.model === model) return lastCountdowns.countdowns;
  // the clock only fills in for a taint without timeAdded
  const countdowns = podCountdowns(model.countdownPods, model.noExecuteNodes, kubeplayStore.getState().clock.unixMs);
  lastCountdowns = { model, countdowns };
  return countdowns;
}

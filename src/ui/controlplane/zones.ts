// zones: each zone as the node lifecycle controller sees it, recomputed from the mirrored Nodes
// with the controller's own rules (src/k8s/zone-disruption.ts: ComputeZoneState and the rate per
// state, shared with the engine) and kube-controller-manager's default flags; handleDisruption's
// "every zone down" case is applied here, for display.

import type { KObject } from '../../k8s/types';
import { DEFAULT_EVICTION_RATES, qpsForState, zoneStateOf, type EvictionRates } from '../../k8s/zone-disruption';

export type ZoneState = 'Normal' | 'PartialDisruption' | 'FullDisruption';

export const ZONE_LABEL = 'topology.kubernetes.io/zone';
/** Nodes with this label are left out of their zone's disruption counts. */
export const EXCLUDE_DISRUPTION_LABEL = 'node.kubernetes.io/exclude-disruption';

export interface ZoneSummary {
  /** The zone label's value; '' for nodes without one. */
  zone: string;
  ready: number;
  notReady: number;
  state: ZoneState;
  /** NoExecute taints per second the controller applies in this zone. */
  rate: number;
  /** Why that rate, in words (a tooltip). */
  rateRule: string;
}

/** The Ready condition's status: 'True', 'False', 'Unknown', or undefined when there is none. */
export function readyStatus(node: KObject): string | undefined {
  const conditions = (node.status?.conditions ?? []) as { type: string; status: string }[];
  return conditions.find((c) => c.type === 'Ready')?.status;
}

/** ComputeZoneState of a zone's counts (not Ready: Ready False, Unknown or missing). */
export function zoneState(ready: number, notReady: number, threshold = DEFAULT_EVICTION_RATES.unhealthyZoneThreshold): ZoneState {
  return zoneStateOf(ready, notReady, threshold) as ZoneState;
}

/**
 * setLimiterInZone / handleDisruption: Normal and FullDisruption zones taint at node-eviction-rate;
 * PartialDisruption at secondary-node-eviction-rate when the zone has more than
 * large-cluster-size-threshold nodes, else not at all; and when every zone is FullDisruption the
 * controller assumes its own network failed and stops tainting everywhere.
 */
export function zoneRate(
  state: ZoneState,
  size: number,
  allZonesDown: boolean,
  s: EvictionRates = DEFAULT_EVICTION_RATES,
): { rate: number; rule: string } {
  if (allZonesDown) {
    return { rate: 0, rule: 'every zone is fully disrupted: the controller suspects its own network and stops tainting' };
  }
  const rate = qpsForState(state, size, s) ?? 0;
  if (state !== 'PartialDisruption') return { rate, rule: '--node-eviction-rate' };
  return {
    rate,
    rule:
      size > s.largeClusterSizeThreshold
        ? `partial disruption in a zone of more than ${s.largeClusterSizeThreshold} nodes: --secondary-node-eviction-rate`
        : `partial disruption in a zone of at most ${s.largeClusterSizeThreshold} nodes: tainting stops`,
  };
}

/** Every zone with at least one counted node, sorted by name ('' last). */
export function zoneSummaries(nodes: readonly KObject[], s: EvictionRates = DEFAULT_EVICTION_RATES): ZoneSummary[] {
  const counts = new Map<string, { ready: number; notReady: number }>();
  for (const node of nodes) {
    const labels = node.metadata.labels ?? {};
    if (EXCLUDE_DISRUPTION_LABEL in labels) continue;
    const zone = labels[ZONE_LABEL] ?? '';
    let c = counts.get(zone);
    if (!c) counts.set(zone, (c = { ready: 0, notReady: 0 }));
    if (readyStatus(node) === 'True') c.ready++;
    else c.notReady++;
  }
  const states = new Map([...counts].map(([zone, c]) => [zone, zoneState(c.ready, c.notReady, s.unhealthyZoneThreshold)]));
  const allZonesDown = states.size > 0 && [...states.values()].every((st) => st === 'FullDisruption');
  return [...counts.entries()]
    .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)))
    .map(([zone, c]) => {
      const state = states.get(zone)!;
      const { rate, rule } = zoneRate(state, c.ready + c.notReady, allZonesDown, s);
      return { zone, ready: c.ready, notReady: c.notReady, state, rate, rateRule: rule };
    });
}

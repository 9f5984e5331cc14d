// zones: each zone as the node lifecycle controller sees it, recomputed from the mirrored Nodes.
// The rules are those of pkg/controller/nodelifecycle (ComputeZoneState, handleDisruption,
// setLimiterInZone) with kube-controller-manager's default flags; the engine implements the same
// in src/engine/controllers/nodelifecycle (the UI does not import the engine, so the few lines of
// arithmetic are repeated here, for display only).

import type { KObject } from '../../k8s/types';

export type ZoneState = 'Normal' | 'PartialDisruption' | 'FullDisruption';

/** kube-controller-manager defaults. */
export const NODE_LIFECYCLE_DEFAULTS = {
  /** --node-eviction-rate: NoExecute taints per second in a healthy zone. */
  evictionRate: 0.1,
  /** --secondary-node-eviction-rate: the rate in a PartialDisruption zone larger than the threshold below. */
  secondaryEvictionRate: 0.01,
  /** --large-cluster-size-threshold: zones of at most this many nodes stop tainting when partially disrupted. */
  largeClusterSizeThreshold: 50,
  /** --unhealthy-zone-threshold: the fraction of not-Ready nodes (of at least 3) that makes a zone PartialDisruption. */
  unhealthyZoneThreshold: 0.55,
};

export type NodeLifecycleSettings = typeof NODE_LIFECYCLE_DEFAULTS;

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

/**
 * ComputeZoneState: no Ready node (and at least one) → FullDisruption; more than two not-Ready
 * nodes that are at least unhealthy-zone-threshold of the zone → PartialDisruption; else Normal.
 * Not Ready means Ready False, Unknown or missing. (float32 as the controller compares.)
 */
export function zoneState(
  ready: number,
  notReady: number,
  threshold = NODE_LIFECYCLE_DEFAULTS.unhealthyZoneThreshold,
): ZoneState {
  if (ready === 0 && notReady > 0) return 'FullDisruption';
  if (notReady > 2 && Math.fround(notReady / (notReady + ready)) >= Math.fround(threshold)) return 'PartialDisruption';
  return 'Normal';
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
  s: NodeLifecycleSettings = NODE_LIFECYCLE_DEFAULTS,
): { rate: number; rule: string } {
  if (allZonesDown) {
    return { rate: 0, rule: 'every zone is fully disrupted: the controller suspects its own network and stops tainting' };
  }
  if (state === 'PartialDisruption') {
    return size > s.largeClusterSizeThreshold
      ? {
          rate: s.secondaryEvictionRate,
          rule: `partial disruption in a zone of more than ${s.largeClusterSizeThreshold} nodes: --secondary-node-eviction-rate`,
        }
      : { rate: 0, rule: `partial disruption in a zone of at most ${s.largeClusterSizeThreshold} nodes: tainting stops` };
  }
  return { rate: s.evictionRate, rule: '--node-eviction-rate' };
}

/** Every zone with at least one counted node, sorted by name ('' last). */
export function zoneSummaries(nodes: readonly KObject[], s: NodeLifecycleSettings = NODE_LIFECYCLE_DEFAULTS): ZoneSummary[] {
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

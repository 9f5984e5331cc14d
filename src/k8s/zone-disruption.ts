// The node lifecycle controller's zone rules (pkg/controller/nodelifecycle: ComputeZoneState,
// setLimiterInZone, ReducedQPSFunc), pure, so the engine's controller and the UI's control-plane
// panel classify zones and rates with the same code.

export type ZoneState = 'Initial' | 'Normal' | 'PartialDisruption' | 'FullDisruption';

export interface EvictionRates {
  /** node-eviction-rate */
  evictionRate: number;
  /** secondary-node-eviction-rate */
  secondaryEvictionRate: number;
  /** large-cluster-size-threshold */
  largeClusterSizeThreshold: number;
  /** unhealthy-zone-threshold */
  unhealthyZoneThreshold: number;
}

/** kube-controller-manager's defaults for those flags. */
export const DEFAULT_EVICTION_RATES: EvictionRates = {
  evictionRate: 0.1,
  secondaryEvictionRate: 0.01,
  largeClusterSizeThreshold: 50,
  unhealthyZoneThreshold: 0.55,
};

/**
 * ComputeZoneState from counts: no Ready node (and at least one) → FullDisruption; more than two
 * not-Ready nodes making up at least `unhealthyThreshold` of the zone → PartialDisruption; else
 * Normal. The fraction is compared in float32, as the controller does.
 */
export function zoneStateOf(ready: number, notReady: number, unhealthyThreshold: number): ZoneState {
  if (ready === 0 && notReady > 0) return 'FullDisruption';
  if (notReady > 2 && Math.fround(Math.fround(notReady) / Math.fround(notReady + ready)) >= Math.fround(unhealthyThreshold)) {
    return 'PartialDisruption';
  }
  return 'Normal';
}

/** ReducedQPSFunc: the PartialDisruption rate for a zone of `zoneSize` nodes. */
export function reducedQps(zoneSize: number, rates: EvictionRates): number {
  return zoneSize > rates.largeClusterSizeThreshold ? rates.secondaryEvictionRate : 0;
}

/** setLimiterInZone: the rate for a state (undefined for Initial, which keeps what it has). */
export function qpsForState(state: ZoneState, zoneSize: number, rates: EvictionRates): number | undefined {
  switch (state) {
    case 'Normal':
    case 'FullDisruption': // HealthyQPSFunc
      return rates.evictionRate;
    case 'PartialDisruption':
      return reducedQps(zoneSize, rates);
    default:
      return undefined;
  }
}

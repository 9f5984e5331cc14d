import { describe, expect, it } from 'vitest';
import { defaultFilterPlugins, defaultPlugins, defaultScorePlugins } from './registry';

describe('default plugins', () => {
  it('Filter plugins in the upstream multiPoint order', () => {
    expect(defaultFilterPlugins().map((p) => p.name)).toEqual([
      'NodeUnschedulable',
      'NodeName',
      'TaintToleration',
      'NodeAffinity',
      'NodePorts',
      'NodeResourcesFit',
      'PodTopologySpread',
      'InterPodAffinity',
    ]);
  });

  it('Score plugins with their default weights', () => {
    expect(defaultScorePlugins().map((p) => [p.name, p.weight])).toEqual([
      ['TaintToleration', 3],
      ['NodeAffinity', 2],
      ['NodeResourcesFit', 1],
      ['PodTopologySpread', 2],
      ['InterPodAffinity', 2],
      ['NodeResourcesBalancedAllocation', 1],
      ['ImageLocality', 1],
    ]);
  });

  it('defaultPlugins shares multi-point instances between the lists', () => {
    const { filter, score } = defaultPlugins();
    const spread = filter.find((p) => p.name === 'PodTopologySpread');
    expect(score.find((p) => p.name === 'PodTopologySpread')).toBe(spread);
  });
});

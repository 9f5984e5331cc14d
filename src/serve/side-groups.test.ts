import { describe, expect, it } from 'vitest';
import { createKindRegistry } from '../engine/api/kinds';
import { SIDE_GROUPS } from './side-groups';

describe('side groups', () => {
  it('answer exactly the group versions the kind registry serves without storage', () => {
    const key = (gv: { group: string; version: string }) => `${gv.group}/${gv.version}`;
    const registered = createKindRegistry().nonStoredGroupVersions().map(key).sort();
    expect(SIDE_GROUPS.map((side) => key(side.served)).sort()).toEqual(registered);
    expect(registered).toEqual(['authorization.k8s.io/v1', 'metrics.k8s.io/v1beta1']);
  });
});

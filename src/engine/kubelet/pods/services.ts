// The Service kind as the kubelet's processes see it (DNS answers for `nslookup`), looked up in
// the kind registry so the kubelet works whether or not a build serves Services.

import type { ApiServer } from '../../api/apiserver';
import type { KindDefinition } from '../../api/kinds/kind-definition';

const cache = new WeakMap<ApiServer, KindDefinition | null>();

export function serviceKindOrUndefined(api: ApiServer): KindDefinition | undefined {
  let def = cache.get(api);
  if (def === undefined) {
    def = api.registry.forObject('v1', 'Service') ?? null;
    cache.set(api, def);
  }
  return def ?? undefined;
}

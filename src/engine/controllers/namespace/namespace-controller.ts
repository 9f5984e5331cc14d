// Namespace controller (pkg/controller/namespace): when a namespace is being deleted, delete every
// object in it, re-check until they are all gone (pods may take their grace period), then remove
// the `kubernetes` finalizer from spec.finalizers so the API server removes the namespace.
// Simplification: no NamespaceDeletion* status conditions yet.

import type { ApiServer } from '../../api/apiserver';
import { isApiError } from '../../api/errors';
import { namespaceKind } from '../../api/kinds';
import type { Clock } from '../../clock/clock';
import { Controller } from '../../runtime/controller';
import type { InformerFactory } from '../../runtime/informer';

/** How long to wait before checking again whether the content is gone. */
const RECHECK_MS = 5_000;
const FINALIZER = 'kubernetes';

export function startNamespaceController(api: ApiServer, clock: Clock, informers: InformerFactory): Controller {
  const namespaces = informers.informerFor(namespaceKind);
  const controller = new Controller({
    name: 'namespace-controller',
    clock,
    sync: (key) => {
      const ns = namespaces.getByKey(key);
      if (!ns?.metadata.deletionTimestamp) return;
      const name = ns.metadata.name!;
      let remaining = 0;
      for (const def of api.registry.kinds()) {
        if (!def.namespaced) continue;
        for (const obj of api.list(def, { namespace: name }).items) {
          remaining++;
          if (obj.metadata.deletionTimestamp) continue;
          try {
            api.delete(def, name, obj.metadata.name!, { propagationPolicy: 'Background' });
          } catch (e) {
            if (!isApiError(e, 'NotFound')) throw e;
          }
        }
      }
      // Deleting may have removed everything at once; count again before finalizing.
      if (remaining > 0 && api.registry.kinds().some((d) => d.namespaced && api.list(d, { namespace: name }).items.length > 0)) {
        return { requeueAfterMs: RECHECK_MS };
      }
      const finalizers: string[] = ns.spec?.finalizers ?? [];
      if (!finalizers.includes(FINALIZER)) return;
      api.update({ ...ns, spec: { ...ns.spec, finalizers: finalizers.filter((f) => f !== FINALIZER) } });
      return;
    },
  });
  controller.watch(namespaces);
  return controller;
}

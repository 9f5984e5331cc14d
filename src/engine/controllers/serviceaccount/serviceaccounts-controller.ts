// The serviceaccount controller (pkg/controller/serviceaccount/serviceaccounts_controller.go):
// every active namespace has a `default` ServiceAccount. Watches namespaces (added or updated:
// check that namespace) and ServiceAccounts (a deleted `default` is created again); one sync per
// namespace key creates what is missing. Namespaces being deleted are left alone.

import type { ApiServer } from '../../api/apiserver';
import { isApiError } from '../../api/errors';
import { namespaceKind, serviceAccountKind } from '../../api/kinds';
import type { Clock } from '../../clock/clock';
import { Controller } from '../../runtime/controller';
import type { InformerFactory } from '../../runtime/informer';
import { DEFAULT_SERVICE_ACCOUNT } from '../../api/admission-plugins/service-account';

export const SERVICE_ACCOUNT_CONTROLLER = 'serviceaccount-controller';
const MANAGED = [DEFAULT_SERVICE_ACCOUNT];

export function startServiceAccountsController(api: ApiServer, clock: Clock, informers: InformerFactory): Controller {
  const namespaces = informers.informerFor(namespaceKind);
  const accounts = informers.informerFor(serviceAccountKind);
  const controller = new Controller({
    name: SERVICE_ACCOUNT_CONTROLLER,
    clock,
    sync: (key) => {
      const ns = namespaces.get(undefined, key);
      if (!ns || ns.status?.phase !== 'Active' || ns.metadata.deletionTimestamp) return;
      for (const name of MANAGED) {
        if (accounts.get(key, name)) continue;
        try {
          api.create({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, namespace: key } }, { systemObject: true });
        } catch (e) {
          // AlreadyExists (a stale cache) and a namespace that began terminating are not errors.
          if (!isApiError(e, 'AlreadyExists') && !isApiError(e, 'Forbidden')) throw e;
        }
      }
    },
  });
  controller.handle(namespaces, { onAdd: (ns) => ns.metadata.name, onUpdate: (_old, ns) => ns.metadata.name });
  controller.handle(accounts, {
    onDelete: (sa) => (MANAGED.includes(sa.metadata.name ?? '') ? sa.metadata.namespace : undefined),
  });
  return controller;
}

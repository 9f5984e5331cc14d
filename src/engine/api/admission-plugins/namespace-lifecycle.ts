// NamespaceLifecycle admission: nothing is created in a namespace that does not exist or is being
// terminated, and the system namespaces cannot be deleted (plugin/pkg/admission/namespace/lifecycle).

import type { AdmissionPlugin } from '../admission';
import { errors } from '../errors';
import type { ApiServer } from '../apiserver';
import { groupResource } from '../kinds/kind-definition';
import { namespaceKind } from '../kinds/namespace';

const IMMORTAL_NAMESPACES = new Set(['default', 'kube-system', 'kube-public']);

export function namespaceLifecycle(api: ApiServer): AdmissionPlugin {
  return {
    name: 'NamespaceLifecycle',
    validate(request) {
      if (request.kind === namespaceKind) {
        if (request.operation === 'DELETE' && IMMORTAL_NAMESPACES.has(request.name)) {
          throw errors.forbidden(groupResource(namespaceKind), request.name, 'this namespace may not be deleted');
        }
        return;
      }
      if (!request.kind.namespaced || request.operation !== 'CREATE') return;
      const ns = api.tryGet(namespaceKind, undefined, request.namespace);
      if (!ns) throw errors.notFound(groupResource(namespaceKind), request.namespace);
      if (ns.metadata.deletionTimestamp || ns.status?.phase === 'Terminating') {
        throw errors.forbidden(
          groupResource(request.kind),
          request.name,
          `unable to create new content in namespace ${request.namespace} because it is being terminated`,
        );
      }
    },
  };
}

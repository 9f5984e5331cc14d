// NamespaceLifecycle admission (k8s.io/apiserver plugin/namespace/lifecycle), a mutating-phase
// plugin: the system namespaces cannot be deleted, nothing is created or updated in a namespace
// that does not exist, and nothing is created in one whose phase is Terminating.

import type { AdmissionPlugin, AdmissionRequest } from '../admission';
import { ApiError, errors } from '../errors';
import type { ApiServer } from '../apiserver';
import { groupResource } from '../kinds/kind-definition';
import { namespaceKind } from '../kinds/namespace';

/** kube-apiserver's default immortal namespaces. */
export const IMMORTAL_NAMESPACES: ReadonlySet<string> = new Set(['default', 'kube-system', 'kube-public']);

/** admission.NewForbidden names the object by name, else by generateName (not generated yet). */
function requestName(request: AdmissionRequest): string {
  return request.name || request.object?.metadata.name || request.object?.metadata.generateName || 'Unknown';
}

export function namespaceLifecycle(api: ApiServer): AdmissionPlugin {
  return {
    name: 'NamespaceLifecycle',
    admit(request) {
      if (request.kind === namespaceKind) {
        if (request.operation === 'DELETE' && IMMORTAL_NAMESPACES.has(request.name)) {
          throw errors.forbidden(groupResource(namespaceKind), request.name, 'this namespace may not be deleted');
        }
        return undefined;
      }
      // Cluster-scoped objects and deletions of namespaced ones are always allowed.
      if (!request.kind.namespaced || request.operation === 'DELETE') return undefined;
      const ns = api.tryGet(namespaceKind, undefined, request.namespace);
      if (!ns) throw errors.notFound(groupResource(namespaceKind), request.namespace);
      if (request.operation === 'CREATE' && ns.status?.phase === 'Terminating') {
        const refused = errors.forbidden(
          groupResource(request.kind),
          requestName(request),
          `unable to create new content in namespace ${request.namespace} because it is being terminated`,
        );
        const details = refused.status.details ?? {};
        throw new ApiError({
          ...refused.status,
          details: {
            ...details,
            causes: [
              ...(details.causes ?? []),
              {
                reason: 'NamespaceTerminating',
                message: `namespace ${request.namespace} is being terminated`,
                field: 'metadata.namespace',
              },
            ],
          },
        });
      }
      return undefined;
    },
  };
}

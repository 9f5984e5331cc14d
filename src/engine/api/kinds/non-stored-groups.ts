// API group versions served without storage: the authorization self reviews (kubectl auth can-i,
// k9s and Headlamp ask them before offering an action) and metrics.k8s.io (metrics-server's API,
// which kubectl top reads). Discovery lists them beside the stored kinds, so kubectl api-resources
// shows them; kubeplay serve answers their requests (src/serve/authorization.ts, metrics.ts).

/** metav1.APIResource of a resource served without storage. */
export interface NonStoredResource {
  name: string;
  singularName: string;
  namespaced: boolean;
  kind: string;
  verbs: readonly string[];
}

export interface NonStoredGroupVersion {
  group: string;
  version: string;
  resources: readonly NonStoredResource[];
}

export const AUTHORIZATION_REVIEWS: NonStoredGroupVersion = {
  group: 'authorization.k8s.io',
  version: 'v1',
  resources: [
    {
      name: 'selfsubjectaccessreviews',
      singularName: 'selfsubjectaccessreview',
      namespaced: false,
      kind: 'SelfSubjectAccessReview',
      verbs: ['create'],
    },
    {
      name: 'selfsubjectrulesreviews',
      singularName: 'selfsubjectrulesreview',
      namespaced: false,
      kind: 'SelfSubjectRulesReview',
      verbs: ['create'],
    },
  ],
};

/** metrics-server registers its resources without singular names. */
export const METRICS: NonStoredGroupVersion = {
  group: 'metrics.k8s.io',
  version: 'v1beta1',
  resources: [
    { name: 'nodes', singularName: '', namespaced: false, kind: 'NodeMetrics', verbs: ['get', 'list'] },
    { name: 'pods', singularName: '', namespaced: true, kind: 'PodMetrics', verbs: ['get', 'list'] },
  ],
};

export const NON_STORED_GROUP_VERSIONS: readonly NonStoredGroupVersion[] = [AUTHORIZATION_REVIEWS, METRICS];

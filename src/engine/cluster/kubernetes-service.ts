// The `kubernetes` Service in `default`: kube-apiserver's own endpoint, created at start-up by the
// control plane's kubernetesservice controller (pkg/controlplane/controller/kubernetesservice):
// the first IP of the service CIDR, port `https` 443 → the secure port 6443, no selector. Its
// endpoints are written by the apiserver's endpoint reconciler (not the EndpointSlice controller),
// so the slice carries only the service-name label.

import type { ApiServer } from '../api/apiserver';

export const KUBERNETES_SERVICE_IP = '10.96.0.1';
/** The simulated control plane's address: outside the 172.18.0.x range given to node machines. */
export const CONTROL_PLANE_ADDRESS = '172.18.0.254';
export const SECURE_PORT = 6443;

export function createKubernetesService(api: ApiServer): void {
  api.create({
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'kubernetes', namespace: 'default', labels: { component: 'apiserver', provider: 'kubernetes' } },
    spec: {
      type: 'ClusterIP',
      clusterIP: KUBERNETES_SERVICE_IP,
      ports: [{ name: 'https', port: 443, protocol: 'TCP', targetPort: SECURE_PORT }],
      sessionAffinity: 'None',
    },
  });
  api.create({
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: { name: 'kubernetes', namespace: 'default', labels: { 'kubernetes.io/service-name': 'kubernetes' } },
    addressType: 'IPv4',
    endpoints: [{ addresses: [CONTROL_PLANE_ADDRESS], conditions: { ready: true } }],
    ports: [{ name: 'https', port: SECURE_PORT, protocol: 'TCP' }],
  });
}

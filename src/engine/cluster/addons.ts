// The system add-ons a kubeadm (or kind) cluster runs in kube-system, installed by
// `kubeplay cluster reset --addons`: the kube-proxy DaemonSet (one pod per node, host network,
// system-node-critical, tolerating every taint) and the coredns Deployment (2 replicas,
// system-cluster-critical, requests cpu 100m / memory 70Mi, limit memory 170Mi, spread over nodes
// by a preferred anti-affinity). Shapes follow kubeadm's manifests (cmd/kubeadm/app/phases/addons:
// proxy/manifests.go, dns/manifests.go), with what this playground does not serve left out: the
// ConfigMap volumes (kube-proxy's config, the Corefile), the ServiceAccounts, and coredns's
// kube-dns Service (its fixed cluster IP would collide with the playground's own allocation).

import type { KObject } from '../../k8s/types';
import type { ApiServer } from '../api/apiserver';
import { KUBELET_VERSION } from '../kubelet/node-agent';

export const KUBE_PROXY_IMAGE = `registry.k8s.io/kube-proxy:${KUBELET_VERSION}`;
export const COREDNS_IMAGE = 'registry.k8s.io/coredns/coredns:v1.12.1';

export function kubeProxyDaemonSet(): KObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'kube-proxy', namespace: 'kube-system', labels: { 'k8s-app': 'kube-proxy' } },
    spec: {
      selector: { matchLabels: { 'k8s-app': 'kube-proxy' } },
      updateStrategy: { type: 'RollingUpdate' },
      template: {
        metadata: { labels: { 'k8s-app': 'kube-proxy' } },
        spec: {
          containers: [
            {
              name: 'kube-proxy',
              image: KUBE_PROXY_IMAGE,
              imagePullPolicy: 'IfNotPresent',
              command: [
                '/usr/local/bin/kube-proxy',
                '--config=/var/lib/kube-proxy/config.conf',
                '--hostname-override=$(NODE_NAME)',
              ],
              env: [{ name: 'NODE_NAME', valueFrom: { fieldRef: { fieldPath: 'spec.nodeName' } } }],
              securityContext: { privileged: true },
              volumeMounts: [
                { name: 'xtables-lock', mountPath: '/run/xtables.lock' },
                { name: 'lib-modules', mountPath: '/lib/modules', readOnly: true },
              ],
            },
          ],
          hostNetwork: true,
          nodeSelector: { 'kubernetes.io/os': 'linux' },
          priorityClassName: 'system-node-critical',
          tolerations: [{ operator: 'Exists' }],
          volumes: [
            { name: 'xtables-lock', hostPath: { path: '/run/xtables.lock', type: 'FileOrCreate' } },
            { name: 'lib-modules', hostPath: { path: '/lib/modules' } },
          ],
        },
      },
    },
  };
}

export function coreDnsDeployment(): KObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'coredns', namespace: 'kube-system', labels: { 'k8s-app': 'kube-dns' } },
    spec: {
      replicas: 2,
      selector: { matchLabels: { 'k8s-app': 'kube-dns' } },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1 } },
      template: {
        metadata: { labels: { 'k8s-app': 'kube-dns' } },
        spec: {
          affinity: {
            podAntiAffinity: {
              preferredDuringSchedulingIgnoredDuringExecution: [
                {
                  weight: 100,
                  podAffinityTerm: {
                    labelSelector: { matchExpressions: [{ key: 'k8s-app', operator: 'In', values: ['kube-dns'] }] },
                    topologyKey: 'kubernetes.io/hostname',
                  },
                },
              ],
            },
          },
          containers: [
            {
              name: 'coredns',
              image: COREDNS_IMAGE,
              imagePullPolicy: 'IfNotPresent',
              args: ['-conf', '/etc/coredns/Corefile'],
              resources: { limits: { memory: '170Mi' }, requests: { cpu: '100m', memory: '70Mi' } },
              ports: [
                { name: 'dns', containerPort: 53, protocol: 'UDP' },
                { name: 'dns-tcp', containerPort: 53, protocol: 'TCP' },
                { name: 'metrics', containerPort: 9153, protocol: 'TCP' },
              ],
              livenessProbe: {
                httpGet: { path: '/health', port: 8080, scheme: 'HTTP' },
                initialDelaySeconds: 60,
                timeoutSeconds: 5,
                successThreshold: 1,
                failureThreshold: 5,
              },
              readinessProbe: {
                httpGet: { path: '/ready', port: 8181, scheme: 'HTTP' },
                periodSeconds: 10,
                timeoutSeconds: 1,
                successThreshold: 1,
                failureThreshold: 3,
              },
              securityContext: {
                allowPrivilegeEscalation: false,
                capabilities: { add: ['NET_BIND_SERVICE'], drop: ['ALL'] },
                readOnlyRootFilesystem: true,
              },
            },
          ],
          dnsPolicy: 'Default',
          nodeSelector: { 'kubernetes.io/os': 'linux' },
          priorityClassName: 'system-cluster-critical',
          tolerations: [
            { key: 'CriticalAddonsOnly', operator: 'Exists' },
            { key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' },
          ],
        },
      },
    },
  };
}

/** Creates the add-ons through the API server, as kubeadm's addon phase does. */
export function installAddons(api: ApiServer): void {
  api.create(kubeProxyDaemonSet());
  api.create(coreDnsDeployment());
}

// The system add-ons a kubeadm (or kind) cluster runs in kube-system, installed by
// `kubeplay cluster reset --addons`: the kube-proxy DaemonSet (one pod per node, host network,
// system-node-critical, tolerating every taint) and the coredns Deployment (2 replicas,
// system-cluster-critical, requests cpu 100m / memory 70Mi, limit memory 170Mi, spread over nodes
// by a preferred anti-affinity). Shapes follow kubeadm's manifests (cmd/kubeadm/app/phases/addons:
// proxy/manifests.go, dns/manifests.go): each pod runs as its own ServiceAccount (kube-proxy,
// coredns), kube-proxy reads its configuration from the `kube-proxy` ConfigMap (config.conf, trimmed
// to the fields that describe this cluster, and kubeconfig.conf) and coredns its Corefile from the
// `coredns` ConfigMap, and the `kube-dns` Service selects the coredns pods at 10.96.0.10, the
// address kubeadm reserves for it (the tenth of the service range) and the nameserver every pod's
// resolv.conf names. Left out: the RBAC ClusterRoles/Bindings (the playground has no RBAC).

import type { KObject } from '../../k8s/types';
import type { ApiServer } from '../api/apiserver';
import { CLUSTER_CIDR } from '../controllers/nodeipam/node-ipam-controller';
import { CLUSTER_DNS_IP, SERVICE_ACCOUNT_DIR } from '../kubelet/container/fs';
import { KUBELET_VERSION } from '../kubelet/node-agent';
import { CONTROL_PLANE_ADDRESS, SECURE_PORT } from './kubernetes-service';

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
                { name: 'kube-proxy', mountPath: '/var/lib/kube-proxy' },
                { name: 'xtables-lock', mountPath: '/run/xtables.lock', readOnly: false },
                { name: 'lib-modules', mountPath: '/lib/modules', readOnly: true },
              ],
            },
          ],
          hostNetwork: true,
          nodeSelector: { 'kubernetes.io/os': 'linux' },
          priorityClassName: 'system-node-critical',
          serviceAccountName: 'kube-proxy',
          tolerations: [{ operator: 'Exists' }],
          volumes: [
            { name: 'kube-proxy', configMap: { name: 'kube-proxy' } },
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
              volumeMounts: [{ name: 'config-volume', mountPath: '/etc/coredns', readOnly: true }],
              ports: [
                { name: 'dns', containerPort: 53, protocol: 'UDP' },
                { name: 'dns-tcp', containerPort: 53, protocol: 'TCP' },
                { name: 'metrics', containerPort: 9153, protocol: 'TCP' },
                { name: 'liveness-probe', containerPort: 8080, protocol: 'TCP' },
                { name: 'readiness-probe', containerPort: 8181, protocol: 'TCP' },
              ],
              livenessProbe: {
                httpGet: { path: '/health', port: 'liveness-probe', scheme: 'HTTP' },
                initialDelaySeconds: 60,
                timeoutSeconds: 5,
                successThreshold: 1,
                failureThreshold: 5,
              },
              readinessProbe: { httpGet: { path: '/ready', port: 'readiness-probe', scheme: 'HTTP' } },
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
          serviceAccountName: 'coredns',
          tolerations: [
            { key: 'CriticalAddonsOnly', operator: 'Exists' },
            { key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' },
          ],
          volumes: [{ name: 'config-volume', configMap: { name: 'coredns', items: [{ key: 'Corefile', path: 'Corefile' }] } }],
        },
      },
    },
  };
}

function serviceAccount(name: string): KObject {
  return { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, namespace: 'kube-system' } };
}

/** kube-proxy's KubeProxyConfiguration, trimmed to what describes this cluster (kind runs iptables mode). */
const KUBE_PROXY_CONFIG = `apiVersion: kubeproxy.config.k8s.io/v1alpha1
bindAddress: 0.0.0.0
clientConnection:
  kubeconfig: /var/lib/kube-proxy/kubeconfig.conf
clusterCIDR: ${CLUSTER_CIDR}
kind: KubeProxyConfiguration
mode: iptables`;

/** kube-proxy talks to the API server as its ServiceAccount (the projected token and CA). */
const KUBE_PROXY_KUBECONFIG = `apiVersion: v1
kind: Config
clusters:
- cluster:
    certificate-authority: ${SERVICE_ACCOUNT_DIR}/ca.crt
    server: https://${CONTROL_PLANE_ADDRESS}:${SECURE_PORT}
  name: default
contexts:
- context:
    cluster: default
    namespace: default
    user: default
  name: default
current-context: default
users:
- name: default
  user:
    tokenFile: ${SERVICE_ACCOUNT_DIR}/token`;

export function kubeProxyConfigMap(): KObject {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'kube-proxy', namespace: 'kube-system', labels: { app: 'kube-proxy' } },
    data: { 'config.conf': KUBE_PROXY_CONFIG, 'kubeconfig.conf': KUBE_PROXY_KUBECONFIG },
  };
}

/** kubeadm's Corefile for the cluster.local domain (upstream resolver: the node's resolv.conf). */
const COREFILE = `.:53 {
    errors
    health {
       lameduck 5s
    }
    ready
    kubernetes cluster.local in-addr.arpa ip6.arpa {
       pods insecure
       fallthrough in-addr.arpa ip6.arpa
       ttl 30
    }
    prometheus :9153
    forward . /etc/resolv.conf {
       max_concurrent 1000
    }
    cache 30 {
       disable success cluster.local
       disable denial cluster.local
    }
    loop
    reload
    loadbalance
}
`;

export function coreDnsConfigMap(): KObject {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'coredns', namespace: 'kube-system' },
    data: { Corefile: COREFILE },
  };
}

export function kubeDnsService(): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: {
      name: 'kube-dns',
      namespace: 'kube-system',
      labels: { 'k8s-app': 'kube-dns', 'kubernetes.io/cluster-service': 'true', 'kubernetes.io/name': 'CoreDNS' },
      annotations: { 'prometheus.io/port': '9153', 'prometheus.io/scrape': 'true' },
    },
    spec: {
      clusterIP: CLUSTER_DNS_IP,
      ports: [
        { name: 'dns', port: 53, protocol: 'UDP', targetPort: 53 },
        { name: 'dns-tcp', port: 53, protocol: 'TCP', targetPort: 53 },
        { name: 'metrics', port: 9153, protocol: 'TCP', targetPort: 9153 },
      ],
      selector: { 'k8s-app': 'kube-dns' },
    },
  };
}

/**
 * Creates the add-ons through the API server, as kubeadm's addon phase does: first what the pods
 * need (their ServiceAccounts and ConfigMaps), then the workloads. The supporting objects draw
 * their uids from the control plane's own stream, so the workloads' pod names stay as they were.
 */
export function installAddons(api: ApiServer): void {
  const system = { systemObject: true };
  api.create(serviceAccount('kube-proxy'), system);
  api.create(kubeProxyConfigMap(), system);
  api.create(serviceAccount('coredns'), system);
  api.create(coreDnsConfigMap(), system);
  api.create(kubeDnsService(), system);
  api.create(kubeProxyDaemonSet());
  api.create(coreDnsDeployment());
}

// The kubeconfig `kubeplay serve --kubeconfig FILE` writes: one cluster at the server's URL, no
// credentials (the server has no authentication), named as the playground's own kubeconfig is
// (`kubectl config view` there: kubeadm's admin config) so both sides print the same context.
// `insecure-skip-tls-verify` changes nothing for plain HTTP, but some clients (the JavaScript
// client) refuse an http:// server without it.

import { writeFileSync } from 'node:fs';

export const CLUSTER_NAME = 'kubernetes';
export const USER_NAME = 'kubernetes-admin';
export const CONTEXT_NAME = 'kubernetes-admin@kubernetes';

export function kubeconfigText(url: string): string {
  return `apiVersion: v1
kind: Config
clusters:
- cluster:
    insecure-skip-tls-verify: true
    server: ${url}
  name: ${CLUSTER_NAME}
contexts:
- context:
    cluster: ${CLUSTER_NAME}
    user: ${USER_NAME}
  name: ${CONTEXT_NAME}
current-context: ${CONTEXT_NAME}
preferences: {}
users:
- name: ${USER_NAME}
  user: {}
`;
}

/** Writes a kubeconfig for `url` to `file` (readable by its owner only, as kubectl's own are). */
export function writeKubeconfig(file: string, url: string): void {
  writeFileSync(file, kubeconfigText(url), { mode: 0o600 });
}

// The token a serviceAccountToken projection writes: a JWT in the shape the API server's
// TokenRequest issues (issuer and audience of the cluster, `system:serviceaccount:<ns>:<name>`
// subject, the pod it is bound to), issued when the volume is (re)mounted and computed only when a
// container reads it. The kubelet refreshes a token once 80 % of its lifetime has gone; here it is
// refreshed only when the volume is written again (a kube-api-access token lives a year anyway).
// The signature is not a real RS256 signature: nothing in the simulation verifies it.

import type { KObject } from '../../../k8s/types';
import { encodeBase64 } from '../../../k8s/base64';
import type { LazyText } from '../container/file-tree';

const ISSUER = 'https://kubernetes.default.svc.cluster.local';
/** With service-account-extend-token-expiration, a kube-api-access token (3607 s) is valid for a year. */
const EXTENDED_EXPIRATION_SECONDS = 365 * 24 * 3600;
const KUBE_API_ACCESS_EXPIRATION_SECONDS = 3607;

const base64url = (text: string) => encodeBase64(text).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

function fnv(text: string, seed: number): string {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/** What a token says about its pod. */
export interface TokenSubject {
  readonly namespace: string;
  readonly serviceAccount: string;
  readonly nodeName: string;
  readonly podName: string;
  readonly podUid: string;
}

/**
 * A token volume's file, computed when a container first reads it (most never do). It keeps the
 * pod's names, not the pod, whose version at mount time would otherwise stay alive for the pod's
 * whole life.
 */
export class ServiceAccountTokenText implements TokenSubject, LazyText {
  readonly namespace: string;
  readonly serviceAccount: string;
  readonly nodeName: string;
  readonly podName: string;
  readonly podUid: string;

  constructor(
    pod: KObject,
    private readonly audience: string,
    private readonly expirationSeconds: number,
    private readonly issuedAtMs: number,
    private readonly epochMs: number,
  ) {
    this.namespace = pod.metadata.namespace ?? 'default';
    this.serviceAccount = pod.spec?.serviceAccountName ?? 'default';
    this.nodeName = pod.spec?.nodeName ?? '';
    this.podName = pod.metadata.name ?? '';
    this.podUid = pod.metadata.uid ?? '';
  }

  text(): string {
    return serviceAccountToken(this, this.audience, this.expirationSeconds, this.issuedAtMs, this.epochMs);
  }
}

export function serviceAccountToken(
  subject: TokenSubject,
  audience: string,
  expirationSeconds: number,
  nowMs: number,
  epochMs: number,
): string {
  const refreshMs = Math.max(1, expirationSeconds * 800);
  const iat = Math.floor((epochMs + Math.floor(nowMs / refreshMs) * refreshMs) / 1000);
  const lifetime = expirationSeconds === KUBE_API_ACCESS_EXPIRATION_SECONDS ? EXTENDED_EXPIRATION_SECONDS : expirationSeconds;
  const ns = subject.namespace;
  const sa = subject.serviceAccount;
  const claims = {
    aud: [audience || ISSUER],
    exp: iat + lifetime,
    iat,
    iss: ISSUER,
    'kubernetes.io': {
      namespace: ns,
      node: { name: subject.nodeName },
      pod: { name: subject.podName, uid: subject.podUid },
      serviceaccount: { name: sa },
    },
    nbf: iat,
    sub: `system:serviceaccount:${ns}:${sa}`,
  };
  const header = base64url(JSON.stringify({ alg: 'RS256', kid: 'kubeplay' }));
  const payload = base64url(JSON.stringify(claims));
  const signature = base64url(Array.from({ length: 16 }, (_, i) => fnv(`${header}.${payload}`, i * 0x9e3779b1)).join(''));
  return `${header}.${payload}.${signature}`;
}

// The service account tokens controller (pkg/controller/serviceaccount/tokens_controller.go) for
// the Secrets a user creates with type kubernetes.io/service-account-token (since 1.24 nothing
// creates them automatically): it fills in `ca.crt`, `namespace` and a long-lived `token`, and the
// account's uid annotation; a token Secret whose account does not exist (or was re-created with
// another uid) is deleted, and deleting an account deletes its token Secrets. Token Secrets are
// found by account through an index on the Secret informer, never by listing the namespace.

import type { KObject } from '../../../k8s/types';
import { encodeBase64 } from '../../../k8s/base64';
import type { ApiServer } from '../../api/apiserver';
import { isApiError } from '../../api/errors';
import { secretKind, serviceAccountKind } from '../../api/kinds';
import { SECRET_TYPE } from '../../api/validation/config';
import type { Clock } from '../../clock/clock';
import { Controller } from '../../runtime/controller';
import { keyFor, objectKey, splitKey, type InformerFactory } from '../../runtime/informer';
import { CLUSTER_CA_BUNDLE } from '../certificates/root-ca-cert-publisher';

export const SA_NAME_ANNOTATION = 'kubernetes.io/service-account.name';
export const SA_UID_ANNOTATION = 'kubernetes.io/service-account.uid';
const TOKEN_SECRETS_BY_ACCOUNT = 'serviceAccountTokenSecrets';

const isTokenSecret = (s: KObject) => s.type === SECRET_TYPE.serviceAccountToken;
const accountKeyOf = (s: KObject) =>
  isTokenSecret(s) && s.metadata.annotations?.[SA_NAME_ANNOTATION]
    ? [keyFor(s.metadata.namespace, s.metadata.annotations[SA_NAME_ANNOTATION])]
    : [];

const base64url = (text: string) => encodeBase64(text).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** A legacy (non-expiring) service account token, in the claims format the tokens controller uses. */
export function legacyToken(secret: KObject, sa: KObject): string {
  const ns = secret.metadata.namespace ?? '';
  const claims = {
    iss: 'kubernetes/serviceaccount',
    'kubernetes.io/serviceaccount/namespace': ns,
    'kubernetes.io/serviceaccount/secret.name': secret.metadata.name ?? '',
    'kubernetes.io/serviceaccount/service-account.name': sa.metadata.name ?? '',
    'kubernetes.io/serviceaccount/service-account.uid': sa.metadata.uid ?? '',
    sub: `system:serviceaccount:${ns}:${sa.metadata.name ?? ''}`,
  };
  const header = base64url(JSON.stringify({ alg: 'RS256', kid: 'kubeplay' }));
  const payload = base64url(JSON.stringify(claims));
  // Not a real RS256 signature: nothing in the simulation verifies tokens.
  return `${header}.${payload}.${base64url(`${secret.metadata.uid ?? ''}:${sa.metadata.uid ?? ''}`)}`;
}

export function startTokensController(api: ApiServer, clock: Clock, informers: InformerFactory): Controller {
  const secrets = informers.informerFor(secretKind);
  const accounts = informers.informerFor(serviceAccountKind);
  if (!secrets.hasIndex(TOKEN_SECRETS_BY_ACCOUNT)) secrets.addIndex(TOKEN_SECRETS_BY_ACCOUNT, accountKeyOf);
  const controller = new Controller({
    name: 'serviceaccount-token-controller',
    clock,
    sync: (key) => {
      const { namespace, name } = splitKey(key);
      const secret = secrets.get(namespace, name);
      if (!secret || !isTokenSecret(secret) || secret.metadata.deletionTimestamp) return;
      const annotations = secret.metadata.annotations ?? {};
      const sa = accounts.get(namespace, annotations[SA_NAME_ANNOTATION] ?? '');
      const wantedUid = annotations[SA_UID_ANNOTATION];
      try {
        if (!sa || (wantedUid && sa.metadata.uid !== wantedUid)) {
          api.delete(secretKind, namespace, name, { preconditions: { uid: secret.metadata.uid } });
          return;
        }
        const data: Record<string, string> = { ...(secret.data ?? {}) };
        const needs = !data['ca.crt'] || !data.namespace || !data.token || annotations[SA_UID_ANNOTATION] !== sa.metadata.uid;
        if (!needs) return;
        if (!data['ca.crt']) data['ca.crt'] = encodeBase64(CLUSTER_CA_BUNDLE);
        if (!data.namespace) data.namespace = encodeBase64(namespace);
        if (!data.token) data.token = encodeBase64(legacyToken(secret, sa));
        api.update({
          ...secret,
          metadata: { ...secret.metadata, annotations: { ...annotations, [SA_UID_ANNOTATION]: sa.metadata.uid ?? '' } },
          data,
        });
      } catch (e) {
        if (!isApiError(e, 'Conflict') && !isApiError(e, 'NotFound')) throw e;
      }
    },
  });
  controller.handle(secrets, {
    onAdd: (s) => (isTokenSecret(s) ? objectKey(s) : undefined),
    onUpdate: (_old, s) => (isTokenSecret(s) ? objectKey(s) : undefined),
  });
  // An account deleted (or re-created): its token Secrets are checked again.
  const tokenSecretsOf = (sa: KObject) =>
    secrets.keysByIndex(TOKEN_SECRETS_BY_ACCOUNT, keyFor(sa.metadata.namespace, sa.metadata.name ?? ''));
  controller.handle(accounts, { onAdd: tokenSecretsOf, onDelete: tokenSecretsOf });
  return controller;
}

// The root CA certificate publisher (pkg/controller/certificates/rootcacertpublisher): every
// namespace has a `kube-root-ca.crt` ConfigMap holding the cluster CA bundle under `ca.crt`,
// which every pod's kube-api-access volume projects. Watches namespaces (new or updated) and that
// ConfigMap (changed or deleted: put back as it should be); one sync per namespace.
//
// The bundle is a fixed PEM block generated from the cluster's name, not a parseable X.509
// certificate: nothing in the simulation verifies TLS.

import type { ApiServer } from '../../api/apiserver';
import { isApiError } from '../../api/errors';
import { configMapKind, namespaceKind } from '../../api/kinds';
import { ROOT_CA_CONFIG_MAP, ROOT_CA_KEY } from '../../api/admission-plugins/service-account';
import type { Clock } from '../../clock/clock';
import { Controller } from '../../runtime/controller';
import type { InformerFactory } from '../../runtime/informer';
import { encodeBase64Bytes } from '../../../k8s/base64';

export const ROOT_CA_CERT_PUBLISHER = 'root-ca-cert-publisher';
const DESCRIPTION_ANNOTATION = 'kubernetes.io/description';
const DESCRIPTION =
  'Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. No other usage is guaranteed across distributions of Kubernetes clusters.';

/** A PEM "CERTIFICATE" block of 801 bytes, as long as kind's CA, from a fixed byte sequence. */
function clusterCaBundle(): string {
  const bytes = new Uint8Array(801);
  let x = 0x2545f491;
  for (let i = 0; i < bytes.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 255;
  }
  const body = encodeBase64Bytes(bytes)
    .match(/.{1,64}/g)!
    .join('\n');
  return `-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----\n`;
}

export const CLUSTER_CA_BUNDLE = clusterCaBundle();

export function startRootCACertPublisher(api: ApiServer, clock: Clock, informers: InformerFactory): Controller {
  const namespaces = informers.informerFor(namespaceKind);
  const configMaps = informers.informerFor(configMapKind);
  const controller = new Controller({
    name: ROOT_CA_CERT_PUBLISHER,
    clock,
    sync: (key) => {
      const ns = namespaces.get(undefined, key);
      if (!ns || ns.metadata.deletionTimestamp) return;
      const data = { [ROOT_CA_KEY]: CLUSTER_CA_BUNDLE };
      const current = configMaps.get(key, ROOT_CA_CONFIG_MAP);
      try {
        if (!current) {
          api.create(
            {
              apiVersion: 'v1',
              kind: 'ConfigMap',
              metadata: { name: ROOT_CA_CONFIG_MAP, namespace: key, annotations: { [DESCRIPTION_ANNOTATION]: DESCRIPTION } },
              data,
            },
            { systemObject: true },
          );
          return;
        }
        const annotations: Record<string, string> = current.metadata.annotations ?? {};
        const same =
          (current.data as Record<string, string> | undefined)?.[ROOT_CA_KEY] === CLUSTER_CA_BUNDLE &&
          Object.keys(current.data ?? {}).length === 1 &&
          annotations[DESCRIPTION_ANNOTATION] === DESCRIPTION;
        if (same) return;
        api.update({
          ...current,
          metadata: { ...current.metadata, annotations: { ...annotations, [DESCRIPTION_ANNOTATION]: DESCRIPTION } },
          data,
        });
      } catch (e) {
        if (
          !isApiError(e, 'AlreadyExists') &&
          !isApiError(e, 'Conflict') &&
          !isApiError(e, 'Forbidden') &&
          !isApiError(e, 'NotFound')
        )
          throw e;
      }
    },
  });
  controller.handle(namespaces, { onAdd: (ns) => ns.metadata.name, onUpdate: (_old, ns) => ns.metadata.name });
  const mine = (cm: { metadata: { name?: string; namespace?: string } }) =>
    cm.metadata.name === ROOT_CA_CONFIG_MAP ? cm.metadata.namespace : undefined;
  controller.handle(configMaps, { onUpdate: (_old, cm) => mine(cm), onDelete: mine });
  return controller;
}

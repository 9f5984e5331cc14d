// `kubectl describe configmap|secret|serviceaccount` (kubectl pkg/describe describe.go
// ConfigMapDescriber, describeSecret, describeServiceAccount): a ConfigMap shows its values, a
// Secret only the size of each value (`password:  12 bytes`; a service-account token is shown),
// a ServiceAccount its image pull, mountable and token secrets.

import type { KEvent, KObject } from '../../../k8s/types';
import { base64DecodedLength, decodeBase64 } from '../../../k8s/base64';
import { secretKind } from '../../api/kinds';
import { describeEvents, refFor, searchEvents } from './events';
import { printAnnotationsMultiline, printLabelsMultiline, sortStrings } from './format';
import type { DescribeContext, Describer } from './types';
import { LEVEL_0, tabbedString } from './writer';

const entries = (m: unknown): [string, string][] =>
  m && typeof m === 'object' ? sortStrings(Object.keys(m)).map((k) => [k, String((m as Record<string, unknown>)[k] ?? '')]) : [];

export const describeConfigMap: Describer = (cm: KObject, ctx: DescribeContext) => {
  const events: KEvent[] | undefined = ctx.showEvents ? searchEvents(ctx.env, refFor(cm)) : undefined;
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${cm.metadata.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${cm.metadata.namespace ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', cm.metadata.labels);
    printAnnotationsMultiline(w, 'Annotations', cm.metadata.annotations);
    w.write(LEVEL_0, '\nData\n====\n');
    for (const [k, v] of entries(cm.data)) {
      w.write(LEVEL_0, `${k}:\n----\n`);
      w.write(LEVEL_0, `${v}\n`);
      w.write(LEVEL_0, '\n');
    }
    w.write(LEVEL_0, '\nBinaryData\n====\n');
    for (const [k, v] of entries(cm.binaryData)) w.write(LEVEL_0, `${k}: ${base64DecodedLength(v)} bytes\n`);
    w.write(LEVEL_0, '\n');
    if (events) describeEvents(events, w, ctx.nowUnixMs);
  });
};

export const describeSecret: Describer = (secret: KObject) =>
  tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${secret.metadata.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${secret.metadata.namespace ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', secret.metadata.labels);
    printAnnotationsMultiline(w, 'Annotations', secret.metadata.annotations);
    w.write(LEVEL_0, `\nType:\t${typeof secret.type === 'string' ? secret.type : ''}\n`);
    w.write(LEVEL_0, '\nData\n====\n');
    for (const [k, v] of entries(secret.data)) {
      if (k === 'token' && secret.type === 'kubernetes.io/service-account-token') {
        w.write(LEVEL_0, `${k}:\t${decodeBase64(v) ?? ''}\n`);
      } else {
        w.write(LEVEL_0, `${k}:\t${base64DecodedLength(v)} bytes\n`);
      }
    }
  });

/** The account's token Secrets: type service-account-token, annotated with its name and uid (kubectl lists the namespace's Secrets). */
function tokenSecrets(sa: KObject, ctx: DescribeContext): string[] {
  return ctx.env.api
    .list(secretKind, { namespace: sa.metadata.namespace })
    .items.filter(
      (s) =>
        s.type === 'kubernetes.io/service-account-token' &&
        s.metadata.annotations?.['kubernetes.io/service-account.name'] === sa.metadata.name &&
        s.metadata.annotations?.['kubernetes.io/service-account.uid'] === sa.metadata.uid,
    )
    .map((s) => s.metadata.name ?? '');
}

export const describeServiceAccount: Describer = (sa: KObject, ctx: DescribeContext) => {
  const events: KEvent[] | undefined = ctx.showEvents ? searchEvents(ctx.env, refFor(sa)) : undefined;
  const ns = sa.metadata.namespace;
  const exists = (name: string) => !!ctx.env.api.tryGet(secretKind, ns, name);
  const names = (list: unknown) => (Array.isArray(list) ? list.map((s: any) => String(s?.name ?? '')) : []);
  const headers: [string, string[]][] = [
    ['Image pull secrets:', names(sa.imagePullSecrets)],
    ['Mountable secrets: ', names(sa.secrets)],
    ['Tokens:            ', tokenSecrets(sa, ctx)],
  ];
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${sa.metadata.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${ns ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', sa.metadata.labels);
    printAnnotationsMultiline(w, 'Annotations', sa.metadata.annotations);
    for (const [header, list] of headers) {
      if (list.length === 0) {
        w.write(LEVEL_0, `${header}\t<none>\n`);
        continue;
      }
      let prefix = header;
      for (const name of list) {
        w.write(LEVEL_0, `${prefix}\t${name}${exists(name) ? '' : ' (not found)'}\n`);
        prefix = '                   ';
      }
    }
    if (events) describeEvents(events, w, ctx.nowUnixMs);
  });
};

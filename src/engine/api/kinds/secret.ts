// Secret (v1): base64 `data`, write-only `stringData` (merged into data by the v1 conversion, so
// it is never stored or returned), a `type` defaulting to Opaque that says which keys must be
// there, and `immutable`.

import type { KObject } from '../../../k8s/types';
import { encodeBase64 } from '../../../k8s/base64';
import { SECRET_TYPE, validateSecret, validateSecretUpdate } from '../validation/config';
import { age } from './columns';
import type { KindDefinition } from './kind-definition';

/** Convert_v1_Secret_To_core_Secret (stringData wins over data) and SetDefaults_Secret (type Opaque). */
function defaultSecret(secret: KObject): KObject {
  const hasStringData = secret.stringData !== undefined;
  const needsType = secret.type === undefined || secret.type === null || secret.type === '';
  if (!hasStringData && !needsType) return secret;
  const out: KObject = { ...secret };
  if (hasStringData) {
    const data: Record<string, string> = { ...(secret.data ?? {}) };
    for (const [k, v] of Object.entries((secret.stringData ?? {}) as Record<string, unknown>)) {
      data[k] = encodeBase64(typeof v === 'string' ? v : String(v ?? ''));
    }
    delete out.stringData;
    if (Object.keys(data).length > 0) out.data = data;
  }
  if (needsType) out.type = SECRET_TYPE.opaque;
  return out;
}

const count = (m: unknown) => (m && typeof m === 'object' ? Object.keys(m).length : 0);

export const secretKind: KindDefinition = {
  group: '',
  version: 'v1',
  kind: 'Secret',
  plural: 'secrets',
  singular: 'secret',
  shortNames: [],
  namespaced: true,
  categories: [],
  hasStatus: false,
  tracksGeneration: false,
  defaultPropagationPolicy: 'Background',
  garbageCollected: true,
  applyDefaults: defaultSecret,
  validate: validateSecret,
  validateUpdate: validateSecretUpdate,
  fieldLabels: ['type', 'metadata.namespace', 'metadata.name'],
  fieldSelectors: { type: (o) => (typeof o.type === 'string' ? o.type : '') },
  // printers.go printSecret: TYPE, DATA (number of keys).
  columns: [
    { name: 'Type', cell: (o) => (typeof o.type === 'string' ? o.type : '') },
    { name: 'Data', type: 'integer', cell: (o) => String(count(o.data)) },
    { name: 'Age', cell: age },
  ],
};

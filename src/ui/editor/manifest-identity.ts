// manifest-identity: which objects a manifest text is about — each document's kind, namespace
// and name — so the editor can tell "the manifest the last Apply reported on, being fixed" (its
// error and markers stay) from "another manifest" (they are cleared: they describe text that is
// no longer there). Reads leniently: a document that does not parse yet is skipped.

import { parseAllDocuments } from 'yaml';

/** `Kind/namespace/name` of every document that names one, sorted and joined; '' for none. */
export function manifestIdentity(text: string): string {
  const ids: string[] = [];
  let docs;
  try {
    docs = parseAllDocuments(text);
  } catch {
    return '';
  }
  for (const doc of Array.isArray(docs) ? docs : [docs]) {
    let value: unknown;
    try {
      value = doc.toJS();
    } catch {
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    const { kind, metadata } = value as { kind?: unknown; metadata?: { name?: unknown; namespace?: unknown } };
    if (typeof kind !== 'string' || typeof metadata?.name !== 'string') continue;
    ids.push(`${kind}/${typeof metadata.namespace === 'string' ? metadata.namespace : ''}/${metadata.name}`);
  }
  return ids.sort().join('\n');
}

/** Whether an edit turned the text into another manifest than the one an Apply reported on. */
export function isAnotherManifest(appliedText: string, currentText: string): boolean {
  const current = manifestIdentity(currentText);
  // half-typed text names nothing yet: not another manifest until it names something else
  return current !== '' && current !== manifestIdentity(appliedText);
}

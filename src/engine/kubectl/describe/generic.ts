// The generic describer kubectl falls back to for kinds without their own (kubectl pkg/describe
// genericDescriber): name, namespace, labels and annotations, then every other field of the object
// as served, sorted, with camel-case names turned into labels (`apiVersion` → `API Version`),
// nested maps indented and list items printed one after another; then the object's events.

import type { KObject } from '../../../k8s/types';
import { describeEvents, refFor, searchEvents } from './events';
import { goValue, printAnnotationsMultiline, printLabelsMultiline, smartLabelFor, sortStrings } from './format';
import type { DescribeContext, Describer } from './types';
import { LEVEL_0, tabbedString, type PrefixWriter } from './writer';

const SKIPPED = new Set([
  '.metadata.managedFields',
  '.metadata.name',
  '.metadata.namespace',
  '.metadata.labels',
  '.metadata.annotations',
]);

export const describeGeneric: Describer = (obj: KObject, ctx: DescribeContext) => {
  const events = ctx.showEvents ? searchEvents(ctx.env, refFor(obj)) : undefined;
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${obj.metadata.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${obj.metadata.namespace ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', obj.metadata.labels);
    printAnnotationsMultiline(w, 'Annotations', obj.metadata.annotations);
    printUnstructuredContent(w, LEVEL_0, obj as unknown as Record<string, unknown>, '');
    if (events) describeEvents(events, w, ctx.nowUnixMs);
  });
};

function isMap(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** printUnstructuredContent: maps as `Label:` blocks, lists item by item, scalars as `Label:  value`. */
export function printUnstructuredContent(
  w: PrefixWriter,
  level: number,
  content: Record<string, unknown>,
  skipPrefix: string,
): void {
  for (const field of sortStrings(Object.keys(content).filter((k) => content[k] !== undefined))) {
    const value = content[field];
    const path = `${skipPrefix}.${field}`;
    if (SKIPPED.has(path)) continue;
    if (isMap(value)) {
      w.write(level, `${smartLabelFor(field)}:\n`);
      printUnstructuredContent(w, level + 1, value, path);
    } else if (Array.isArray(value)) {
      w.write(level, `${smartLabelFor(field)}:\n`);
      for (const child of value) {
        if (isMap(child)) printUnstructuredContent(w, level + 1, child, path);
        else w.write(level + 1, `${goValue(child)}\n`);
      }
    } else {
      w.write(level, `${smartLabelFor(field)}:\t${goValue(value)}\n`);
    }
  }
}

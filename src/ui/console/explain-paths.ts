// Field paths of `kubectl explain TYPE.field.path` for Tab completion, from the API schema the
// engine decodes with (src/k8s/k8s-schemas.generated.json). The schema is loaded on first use,
// so the page's initial bundle does not carry it: the first Tab after `explain` starts loading it
// and completes nothing; later ones complete.

import type { ResourceType } from './completion-data';

interface SchemaNode {
  $ref?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  additionalProperties?: SchemaNode;
}

interface Schema {
  allOf: { if: { properties: { kind: { const: string } } }; then: { $ref: string } }[];
  definitions: Record<string, SchemaNode>;
}

let schema: Schema | undefined;
let loading: Promise<void> | undefined;

/** Loads the schema once; resolves when completion can use it. */
export function loadExplainSchema(): Promise<void> {
  loading ??= import('../../k8s/k8s-schemas.generated.json').then((m) => {
    schema = (m.default ?? m) as unknown as Schema;
  });
  return loading;
}

function resolve(node: SchemaNode | undefined): SchemaNode | undefined {
  let n = node;
  // explain walks through references, list items and map values alike
  for (let depth = 0; n && depth < 8; depth++) {
    if (n.$ref) n = schema?.definitions[n.$ref.slice('#/definitions/'.length)];
    else if (n.items) n = n.items;
    else if (n.additionalProperties && !n.properties) n = n.additionalProperties;
    else break;
  }
  return n;
}

/**
 * Candidates for a word `TYPE.a.b.pre` (the typed TYPE kept as typed): the fields of `TYPE.a.b`
 * that start with `pre`. Undefined while the schema is not loaded yet (loading starts).
 */
export function explainPathCandidates(word: string, type: ResourceType | undefined): string[] | undefined {
  if (!schema) {
    void loadExplainSchema();
    return undefined;
  }
  if (!type) return [];
  const parts = word.split('.');
  const last = parts.pop() ?? '';
  const [, ...path] = parts;
  const branch = schema.allOf.find((b) => b.if.properties.kind.const === type.kind);
  let node = resolve(branch ? { $ref: branch.then.$ref } : undefined);
  for (const field of path) {
    const properties = node?.properties;
    node = properties && Object.hasOwn(properties, field) ? resolve(properties[field]) : undefined;
  }
  const prefix = parts.join('.');
  return Object.keys(node?.properties ?? {})
    .filter((name) => name.startsWith(last))
    .map((name) => `${prefix}.${name}`);
}

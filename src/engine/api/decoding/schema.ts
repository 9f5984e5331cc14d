// The decoding schema of every served kind and version: the JSON Schema that
// scripts/generate-schemas.ts generates from the official API types (the manifest editor uses the
// same file), read as the Go structs the API server decodes a request body into.

import generated from '../../../k8s/k8s-schemas.generated.json';

/** One JSON Schema node of the generated file (the keywords the generator writes). */
export interface SchemaNode {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  properties?: Record<string, SchemaNode>;
  additionalProperties?: SchemaNode;
  items?: SchemaNode;
  required?: string[];
  enum?: string[];
  const?: string;
  readOnly?: boolean;
  /** The Go named type behind the field (`v1.RestartPolicy`), for decoding errors. */
  'x-go-type'?: string;
  anyOf?: SchemaNode[];
}

interface GeneratedSchema {
  allOf: { if: { properties: { kind: { const: string }; apiVersion: { const: string } } }; then: { $ref: string } }[];
  definitions: Record<string, SchemaNode>;
}

const schema = generated as unknown as GeneratedSchema;

/** `#/definitions/core.v1.PodSpec` → `core.v1.PodSpec`. */
export function refId(ref: string): string {
  return ref.slice('#/definitions/'.length);
}

/** The definition a `$ref` names. */
export function definition(id: string): SchemaNode | undefined {
  return Object.hasOwn(schema.definitions, id) ? schema.definitions[id] : undefined;
}

const byKind = new Map<string, string>();
for (const branch of schema.allOf) {
  const { kind, apiVersion } = branch.if.properties;
  byKind.set(`${apiVersion.const}/${kind.const}`, refId(branch.then.$ref));
}

/** The definition id of a served kind in one of its versions (`apps/v1`, `Deployment`). */
export function kindDefinitionId(apiVersion: string, kind: string): string | undefined {
  return byKind.get(`${apiVersion}/${kind}`);
}

/**
 * The Go type a definition decodes into, as encoding/json names it in errors: `v1.PodSpec`,
 * `resource.Quantity` (the package is the last path element before the type name).
 */
export function goTypeOfDefinition(id: string): string {
  const parts = id.split('.');
  const name = parts[parts.length - 1];
  const pkg = parts[parts.length - 2];
  return `${pkg}.${name}`;
}

/** The struct name of a definition (`PodSpec`), as encoding/json names a field's struct. */
export function structName(id: string): string {
  const parts = id.split('.');
  return parts[parts.length - 1];
}

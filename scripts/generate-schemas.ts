// Generates the JSON Schema the manifest editor uses for completion, hover docs and validation.
//
//   npx tsx scripts/generate-schemas.ts        (npm run generate:schemas)
//
// Reads the official Kubernetes API types from `kubernetes-types` (.d.ts files whose doc
// comments are the API field descriptions) with the TypeScript compiler API and writes
// src/k8s/k8s-schemas.generated.json: one JSON Schema (draft-07) whose `definitions` hold
// every type reachable from the kinds the engine serves, and whose root dispatches on
// `kind` + `apiVersion` (if/then) to the right definition. No network: works offline.
//
// Descriptions are trimmed to their first paragraph to keep the file small; the top-level
// `status` (written by the cluster, never by a manifest) is marked `readOnly`.
//
// The same file is the API server's decoding schema (src/engine/api/decoding): the wire formats
// the .d.ts files cannot say (int32 / int64 / double, date-time, quantity, int-or-string) and the
// fields added to the API after kubernetes-types' release come from the OpenAPI-generated models
// of `@kubernetes/client-node` (its `attributeTypeMap`s), read as text, also offline.

import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { builtinKinds } from '../src/engine/api/kinds';
import { apiVersionOf } from '../src/engine/api/kinds/kind-definition';

export interface ServedKind {
  kind: string;
  apiVersion: string;
  /** .d.ts module below kubernetes-types, e.g. `apps/v1`. */
  module: string;
}

/**
 * The kinds the engine serves, from its kind registry (src/engine/api/kinds): each kind in its
 * stored version and every other served version, so a kind registered there has its schema here.
 */
export const SERVED_KINDS: readonly ServedKind[] = builtinKinds.flatMap((def) =>
  [apiVersionOf(def), ...Object.keys(def.otherVersions ?? {})].map((apiVersion) => ({
    kind: def.kind,
    apiVersion,
    module: typesModule(apiVersion),
  })),
);

/** `scheduling.k8s.io/v1` → `scheduling/v1`, `v1` → `core/v1`: where kubernetes-types keeps a group version. */
function typesModule(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  if (slash < 0) return `core/${apiVersion}`;
  return `${apiVersion.slice(0, slash).split('.')[0]}/${apiVersion.slice(slash + 1)}`;
}

/**
 * Enums the API documents only in prose ("One of Always, Never, IfNotPresent"): listed here
 * so completion offers the values. Keyed by `definition.property`.
 */
const ENUMS: Record<string, string[]> = {
  'core.v1.Container.imagePullPolicy': ['Always', 'IfNotPresent', 'Never'],
  'core.v1.Container.terminationMessagePolicy': ['File', 'FallbackToLogsOnError'],
  'core.v1.ContainerPort.protocol': ['TCP', 'UDP', 'SCTP'],
  'core.v1.ServicePort.protocol': ['TCP', 'UDP', 'SCTP'],
  'core.v1.PodSpec.restartPolicy': ['Always', 'OnFailure', 'Never'],
  'core.v1.PodSpec.dnsPolicy': ['ClusterFirst', 'ClusterFirstWithHostNet', 'Default', 'None'],
  'core.v1.PodSpec.preemptionPolicy': ['PreemptLowerPriority', 'Never'],
  'core.v1.ServiceSpec.type': ['ClusterIP', 'NodePort', 'LoadBalancer', 'ExternalName'],
  'core.v1.ServiceSpec.sessionAffinity': ['None', 'ClientIP'],
  'core.v1.ServiceSpec.externalTrafficPolicy': ['Cluster', 'Local'],
  'core.v1.ServiceSpec.internalTrafficPolicy': ['Cluster', 'Local'],
  'core.v1.Toleration.operator': ['Exists', 'Equal'],
  'core.v1.Toleration.effect': ['NoSchedule', 'PreferNoSchedule', 'NoExecute'],
  'core.v1.Taint.effect': ['NoSchedule', 'PreferNoSchedule', 'NoExecute'],
  'core.v1.NodeSelectorRequirement.operator': ['In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt'],
  'core.v1.TopologySpreadConstraint.whenUnsatisfiable': ['DoNotSchedule', 'ScheduleAnyway'],
  'core.v1.TopologySpreadConstraint.nodeAffinityPolicy': ['Honor', 'Ignore'],
  'core.v1.TopologySpreadConstraint.nodeTaintsPolicy': ['Honor', 'Ignore'],
  'core.v1.Event.type': ['Normal', 'Warning'],
  'meta.v1.LabelSelectorRequirement.operator': ['In', 'NotIn', 'Exists', 'DoesNotExist'],
  'apps.v1.DeploymentStrategy.type': ['RollingUpdate', 'Recreate'],
  'policy.v1.PodDisruptionBudgetSpec.unhealthyPodEvictionPolicy': ['IfHealthyBudget', 'AlwaysAllow'],
  'scheduling.v1.PriorityClass.preemptionPolicy': ['PreemptLowerPriority', 'Never'],
  'autoscaling.v2.MetricSpec.type': ['ContainerResource', 'External', 'Object', 'Pods', 'Resource'],
  'autoscaling.v2.MetricTarget.type': ['Utilization', 'Value', 'AverageValue'],
  'autoscaling.v2.HPAScalingRules.selectPolicy': ['Max', 'Min', 'Disabled'],
  'autoscaling.v2.HPAScalingPolicy.type': ['Pods', 'Percent'],
  'discovery.v1.EndpointSlice.addressType': ['IPv4', 'IPv6', 'FQDN'],
};

/**
 * Go's names of the named types behind some fields (`v1.RestartPolicy`, `v1.ResourceList`), which
 * the .d.ts files flatten to `string` or a map: the API server's decoding errors name them
 * (`… of type v1.RestartPolicy`). Keyed by `definition.property`; written as `x-go-type`.
 */
const GO_TYPES: Record<string, string> = {
  'core.v1.Container.imagePullPolicy': 'v1.PullPolicy',
  'core.v1.Container.terminationMessagePolicy': 'v1.TerminationMessagePolicy',
  'core.v1.ContainerPort.protocol': 'v1.Protocol',
  'core.v1.ServicePort.protocol': 'v1.Protocol',
  'core.v1.PodSpec.restartPolicy': 'v1.RestartPolicy',
  'core.v1.PodSpec.dnsPolicy': 'v1.DNSPolicy',
  'core.v1.PodSpec.preemptionPolicy': 'v1.PreemptionPolicy',
  'core.v1.ServiceSpec.type': 'v1.ServiceType',
  'core.v1.ServiceSpec.sessionAffinity': 'v1.ServiceAffinity',
  'core.v1.Toleration.operator': 'v1.TolerationOperator',
  'core.v1.Toleration.effect': 'v1.TaintEffect',
  'core.v1.Taint.effect': 'v1.TaintEffect',
  'core.v1.NodeSelectorRequirement.operator': 'v1.NodeSelectorOperator',
  'core.v1.TopologySpreadConstraint.whenUnsatisfiable': 'v1.UnsatisfiableConstraintAction',
  'core.v1.TopologySpreadConstraint.nodeAffinityPolicy': 'v1.NodeInclusionPolicy',
  'core.v1.TopologySpreadConstraint.nodeTaintsPolicy': 'v1.NodeInclusionPolicy',
  'core.v1.ResourceRequirements.limits': 'v1.ResourceList',
  'core.v1.ResourceRequirements.requests': 'v1.ResourceList',
  'meta.v1.LabelSelectorRequirement.operator': 'v1.LabelSelectorOperator',
  'apps.v1.DeploymentStrategy.type': 'v1.DeploymentStrategyType',
  'policy.v1.PodDisruptionBudgetSpec.unhealthyPodEvictionPolicy': 'v1.UnhealthyPodEvictionPolicyType',
  'scheduling.v1.PriorityClass.preemptionPolicy': 'v1.PreemptionPolicy',
  'autoscaling.v2.MetricSpec.type': 'v2.MetricSourceType',
  'autoscaling.v2.MetricTarget.type': 'v2.MetricTargetType',
  'autoscaling.v2.HPAScalingRules.selectPolicy': 'v2.ScalingPolicySelect',
  'autoscaling.v2.HPAScalingPolicy.type': 'v2.HPAScalingPolicyType',
  'discovery.v1.EndpointSlice.addressType': 'v1.AddressType',
};

type JsonSchema = Record<string, unknown>;

/** One field of an OpenAPI-generated model of @kubernetes/client-node. */
interface ModelAttribute {
  name: string;
  baseName: string;
  type: string;
  format: string;
}

/** The models' directory of @kubernetes/client-node. */
function modelsDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@kubernetes/client-node/package.json')), 'dist', 'gen', 'models');
}

/** Every model's fields by class name (`V1DeploymentSpec`, `CoreV1EndpointPort`). */
function loadClientModels(): Map<string, ModelAttribute[]> {
  const dir = modelsDir();
  const models = new Map<string, ModelAttribute[]>();
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.js')) continue;
    const text = readFileSync(join(dir, file), 'utf8');
    const match = /\.attributeTypeMap = (\[[\s\S]*?\n\]);/.exec(text);
    if (match) models.set(file.slice(0, -3), JSON.parse(match[1]) as ModelAttribute[]);
  }
  return models;
}

/** A model's doc comments (its declaration file): the class's, and each field's by name. */
function modelDocs(className: string): { description?: string; fields: Map<string, string>; optional: Set<string> } {
  const text = readFileSync(join(modelsDir(), `${className}.d.ts`), 'utf8');
  const clean = (doc: string) => firstParagraph(doc.replace(/^\s*\*\s?/gm, '').replace(/\\'/g, "'"));
  const classDoc = /\/\*\*\n\* ((?:(?!\*\/)[\s\S])*)\*\/\nexport declare class/.exec(text);
  const fields = new Map<string, string>();
  const optional = new Set<string>();
  for (const m of text.matchAll(/\/\*\*\n((?:(?!\*\/)[\s\S])*)\*\/\n\s*'([^']+)'(\??):/g)) {
    fields.set(m[2], clean(m[1]));
    if (m[3]) optional.add(m[2]);
  }
  return { description: classDoc ? clean(classDoc[1]) : undefined, fields, optional };
}

/** `apps.v1.DeploymentSpec` → the client model's fields (group-qualified names win). */
function modelFor(models: Map<string, ModelAttribute[]>, id: string): ModelAttribute[] | undefined {
  const name = modelNameFor(models, id);
  return name ? models.get(name) : undefined;
}

/** The client model's class name for a definition id, if there is one. */
function modelNameFor(models: Map<string, ModelAttribute[]>, id: string): string | undefined {
  const parts = id.split('.');
  const name = parts[parts.length - 1];
  const version = parts[parts.length - 2] ?? '';
  const group = parts[0];
  const cap = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);
  return [`${cap(group)}${cap(version)}${name}`, `${cap(version)}${name}`].find((n) => models.has(n));
}

/** A wire format of the models as schema keywords; undefined for none. */
function formatSchema(attribute: ModelAttribute | undefined): JsonSchema | undefined {
  switch (attribute?.format) {
    case 'int32':
    case 'int64':
      return { type: 'integer', format: attribute.format };
    case 'double':
      return { type: 'number', format: 'double' };
    case 'date-time':
    case 'date-time-micro':
      return { type: 'string', format: 'date-time' };
    case 'byte':
      return { type: 'string', format: 'byte' };
    default:
      return undefined;
  }
}

/** The first paragraph of a doc comment, whitespace-normalised. */
export function firstParagraph(text: string): string {
  const paragraph = text.trim().split(/\n\s*\n/)[0] ?? '';
  return paragraph.replace(/\s+/g, ' ').trim();
}

/** `…/kubernetes-types/apps/v1.d.ts` → `apps.v1`. */
function moduleId(typesRoot: string, fileName: string): string {
  return relative(typesRoot, fileName)
    .replace(/\\/g, '/')
    .replace(/\.d\.ts$/, '')
    .replace(/\//g, '.');
}

export function generateSchema(kinds: readonly ServedKind[] = SERVED_KINDS): JsonSchema {
  const require = createRequire(import.meta.url);
  const typesRoot = dirname(require.resolve('kubernetes-types/package.json'));
  const files = [...new Set(kinds.map((k) => join(typesRoot, `${k.module}.d.ts`)))];
  const program = ts.createProgram(files, { noEmit: true, skipLibCheck: true, types: [] });
  const checker = program.getTypeChecker();
  const definitions: Record<string, JsonSchema> = {};
  const models = loadClientModels();

  function docOf(node: ts.Node): string | undefined {
    const symbol = (node as ts.Node & { symbol?: ts.Symbol }).symbol;
    if (!symbol) return undefined;
    const text = firstParagraph(ts.displayPartsToString(symbol.getDocumentationComment(checker)));
    return text || undefined;
  }

  /** The declaration a type reference names (through import aliases). */
  function declarationOf(name: ts.EntityName): ts.Declaration | undefined {
    let symbol = checker.getSymbolAtLocation(name);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    return symbol?.declarations?.[0];
  }

  function definitionFor(decl: ts.InterfaceDeclaration | ts.TypeAliasDeclaration): string {
    const id = `${moduleId(typesRoot, decl.getSourceFile().fileName)}.${decl.name.text}`;
    if (definitions[id]) return id;
    definitions[id] = {}; // placeholder: breaks cycles (JSONSchemaProps-like recursion)
    definitions[id] = ts.isInterfaceDeclaration(decl) ? interfaceSchema(decl, id, false) : aliasSchema(decl);
    return id;
  }

  function aliasSchema(decl: ts.TypeAliasDeclaration): JsonSchema {
    const description = docOf(decl);
    // Quantities are written as numbers too (`cpu: 1`), so accept both.
    const name = decl.name.text;
    let base: JsonSchema = name === 'Quantity' ? { type: ['string', 'number'], format: 'quantity' } : typeSchema(decl.type, name);
    if (name === 'Time' || name === 'MicroTime') base = { ...base, format: 'date-time' };
    return description ? { description, ...base } : base;
  }

  function interfaceSchema(decl: ts.InterfaceDeclaration, id: string, topLevel: boolean): JsonSchema {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    const model = modelFor(models, id);
    for (const member of decl.members) {
      if (!ts.isPropertySignature(member) || !member.type) continue;
      const name = member.name.getText();
      let schema = typeSchema(member.type, name);
      const attribute = model?.find((a) => a.baseName === name);
      const format = formatSchema(attribute);
      if (format && schema.type === 'number') schema = { ...schema, ...format };
      else if (format?.type === 'string' && schema.type === 'string') schema = { ...schema, ...format };
      else if (
        format?.format === 'byte' &&
        schema.type === 'object' &&
        (schema.additionalProperties as JsonSchema)?.type === 'string'
      ) {
        // map[string][]byte (Secret data, ConfigMap binaryData): each value is base64.
        schema = { ...schema, additionalProperties: { ...(schema.additionalProperties as JsonSchema), ...format } };
      } else if (format && schema.type === 'array' && (schema.items as JsonSchema).type === 'number') {
        schema = { ...schema, items: { ...(schema.items as JsonSchema), ...format } };
      }
      const values = ENUMS[`${id}.${name}`];
      if (values) schema = { ...schema, enum: values };
      const goType = GO_TYPES[`${id}.${name}`];
      if (goType) schema = { ...schema, 'x-go-type': goType };
      if (topLevel && name === 'status') schema = { ...schema, readOnly: true };
      const description = docOf(member);
      properties[name] = description ? { description, ...schema } : schema;
      if (!member.questionToken) required.push(name);
    }
    // Fields the API gained after kubernetes-types' release: their shape from the model.
    const added = (model ?? []).filter((a) => !properties[a.baseName]);
    const addedDocs = added.length ? modelDocs(modelNameFor(models, id)!) : undefined;
    for (const attribute of added) {
      const schema = modelFieldSchema(attribute, id);
      const description = addedDocs?.fields.get(attribute.baseName);
      properties[attribute.baseName] = description ? { description, ...schema } : schema;
    }
    const description = docOf(decl);
    return {
      ...(description ? { description } : {}),
      type: 'object',
      properties,
      ...(required.length ? { required } : {}),
    };
  }

  /** A field only the client model has: primitives, lists and maps of them, known definitions. */
  function modelFieldSchema(attribute: ModelAttribute, owner: string): JsonSchema {
    const typeOf = (type: string): JsonSchema => {
      const list = /^Array<(.+)>$/.exec(type);
      if (list) return { type: 'array', items: typeOf(list[1]) };
      const map = /^\{ \[key: string\]: (.+); \}$/.exec(type);
      if (map) return { type: 'object', additionalProperties: typeOf(map[1]) };
      if (type === 'string') return formatSchema(attribute) ?? { type: 'string' };
      if (type === 'boolean') return { type: 'boolean' };
      if (type === 'number') return formatSchema(attribute) ?? { type: 'number' };
      if (type === 'Date') return { type: 'string', format: 'date-time' };
      if (type === 'IntOrString') return { type: ['integer', 'string'], format: 'int-or-string' };
      const version = owner.split('.').slice(-2, -1)[0] ?? '';
      const bare = type.replace(/^(?:[A-Z][a-z]+)?V\d+(?:(?:alpha|beta)\d+)?/, '');
      const candidates = Object.keys(definitions).filter((d) => d.endsWith(`.${version}.${bare}`));
      if (candidates.length === 1) return { $ref: `#/definitions/${candidates[0]}` };
      const fields = models.get(type);
      if (!fields) return {}; // not a model: any JSON
      // A type only the client models have: its definition from the model, in the owner's module.
      const id = `${owner.split('.').slice(0, -1).join('.')}.${bare}`;
      if (!definitions[id]) {
        definitions[id] = {};
        const docs = modelDocs(type);
        const properties: Record<string, JsonSchema> = {};
        for (const field of fields) {
          const schema = modelFieldSchema(field, id);
          const description = docs.fields.get(field.baseName);
          properties[field.baseName] = description ? { description, ...schema } : schema;
        }
        const required = fields.map((f) => f.baseName).filter((n) => docs.fields.has(n) && !docs.optional.has(n));
        definitions[id] = {
          ...(docs.description ? { description: docs.description } : {}),
          type: 'object',
          properties,
          ...(required.length ? { required } : {}),
        };
      }
      return { $ref: `#/definitions/${id}` };
    };
    return typeOf(attribute.type);
  }

  function typeSchema(node: ts.TypeNode, context: string): JsonSchema {
    switch (node.kind) {
      case ts.SyntaxKind.StringKeyword:
        return { type: 'string' };
      case ts.SyntaxKind.NumberKeyword:
        return { type: 'number' };
      case ts.SyntaxKind.BooleanKeyword:
        return { type: 'boolean' };
      case ts.SyntaxKind.AnyKeyword:
      case ts.SyntaxKind.UnknownKeyword:
        return {};
    }
    if (ts.isLiteralTypeNode(node) && ts.isStringLiteral(node.literal)) return { type: 'string', const: node.literal.text };
    if (ts.isParenthesizedTypeNode(node)) return typeSchema(node.type, context);
    if (ts.isArrayTypeNode(node)) return { type: 'array', items: typeSchema(node.elementType, context) };
    if (ts.isUnionTypeNode(node)) {
      const literals = node.types.filter(
        (t): t is ts.LiteralTypeNode => ts.isLiteralTypeNode(t) && ts.isStringLiteral(t.literal),
      );
      if (literals.length === node.types.length) {
        return { type: 'string', enum: literals.map((t) => (t.literal as ts.StringLiteral).text) };
      }
      const kinds = new Set(node.types.map((t) => t.kind));
      if (kinds.has(ts.SyntaxKind.NumberKeyword) && kinds.has(ts.SyntaxKind.StringKeyword) && kinds.size === 2) {
        return { type: ['integer', 'string'], format: 'int-or-string' }; // IntOrString
      }
      return { anyOf: node.types.map((t) => typeSchema(t, context)) };
    }
    if (ts.isTypeLiteralNode(node)) {
      const index = node.members.find(ts.isIndexSignatureDeclaration);
      if (index?.type) return { type: 'object', additionalProperties: typeSchema(index.type, context) };
      return { type: 'object' };
    }
    if (ts.isTypeReferenceNode(node)) {
      const name = node.typeName.getText();
      if ((name === 'Array' || name === 'ReadonlyArray') && node.typeArguments?.length === 1) {
        return { type: 'array', items: typeSchema(node.typeArguments[0], context) };
      }
      if (name === 'Record' && node.typeArguments?.length === 2) {
        return { type: 'object', additionalProperties: typeSchema(node.typeArguments[1], context) };
      }
      const decl = declarationOf(node.typeName);
      if (decl && (ts.isInterfaceDeclaration(decl) || ts.isTypeAliasDeclaration(decl))) {
        return { $ref: `#/definitions/${definitionFor(decl)}` };
      }
      throw new Error(`generate-schemas: cannot resolve type ${name} (in ${context})`);
    }
    throw new Error(`generate-schemas: unsupported type syntax ${ts.SyntaxKind[node.kind]} (in ${context})`);
  }

  const branches: JsonSchema[] = [];
  const kindDocs: Record<string, string> = {};
  for (const served of kinds) {
    const file = program.getSourceFile(join(typesRoot, `${served.module}.d.ts`));
    if (!file) throw new Error(`generate-schemas: kubernetes-types has no ${served.module}.d.ts`);
    const decl = file.statements.find(
      (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === served.kind,
    );
    if (!decl) throw new Error(`generate-schemas: ${served.module} has no ${served.kind}`);
    const id = `${moduleId(typesRoot, file.fileName)}.${served.kind}`;
    const schema = interfaceSchema(decl, id, true);
    const properties = schema.properties as Record<string, JsonSchema>;
    properties.apiVersion = { ...properties.apiVersion, type: 'string', const: served.apiVersion };
    properties.kind = { ...properties.kind, type: 'string', const: served.kind };
    definitions[id] = { ...schema, required: ['apiVersion', 'kind', ...((schema.required as string[]) ?? [])] };
    kindDocs[served.kind] ??= (schema.description as string) ?? served.kind;
    branches.push({
      if: {
        properties: { kind: { const: served.kind }, apiVersion: { const: served.apiVersion } },
        required: ['kind', 'apiVersion'],
      },
      then: { $ref: `#/definitions/${id}` },
    });
  }

  const sortedDefinitions = Object.fromEntries(Object.entries(definitions).sort(([a], [b]) => a.localeCompare(b)));
  const apiVersions = [...new Set(kinds.map((k) => k.apiVersion))];
  const kindNames = [...new Set(kinds.map((k) => k.kind))];
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://kubeplay.dev/schemas/kubernetes.json',
    description:
      'A Kubernetes object. Completion and validation follow its kind and apiVersion; generated from kubernetes-types by scripts/generate-schemas.ts.',
    type: 'object',
    required: ['apiVersion', 'kind'],
    properties: {
      apiVersion: {
        type: 'string',
        description:
          'APIVersion defines the versioned schema of this representation of an object: the group/version of the kind.',
        enum: apiVersions,
      },
      kind: {
        type: 'string',
        description: 'Kind is the REST resource this object represents, in CamelCase.',
        enum: kindNames,
        markdownEnumDescriptions: kindNames.map((k) => kindDocs[k]),
      },
    },
    allOf: branches,
    definitions: sortedDefinitions,
  };
}

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const schemaFile = join(repoRoot, 'src', 'k8s', 'k8s-schemas.generated.json');

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const schema = generateSchema();
  const text = `${JSON.stringify(schema)}\n`;
  writeFileSync(schemaFile, text);
  const count = Object.keys(schema.definitions as object).length;
  process.stdout.write(`wrote ${relative(repoRoot, schemaFile)}: ${count} definitions, ${(text.length / 1024).toFixed(0)} KiB\n`);
}

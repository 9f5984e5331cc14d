// kubectl explain TYPE[.field.path] [--recursive] [--api-version=GROUP/VERSION]: the fields of a
// served kind from the API schema (src/k8s/k8s-schemas.generated.json, the one the API server
// decodes with), laid out as kubectl's plaintext explain template lays out the server's OpenAPI v3
// document: GROUP / KIND / VERSION, then FIELD (for a path), DESCRIPTION and FIELDS with types
// (`<[]Container>`, `<map[string]string>`, `<integer>`, `-required-`, `enum: …`), descriptions
// word-wrapped to the template's widths; `--recursive` lists the field names only, to every depth
// (a type already open on the way down is not opened again).
//
// The schema is read the way the template reads OpenAPI v3: a field that names a type with a
// description of its own is `allOf: [$ref]` there, so its description comes first and the type's
// after it; quantities and int-or-strings are types of their own (`<Quantity>`, `<IntOrString>`).

import { apiVersionOf, type KindDefinition } from '../../api/kinds/kind-definition';
import { definition, kindDefinitionId, refId, type SchemaNode } from '../../api/decoding/schema';
import { KubectlError, type KubectlEnv, type KubectlIO } from '../context';
import type { FlagSpec, ParsedArgs } from '../flags';

export const explainFlags: FlagSpec[] = [
  { name: 'recursive', type: 'bool' },
  { name: 'api-version', type: 'string' },
  { name: 'output', short: 'o', type: 'string' },
];

/** A schema node as OpenAPI v3 has it (see the header). */
interface V3 {
  ref?: string;
  description?: string;
  type?: string;
  enum?: string[];
  properties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode;
  additionalProperties?: SchemaNode;
  /** The single type a field names (v3's `allOf: [{$ref}]`). */
  allOf?: SchemaNode;
  /** A named type without properties or a single JSON type (Quantity, IntOrString). */
  named?: string;
}

function v3(node: SchemaNode): V3 {
  if (node.format === 'int-or-string') return { description: node.description, allOf: { $ref: '#/intstr.IntOrString' } };
  const out: V3 = {
    description: node.description,
    type: typeof node.type === 'string' ? node.type : undefined,
    enum: node.enum,
    properties: node.properties,
    required: node.required,
    items: node.items,
    additionalProperties: node.additionalProperties,
  };
  if (node.$ref) {
    // A bare reference is the reference; with a description of its own it is an allOf.
    if (node.description === undefined && Object.keys(node).length === 1) return { ref: node.$ref };
    out.allOf = { $ref: node.$ref };
  }
  return out;
}

/** resolveRef: the definition a reference names, as a v3 node (the kind's own apiVersion / kind are not required there). */
function resolve(ref: string | undefined): V3 | undefined {
  if (!ref) return undefined;
  if (ref === '#/intstr.IntOrString') return { named: 'IntOrString' };
  const id = refId(ref);
  const def = definition(id);
  if (!def) return undefined;
  const node = v3(def);
  if (def.format === 'quantity') return { description: def.description, named: 'Quantity' };
  if (node.required && node.properties?.apiVersion?.const) {
    node.required = node.required.filter((r) => r !== 'apiVersion' && r !== 'kind');
  }
  return node;
}

/** The node a v3 node stands for: its reference resolved, or itself. */
function resolved(node: V3): V3 {
  return resolve(node.ref) ?? node;
}

/** The template's typeGuess: `string`, `Object`, `[]Container`, `map[string]string`, `Quantity`. */
function typeGuess(node: V3): string {
  if (node.items) return `[]${typeGuess(v3(node.items))}`;
  if (node.additionalProperties) return `map[string]${typeGuess(v3(node.additionalProperties))}`;
  if (node.allOf && !node.properties) return typeGuess(v3(node.allOf));
  if (node.ref) {
    const target = resolve(node.ref);
    if (target?.named) return target.named;
    if (!target || !target.type || target.type === 'object') return node.ref.split('.').pop() || 'Object';
    return target.type;
  }
  if (node.named) return node.named;
  return node.type === 'object' || !node.type ? 'Object' : node.type;
}

/** The template's description: the node's own, then its type's, items' and values'. */
function descriptionOf(node: V3): string {
  const n = resolved(node);
  let out = n.description ? `${n.description}\n` : '';
  if (n.allOf) out += descriptionOf(v3(n.allOf));
  if (n.items) out += descriptionOf(v3(n.items));
  if (n.additionalProperties) out += descriptionOf(v3(n.additionalProperties));
  return out;
}

/**
 * go-wordwrap's WrapString: breaks at whitespace so that lines stay within `limit` where a word
 * allows; a longer word stands alone on its line.
 */
export function wordWrap(s: string, limit: number): string {
  let out = '';
  let current = 0;
  let word = '';
  let space = '';
  for (const ch of s) {
    if (ch === '\n') {
      // The pending spaces and word end the line.
      out += space + word;
      space = '';
      word = '';
      out += ch;
      current = 0;
    } else if (/\s/u.test(ch) && ch !== '\u00a0') {
      if (space.length === 0 || word.length > 0) {
        current += space.length + [...word].length;
        out += space + word;
        space = '';
        word = '';
      }
      space += ch;
    } else {
      word += ch;
      const wordLength = [...word].length;
      if (current + space.length + wordLength > limit && wordLength < limit) {
        out += '\n';
        current = 0;
        space = '';
      }
    }
  }
  if (word.length === 0) {
    if (current + space.length <= limit) out += space;
  } else {
    out += space + word;
  }
  return out;
}

/** The template's `indent`: every line, the first included. */
function indent(amount: number, s: string): string {
  const pad = ' '.repeat(amount);
  return pad + s.split('\n').join(`\n${pad}`);
}

function enumText(node: V3, longView: boolean, indentAmount: number): string {
  // The server's OpenAPI lists a typed enum's values sorted.
  const values = node.enum ? [...node.enum].sort() : undefined;
  if (!values?.length) return '';
  const shown = longView ? values : values.slice(0, 4);
  const items = shown.map((v) => (v === '' ? '""' : v));
  if (longView) return `ENUM:${items.map((v) => `\n    ${v}`).join('')}`;
  return `\n${' '.repeat(indentAmount)}enum: ${items.join(', ')}${values.length > 4 ? ', ....' : ''}`;
}

/** One field of a list: `name\t<type> -required-`, then (not recursive) its wrapped description. */
function fieldDetail(parent: V3, name: string, short: boolean, level: number): string {
  const field = v3(parent.properties![name]);
  const indentAmount = level * 2;
  let out = `${indent(indentAmount, name)}\t<${typeGuess(field)}>`;
  if (parent.required?.includes(name)) out += ' -required-';
  out += enumText(field, false, indentAmount);
  out += '\n';
  if (!short) out += `${indent(indentAmount + 2, wordWrap(field.description || '<no description>', 78 - indentAmount))}\n\n`;
  return out;
}

/** The template's fieldList; `history` holds the references open on the way down. */
function fieldList(node: V3, level: number, recursive: boolean, history: ReadonlySet<string>): string {
  const ref = node.ref ?? '';
  if (ref && history.has(ref)) return '';
  const next = new Set(history).add(ref);
  const n = resolved(node);
  let out = '';
  for (const name of Object.keys(n.properties ?? {}).sort()) {
    out += fieldDetail(n, name, recursive, level);
    if (recursive) out += fieldList(v3(n.properties![name]), level + 1, recursive, next);
  }
  if (n.allOf) out += fieldList(v3(n.allOf), level, recursive, next);
  if (n.items) out += fieldList(v3(n.items), level, recursive, next);
  if (n.additionalProperties) out += fieldList(v3(n.additionalProperties), level, recursive, next);
  return out;
}

/** The template's output: follows the field path, then prints DESCRIPTION and FIELDS. */
function output(node: V3, path: string[], recursive: boolean, history: ReadonlySet<string>): string {
  const ref = node.ref ?? '';
  const n = resolved(node);
  if (path.length === 0) {
    let out = `DESCRIPTION:\n${indent(4, wordWrap(descriptionOf(node) || '<empty>', 76))}\n`;
    const fields = fieldList(n, 1, recursive, new Set());
    if (fields) out += `FIELDS:\n${fields}`;
    return out;
  }
  if (ref && history.has(ref)) return '';
  const next = new Set(history).add(ref);
  const [first, ...rest] = path;
  if (n.properties && Object.hasOwn(n.properties, first)) {
    const sub = v3(n.properties[first]);
    let out = '';
    if (rest.length === 0) out += `FIELD: ${first} <${typeGuess(sub)}>\n${enumText(sub, true, 0)}\n\n`;
    return out + output(sub, rest, recursive, new Set());
  }
  if (n.items) return output(v3(n.items), path, recursive, next);
  if (n.additionalProperties) return output(v3(n.additionalProperties), path, recursive, next);
  if (n.allOf) return output(v3(n.allOf), path, recursive, next);
  return '';
}

/**
 * The explanation of `path` in the kind `def` of `apiVersion`: its header, then its body — or,
 * for a field that does not exist, `missing` (kubectl has printed the header by then).
 */
export function explain(
  def: KindDefinition,
  apiVersion: string,
  path: string[],
  recursive: boolean,
): { header: string; body?: string; missing?: string } {
  const id = kindDefinitionId(apiVersion, def.kind);
  const slash = apiVersion.indexOf('/');
  const group = slash >= 0 ? apiVersion.slice(0, slash) : '';
  const version = slash >= 0 ? apiVersion.slice(slash + 1) : apiVersion;
  if (!id) throw new KubectlError(`couldn't find resource for "${group}/${version}, Resource=${def.plural}"`);
  let header = group ? `GROUP:      ${group}\n` : '';
  header += `KIND:       ${def.kind}\nVERSION:    ${version}\n\n`;
  const body = output({ ref: `#/definitions/${id}` }, path, recursive, new Set());
  if (!body) return { header, missing: path[path.length - 1] };
  return { header, body: `${body}\n` };
}

export function runExplain(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const { flags } = parsed;
  const output = (flags.output as string | undefined) ?? 'plaintext';
  if (output !== 'plaintext' && output !== 'plaintext-openapiv2') throw new KubectlError(`unrecognized format: ${output}`);
  if (parsed.args.length === 0) {
    throw new KubectlError(
      'You must specify the type of resource to explain. Use "kubectl api-resources" for a complete list of supported resources.',
    );
  }
  if (parsed.args.length > 1) {
    throw new KubectlError(`We accept only this format: explain RESOURCE`);
  }
  const segments = parsed.args[0].split('.');
  // The longest prefix that names a resource, as RESOURCE or RESOURCE.GROUP (`deployments.apps`);
  // the rest is the field path.
  let def: KindDefinition | undefined;
  let path: string[] = [];
  for (let i = segments.length; i >= 1 && !def; i--) {
    const [resource, ...group] = segments.slice(0, i);
    const found = env.registry.resolveResource(resource);
    if (found && (group.length === 0 || found.group === group.join('.'))) {
      def = found;
      path = segments.slice(i);
    }
  }
  if (!def) {
    // kubectl's CheckErr prints a resource mapping failure bare, without `error: `.
    io.err(`the server doesn't have a resource type "${segments[0]}"\n`);
    return 1;
  }
  const apiVersion = (flags['api-version'] as string | undefined) || apiVersionOf(def);
  const { header, body, missing } = explain(def, apiVersion, path, !!flags.recursive);
  io.out(header);
  if (missing !== undefined) throw new KubectlError(`field "${missing}" does not exist`);
  io.out(body!);
  return 0;
}

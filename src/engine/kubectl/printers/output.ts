// `-o` output formats shared by get, create, apply and friends.

import type { KObject } from '../../../k8s/types';
import { KubectlError } from '../context';
import { parseCustomColumns, printCustomColumns } from './custom-columns';
import { GoTemplate, GoTemplateExecError, GoTemplateParseError, goTemplateDebugText } from './go-template';
import { compileJsonPath, goQuote, JsonPathExecError, JsonPathParseError } from './jsonpath';
import { toKubectlJson, toKubectlYaml } from './yaml-json';

export type OutputFormat =
  | { kind: 'table'; wide: boolean }
  | { kind: 'name' }
  | { kind: 'yaml' }
  | { kind: 'json' }
  | { kind: 'jsonpath'; template: string }
  | { kind: 'custom-columns'; spec: string }
  | { kind: 'go-template'; template: string; parsed: GoTemplate };

const ALLOWED =
  'custom-columns, custom-columns-file, go-template, go-template-file, json, jsonpath, jsonpath-as-json, jsonpath-file, name, template, templatefile, wide, yaml';

/**
 * Parses `-o`. `readFile` reads a `go-template-file=` (kubectl get passes the manifest reader);
 * `templateFlag` is `--template`, for `-o go-template` without `=`.
 */
export function parseOutputFormat(
  value: string | undefined,
  readFile?: (path: string) => string | undefined,
  templateFlag?: string,
): OutputFormat {
  if (!value) return { kind: 'table', wide: false };
  if (value === 'wide') return { kind: 'table', wide: true };
  if (value === 'name' || value === 'yaml' || value === 'json') return { kind: value };
  const eq = value.indexOf('=');
  const head = eq >= 0 ? value.slice(0, eq) : value;
  const rest = eq >= 0 ? value.slice(eq + 1) : '';
  if (head === 'jsonpath') {
    if (!rest) throw new KubectlError('template format specified but no template given');
    return { kind: 'jsonpath', template: rest };
  }
  if (head === 'go-template' || head === 'template' || head === 'go-template-file' || head === 'templatefile') {
    let template = eq >= 0 ? rest : (templateFlag ?? '');
    if (!template) throw new KubectlError('template format specified but no template given');
    if (head.endsWith('file')) {
      const text = readFile?.(template);
      if (text === undefined) {
        throw new KubectlError(`error reading --template ${template}, open ${template}: no such file or directory\n`);
      }
      template = text;
    }
    try {
      return { kind: 'go-template', template, parsed: GoTemplate.parse(template) };
    } catch (e) {
      if (e instanceof GoTemplateParseError) throw new KubectlError(`error parsing template ${template}, ${e.message}\n`);
      throw e;
    }
  }
  if (head === 'custom-columns') {
    if (!rest) throw new KubectlError('custom-columns format specified but no custom columns given');
    return { kind: 'custom-columns', spec: rest };
  }
  throw new KubectlError(`unable to match a printer suitable for the output format "${value}", allowed formats are: ${ALLOWED}`);
}

/** The `kind: List` wrapper kubectl prints for several objects. */
export function asList(items: KObject[]): Record<string, unknown> {
  return { apiVersion: 'v1', items, kind: 'List', metadata: { resourceVersion: '' } };
}

/** Prints objects in a machine format; `single` prints the object itself instead of a List. */
export function printStructured(format: OutputFormat, items: KObject[], single: boolean, noHeaders = false): string {
  const data = single && items.length === 1 ? items[0] : asList(items);
  switch (format.kind) {
    case 'yaml':
      return toKubectlYaml(data);
    case 'json':
      return toKubectlJson(data);
    case 'jsonpath':
      try {
        return compileJsonPath(format.template).execute(data, { allowMissingKeys: true });
      } catch (e) {
        if (e instanceof JsonPathParseError) throw new KubectlError(e.kubectlMessage);
        throw new KubectlError((e as Error).message);
      }
    case 'go-template':
      try {
        return format.parsed.execute(data);
      } catch (e) {
        if (!(e instanceof GoTemplateExecError)) throw e;
        // kubectl prints what ran and a debugging dump on stdout, then fails.
        const partial = (e as GoTemplateExecError & { partial?: string }).partial ?? '';
        throw new KubectlError(`error executing template ${goQuote(format.template)}: ${e.message}`, undefined, {
          stdout: partial + goTemplateDebugText(format.template, data, e.message),
        });
      }
    case 'custom-columns': {
      const columns = parseCustomColumns(format.spec);
      try {
        return printCustomColumns(columns, items, { noHeaders });
      } catch (e) {
        // The printer's error, as kubectl prints it: `error: array index out of bounds: …`.
        if (e instanceof JsonPathExecError) throw new KubectlError(e.reason);
        throw e;
      }
    }
    default:
      throw new Error(`not a structured format: ${format.kind}`);
  }
}

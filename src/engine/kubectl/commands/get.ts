// kubectl get: tables (with -o wide, -A, --show-labels, -L), -o name|yaml|json|jsonpath|custom-columns,
// several kinds at once (`get pods,nodes`, `get all`) and -w watches that keep printing rows.

import type { KObject } from '../../../k8s/types';
import { ApiError } from '../../api/errors';
import type { KindDefinition } from '../../api/kinds/kind-definition';
import { KubectlError, type KubectlEnv, type KubectlIO } from '../context';
import type { FlagSpec, ParsedArgs } from '../flags';
import { formatApiError } from '../print-error';
import { parseOutputFormat, printStructured } from '../printers/output';
import { parseCustomColumns, printCustomColumns, type CustomColumn } from '../printers/custom-columns';
import { tableHeader, tableRow, type TableOptions } from '../printers/resource-table';
import { formatTable } from '../printers/tabwriter';
import { kindPrefix, listResource, parseResourceArgs, type ResourceRequest } from '../resources';
import { filenameFlags, namespaceFlags, selectorFlags, requestNamespace } from './common-flags';
import { targetOf } from './manifest-target';
import { loadManifests } from '../manifests';
import { sortObjects } from '../printers/sort-by';
import { appendAll } from '../../../k8s/arrays';

export const getFlags: FlagSpec[] = [
  ...namespaceFlags,
  ...selectorFlags,
  { name: 'output', short: 'o', type: 'string' },
  { name: 'watch', short: 'w', type: 'bool' },
  { name: 'watch-only', type: 'bool' },
  { name: 'show-labels', type: 'bool' },
  { name: 'show-kind', type: 'bool' },
  { name: 'no-headers', type: 'bool' },
  { name: 'label-columns', short: 'L', type: 'stringArray', default: [] },
  { name: 'ignore-not-found', type: 'bool' },
  { name: 'chunk-size', type: 'int', default: 500 },
  { name: 'sort-by', type: 'string', default: '' },
  { name: 'template', type: 'string' },
  // Objects keep no managedFields here, so there is nothing for the flag to keep.
  { name: 'show-managed-fields', type: 'bool' },
  ...filenameFlags,
];

const NEED_TYPE = `You must specify the type of resource to get. Use "kubectl api-resources" for a complete list of supported resources.\n\n`;

export function runGet(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const { flags } = parsed;
  const filenames = flags.filename as string[];
  if (parsed.args.length === 0 && filenames.length === 0) {
    io.err(NEED_TYPE);
    throw new KubectlError(
      'Required resource not specified.',
      `Use "kubectl explain <resource>" for a detailed description of that resource (e.g. kubectl explain pods).\nSee 'kubectl get -h' for help and examples`,
    );
  }
  if (filenames.length > 0 && parsed.args.length > 0) {
    throw new KubectlError(`when paths, URLs, or stdin is provided as input, you may not specify resource arguments as well`);
  }
  // -f: the objects the files name, each fetched from its own namespace.
  const fromFiles = loadManifests(filenames, io, env).map((m) => targetOf(m, env, flags.namespace as string | undefined));
  const requests: ResourceRequest[] = filenames.length
    ? fromFiles.reduce<ResourceRequest[]>((acc, t) => {
        const last = acc[acc.length - 1];
        if (last && last.def === t.def) last.names.push(t.object.metadata.name ?? '');
        else acc.push({ def: t.def, names: [t.object.metadata.name ?? ''] });
        return acc;
      }, [])
    : parseResourceArgs(env.registry, parsed.args);
  const namespaces = fromFiles.map((t) => t.namespace);
  const format = parseOutputFormat(
    flags.output as string | undefined,
    (path) => env.readManifest(path),
    flags.template as string | undefined,
  );
  const allNamespaces = !!flags['all-namespaces'];
  const namespace = requestNamespace(parsed);
  const labelSelector = flags.selector as string | undefined;
  const fieldSelector = flags['field-selector'] as string | undefined;
  const watch = !!flags.watch || !!flags['watch-only'];
  if (watch && requests.length > 1) throw new KubectlError('you may only specify a single resource type');
  const single = requests.length === 1 && requests[0].names.length === 1;
  const several = requests.length > 1 || (parsed.args[0] ?? '').split(',').some((t) => t.toLowerCase() === 'all');
  const sortBy = flags['sort-by'] as string;
  const labelColumns = (flags['label-columns'] as string[]).flatMap((l) => l.split(',')).filter(Boolean);
  let failed = false;
  // Errors for single names print after the output, as kubectl's aggregate does.
  const errors: string[] = [];

  const fetched: { request: ResourceRequest; items: KObject[] }[] = [];
  let fileIndex = 0;
  for (const request of requests) {
    const items: KObject[] = [];
    if (request.names.length > 0) {
      for (const name of request.names) {
        const ns = filenames.length ? namespaces[fileIndex++] : namespace;
        try {
          items.push(env.api.get(request.def, ns, name));
        } catch (e) {
          if (!(e instanceof ApiError)) throw e;
          if (e.reason === 'NotFound' && flags['ignore-not-found']) continue;
          errors.push(formatApiError(e));
          failed = true;
        }
      }
    } else {
      appendAll(
        items,
        listResource(env.api, request.def, {
          namespace: allNamespaces ? undefined : namespace,
          labelSelector,
          fieldSelector,
        }),
      );
    }
    fetched.push({ request, items: sortBy ? sortObjects(items, sortBy) : items });
  }

  const total = fetched.reduce((n, f) => n + f.items.length, 0);
  const listing = requests.every((r) => r.names.length === 0);
  if (format.kind === 'table' || format.kind === 'name') {
    if (total === 0 && listing && !flags['watch-only']) {
      if (!flags['ignore-not-found']) io.err(noResourcesMessage(requests, allNamespaces, namespace));
    }
    if (!flags['watch-only']) {
      const blocks: string[] = [];
      for (const { request, items } of fetched) {
        if (items.length === 0) continue;
        if (format.kind === 'name') {
          blocks.push(items.map((o) => `${kindPrefix(request.def)}/${o.metadata.name}\n`).join(''));
          continue;
        }
        const opts = tableOptions(parsed, request.def, env, several, labelColumns, format.wide, allNamespaces);
        const rows = items.map((o) => tableRow(request.def, o, opts));
        if (!flags['no-headers']) rows.unshift(tableHeader(request.def, opts));
        blocks.push(formatTable(rows));
      }
      io.out(blocks.join(format.kind === 'table' ? '\n' : ''));
    }
  } else if (flags['watch-only'] && format.kind === 'custom-columns') {
    // Nothing listed: the header comes with the first watched object.
  } else if (!flags['watch-only'] && (total > 0 || listing)) {
    io.out(
      printStructured(
        format,
        fetched.flatMap((f) => f.items),
        single && !listing,
        !!flags['no-headers'],
      ),
    );
  }

  for (const e of errors) io.err(e);

  if (watch)
    startWatch(
      parsed,
      io,
      env,
      requests[0],
      format.kind === 'table' && format.wide,
      allNamespaces,
      namespace,
      labelColumns,
      !!flags['watch-only'] && !flags['no-headers'],
      format.kind === 'custom-columns' ? parseCustomColumns(format.spec) : undefined,
    );
  return failed ? 1 : 0;
}

function tableOptions(
  parsed: ParsedArgs,
  def: KindDefinition,
  env: KubectlEnv,
  several: boolean,
  labelColumns: string[],
  wide: boolean,
  allNamespaces: boolean,
): TableOptions {
  return {
    wide,
    withNamespace: allNamespaces && def.namespaced,
    showLabels: !!parsed.flags['show-labels'],
    withKind: several || !!parsed.flags['show-kind'],
    labelColumns,
    nowUnixMs: env.clock.nowUnixMs(),
  };
}

function noResourcesMessage(requests: ResourceRequest[], allNamespaces: boolean, namespace: string): string {
  const namespaced = requests.some((r) => r.def.namespaced);
  if (allNamespaces || !namespaced) return 'No resources found\n';
  return `No resources found in ${namespace} namespace.\n`;
}

/** `-w`: after the first listing, print one row per change until interrupted. */
function startWatch(
  parsed: ParsedArgs,
  io: KubectlIO,
  env: KubectlEnv,
  request: ResourceRequest,
  wide: boolean,
  allNamespaces: boolean,
  namespace: string,
  labelColumns: string[],
  printHeaderFirst: boolean,
  customColumns?: CustomColumn[],
): void {
  const def = request.def;
  const selector = parsed.flags.selector ? env.api.parseLabelSelector(parsed.flags.selector as string) : undefined;
  const names = new Set(request.names);
  const outputName = parsed.flags.output === 'name';
  let headerPending = printHeaderFirst;
  const stop = env.api.watch(
    def,
    (event) => {
      const obj = event.object;
      if (names.size && !names.has(obj.metadata.name!)) return;
      if (selector && !selector.matches(obj.metadata.labels)) return;
      // Periodic heartbeats that change nothing a table shows are still printed by kubectl; we
      // print them too, so a watched node shows its status writes.
      if (outputName) {
        io.out(`${kindPrefix(def)}/${obj.metadata.name}\n`);
        return;
      }
      if (customColumns) {
        // The custom-columns printer prints its header once, then a row per event.
        io.out(printCustomColumns(customColumns, [obj], { noHeaders: !headerPending }));
        headerPending = false;
        return;
      }
      const opts = tableOptions(parsed, def, env, false, labelColumns, wide, allNamespaces);
      const rows = [tableRow(def, obj, opts)];
      if (headerPending) {
        rows.unshift(tableHeader(def, opts));
        headerPending = false;
      }
      io.out(formatTable(rows));
    },
    { namespace: def.namespaced && !allNamespaces ? namespace : undefined },
  );
  io.stream(stop);
}

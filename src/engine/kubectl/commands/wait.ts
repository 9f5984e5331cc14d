// kubectl wait --for=condition=C[=value] | delete | create | jsonpath='{…}'=value: blocks,
// advancing the virtual clock, until every named object meets the condition or --timeout passes.

import { parseGoDuration } from '../../../k8s/duration';
import type { KObject } from '../../../k8s/types';
import { KubectlError, type KubectlEnv, type KubectlIO } from '../context';
import type { FlagSpec, ParsedArgs } from '../flags';
import { compileJsonPath } from '../printers/jsonpath';
import { kindPrefix, listResource, parseResourceArgs } from '../resources';
import { requestNamespace } from './common-flags';

export const waitFlags: FlagSpec[] = [
  { name: 'namespace', short: 'n', type: 'string' },
  { name: 'all-namespaces', short: 'A', type: 'bool' },
  { name: 'for', type: 'string' },
  { name: 'timeout', type: 'duration', default: '30s' },
  { name: 'selector', short: 'l', type: 'string' },
  { name: 'field-selector', type: 'string' },
  { name: 'all', type: 'bool' },
  { name: 'filename', short: 'f', type: 'stringArray', default: [] },
];

type Check = (obj: KObject | undefined, uid: string | undefined) => boolean;

function parseFor(value: string | undefined): { check: Check; describe: string } {
  if (!value) throw new KubectlError('--for must be set');
  const lower = value.toLowerCase();
  if (lower === 'delete')
    return { check: (obj, uid) => !obj || (uid !== undefined && obj.metadata.uid !== uid), describe: 'delete' };
  if (lower === 'create') return { check: (obj) => !!obj, describe: 'create' };
  if (lower.startsWith('condition=')) {
    const spec = value.slice('condition='.length);
    const eq = spec.indexOf('=');
    const type = eq >= 0 ? spec.slice(0, eq) : spec;
    const want = eq >= 0 ? spec.slice(eq + 1) : 'true';
    return {
      check: (obj) => {
        const conditions: { type: string; status: string }[] = obj?.status?.conditions ?? [];
        const c = conditions.find((x) => x.type.toLowerCase() === type.toLowerCase());
        return !!c && c.status.toLowerCase() === want.toLowerCase();
      },
      describe: `condition=${type}`,
    };
  }
  if (lower.startsWith('jsonpath=')) {
    const spec = value.slice('jsonpath='.length);
    const close = spec.lastIndexOf('}');
    if (!spec.startsWith('{') || close < 0) throw new KubectlError(`unrecognized condition: "${value}"`);
    const path = compileJsonPath(spec.slice(0, close + 1));
    const rest = spec.slice(close + 1);
    const want = rest.startsWith('=') ? rest.slice(1) : undefined;
    return {
      check: (obj) => {
        if (!obj) return false;
        let got: string;
        try {
          got = path.execute(obj, { allowMissingKeys: false });
        } catch {
          return false;
        }
        return want === undefined ? got !== '' : got === want;
      },
      describe: 'jsonpath',
    };
  }
  throw new KubectlError(`unrecognized condition: "${value}"`);
}

/** What kubectl wait makes of a negative --timeout: 168h. */
const WAIT_FOREVER_MS = 168 * 60 * 60 * 1000;

export function runWait(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const { flags } = parsed;
  const { check } = parseFor(flags.for as string | undefined);
  // As kubectl: 0 checks once, a negative timeout means a week.
  const given = parseGoDuration(flags.timeout as string);
  const timeoutMs = given < 0 ? WAIT_FOREVER_MS : given;
  const namespace = requestNamespace(parsed);
  if (parsed.args.length === 0) throw new KubectlError('resource(s) were provided, but no name was specified');
  const requests = parseResourceArgs(env.registry, parsed.args);
  const targets: {
    prefix: string;
    plural: string;
    def: (typeof requests)[number]['def'];
    namespace?: string;
    name: string;
    uid?: string;
  }[] = [];
  for (const r of requests) {
    const ns = r.def.namespaced ? namespace : undefined;
    if (r.names.length) {
      for (const name of r.names) {
        const obj = env.api.tryGet(r.def, ns, name);
        if (!obj && flags.for !== 'delete' && String(flags.for).toLowerCase() !== 'create') {
          io.err(`Error from server (NotFound): ${r.def.plural} "${name}" not found\n`);
          return 1;
        }
        targets.push({
          prefix: kindPrefix(r.def),
          plural: r.def.plural,
          def: r.def,
          namespace: ns,
          name,
          uid: obj?.metadata.uid,
        });
      }
    } else {
      if (!flags.all && !flags.selector && !flags['field-selector'])
        throw new KubectlError('resource(s) were provided, but no name was specified');
      const items = listResource(env.api, r.def, {
        namespace: flags['all-namespaces'] ? undefined : ns,
        labelSelector: flags.selector as string | undefined,
        fieldSelector: flags['field-selector'] as string | undefined,
      });
      if (items.length === 0) {
        io.err('error: no matching resources found\n');
        return 1;
      }
      for (const o of items) {
        targets.push({
          prefix: kindPrefix(r.def),
          plural: r.def.plural,
          def: r.def,
          namespace: o.metadata.namespace,
          name: o.metadata.name!,
          uid: o.metadata.uid,
        });
      }
    }
  }
  const met = new Set<number>();
  const poll = () => {
    targets.forEach((t, i) => {
      if (met.has(i)) return;
      if (check(env.api.tryGet(t.def, t.namespace, t.name), t.uid)) {
        met.add(i);
        io.out(`${t.prefix}/${t.name} condition met\n`);
      }
    });
    return met.size === targets.length;
  };
  if (env.clock.runUntilCondition(poll, timeoutMs)) return 0;
  const first = targets.find((_, i) => !met.has(i))!;
  io.err(`error: timed out waiting for the condition on ${first.plural}/${first.name}\n`);
  return 1;
}

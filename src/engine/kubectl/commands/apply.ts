// kubectl apply -f: client-side apply. Creates missing objects with the last-applied annotation;
// for existing ones computes what the manifest changes relative to the live object and what it
// dropped relative to the last applied manifest, sends that as one strategic merge patch, and
// prints `created`, `configured` or `unchanged`.

import type { KObject } from '../../../k8s/types';
import { deepEqual } from '../../api/deep';
import { ApiError } from '../../api/errors';
import { KubectlError, type KubectlEnv, type KubectlIO } from '../context';
import type { FlagSpec, ParsedArgs } from '../flags';
import { loadManifests } from '../manifests';
import { formatApiError } from '../print-error';
import { kindPrefix } from '../resources';
import { checkServerSideFlags, runServerSideApply, SERVER_SIDE_FIELD_MANAGER } from './apply-server-side';
import { filenameFlags } from './common-flags';
import { dryRunSuffix, parseDryRun, parseValidate, printWarnings, targetOf } from './manifest-target';

import { changeCause, shouldRecord, warnRecord, withChangeCause } from './record';

export const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

export const applyFlags: FlagSpec[] = [
  ...filenameFlags,
  { name: 'namespace', short: 'n', type: 'string' },
  { name: 'output', short: 'o', type: 'string' },
  { name: 'dry-run', type: 'string', noOptDefault: 'unchanged' },
  { name: 'validate', type: 'string', noOptDefault: 'strict' },
  { name: 'server-side', type: 'bool' },
  { name: 'force-conflicts', type: 'bool' },
  // Unset means kubectl's default: `kubectl-client-side-apply`, or `kubectl` with --server-side.
  { name: 'field-manager', type: 'string' },
  { name: 'force', type: 'bool' },
  { name: 'record', type: 'bool' },
];

export function runApply(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const filenames = parsed.flags.filename as string[];
  if (filenames.length === 0) {
    throw new KubectlError('must specify one of -f and -k', "See 'kubectl apply -h' for help and examples");
  }
  const dryRun = parseDryRun(parsed.flags['dry-run'] === 'unchanged' ? 'client' : parsed.flags['dry-run']);
  const serverSide = parsed.flags['server-side'] === true;
  checkServerSideFlags(serverSide, parsed.flags['force-conflicts'] === true, dryRun, parsed.flags.force === true);
  const fieldValidation = parseValidate(parsed.flags.validate);
  const warnings: string[] = [];
  warnRecord(parsed, io);
  const cause = shouldRecord(parsed) ? changeCause('apply', parsed) : undefined;
  const manifests = loadManifests(filenames, io, env, fieldValidation !== 'Ignore');
  const requested = parsed.flags.namespace as string | undefined;
  const namePrinter = parsed.flags.output === 'name';
  if (serverSide) {
    return runServerSideApply(
      {
        manifests,
        requestedNamespace: requested,
        fieldManager: (parsed.flags['field-manager'] as string | undefined) ?? SERVER_SIDE_FIELD_MANAGER,
        force: parsed.flags['force-conflicts'] === true,
        dryRun,
        fieldValidation,
        namePrinter,
        withCause: (object) => (cause === undefined ? object : withChangeCause(object, cause)),
      },
      io,
      env,
    );
  }
  let failed = false;
  for (const m of manifests) {
    const target = targetOf(m, env, requested);
    const { def, namespace, object, source } = target;
    const name = object.metadata.name;
    if (!name) {
      throw new KubectlError(
        `error when retrieving current configuration of:\nResource: "${def.group}/${def.version}, Resource=${def.plural}", GroupVersionKind: "${def.group}/${def.version}, Kind=${def.kind}"\nName: "", Namespace: "${namespace ?? ''}"\nfrom server for: "${source}": resource name may not be empty`,
      );
    }
    const ref = `${kindPrefix(def)}/${name}`;
    try {
      // --record (deprecated): the change cause rides along, outside last-applied.
      const desired = cause === undefined ? withLastApplied(object) : withChangeCause(withLastApplied(object), cause);
      const live = env.api.tryGet(def, namespace, name);
      let verb: string;
      if (!live) {
        try {
          env.api.create(desired, { namespace, dryRun: dryRun !== 'none', fieldValidation, warnings });
        } finally {
          printWarnings(warnings, io);
        }
        verb = 'created';
      } else {
        // An object made imperatively (create, run, expose) has no last-applied copy to diff
        // against: kubectl warns, then patches the annotation in along with the change.
        if (live.metadata.annotations?.[LAST_APPLIED] === undefined) {
          const resource = def.group ? `${def.plural}.${def.group}` : def.plural;
          io.err(
            `Warning: resource ${resource}/${name} is missing the ${LAST_APPLIED} annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.\n`,
          );
        }
        // A manifest in another served version (autoscaling/v1 for an HPA stored as v2) is compared
        // in the stored version, as the API server converts it; so is its last-applied copy.
        const stored = (o: Record<string, unknown>) => {
          const convert = typeof o.apiVersion === 'string' ? def.otherVersions?.[o.apiVersion] : undefined;
          return convert ? convert(o as KObject) : o;
        };
        const patch = threeWayPatch(stored(lastApplied(live)), stored(desired), live);
        if (patch === undefined) verb = 'unchanged';
        else {
          try {
            if (dryRun !== 'client') {
              env.api.patch(def, namespace, name, 'strategic', patch, { dryRun: dryRun === 'server', fieldValidation, warnings });
            }
            printWarnings(warnings, io);
          } catch (e) {
            printWarnings(warnings, io);
            if (!(e instanceof ApiError)) throw e;
            failed = true;
            io.err(formatApiError(patchFailure(e, patch, def, name, namespace, source)));
            continue;
          }
          verb = 'configured';
        }
      }
      io.out(namePrinter ? `${ref}\n` : `${ref} ${verb}${dryRunSuffix(dryRun)}\n`);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      failed = true;
      io.err(formatApiError(withSource(e, source, 'creating')));
    }
  }
  return failed ? 1 : 0;
}

/** How kubectl apply reports a refused patch: the patch, the target, then the server's message. */
function patchFailure(
  e: ApiError,
  patch: unknown,
  def: { group: string; version: string; plural: string; kind: string },
  name: string,
  namespace: string | undefined,
  source: string,
): ApiError {
  if (e.reason === 'Invalid') return e;
  const gv = `${def.group}/${def.version}`;
  const message =
    `error when applying patch:\n${JSON.stringify(sortKeys(patch))}\n\nto:\n` +
    `Resource: "${gv}, Resource=${def.plural}", GroupVersionKind: "${gv}, Kind=${def.kind}"\n` +
    `Name: "${name}", Namespace: "${namespace ?? ''}"\n` +
    `for: "${source}": error when patching "${source}": ${e.status.message}`;
  return new ApiError({ ...e.status, message });
}

/** kubectl's AddSourceToErr: `error when creating "pod.yaml": <message>`. */
export function withSource(e: ApiError, source: string, action: string): ApiError {
  if (e.reason === 'Invalid') return e;
  return new ApiError({ ...e.status, message: `error when ${action} "${source}": ${e.status.message}` });
}

function withLastApplied(object: KObject): KObject {
  const annotations = { ...object.metadata.annotations };
  delete annotations[LAST_APPLIED];
  // kubectl's GetModifiedConfiguration serializes the object with its annotations minus this
  // one, an empty map included (`"annotations":{}`).
  const forAnnotation = { ...object, metadata: { ...object.metadata, annotations: { ...annotations } } };
  annotations[LAST_APPLIED] = `${JSON.stringify(sortKeys(forAnnotation))}\n`;
  return { ...object, metadata: { ...object.metadata, annotations } };
}

function lastApplied(live: KObject): Record<string, unknown> {
  const text = live.metadata.annotations?.[LAST_APPLIED];
  if (!text) return {};
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[k];
    if (v !== undefined) out[k] = sortKeys(v);
  }
  return out;
}

type Json = Record<string, unknown>;

function isMap(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Whether every field the manifest sets already has that value in the live object. */
function specifiedSubset(desired: unknown, live: unknown): boolean {
  if (isMap(desired)) {
    if (!isMap(live)) return false;
    return Object.keys(desired).every((k) => desired[k] === undefined || specifiedSubset(desired[k], live[k]));
  }
  if (Array.isArray(desired)) {
    if (!Array.isArray(live) || live.length !== desired.length) return false;
    return desired.every((d, i) => specifiedSubset(d, live[i]));
  }
  return deepEqual(desired, live);
}

/**
 * The patch from `original` (last applied) and `desired` (this manifest) against `live`: fields
 * the manifest changes, and fields it no longer sets that the last apply did (set to null).
 * Lists the manifest changes are sent whole (the strategic merge then merges them by key).
 */
export function threeWayPatch(original: unknown, desired: unknown, live: unknown): Json | undefined {
  if (!isMap(desired)) return undefined;
  const patch: Json = {};
  const originalMap = isMap(original) ? original : {};
  const liveMap = isMap(live) ? live : {};
  for (const key of Object.keys(desired)) {
    const d = desired[key];
    if (d === undefined) continue;
    if (isMap(d) && isMap(liveMap[key])) {
      const sub = threeWayPatch(originalMap[key], d, liveMap[key]);
      if (sub) patch[key] = sub;
    } else if (!specifiedSubset(d, liveMap[key])) {
      patch[key] = d;
    }
  }
  for (const key of Object.keys(originalMap)) {
    if (desired[key] === undefined && liveMap[key] !== undefined) patch[key] = null;
  }
  return Object.keys(patch).length ? patch : undefined;
}

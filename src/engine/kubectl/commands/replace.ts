// kubectl replace -f FILE [--force] (kubectl pkg/cmd/replace): a PUT of each object as the file
// has it (the live resourceVersion is filled in when the file has none, as the client's
// Replace helper does), printed `<kind>/<name> replaced`. With --force the objects are deleted
// (gracefully, unless --grace-period says otherwise), kubectl polls every second until each is
// gone (5 min by default, --timeout), then creates them again.

import { parseGoDuration } from '../../../k8s/duration';
import type { KObject } from '../../../k8s/types';
import type { DeleteOptions } from '../../api/apiserver';
import { ApiError } from '../../api/errors';
import { KubectlError, type KubectlEnv, type KubectlIO } from '../context';
import type { FlagSpec, ParsedArgs } from '../flags';
import { loadManifests } from '../manifests';
import { formatApiError } from '../print-error';
import { parseOutputFormat, printStructured } from '../printers/output';
import { kindPrefix } from '../resources';
import { withSource } from './apply';
import { filenameFlags } from './common-flags';
import { parseCascade } from './delete';
import { dryRunSuffix, parseDryRun, parseValidate, printWarnings, targetOf, type ManifestTarget } from './manifest-target';
import { changeCause, recordFlag, shouldRecord, warnRecord, withChangeCause } from './record';

export const replaceFlags: FlagSpec[] = [
  ...filenameFlags,
  { name: 'namespace', short: 'n', type: 'string' },
  { name: 'output', short: 'o', type: 'string' },
  { name: 'dry-run', type: 'string', default: 'none', noOptDefault: 'unchanged' },
  { name: 'validate', type: 'string', noOptDefault: 'strict' },
  { name: 'force', type: 'bool' },
  { name: 'grace-period', type: 'int', default: -1 },
  { name: 'cascade', type: 'string', default: 'background', noOptDefault: 'background' },
  { name: 'timeout', type: 'duration', default: '0s' },
  { name: 'wait', type: 'bool' },
  { name: 'save-config', type: 'bool' },
  { name: 'field-manager', type: 'string', default: 'kubectl-replace' },
  { name: 'show-managed-fields', type: 'bool' },
  recordFlag,
];

/** forceReplace's default wait for the deleted objects to disappear. */
const FORCE_TIMEOUT_MS = 5 * 60_000;

export function runReplace(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const { flags } = parsed;
  const filenames = flags.filename as string[];
  if (filenames.length === 0) {
    throw new KubectlError('must specify one of -f and -k', "See 'kubectl replace -h' for help and examples");
  }
  const force = !!flags.force;
  let grace = flags['grace-period'] as number;
  // Complete: --grace-period=0 becomes 1 (data-loss guard). Validate: both need --force.
  if (grace === 0) grace = 1;
  if (grace >= 0 && !force) throw new KubectlError('--grace-period must have --force specified');
  const timeoutMs = parseGoDuration(flags.timeout as string);
  if (timeoutMs !== 0 && !force) throw new KubectlError('--timeout must have --force specified');
  const dryRun = parseDryRun(flags['dry-run'] === 'unchanged' ? 'client' : flags['dry-run']);
  const format = flags.output ? parseOutputFormat(flags.output as string) : undefined;
  const fieldValidation = parseValidate(flags.validate);
  warnRecord(parsed, io);
  const cause = shouldRecord(parsed) ? changeCause('replace', parsed) : undefined;
  const targets = loadManifests(filenames, io, env, fieldValidation !== 'Ignore').map((m) =>
    targetOf(m, env, flags.namespace as string | undefined),
  );
  const print = (t: ManifestTarget, obj: KObject) => {
    const ref = `${kindPrefix(t.def)}/${obj.metadata.name}`;
    if (!format || format.kind === 'table') io.out(`${ref} replaced${dryRunSuffix(dryRun)}\n`);
    else if (format.kind === 'name') io.out(`${ref}\n`);
    else io.out(printStructured(format, [obj], true));
  };
  const desired = (t: ManifestTarget) => (cause === undefined ? t.object : withChangeCause(t.object, cause));

  if (force) {
    if (!deleteAndWait(targets, grace, parseCascade(flags.cascade as string), timeoutMs || FORCE_TIMEOUT_MS, io, env)) return 1;
    let count = 0;
    for (const t of targets) {
      const warnings: string[] = [];
      try {
        const created = env.api.create(desired(t), { namespace: t.namespace, fieldValidation, warnings });
        printWarnings(warnings, io);
        count++;
        print(t, created);
      } catch (e) {
        printWarnings(warnings, io);
        if (!(e instanceof ApiError)) throw e;
        io.err(formatApiError(e));
        return 1;
      }
    }
    if (count === 0) throw new KubectlError('no objects passed to replace');
    return 0;
  }

  let failed = false;
  for (const t of targets) {
    const warnings: string[] = [];
    try {
      if (dryRun === 'client') {
        print(t, desired(t));
        continue;
      }
      let body = desired(t);
      // Helper.Replace(overwrite=true): without a resourceVersion, the live one is used.
      if (!body.metadata.resourceVersion) {
        const live = env.api.get(t.def, t.namespace, body.metadata.name ?? '');
        body = { ...body, metadata: { ...body.metadata, resourceVersion: live.metadata.resourceVersion } };
      }
      const replaced = env.api.update(body, { dryRun: dryRun === 'server', fieldValidation, warnings });
      printWarnings(warnings, io);
      print(t, replaced);
    } catch (e) {
      printWarnings(warnings, io);
      if (!(e instanceof ApiError)) throw e;
      failed = true;
      io.err(formatApiError(withSource(e, t.source, 'replacing')));
    }
  }
  return failed ? 1 : 0;
}

/**
 * The delete half of --force: DeleteResult (NotFound ignored, since replace creates what is
 * missing), then a poll every second until each object is gone.
 */
function deleteAndWait(
  targets: ManifestTarget[],
  grace: number,
  propagationPolicy: DeleteOptions['propagationPolicy'],
  timeoutMs: number,
  io: KubectlIO,
  env: KubectlEnv,
): boolean {
  const options: DeleteOptions = { propagationPolicy };
  if (grace >= 0) options.gracePeriodSeconds = grace;
  let found = 0;
  for (const t of targets) {
    const name = t.object.metadata.name ?? '';
    try {
      env.api.delete(t.def, t.namespace, name, options);
      found++;
      // DeleteOptions.PrintObj, as `kubectl delete` prints it.
      const where = t.def.namespaced ? ` from ${t.namespace} namespace` : '';
      io.out(`${kindPrefix(t.def)} "${name}" ${grace === 0 ? 'force deleted' : 'deleted'}${where}\n`);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      if (e.reason === 'NotFound') continue;
      io.err(formatApiError(withSource(e, t.source, 'deleting')));
      return false;
    }
  }
  if (found === 0) io.out('No resources found\n');
  const deadline = env.clock.now() + timeoutMs;
  for (const t of targets) {
    const gone = () => !env.api.tryGet(t.def, t.namespace, t.object.metadata.name ?? '');
    // PollImmediate: checked now, then once a second.
    while (!gone()) {
      if (env.clock.now() + 1000 > deadline) {
        io.err('error: timed out waiting for the condition\n');
        return false;
      }
      env.clock.advance(1000);
    }
  }
  return true;
}

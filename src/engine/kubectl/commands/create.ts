// kubectl create -f: creates every object of the manifests; AlreadyExists is an error.

import { ApiError } from '../../api/errors';
import { KubectlError, type KubectlEnv, type KubectlIO } from '../context';
import type { FlagSpec, ParsedArgs } from '../flags';
import { loadManifests } from '../manifests';
import { formatApiError } from '../print-error';
import { parseOutputFormat, printStructured } from '../printers/output';
import { kindPrefix } from '../resources';
import { withSource } from './apply';
import { filenameFlags } from './common-flags';
import { dryRunSuffix, parseDryRun, parseValidate, printWarnings, targetOf } from './manifest-target';

export const createFlags: FlagSpec[] = [
  ...filenameFlags,
  { name: 'namespace', short: 'n', type: 'string' },
  { name: 'output', short: 'o', type: 'string' },
  { name: 'dry-run', type: 'string', noOptDefault: 'unchanged' },
  { name: 'validate', type: 'string', noOptDefault: 'strict' },
  { name: 'save-config', type: 'bool' },
];

export function runCreate(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const filenames = parsed.flags.filename as string[];
  if (filenames.length === 0) {
    throw new KubectlError('must specify one of -f and -k', "See 'kubectl create -h' for help and examples");
  }
  const dryRun = parseDryRun(parsed.flags['dry-run'] === 'unchanged' ? 'client' : parsed.flags['dry-run']);
  const format = parsed.flags.output ? parseOutputFormat(parsed.flags.output as string) : undefined;
  const fieldValidation = parseValidate(parsed.flags.validate);
  const warnings: string[] = [];
  const manifests = loadManifests(filenames, io, env, fieldValidation !== 'Ignore');
  let failed = false;
  for (const m of manifests) {
    const { def, namespace, object, source } = targetOf(m, env, parsed.flags.namespace as string | undefined);
    try {
      let created;
      try {
        created = env.api.create(object, { namespace, dryRun: dryRun !== 'none', fieldValidation, warnings });
      } finally {
        printWarnings(warnings, io);
      }
      const ref = `${kindPrefix(def)}/${created.metadata.name}`;
      if (!format) io.out(`${ref} created${dryRunSuffix(dryRun)}\n`);
      else if (format.kind === 'name') io.out(`${ref}\n`);
      else if (format.kind === 'table') io.out(`${ref} created${dryRunSuffix(dryRun)}\n`);
      else io.out(printStructured(format, [created], true));
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      failed = true;
      io.err(formatApiError(withSource(e, source, 'creating')));
    }
  }
  return failed ? 1 : 0;
}

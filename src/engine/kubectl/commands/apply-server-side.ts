// kubectl apply --server-side: each manifest object is sent whole as an apply patch under the
// field manager (`kubectl` unless --field-manager names another); the server merges it and records
// the manager's fields. Prints `serverside-applied`; a conflict with other managers gets kubectl's
// advice appended.

import type { KObject } from '../../../k8s/types';
import { ApiError } from '../../api/errors';
import { KubectlError, type KubectlEnv, type KubectlIO } from '../context';
import type { ManifestObject } from '../manifests';
import { formatApiError } from '../print-error';
import { kindPrefix } from '../resources';
import { dryRunSuffix, printWarnings, targetOf, type DryRun } from './manifest-target';
import type { FieldValidation } from '../../api/decoding/decode';

/** The manager kubectl's server-side apply uses when --field-manager is not given. */
export const SERVER_SIDE_FIELD_MANAGER = 'kubectl';

export interface ServerSideApplyRun {
  manifests: ManifestObject[];
  requestedNamespace: string | undefined;
  fieldManager: string;
  force: boolean;
  dryRun: DryRun;
  fieldValidation: FieldValidation;
  namePrinter: boolean;
  /** --record's change cause, added to each object. */
  withCause: (object: KObject) => KObject;
}

const CONFLICT_ADVICE = `Please review the fields above--they currently have other managers. Here
are the ways you can resolve this warning:
* If you intend to manage all of these fields, please re-run the apply
  command with the \`--force-conflicts\` flag.
* If you do not intend to manage all of the fields, please edit your
  manifest to remove references to the fields that should keep their
  current managers.
* You may co-own fields by updating your manifest to match the existing
  value; in this case, you'll become the manager if the other manager(s)
  stop managing the field (remove it from their configuration).
See https://kubernetes.io/docs/reference/using-api/server-side-apply/#conflicts`;

/** kubectl apply's checks of --server-side against the other flags, in its order. */
export function checkServerSideFlags(serverSide: boolean, forceConflicts: boolean, dryRun: DryRun, force: boolean): void {
  if (forceConflicts && !serverSide) throw new KubectlError('--force-conflicts only works with --server-side');
  if (dryRun === 'client' && serverSide) {
    throw new KubectlError("--dry-run=client doesn't work with --server-side (did you mean --dry-run=server instead?)");
  }
  if (serverSide && force) throw new KubectlError('--force cannot be used with --server-side');
}

export function runServerSideApply(run: ServerSideApplyRun, io: KubectlIO, env: KubectlEnv): number {
  let failed = false;
  const warnings: string[] = [];
  for (const m of run.manifests) {
    const { def, namespace, object } = targetOf(m, env, run.requestedNamespace);
    const name = object.metadata.name ?? '';
    try {
      env.api.apply(def, namespace, name, run.withCause(object), {
        fieldManager: run.fieldManager,
        force: run.force,
        dryRun: run.dryRun === 'server',
        fieldValidation: run.fieldValidation,
        warnings,
      });
    } catch (e) {
      printWarnings(warnings, io);
      if (!(e instanceof ApiError)) throw e;
      failed = true;
      // kubectl wraps a conflict in a plain error (its advice appended), so it prints as `error:`.
      io.err(e.status.code === 409 ? `error: ${e.status.message}\n${CONFLICT_ADVICE}\n` : formatApiError(e));
      continue;
    }
    printWarnings(warnings, io);
    const ref = `${kindPrefix(def)}/${name}`;
    io.out(run.namePrinter ? `${ref}\n` : `${ref} serverside-applied${dryRunSuffix(run.dryRun)}\n`);
  }
  return failed ? 1 : 0;
}

// Where a manifest object goes: its kind and namespace, checked the way kubectl's resource
// builder checks them before any request is sent.

import type { KObject } from '../../../k8s/types';
import type { FieldValidation } from '../../api/decoding/decode';
import type { KindDefinition } from '../../api/kinds/kind-definition';
import { KubectlError, type KubectlEnv, type KubectlIO } from '../context';
import type { ManifestObject } from '../manifests';

export interface ManifestTarget {
  def: KindDefinition;
  namespace: string | undefined;
  object: KObject;
  source: string;
}

export function targetOf(m: ManifestObject, env: KubectlEnv, requestedNamespace: string | undefined): ManifestTarget {
  const { object, source } = m;
  const def = env.registry.forObject(object.apiVersion, object.kind);
  if (!def) {
    throw new KubectlError(
      `resource mapping not found for name: "${object.metadata.name ?? ''}" namespace: "${object.metadata.namespace ?? ''}" from "${source}": no matches for kind "${object.kind}" in version "${object.apiVersion ?? ''}"`,
      'ensure CRDs are installed first',
    );
  }
  if (!def.namespaced) return { def, namespace: undefined, object, source };
  const own = object.metadata.namespace;
  if (own && requestedNamespace && own !== requestedNamespace) {
    throw new KubectlError(
      `the namespace from the provided object "${own}" does not match the namespace "${requestedNamespace}". You must pass '--namespace=${own}' to perform this operation.`,
    );
  }
  const namespace = own || requestedNamespace || 'default';
  return { def, namespace, object: { ...object, metadata: { ...object.metadata, namespace } }, source };
}

export type DryRun = 'none' | 'client' | 'server';

export function parseDryRun(value: unknown): DryRun {
  if (value === undefined || value === false || value === 'none' || value === 'false') return 'none';
  if (value === true || value === 'client' || value === 'true') return 'client';
  if (value === 'server') return 'server';
  throw new KubectlError(`Invalid dry-run value (${String(value)}). Must be "none", "server", or "client".`);
}

export function dryRunSuffix(dryRun: DryRun): string {
  return dryRun === 'client' ? ' (dry run)' : dryRun === 'server' ? ' (server dry run)' : '';
}

/**
 * `--validate`: the `fieldValidation` kubectl sends with each write (strict is the default;
 * `true` / `false` are the old spellings of strict / ignore).
 */
export function parseValidate(value: unknown): FieldValidation {
  if (value === undefined || value === true || value === 'strict' || value === 'true') return 'Strict';
  if (value === 'warn') return 'Warn';
  if (value === false || value === 'ignore' || value === 'false') return 'Ignore';
  throw new KubectlError(
    `invalid - validate option "${String(value)}"; must be one of: strict (or true), warn, ignore (or false)`,
  );
}

/** The server's warnings of one request, as kubectl prints them (standard error, before the result). */
export function printWarnings(warnings: string[], io: KubectlIO): void {
  for (const w of warnings.splice(0)) io.err(`Warning: ${w}\n`);
}

// The deprecated `--record` flag (kubectl pkg/cmd/util RecordFlags): writes the command line into
// the `kubernetes.io/change-cause` annotation of what the command changes. Like kubectl, using it
// prints pflag's deprecation notice first.

import type { KObject } from '../../../k8s/types';
import type { KubectlIO } from '../context';
import type { FlagSpec, ParsedArgs } from '../flags';

export const CHANGE_CAUSE_ANNOTATION = 'kubernetes.io/change-cause';

export const recordFlag: FlagSpec = { name: 'record', type: 'bool' };

export const RECORD_DEPRECATION = 'Flag --record has been deprecated, --record will be removed in the future\n';

/** Prints the deprecation notice when --record was given (pflag prints it while parsing). */
export function warnRecord(parsed: ParsedArgs, io: KubectlIO): void {
  if (parsed.changed.has('record')) io.err(RECORD_DEPRECATION);
}

/** Whether the change cause should be recorded (--record=true). */
export function shouldRecord(parsed: ParsedArgs): boolean {
  return parsed.flags.record === true;
}

/**
 * parseCommandArguments: `kubectl <command path and arguments> --flag=value …`, the flags in the
 * order given, each with the value it was given.
 */
export function changeCause(commandPath: string, parsed: ParsedArgs): string {
  const args = parsed.args.length > 0 ? ` ${parsed.args.join(' ')}` : '';
  let flags = '';
  for (const name of parsed.changed) {
    const v = parsed.flags[name];
    if (Array.isArray(v)) for (const item of v) flags += ` --${name}=${item}`;
    else flags += ` --${name}=${String(v)}`;
  }
  return `kubectl ${commandPath}${args}${flags}`;
}

/** The object with the change-cause annotation set. */
export function withChangeCause(obj: KObject, cause: string): KObject {
  return {
    ...obj,
    metadata: { ...obj.metadata, annotations: { ...(obj.metadata.annotations ?? {}), [CHANGE_CAUSE_ANNOTATION]: cause } },
  };
}

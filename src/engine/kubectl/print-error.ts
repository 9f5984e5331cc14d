// How kubectl prints a failed request (cmdutil.CheckErr / StandardErrorMessage).

import { ApiError } from '../api/errors';
import { KubectlError } from './context';
import { FlagError } from './flags';

export function formatError(e: unknown, command?: string): string {
  if (e instanceof ApiError) return formatApiError(e);
  if (e instanceof FlagError) {
    // cobra reports flag errors with a capital `Error:` (kubectl's own errors use `error:`).
    return `Error: ${e.message}\nSee 'kubectl ${command ?? ''} --help' for usage.\n`.replace('kubectl  --help', 'kubectl --help');
  }
  // CheckErr adds the newline only when the message lacks one.
  if (e instanceof KubectlError)
    return `error: ${e.message.endsWith('\n') ? e.message : `${e.message}\n`}${e.hint ? e.hint + '\n' : ''}`;
  if (e instanceof Error) return `error: ${e.message}\n`;
  return `error: ${String(e)}\n`;
}

export function formatApiError(e: ApiError): string {
  const status = e.status;
  if (status.reason === 'Invalid') {
    const details = status.details;
    let prefix = 'The request is invalid';
    const causes = details?.causes ?? [];
    if (details?.kind || details?.name) prefix = `The ${details.kind ?? ''} "${details.name ?? ''}" is invalid`;
    // checkErr adds the server's message only when nothing else says what was wrong.
    else if (status.message && causes.length === 0) prefix += `: ${status.message}`;
    if (causes.length === 0) return `${prefix}\n`;
    const lines = causes.map((c) => (c.field ? `${c.field}: ${c.message}` : c.message));
    if (lines.length === 1) return `${prefix}: ${lines[0]}\n`;
    return `${prefix}: \n* ${lines.join('\n* ')}\n`;
  }
  // StandardErrorMessage: a Status without a reason is printed without one.
  if (!status.reason) return `Error from server: ${status.message}\n`;
  return `Error from server (${status.reason}): ${status.message}\n`;
}

/**
 * `kubectl create deployment` and `create job` wrap the server's error as plain text
 * (`fmt.Errorf("failed to create deployment: %v", err)` in create_deployment.go / create_job.go),
 * so CheckErr prints `error: failed to create <what>: <the Status message>` — no
 * `Error from server (Reason):`, and an Invalid error as its one-line message.
 */
export function formatFailedToCreate(what: string, e: ApiError): string {
  return `error: failed to create ${what}: ${e.status.message}\n`;
}

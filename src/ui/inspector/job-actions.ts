// A Job's inspector actions: its pods' output (`kubectl logs job/NAME`, the pi digits), suspend or
// resume it (a merge patch of spec.suspend), and delete it with a chosen cascade.

import type { KObject } from '../../k8s/types';
import { deleteWithCascade, type ActionSpec } from './actions';

export function jobActions(job: KObject): ActionSpec[] {
  const name = job.metadata.name ?? '';
  const where = `-n ${job.metadata.namespace ?? 'default'}`;
  const suspended = job.spec?.suspend === true;
  const patch = (suspend: boolean) => `kubectl patch job ${name} ${where} --type=merge -p '{"spec":{"suspend":${suspend}}}'`;
  return [
    { id: 'logs', label: 'Logs', line: `kubectl logs job/${name} ${where}`, hint: "The output of one of the Job's pods" },
    suspended
      ? { id: 'resume', label: 'Resume', line: patch(false), hint: 'Create its pods again; startTime restarts' }
      : { id: 'suspend', label: 'Suspend', line: patch(true), hint: 'Delete its active pods until resumed' },
    deleteWithCascade(`job/${name}`, where, 'pods'),
  ];
}

// `kubectl create deployment` and `create job` wrap the server's refusal in their own text
// (create_deployment.go / create_job.go: `failed to create deployment: %v`), unlike the generic
// `kubectl create -f`, which prints `Error from server (Reason): …`.

import { describe, expect, it } from 'vitest';
import { runScript } from '../../script/runner';

const transcript = (script: string) => runScript(script).transcript;

describe('create deployment / create job server errors', () => {
  it('prints them as `error: failed to create <what>: <message>`', () => {
    expect(
      transcript(
        [
          'kubectl create deployment web --image=nginx',
          'kubectl create deployment web --image=nginx',
          'kubectl create deployment bad --image=nginx --replicas=-1',
          'kubectl create job pi --image=perl',
          'kubectl create job pi --image=perl',
          'kubectl create job x --from=cronjob/nope',
        ].join('\n'),
      ),
    ).toBe(
      [
        '$ kubectl create deployment web --image=nginx',
        'deployment.apps/web created',
        '$ kubectl create deployment web --image=nginx',
        'error: failed to create deployment: deployments.apps "web" already exists',
        '$ kubectl create deployment bad --image=nginx --replicas=-1',
        'error: failed to create deployment: Deployment.apps "bad" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0',
        '$ kubectl create job pi --image=perl',
        'job.batch/pi created',
        '$ kubectl create job pi --image=perl',
        'error: failed to create job: jobs.batch "pi" already exists',
        // The lookup of --from is not wrapped: the builder's error is returned as it is.
        '$ kubectl create job x --from=cronjob/nope',
        'Error from server (NotFound): cronjobs.batch "nope" not found',
        '',
      ].join('\n'),
    );
  });
});

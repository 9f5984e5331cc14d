// authorization.k8s.io/v1 self reviews, which kubectl auth can-i, k9s and Headlamp ask before
// they offer an action. The server has no authentication and no authorization: every request is
// allowed, and the reviews say so.

import type { ServerResponse } from 'node:http';
import { errors } from '../engine/api/errors';
import { parseJsonBody, sendJson } from './http';
import { objectBody } from './resources';
import { AUTHORIZATION_REVIEWS } from '../engine/api/kinds/non-stored-groups';
import type { SideGroup } from './side-group';

const REASON = 'kubeplay serve has no authorization: every request is allowed';

export const authorizationGroup: SideGroup = {
  served: AUTHORIZATION_REVIEWS,
  handle: (_ctx, req, res, rest, _query, body) => {
    if (rest.length !== 1) throw errors.resourceNotFound();
    review(res, req.method ?? 'GET', rest[0], body);
  },
};

/** POST /apis/authorization.k8s.io/v1/<review>: the review back with its status filled in. */
function review(res: ServerResponse, method: string, resource: string, body: string): void {
  const entry = AUTHORIZATION_REVIEWS.resources.find((r) => r.name === resource);
  if (!entry) throw errors.resourceNotFound();
  if (method !== 'POST')
    throw errors.methodNotAllowed(`the server does not allow this method on the requested resource (${method})`);
  const review = objectBody(parseJsonBody(body));
  const status =
    entry.kind === 'SelfSubjectAccessReview'
      ? { allowed: true, reason: REASON }
      : {
          resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }],
          nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }],
          incomplete: false,
        };
  sendJson(res, 201, {
    kind: entry.kind,
    apiVersion: `${AUTHORIZATION_REVIEWS.group}/${AUTHORIZATION_REVIEWS.version}`,
    metadata: { creationTimestamp: null },
    spec: review.spec ?? {},
    status,
  });
}

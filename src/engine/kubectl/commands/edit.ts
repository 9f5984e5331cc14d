// kubectl edit (TYPE NAME | TYPE/NAME | -f FILE): finds the objects as kubectl does (the same
// argument checks and NotFound errors), then hands them to the terminal's editor. In the UI
// that is the Manifests editor, loaded with the live object: Apply there sends the change back
// (kubectl's editor round trip). The CLI has no editor to open — kubectl would start
// $KUBE_EDITOR, $EDITOR or vi — so it says so and names the commands that change objects here.

import type { KObject } from '../../../k8s/types';
import { ApiError } from '../../api/errors';
import { KubectlError, type KubectlEnv, type KubectlIO } from '../context';
import type { FlagSpec, ParsedArgs } from '../flags';
import { loadManifests } from '../manifests';
import { formatApiError } from '../print-error';
import { kindPrefix, listResource, parseResourceArgs } from '../resources';
import { filenameFlags, requestNamespace } from './common-flags';
import { targetOf } from './manifest-target';

export const editFlags: FlagSpec[] = [
  ...filenameFlags,
  { name: 'namespace', short: 'n', type: 'string' },
  { name: 'selector', short: 'l', type: 'string' },
  { name: 'output', short: 'o', type: 'string' },
  { name: 'output-patch', type: 'bool' },
  { name: 'save-config', type: 'bool' },
  { name: 'validate', type: 'string', noOptDefault: 'strict' },
  { name: 'windows-line-endings', type: 'bool' },
  { name: 'field-manager', type: 'string', default: 'kubectl-edit' },
  { name: 'subresource', type: 'string', default: '' },
  { name: 'allow-missing-template-keys', type: 'bool', default: true },
  { name: 'show-managed-fields', type: 'bool' },
  { name: 'template', type: 'string' },
];

const NO_RESOURCES = `You must provide one or more resources by argument or filename.
Example resource specifications include:
   '-f rsrc.yaml'
   '--filename=rsrc.json'
   '<resource> <name>'
   '<resource>'`;

export function runEdit(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const filenames = parsed.flags.filename as string[];
  if (parsed.args.length === 0 && filenames.length === 0) throw new KubectlError(NO_RESOURCES);
  const namespace = requestNamespace(parsed);
  const objects: KObject[] = [];
  let failed = false;
  const fetch = (get: () => KObject) => {
    try {
      objects.push(get());
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      io.err(formatApiError(e));
      failed = true;
    }
  };
  for (const m of loadManifests(filenames, io, env)) {
    const t = targetOf(m, env, parsed.flags.namespace as string | undefined);
    fetch(() => env.api.get(t.def, t.namespace, t.object.metadata.name ?? ''));
  }
  for (const request of parseResourceArgs(env.registry, parsed.args)) {
    const ns = request.def.namespaced ? namespace : undefined;
    if (request.names.length === 0) {
      objects.push(
        ...listResource(env.api, request.def, { namespace: ns, labelSelector: parsed.flags.selector as string | undefined }),
      );
    }
    for (const name of request.names) fetch(() => env.api.get(request.def, ns, name));
  }
  if (objects.length === 0) return failed ? 1 : 0;
  const refs = objects.map((o) => `${kindPrefix(env.registry.forObject(o.apiVersion, o.kind)!)}/${o.metadata.name}`);
  if (!io.openEditor) {
    io.err(
      `error: kubectl edit opens ${refs.join(', ')} in a text editor ($KUBE_EDITOR, $EDITOR, else vi), and this terminal has none.\n` +
        'Change objects here with kubectl apply -f FILE, kubectl patch, kubectl set image|resources, kubectl scale or kubectl label|annotate;\n' +
        "in the playground's page, kubectl edit opens the object in the Manifests editor.\n",
    );
    return 1;
  }
  io.openEditor(objects.slice(0, 1));
  io.out(
    `${refs[0]} opened in the Manifests editor: change it and press Apply (kubectl edit prints "${refs[0]} edited" when you save and quit).\n` +
      (refs.length > 1 ? `The editor holds one object at a time: run kubectl edit again for ${refs.slice(1).join(', ')}.\n` : ''),
  );
  return failed ? 1 : 0;
}

// Generates src/serve/protobuf/k8s-proto.generated.json: the protobuf field tables of the kinds
// `kubeplay serve` accepts, so that request bodies in Kubernetes' protobuf encoding (what
// kubectl's typed clients send: `kubectl create deployment`, `run`, `drain`'s evictions, `auth can-i`) decode
// to the JSON the engine reads.
//
//   npx tsx scripts/generate-proto-schema.ts API_DIR APIMACHINERY_DIR
//
// API_DIR and APIMACHINERY_DIR are checkouts of k8s.io/api and k8s.io/apimachinery. From each
// group version's generated.proto it takes every message's fields (number, name, type, repeated /
// map); from types.go, which Go fields are pointers and which JSON names are omitempty — what
// decides whether a zero value the protobuf carries means "set" or "unset" in JSON.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtinKinds } from '../src/engine/api/kinds';

const [apiDir, machineryDir] = process.argv.slice(2);
if (!apiDir || !machineryDir) {
  process.stderr.write('usage: generate-proto-schema.ts API_DIR APIMACHINERY_DIR\n');
  process.exit(2);
}

const API_GROUP_VERSIONS = [
  'apps/v1',
  'authorization/v1',
  'autoscaling/v1',
  'autoscaling/v2',
  'batch/v1',
  'coordination/v1',
  'core/v1',
  'discovery/v1',
  'policy/v1',
  'scheduling/v1',
  'storage/v1',
];
const MACHINERY = ['pkg/api/resource', 'pkg/apis/meta/v1', 'pkg/runtime', 'pkg/util/intstr'];

/** [jsonName, type, flags]: flags r = repeated, m = map (type "key,value"), p = Go pointer, e = omitempty. */
type Field = [string, string, string];
const messages: Record<string, Record<string, Field>> = {};

function parseProto(text: string): void {
  const pkg = /^package ([\w.]+);/m.exec(text)![1];
  const body = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  const messageRe = /message (\w+) \{([^{}]*)\}/g;
  for (let m; (m = messageRe.exec(body));) {
    const fields: Record<string, Field> = {};
    const fieldRe = /(optional|repeated|required)?\s*(map<\s*[\w.]+\s*,\s*[\w.]+\s*>|[\w.]+) (\w+) = (\d+)/g;
    for (let f; (f = fieldRe.exec(m[2]));) {
      const [, label, rawType, name, num] = f;
      const resolve = (t: string) =>
        t.startsWith('.')
          ? t.slice(1)
          : /^(string|int32|int64|bool|bytes|double|float|uint32|uint64)$/.test(t)
            ? t
            : `${pkg}.${t}`;
      if (rawType.startsWith('map<')) {
        const [k, v] = rawType
          .slice(4, -1)
          .split(',')
          .map((s) => resolve(s.trim()));
        fields[num] = [name, `${k},${v}`, 'm'];
      } else {
        fields[num] = [name, resolve(rawType), label === 'repeated' ? 'r' : ''];
      }
    }
    messages[`${pkg}.${m[1]}`] = fields;
  }
}

/** Go struct name → proto field name → {pointer, omitempty}, from a types.go. */
function parseGoTypes(text: string, pkg: string): void {
  const structRe = /^type (\w+) struct \{([\s\S]*?)^\}/gm;
  for (let s; (s = structRe.exec(text));) {
    const message = messages[`${pkg}.${s[1]}`];
    if (!message) continue;
    const lineRe = /^\s+\w+\s+(\S+)\s+`json:"([^"]*)"[^`]*protobuf:"[^"]*name=(\w+)/gm;
    for (let l; (l = lineRe.exec(s[2]));) {
      const [, goType, jsonTag, protoName] = l;
      const field = Object.values(message).find((f) => f[0] === protoName);
      if (!field) continue;
      if (goType.startsWith('*')) field[2] += 'p';
      if (jsonTag.split(',').includes('omitempty')) field[2] += 'e';
    }
  }
}

for (const gv of API_GROUP_VERSIONS) parseProto(readFileSync(join(apiDir, gv, 'generated.proto'), 'utf8'));
for (const p of MACHINERY) parseProto(readFileSync(join(machineryDir, p, 'generated.proto'), 'utf8'));
for (const gv of API_GROUP_VERSIONS) {
  const types = join(apiDir, gv, 'types.go');
  if (existsSync(types)) parseGoTypes(readFileSync(types, 'utf8'), `k8s.io.api.${gv.replace('/', '.')}`);
}
parseGoTypes(readFileSync(join(machineryDir, 'pkg/apis/meta/v1/types.go'), 'utf8'), 'k8s.io.apimachinery.pkg.apis.meta.v1');

/** The message of an apiVersion + kind (`apps/v1` Deployment → k8s.io.api.apps.v1.Deployment). */
function messageName(apiVersion: string, kind: string): string {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['core', apiVersion];
  return `k8s.io.api.${group.split('.')[0]}.${version}.${kind}`;
}

const roots = [
  ...builtinKinds.flatMap((def) =>
    [def.group ? `${def.group}/${def.version}` : def.version, ...Object.keys(def.otherVersions ?? {})].map((v) =>
      messageName(v, def.kind),
    ),
  ),
  'k8s.io.api.core.v1.Binding',
  'k8s.io.api.policy.v1.Eviction',
  'k8s.io.api.autoscaling.v1.Scale',
  'k8s.io.api.authorization.v1.SelfSubjectAccessReview',
  'k8s.io.api.authorization.v1.SelfSubjectRulesReview',
  'k8s.io.apimachinery.pkg.apis.meta.v1.DeleteOptions',
  'k8s.io.apimachinery.pkg.runtime.Unknown',
];
const keep = new Set<string>();
const queue = [...roots];
while (queue.length > 0) {
  const name = queue.pop()!;
  if (keep.has(name) || !messages[name]) continue;
  keep.add(name);
  for (const [, type] of Object.values(messages[name])) queue.push(...type.split(','));
}
const out: Record<string, Record<string, Field>> = {};
for (const name of [...keep].sort()) out[name] = messages[name];
writeFileSync('src/serve/protobuf/k8s-proto.generated.json', `${JSON.stringify(out)}\n`);
process.stdout.write(`${keep.size} messages\n`);

// kubectl patch (kubectl pkg/cmd/patch): `patch TYPE NAME -p PATCH | --patch-file FILE
// [--type strategic|merge|json] [--subresource status|scale] [--dry-run]`. The patch may be JSON or
// YAML (kubectl converts YAML to JSON; text starting with `{` is sent as it is, so broken JSON is
// the server's to reject, with encoding/json's message). Prints `pod/x patched`, or
// `pod/x patched (no change)` when the object came back unchanged.

import { parse as parseYaml, YAMLParseError } from 'yaml';
import type { KObject } from '../../../k8s/types';
import { deepEqual } from '../../api/deep';
import { ApiError, errors as apiErrors } from '../../api/errors';
import { applyPatch, PatchError } from '../../api/patch';
import { KubectlError, type KubectlEnv, type KubectlIO } from '../context';
import type { FlagSpec, ParsedArgs } from '../flags';
import { requestNamespace } from './common-flags';
import { printWarnings } from './manifest-target';
import { copy, dryRunStrategy, printCollectedErrors, printFlags, printResult, selectObjects } from './label';

export const patchFlags: FlagSpec[] = [
  { name: 'namespace', short: 'n', type: 'string' },
  ...printFlags,
  { name: 'patch', short: 'p', type: 'string' },
  { name: 'patch-file', type: 'string' },
  { name: 'type', type: 'string', default: 'strategic' },
  { name: 'dry-run', type: 'string', default: 'none', noOptDefault: 'unchanged' },
  { name: 'local', type: 'bool' },
  { name: 'field-manager', type: 'string', default: 'kubectl-patch' },
  { name: 'subresource', type: 'string' },
  { name: 'filename', short: 'f', type: 'stringArray', default: [] },
  { name: 'kustomize', short: 'k', type: 'string' },
  { name: 'recursive', short: 'R', type: 'bool' },
];

const PATCH_TYPES = ['json', 'merge', 'strategic'] as const;
type PatchKind = (typeof PATCH_TYPES)[number];
const SUBRESOURCES = ['status', 'scale'];

export function runPatch(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const { flags, args } = parsed;
  const dryRun = dryRunStrategy(parsed);
  const patchText = (flags.patch as string | undefined) ?? '';
  const patchFile = (flags['patch-file'] as string | undefined) ?? '';
  const local = !!flags.local;
  if (patchText && patchFile) throw new KubectlError('cannot specify --patch and --patch-file together');
  if (!patchText && !patchFile)
    throw new KubectlError('must specify --patch or --patch-file containing the contents of the patch');
  if (local && args.length !== 0) throw new KubectlError('cannot specify --local and server resources');
  if (local && dryRun === 'server')
    throw new KubectlError('cannot specify --local and --dry-run=server - did you mean --dry-run=client?');
  const typeFlag = (flags.type as string | undefined) ?? '';
  if (typeFlag && !(PATCH_TYPES as readonly string[]).includes(typeFlag.toLowerCase())) {
    throw new KubectlError(`--type must be one of [${PATCH_TYPES.join(' ')}], not ${JSON.stringify(typeFlag)}`);
  }
  const subresource = (flags.subresource as string | undefined) ?? '';
  if (subresource && !SUBRESOURCES.includes(subresource)) {
    throw new KubectlError(
      `invalid subresource value: ${JSON.stringify(subresource)}. Must be one of [${SUBRESOURCES.join(' ')}]`,
    );
  }
  const type: PatchKind = typeFlag ? (typeFlag.toLowerCase() as PatchKind) : 'strategic';

  let raw = patchText;
  if (patchFile) {
    const text = env.readManifest(patchFile);
    if (text === undefined) throw new KubectlError(`unable to read patch file: open ${patchFile}: no such file or directory`);
    raw = text;
  }
  const body = toJson(raw, patchText);

  const filenames = flags.filename as string[];
  const { targets } = selectObjects(env, io, {
    resources: args,
    filenames,
    namespace: requestNamespace(parsed),
    explicitNamespace: flags.namespace as string | undefined,
    allNamespaces: false,
    all: false,
    local,
  });

  const output = flags.output as string | undefined;
  const failures: unknown[] = [];
  let count = 0;
  for (const target of targets) {
    if (target.error || !target.obj) {
      failures.push(target.error);
      continue;
    }
    count++;
    const before = target.obj;
    try {
      if (subresource === 'scale' || (subresource === 'status' && !target.def.hasStatus)) throw apiErrors.resourceNotFound();
      let patched: KObject;
      if (!local && dryRun !== 'client') {
        const value = decodeForServer(body, type);
        // kubectl patch sends no fieldValidation: the server's default, Warn, applies.
        const warnings: string[] = [];
        try {
          patched = env.api.patch(target.def, before.metadata.namespace, before.metadata.name ?? '', type, value, {
            dryRun: dryRun === 'server',
            subresource: subresource === 'status' ? 'status' : undefined,
            fieldValidation: 'Warn',
            warnings,
          });
        } finally {
          printWarnings(warnings, io);
        }
      } else {
        patched = patchLocally(before, body, type);
      }
      const operation = deepEqual(before, patched) ? 'patched (no change)' : 'patched';
      io.out(printResult(target.def, patched, operation, output));
    } catch (e) {
      if (!(e instanceof ApiError) && !(e instanceof KubectlError)) throw e;
      failures.push(e);
    }
  }
  if (failures.length) {
    printCollectedErrors(failures, io);
    return 1;
  }
  if (count === 0) throw new KubectlError('no objects passed to patch');
  return 0;
}

/**
 * yaml.ToJSON: text that starts with `{` is taken as JSON as it is; anything else is read as YAML
 * (go-yaml, YAML 1.1) and converted. A YAML error is reported against the `-p` text.
 */
function toJson(raw: string, shown: string): string {
  if (raw.trimStart().startsWith('{')) return raw;
  let value: unknown;
  try {
    value = parseYaml(raw, { version: '1.1', prettyErrors: false, uniqueKeys: false });
  } catch (e) {
    if (!(e instanceof Error)) throw e;
    throw new KubectlError(`unable to parse ${JSON.stringify(shown)}: ${goYamlError(e, raw)}`);
  }
  return JSON.stringify(value === undefined ? null : value);
}

/**
 * go-yaml's wording for the common YAML mistakes (`yaml: line N: ...`); others keep this parser's
 * message.
 */
function goYamlError(e: Error, text: string): string {
  const offset = e instanceof YAMLParseError ? (e.pos?.[0] ?? 0) : 0;
  const code = e instanceof YAMLParseError ? e.code : undefined;
  const line = text.slice(0, offset).split('\n').length;
  const message = e.message.split('\n')[0];
  if (code === 'BAD_INDENT' && message.startsWith('Flow sequence')) return `yaml: line ${line}: did not find expected ',' or ']'`;
  if (code === 'BAD_INDENT' && message.startsWith('Flow map')) return `yaml: line ${line}: did not find expected ',' or '}'`;
  if (code === 'MISSING_CHAR' && message.includes('quote')) return `yaml: line ${line}: found unexpected end of stream`;
  if (code === 'BLOCK_AS_IMPLICIT_KEY') return `yaml: line ${line}: mapping values are not allowed in this context`;
  if (code === 'TAB_AS_INDENT' || code === 'BAD_SCALAR_START')
    return `yaml: line ${line}: found character that cannot start any token`;
  const alias = /^Unresolved alias \(the anchor must be set before the alias\): (.*)$/.exec(message);
  if (alias) return `yaml: unknown anchor '${alias[1]}' referenced`;
  return `yaml: line ${line}: ${message}`;
}

/** Decodes the body the way the API server does for the patch type, failing like it. */
function decodeForServer(body: string, type: PatchKind): unknown {
  const syntax = goJsonSyntaxError(body);
  if (syntax) throw apiErrors.badRequest(type === 'merge' ? 'Invalid JSON Patch' : syntax);
  return JSON.parse(body);
}

/** getPatchedJSON: a client-side dry run applies the patch here. */
function patchLocally(obj: KObject, body: string, type: PatchKind): KObject {
  const syntax = goJsonSyntaxError(body);
  if (syntax) throw new KubectlError(type === 'merge' ? 'Invalid JSON Patch' : syntax);
  try {
    return applyPatch(type, copy(obj), JSON.parse(body), obj.kind) as KObject;
  } catch (e) {
    if (!(e instanceof PatchError)) throw e;
    const detail = e.detail;
    if (type === 'json' && detail.includes('doc is missing key')) {
      throw new KubectlError(`Object to be patched is missing field (${detail.slice(detail.indexOf('key:') + 5)})`);
    }
    throw new KubectlError(detail);
  }
}

// ---- encoding/json syntax errors -----------------------------------------------------------

/** Go's quoteChar for scanner errors: `'x'`, `'\''`, `'"'`, `'\n'`. */
function quoteChar(c: string): string {
  if (c === "'") return `'\\''`;
  if (c === '"') return `'"'`;
  const q = JSON.stringify(c);
  return `'${q.slice(1, -1)}'`;
}

/**
 * The message encoding/json's Unmarshal gives for malformed JSON (its scanner's SyntaxError), or
 * undefined when the text is valid JSON.
 */
export function goJsonSyntaxError(text: string): string | undefined {
  let i = 0;
  const n = text.length;
  const bad = (context: string) => `invalid character ${quoteChar(text[i])} ${context}`;
  const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r';
  const skip = () => {
    while (i < n && isSpace(text[i])) i++;
  };
  const END = 'unexpected end of JSON input';

  const literal = (word: string): string | undefined => {
    for (let k = 0; k < word.length; k++, i++) {
      if (i >= n) return END;
      if (text[i] !== word[k]) return bad(`in literal ${word} (expecting ${quoteChar(word[k])})`);
    }
    return undefined;
  };
  const string = (): string | undefined => {
    i++; // opening quote
    while (i < n) {
      const c = text[i];
      if (c === '"') {
        i++;
        return undefined;
      }
      if (c === '\\') {
        i++;
        if (i >= n) return END;
        const e = text[i];
        if (e === 'u') {
          for (let k = 0; k < 4; k++) {
            i++;
            if (i >= n) return END;
            if (!/[0-9a-fA-F]/.test(text[i])) return bad('in \\u hexadecimal character escape');
          }
        } else if (!'"\\/bfnrt'.includes(e)) {
          return bad('in string escape code');
        }
        i++;
        continue;
      }
      if (c < ' ') return bad('in string literal');
      i++;
    }
    return END;
  };
  const number = (): string | undefined => {
    if (text[i] === '-') {
      i++;
      if (i >= n) return END;
      if (!/[0-9]/.test(text[i])) return bad('in numeric literal');
    }
    if (text[i] === '0') i++;
    else while (i < n && /[0-9]/.test(text[i])) i++;
    if (i < n && text[i] === '.') {
      i++;
      if (i >= n) return END;
      if (!/[0-9]/.test(text[i])) return bad('after decimal point in numeric literal');
      while (i < n && /[0-9]/.test(text[i])) i++;
    }
    if (i < n && (text[i] === 'e' || text[i] === 'E')) {
      i++;
      if (i < n && (text[i] === '+' || text[i] === '-')) i++;
      if (i >= n) return END;
      if (!/[0-9]/.test(text[i])) return bad('in exponent of numeric literal');
      while (i < n && /[0-9]/.test(text[i])) i++;
    }
    return undefined;
  };
  const value = (): string | undefined => {
    skip();
    if (i >= n) return END;
    const c = text[i];
    if (c === '{') {
      i++;
      skip();
      if (i >= n) return END;
      if (text[i] === '}') {
        i++;
        return undefined;
      }
      for (;;) {
        skip();
        if (i >= n) return END;
        if (text[i] !== '"') return bad('looking for beginning of object key string');
        const err = string();
        if (err) return err;
        skip();
        if (i >= n) return END;
        if (text[i] !== ':') return bad('after object key');
        i++;
        const v = value();
        if (v) return v;
        skip();
        if (i >= n) return END;
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return undefined;
        }
        return bad('after object key:value pair');
      }
    }
    if (c === '[') {
      i++;
      skip();
      if (i >= n) return END;
      if (text[i] === ']') {
        i++;
        return undefined;
      }
      for (;;) {
        const v = value();
        if (v) return v;
        skip();
        if (i >= n) return END;
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return undefined;
        }
        return bad('after array element');
      }
    }
    if (c === '"') return string();
    if (c === '-' || (c >= '0' && c <= '9')) return number();
    if (c === 't') return literal('true');
    if (c === 'f') return literal('false');
    if (c === 'n') return literal('null');
    return bad('looking for beginning of value');
  };
  const err = value();
  if (err) return err;
  skip();
  if (i < n) return bad('after top-level value');
  return undefined;
}

import { describe, expect, it } from 'vitest';
import { compileJsonPath, goQuote, goSprint, goSyntax, JsonPathExecError, JsonPathParseError } from './jsonpath';

const pods = {
  apiVersion: 'v1',
  items: [
    {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        labels: { app: 'web', 'app.kubernetes.io/name': 'frontend' },
        name: 'web-1',
        namespace: 'default',
      },
      spec: {
        containers: [
          { image: 'nginx:1.25', name: 'nginx', ports: [{ containerPort: 80 }] },
          { image: 'busybox', name: 'sidecar' },
        ],
        nodeName: 'node-a',
      },
      status: {
        conditions: [
          { status: 'True', type: 'Initialized' },
          { status: 'True', type: 'Ready' },
        ],
        phase: 'Running',
        podIP: '10.244.0.5',
      },
    },
    {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'web-2', namespace: 'default' },
      spec: { containers: [{ image: 'nginx:1.25', name: 'nginx' }], nodeName: 'node-b' },
      status: {
        conditions: [
          { status: 'True', type: 'Initialized' },
          { status: 'False', type: 'Ready' },
        ],
        phase: 'Pending',
      },
    },
  ],
  kind: 'List',
  metadata: { resourceVersion: '' },
};

const numbers = {
  ints: [1, 2, 3, 4],
  floats: [1.5, 2.25, 1000000.5],
  mixed: [true, 'one', 1, 1.1, null],
  points: [
    { id: 'p1', x: 4, y: -5 },
    { id: 'p2', x: -2, y: -5, z: 1 },
    { id: 'p3', x: 8, y: 3 },
  ],
  nested: { a: { b: { name: 'deep' } }, name: 'top' },
};

function run(template: string, data: unknown, allowMissingKeys = true): string {
  return compileJsonPath(template).execute(data, { allowMissingKeys });
}

describe('JSONPath output (kubectl get -o jsonpath, missing keys allowed)', () => {
  it.each<[string, unknown, string]>([
    ['{.items[*].metadata.name}', pods, 'web-1 web-2'],
    ['{.items[0].metadata.name}', pods, 'web-1'],
    ['{.items[-1:].metadata.name}', pods, 'web-2'],
    ['{.items[-1].metadata.name}', pods, 'web-2'],
    ['{.items[0:1].metadata.name}', pods, 'web-1'],
    ['{.items[*].spec.containers[*].image}', pods, 'nginx:1.25 busybox nginx:1.25'],
    ['{.items[0].metadata.labels}', pods, '{"app":"web","app.kubernetes.io/name":"frontend"}'],
    ['{.items[0].metadata.labels.app\\.kubernetes\\.io/name}', pods, 'frontend'],
    ['{.items[0].spec.containers[0].ports[0].containerPort}', pods, '80'],
    ['{.items[0].spec.containers[0]}', pods, '{"image":"nginx:1.25","name":"nginx","ports":[{"containerPort":80}]}'],
    ['{.items[*].status.conditions[?(@.type=="Ready")].status}', pods, 'True False'],
    ["{.items[?(@.status.phase=='Running')].metadata.name}", pods, 'web-1'],
    ['{.items[?(@.status.phase!="Running")].metadata.name}', pods, 'web-2'],
    ['{.items[?(@.status.podIP)].metadata.name}', pods, 'web-1'],
    ['{.items[?(@.metadata.labels.app=="web")].metadata.name}', pods, 'web-1'],
    ['{range .items[*]}{.metadata.name}{"\\t"}{.status.phase}{"\\n"}{end}', pods, 'web-1\tRunning\nweb-2\tPending\n'],
    [
      '{range .items[*]}{.metadata.name}{":"}{range .spec.containers[*]}{.name}{","}{end}{"\\n"}{end}',
      pods,
      'web-1:nginx,sidecar,\nweb-2:nginx,\n',
    ],
    ['{range .items[*]}[{.metadata.name}, {.spec.nodeName}] {end}', pods, '[web-1, node-a] [web-2, node-b] '],
    ['{range .items[*]}{.metadata.name}{"\\n"}{end}total: {.kind}', pods, 'web-1\nweb-2\ntotal: List'],
    ['{.items[*].metadata.name}{"\\n"}', pods, 'web-1 web-2\n'],
    ['names: {.items[*].metadata.name}.', pods, 'names: web-1 web-2.'],
    ['plain text only', pods, 'plain text only'],
    ['{.items[0].metadata.missing}', pods, ''],
    ['{.nope.deeper}', pods, ''],
    ['{.metadata}', pods, '{"resourceVersion":""}'],
    ['{.metadata.resourceVersion}', pods, ''],
    ["{.items[*].metadata['name']}", pods, 'web-1 web-2'],
    ["{.items[0]['metadata.name', 'kind']}", pods, 'web-1 Pod'],
    ['{.ints[1,3]}', numbers, '2 4'],
    ['{.ints[:2]}', numbers, '1 2'],
    ['{.ints[::2]}', numbers, '1 3'],
    ['{.ints[1::2]}', numbers, '2 4'],
    ['{.ints[0:-1]}', numbers, '1 2 3'],
    ['{.ints[2:2]}', numbers, ''],
    ['{.ints[-9:-9]}', numbers, ''],
    ['{.ints}', numbers, '[1,2,3,4]'],
    ['{.floats[*]}', numbers, '1.5 2.25 1.0000005e+06'],
    ['{.floats}', numbers, '[1.5,2.25,1000000.5]'],
    ['{.mixed[*]}', numbers, 'true one 1 1.1 <nil>'],
    ['{.mixed}', numbers, '[true,"one",1,1.1,null]'],
    ['{.points[?(@.x>0)].id}', numbers, 'p1 p3'],
    ['{.points[?(@.x<=-2)].id}', numbers, 'p2'],
    ['{.points[?(@.y>=-5)].id}', numbers, 'p1 p2 p3'],
    ['{.points[?(@.y<-1)].id}', numbers, 'p1 p2'],
    ['{.points[?(@.z)].id}', numbers, 'p2'],
    ['{.points[?(@.id>"p1")].id}', numbers, 'p2 p3'],
    ['{.ints[?(@<3)]}', numbers, '1 2'],
    // Recursive descent visits parents before children (map keys in sorted order).
    ['{..name}', numbers, 'top deep'],
    ['{.nested..name}', numbers, 'top deep'],
    ['{...name}', numbers, 'top deep'],
    ['{..containerPort}', pods, '80'],
    ['{..}', [1, 2, 3], '[1,2,3]'],
    ['{.nested.*}', numbers, '{"b":{"name":"deep"}} top'],
    ['{$.nested.name}', numbers, 'top'],
    ['{@.nested.name}', numbers, 'top'],
    ['{$}', { b: [1], a: '<x>' }, '{"a":"\\u003cx\\u003e","b":[1]}'],
    ['{.s}', { s: 'a "quoted" <tag>' }, 'a "quoted" <tag>'],
    ['{.n}', { n: null }, '<nil>'],
    ['{.b}', { b: false }, 'false'],
    ['{.big}', { big: 12345678901 }, '12345678901'],
    ['{"{"}{.a}{\'}\'}', { a: 1 }, '{1}'],
    ['{"\\u00e9\\x41\\101"}', {}, 'éAA'],
    ['{1}{2.5}{true}', {}, '12.5true'],
    ['{range .ints[*]}{@}{","}{end}', numbers, '1,2,3,4,'],
    ['{range .empty[*]}{.x}{end}after', { empty: [] }, 'after'],
    ['{range .empty[*]}{.x}{":"}{range .y[*]}{.z}{end}{"+"}{end}', { empty: [] }, ''],
    ['{range .items[*]}{.metadata.name}', pods, 'web-1web-2'],
  ])('%s', (template, data, expected) => {
    expect(run(template, data)).toBe(expected);
  });

  it('prints -o jsonpath-as-json result sets as indented JSON arrays', () => {
    expect(compileJsonPath('{.items[*].metadata.name}').execute(pods, { allowMissingKeys: true, asJson: true })).toBe(
      '[\n    "web-1",\n    "web-2"\n]\n',
    );
  });
});

describe('JSONPath errors', () => {
  it.each<[string, unknown, string]>([
    ['{.items[5].metadata.name}', pods, 'array index out of bounds: index 5, length 2'],
    ['{.empty[0]}', { empty: [] }, 'array index out of bounds: index 0, length 0'],
    ['{.empty[-1]}', { empty: [] }, 'array index out of bounds: index -1, length 0'],
    ['{.ints[1:9]}', numbers, 'array index out of bounds: index 8, length 4'],
    ['{.ints[-5]}', numbers, 'array index out of bounds: index -1, length 4'],
    ['{.ints[3:1]}', numbers, 'starting index 3 is greater than ending index 1'],
    ['{.ints[0:4:0]}', numbers, 'step must be > 0'],
    ['{.metadata[0]}', pods, 'map[string]interface {} is not array or slice'],
    ['{.kind[0]}', pods, 'string is not array or slice'],
    ['{.kind[?(@.x)]}', pods, 'List is not array or slice and cannot be filtered'],
    ['{.points[?(@.x==1.0)]}', numbers, 'incompatible types for comparison'],
    ['{.points[?(@.x=="4")]}', numbers, 'incompatible types for comparison'],
    ['{.mixed[?(@<1)]}', numbers, 'incompatible types for comparison'],
    ['{.points[?(@==1)]}', numbers, 'invalid type for comparison'],
    ['{.points[?(@.x<>1)]}', numbers, 'unrecognized filter operator <>'],
    ['{.points[?(@..x==4)]}', { points: [[{ x: 4 }, { x: 5 }]] }, 'can only compare one element at a time'],
    ['{hello}', pods, 'unrecognized identifier hello'],
    ['{range .items[*]}{@}{end}{end}', pods, 'not in range, nothing to end'],
  ])('%s → %s', (template, data, reason) => {
    let err: unknown;
    try {
      run(template, data);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(JsonPathExecError);
    expect((err as JsonPathExecError).reason).toBe(reason);
  });

  it('reports missing keys when they are not allowed, with kubectl’s debugging dump', () => {
    const data = { kind: 'Pod', metadata: { name: 'web', labels: { n: 1.5 } }, spec: { list: ['a', null, true] } };
    let err: unknown;
    try {
      run('{.x}', data, false);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(JsonPathExecError);
    expect((err as JsonPathExecError).reason).toBe('x is not found');
    expect((err as Error).message).toBe(
      'error executing jsonpath "{.x}": Error executing template: x is not found. Printing more information for debugging the template:\n' +
        '\ttemplate was:\n\t\t{.x}\n' +
        '\tobject given to jsonpath engine was:\n' +
        '\t\tmap[string]interface {}{"kind":"Pod", "metadata":map[string]interface {}{"labels":map[string]interface {}{"n":1.5}, "name":"web"}, "spec":map[string]interface {}{"list":[]interface {}{"a", interface {}(nil), true}}}\n\n\n',
    );
  });

  it('only some filter candidates missing the key is an error only without allowMissingKeys', () => {
    const t = '{.items[?(@.metadata.labels.app=="web")].metadata.name}';
    expect(run(t, pods, true)).toBe('web-1');
    expect(() => run(t, pods, false)).toThrow(/labels is not found/);
  });

  it.each<[string, string]>([
    ['{.metadata.name', 'unclosed action'],
    ['{', 'unclosed action'],
    ['{.a}{.b', 'unclosed action'],
    ['{#}', "unrecognized character in action: U+0023 '#'"],
    ['{\t}', 'unrecognized character in action: U+0009'],
    ['{.items[0}', 'unterminated array'],
    ['{.items[x]}', 'invalid array index x'],
    ['{.metadata["name"]}', 'invalid array index "name"'],
    ['{.items[-]}', 'array index - is not a number'],
    ['{.items[?(@.a==1]}', 'unterminated filter'],
    ['{.items[?(@.a==1)}', 'unclosed array expect ]'],
    ['{"abc}', 'unterminated quoted string'],
    ['{"\\q"}', 'unquote string "\\q" error invalid syntax'],
    ['{1.2.3}', 'cannot parse number 1.2.3'],
    ['{.....name}', 'invalid multiple recursive descent'],
  ])('parse error %j → %s', (template, message) => {
    let err: unknown;
    try {
      compileJsonPath(template);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(JsonPathParseError);
    expect((err as JsonPathParseError).message).toBe(message);
    expect((err as JsonPathParseError).kubectlMessage).toBe(`error parsing jsonpath ${template}, ${message}`);
  });
});

describe('Go formatting helpers', () => {
  it.each<[unknown, string]>([
    ['s', 's'],
    [3, '3'],
    [0.25, '0.25'],
    [2e6 + 0.5, '2.0000005e+06'],
    [null, '<nil>'],
    [[1, 'a', null], '[1 a <nil>]'],
    [{ b: { c: 1 }, a: [] }, 'map[a:[] b:map[c:1]]'],
  ])('goSprint(%j) = %s', (v, expected) => {
    expect(goSprint(v)).toBe(expected);
  });

  it.each<[unknown, string]>([
    [{ b: 'x\n', a: [1, 2.5] }, 'map[string]interface {}{"a":[]interface {}{1, 2.5}, "b":"x\\n"}'],
    [{}, 'map[string]interface {}{}'],
    [null, 'interface {}(nil)'],
  ])('goSyntax(%j) = %s', (v, expected) => {
    expect(goSyntax(v)).toBe(expected);
  });

  it.each<[string, string]>([
    ['{.x}', '"{.x}"'],
    ['a"b\\c', '"a\\"b\\\\c"'],
    ['tab\tnl\n', '"tab\\tnl\\n"'],
    ['\x01\x7f', '"\\x01\\x7f"'],
    ['é😀', '"é😀"'],
    ['\u00a0', '"\\u00a0"'],
  ])('goQuote(%j) = %s', (s, expected) => {
    expect(goQuote(s)).toBe(expected);
  });
});

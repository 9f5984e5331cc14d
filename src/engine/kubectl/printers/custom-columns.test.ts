import { describe, expect, it } from 'vitest';
import {
  CustomColumnsError,
  parseCustomColumns,
  parseCustomColumnsFile,
  printCustomColumns,
  relaxedJsonPathExpression,
} from './custom-columns';
import { JsonPathParseError } from './jsonpath';

const pods = [
  {
    kind: 'Pod',
    metadata: { labels: { app: 'web', tier: 'front' }, name: 'web-1', resourceVersion: '610005' },
    spec: {
      containers: [
        { image: 'nginx:1.25', name: 'nginx', ports: [{ containerPort: 80 }, { containerPort: 443 }] },
        { image: 'busybox', name: 'sidecar' },
      ],
      nodeName: 'node-a',
    },
    status: { phase: 'Running' },
  },
  {
    kind: 'Pod',
    metadata: { name: 'web-2-long-name', resourceVersion: '610017' },
    spec: { containers: [{ image: 'nginx:1.25', name: 'nginx' }] },
    status: { phase: 'Pending' },
  },
];

describe('printCustomColumns', () => {
  it.each<[string, string, string]>([
    [
      'name and node (kubectl get pods -o custom-columns=NAME:.metadata.name,NODE:.spec.nodeName)',
      'NAME:.metadata.name,NODE:.spec.nodeName',
      'NAME              NODE\nweb-1             node-a\nweb-2-long-name   <none>\n',
    ],
    [
      'several values are joined with commas',
      'NAME:.metadata.name,IMAGES:.spec.containers[*].image,PORTS:.spec.containers[*].ports[*].containerPort',
      'NAME              IMAGES               PORTS\n' +
        'web-1             nginx:1.25,busybox   80,443\n' +
        'web-2-long-name   nginx:1.25           <none>\n',
    ],
    [
      'maps and lists print the way Go fmt prints them',
      'LABELS:.metadata.labels,FIRST:.spec.containers[0].ports',
      'LABELS                    FIRST\n' +
        'map[app:web tier:front]   [map[containerPort:80] map[containerPort:443]]\n' +
        '<none>                    <none>\n',
    ],
    [
      'relaxed path forms',
      'A:metadata.name,B:.metadata.name,C:{metadata.name},D:{.metadata.name}',
      'A                 B                 C                 D\n' +
        'web-1             web-1             web-1             web-1\n' +
        'web-2-long-name   web-2-long-name   web-2-long-name   web-2-long-name\n',
    ],
    ['an empty path prints <none>', 'EMPTY:', 'EMPTY\n<none>\n<none>\n'],
    ['a header may contain spaces', 'POD NAME:.metadata.name', 'POD NAME\nweb-1\nweb-2-long-name\n'],
    ['the path is everything after the first colon', 'X:.metadata.name:', 'X\n<none>\n<none>\n'],
  ])('%s', (_name, spec, expected) => {
    expect(printCustomColumns(parseCustomColumns(spec), pods)).toBe(expected);
  });

  it('prints only the header when there are no objects, and no header with --no-headers', () => {
    const cols = parseCustomColumns('NAME:.metadata.name,NODE:.spec.nodeName');
    expect(printCustomColumns(cols, [])).toBe('NAME   NODE\n');
    expect(printCustomColumns(cols, pods, { noHeaders: true })).toBe('web-1             node-a\nweb-2-long-name   <none>\n');
  });

  it('escapes terminal control characters in values', () => {
    const cols = parseCustomColumns('V:.v');
    expect(printCustomColumns(cols, [{ v: 'a\x1b[0mb\rc' }])).toBe('V\na^[[0mb\\rc\n');
  });

  it('propagates evaluation errors with the bare client-go message', () => {
    const cols = parseCustomColumns('C:.spec.containers[5].name');
    expect(() => printCustomColumns(cols, pods)).toThrow(/^array index out of bounds: index 5, length 2$/);
  });
});

describe('parseCustomColumns errors', () => {
  it.each<[string, string]>([
    ['', 'custom-columns format specified but no custom columns given'],
    ['NAME', 'unexpected custom-columns spec: NAME, expected <header>:<json-path-expr>'],
    ['NAME:.metadata.name,NODE', 'unexpected custom-columns spec: NODE, expected <header>:<json-path-expr>'],
    ['A:.items[0,1]', 'unexpected custom-columns spec: 1], expected <header>:<json-path-expr>'],
    ['A:{.a}{.b}', "unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'"],
  ])('%j → %s', (spec, message) => {
    expect(() => parseCustomColumns(spec)).toThrow(CustomColumnsError);
    expect(() => parseCustomColumns(spec)).toThrow(message);
  });

  it('reports JSONPath syntax errors', () => {
    expect(() => parseCustomColumns('A:.a[')).toThrow(JsonPathParseError);
    expect(() => parseCustomColumns('A:.a[')).toThrow('unterminated array');
  });

  it.each<[string, string]>([
    ['metadata.name', '{.metadata.name}'],
    ['.metadata.name', '{.metadata.name}'],
    ['{metadata.name}', '{.metadata.name}'],
    ['{.metadata.name}', '{.metadata.name}'],
    ['..name', '{..name}'],
    ['', ''],
  ])('relaxedJsonPathExpression(%j) = %j', (input, expected) => {
    expect(relaxedJsonPathExpression(input)).toBe(expected);
  });
});

describe('parseCustomColumnsFile', () => {
  it('reads a header line and a spec line split on whitespace', () => {
    const cols = parseCustomColumnsFile('NAME          RSRC\nmetadata.name metadata.resourceVersion\n');
    expect(printCustomColumns(cols, pods)).toBe('NAME              RSRC\nweb-1             610005\nweb-2-long-name   610017\n');
  });

  it('accepts CRLF line endings and ignores extra lines', () => {
    const cols = parseCustomColumnsFile('NAME\tPHASE\r\n{.metadata.name}\t{.status.phase}\r\nignored\r\n');
    expect(cols.map((c) => c.header)).toEqual(['NAME', 'PHASE']);
    expect(printCustomColumns(cols, pods.slice(0, 1))).toBe('NAME    PHASE\nweb-1   Running\n');
  });

  it.each<[string, string]>([
    [
      '',
      'invalid template, missing header line. Expected format is one line of space separated headers, one line of space separated column specs.',
    ],
    [
      'NAME\n',
      'invalid template, missing spec line. Expected format is one line of space separated headers, one line of space separated column specs.',
    ],
    ['NAME NODE\nmetadata.name\n', "number of headers (2) and field specifications (1) don't match"],
  ])('%j → %s', (text, message) => {
    expect(() => parseCustomColumnsFile(text)).toThrow(message);
  });
});

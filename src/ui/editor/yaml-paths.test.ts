import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { documentFor, locateProblems, offsetOfLine, rangeOfPath } from './yaml-paths';

const POD = `apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
    - name: web
      image: nginx
      ports:
        - containerPort: 99999
`;

function textAt(text: string, range: { start: number; end: number } | null): string {
  return range ? text.slice(range.start, range.end) : '';
}

describe('rangeOfPath', () => {
  const [doc] = parseAllDocuments(POD) as ReturnType<typeof parseAllDocuments> & unknown[];
  it('marks a scalar field with its key and value', () => {
    const range = rangeOfPath(POD, doc as never, ['spec', 'containers', 0, 'ports', 0, 'containerPort']);
    expect(textAt(POD, range)).toBe('containerPort: 99999');
    expect(range?.exact).toBe(true);
  });
  it('marks a collection field on its key line only', () => {
    expect(textAt(POD, rangeOfPath(POD, doc as never, ['spec', 'containers']))).toBe('containers');
  });
  it('marks a missing field at its nearest existing parent', () => {
    const range = rangeOfPath(POD, doc as never, ['spec', 'containers', 0, 'resources', 'limits']);
    expect(textAt(POD, range)).toBe('name: web');
    expect(range?.exact).toBe(false);
  });
});

describe('locateProblems', () => {
  const MULTI = `apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  ports:
    - port: 80
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: -1
`;
  it('uses the document the error names', () => {
    const [located] = locateProblems(MULTI, [
      { message: 'x', kind: 'Deployment', name: 'web', path: ['spec', 'replicas'], severity: 'error' },
    ]);
    expect(textAt(MULTI, located.range)).toBe('replicas: -1');
    const docs = parseAllDocuments(MULTI) as never[];
    expect(documentFor(docs, { kind: 'Service', name: 'web' })).toBe(docs[0]);
  });
  it('falls back to the first document', () => {
    const [located] = locateProblems(MULTI, [
      { message: 'x', kind: 'Pod', name: 'nope', path: ['spec', 'ports', 0, 'port'], severity: 'error' },
    ]);
    expect(textAt(MULTI, located.range)).toBe('port: 80');
  });
  it('places YAML syntax errors at their line and column', () => {
    const text = 'a: 1\nb: [\n';
    const [located] = locateProblems(text, [{ message: 'YAML: x', line: 2, column: 4, severity: 'error' }]);
    expect(located.range.start).toBe(offsetOfLine(text, 2, 4));
    expect(textAt(text, located.range)).toBe('[');
  });
});

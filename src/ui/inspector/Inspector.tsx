// Inspector: the selected object — kind, name and status; tabs Summary · YAML · Describe · Events
// (and Why for pods: the scheduler's last attempt, node by node); and the actions for its kind.
// Every action sends its kubectl / kubeplay line with bridge.action and shows the Console tab,
// where the line is echoed with its output.

import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { parseObjectKey } from '../../protocol/delta';
import type { ObjectKey } from '../../protocol/messages';
import type { KObject } from '../../k8s/types';
import { useBridge } from '../bridge-context';
import { tabIndexAfterKey } from '../components/tablist-keys';
import { eventRows, lastSeenText, latestEventAbout } from '../events/events';
import { useNowSeconds } from '../events/use-event-rows';
import { useSelection } from '../state/selection';
import { memoOnKind, selectEvents, selectKind } from '../state/selectors';
import { objectAt, useKubeplay } from '../state/store';
import { actionsFor, describeLine, explainSchedulingLine, type ActionSpec } from './actions';
import { ConfirmActionDialog, needsConfirmation } from './ConfirmActionDialog';
import { PromptField } from './PromptField';
import { objectYaml, statusSummary, summaryRows } from './summary';
import { LINKED_ROWS, linkedNames } from './summary-config';
import { useWorkerAnswer } from './use-worker-answer';
import { whyWaiting, type Wait } from './waits';
import './inspector.css';

type Tab = 'summary' | 'yaml' | 'describe' | 'scheduling' | 'events';
const TABS: { id: Tab; label: string }[] = [
  { id: 'summary', label: 'Summary' },
  { id: 'yaml', label: 'YAML' },
  { id: 'describe', label: 'Describe' },
  { id: 'events', label: 'Events' },
];
/** Pods also answer why they run where they run (or why they are still Pending). */
const POD_TABS: { id: Tab; label: string }[] = [...TABS.slice(0, 3), { id: 'scheduling', label: 'Why' }, TABS[3]];

/** Sends a line as a button action and brings the console (where it is echoed) forward. */
function useRunAction(): (line: string) => void {
  const bridge = useBridge();
  const showTab = useSelection((s) => s.showTab);
  return (line) => {
    bridge.action(line);
    showTab('console');
  };
}

export function Inspector() {
  const selected = useSelection((s) => s.selected);
  const obj = useKubeplay((s) => (selected ? objectAt(s, selected) : undefined));
  const select = useSelection((s) => s.select);

  if (!selected) {
    return (
      <section className="panel inspector is-empty" aria-labelledby="inspector-heading">
        <header className="panel-header">
          <h2 id="inspector-heading">Inspector</h2>
        </header>
        <p className="empty">
          Select a node, pod or deployment — in the cluster, the control-plane panel or the events — to inspect it.
        </p>
      </section>
    );
  }
  const { kind, namespace, name } = parseObjectKey(selected);
  if (!obj) {
    return (
      <section className="panel inspector is-empty" aria-labelledby="inspector-heading">
        <header className="panel-header">
          <h2 id="inspector-heading">Inspector</h2>
        </header>
        <p className="empty">
          {kind} <strong className="mono">{namespace ? `${namespace}/${name}` : name}</strong> no longer exists.{' '}
          <button type="button" className="insp-link" onClick={() => select(null)}>
            Clear selection
          </button>
        </p>
      </section>
    );
  }
  return <ObjectInspector key={selected} objectKey={selected} obj={obj} />;
}

function ObjectInspector({ objectKey, obj }: { objectKey: ObjectKey; obj: KObject }) {
  const [tab, setTab] = useState<Tab>('summary');
  const select = useSelection((s) => s.select);
  const status = statusSummary(obj);
  const baseId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const name = obj.metadata.name ?? '';
  const tabs = obj.kind === 'Pod' ? POD_TABS : TABS;

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = tabIndexAfterKey(e.key, index, tabs.length);
    if (next < 0) return;
    e.preventDefault();
    setTab(tabs[next].id);
    tabRefs.current[next]?.focus();
  };

  return (
    <section className="panel inspector" aria-labelledby="inspector-heading">
      <div className="insp-head">
        <header className="panel-header">
          <h2 id="inspector-heading">Inspector</h2>
          <button
            type="button"
            className="btn-close insp-close"
            aria-label="Close inspector"
            title="Clear selection"
            onClick={() => select(null)}
          >
            ×
          </button>
        </header>
        <div className="insp-title" aria-label={`Selected ${obj.kind} ${name}: ${status.text}`}>
          <span className="insp-kind">{obj.kind}</span>
          <span className="insp-name">
            {obj.metadata.namespace && <span className="insp-ns">{obj.metadata.namespace}/</span>}
            {name}
          </span>
          {status.text && <span className={`pill pill-${status.tone} insp-status`}>{status.text}</span>}
        </div>
      </div>
      <Waits obj={obj} />
      <Actions obj={obj} objectKey={objectKey} />
      <div className="insp-tabs" role="tablist" aria-label="Inspector views">
        {tabs.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab === t.id ? 0 : -1}
            className="insp-tab"
            // the bottom tabs have an "Events" too: this one is named after the object's kind
            aria-label={t.id === 'events' ? `${obj.kind} events` : undefined}
            onClick={() => setTab(t.id)}
            onKeyDown={(e) => onTabKey(e, i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div className="insp-panel" role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${tab}`}>
        {tab === 'summary' && <SummaryView obj={obj} />}
        {tab === 'yaml' && <YamlView obj={obj} />}
        {tab === 'describe' && (
          <QueryView
            line={describeLine(obj)}
            rv={obj.metadata.resourceVersion}
            label="kubectl describe output"
            consoleLabel="Describe in console"
          />
        )}
        {tab === 'scheduling' && (
          <QueryView
            line={explainSchedulingLine(obj)}
            rv={obj.metadata.resourceVersion}
            label="Scheduling explanation"
            consoleLabel="Explain in console"
          />
        )}
        {tab === 'events' && <EventsView obj={obj} objectKey={objectKey} />}
      </div>
    </section>
  );
}

/** Every node's name, newline-joined (a string, so the selector's result compares by value), per change of the nodes. */
const selectNodeNames = memoOnKind('Node', (nodes) =>
  nodes
    .values()
    .map((n) => n.metadata.name ?? '')
    .join('\n'),
);

function Actions({ obj, objectKey }: { obj: KObject; objectKey: ObjectKey }) {
  const run = useRunAction();
  const requestEdit = useSelection((s) => s.requestEdit);
  const [asking, setAsking] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const nodeNames = useKubeplay((s) => (obj.kind === 'Node' ? selectNodeNames(s) : ''));
  const actions = actionsFor(obj, { nodeNames: nodeNames ? nodeNames.split('\n') : [] });
  // The ungrouped actions come first, with Edit YAML (every object has it).
  const groups = new Map<string, ActionSpec[]>([['', []]]);
  for (const a of actions) {
    const g = a.group ?? '';
    groups.set(g, [...(groups.get(g) ?? []), a]);
  }
  const current = actions.find((a) => a.id === asking && a.prompt);
  const toConfirm = actions.find((a) => a.id === confirming);
  return (
    <div className="insp-actions">
      {[...groups].map(([group, items]) => (
        <div className="insp-action-group" role="group" aria-label={group || `${obj.kind} actions`} key={group}>
          {group && <span className="insp-group-label">{group}</span>}
          {group === '' && (
            <button
              type="button"
              className="insp-btn"
              title="Load it into the manifest editor as it is now, to edit and apply"
              onClick={() => requestEdit(objectKey)}
            >
              Edit YAML
            </button>
          )}
          {items.map((a) => (
            <button
              key={a.id}
              type="button"
              className={`insp-btn${a.danger ? ' is-danger' : ''}`}
              title={a.line ? `${a.hint ? `${a.hint}\n` : ''}$ ${a.line}` : a.hint}
              aria-expanded={a.prompt ? asking === a.id : undefined}
              aria-haspopup={needsConfirmation(a) ? 'dialog' : undefined}
              onClick={() => {
                if (a.line) {
                  setAsking(null);
                  if (needsConfirmation(a)) setConfirming(a.id);
                  else run(a.line);
                } else setAsking(asking === a.id ? null : a.id);
              }}
            >
              {a.label}
              {a.prompt && '…'}
            </button>
          ))}
        </div>
      ))}
      {toConfirm && needsConfirmation(toConfirm) && (
        <ConfirmActionDialog action={toConfirm} onConfirm={run} onClose={() => setConfirming(null)} />
      )}
      {current?.prompt && (
        <PromptForm
          key={current.id}
          action={current}
          onCancel={() => setAsking(null)}
          onRun={(line) => {
            setAsking(null);
            run(line);
          }}
        />
      )}
    </div>
  );
}

function PromptForm({ action, onRun, onCancel }: { action: ActionSpec; onRun(line: string): void; onCancel(): void }) {
  const prompt = action.prompt!;
  const [value, setValue] = useState(prompt.initial);
  const [touched, setTouched] = useState(false);
  const id = useId();
  const result = prompt.toLine(value);
  const error = 'error' in result ? result.error : null;
  const field = useRef<HTMLInputElement & HTMLSelectElement>(null);
  useEffect(() => {
    field.current?.focus();
    if (prompt.input !== 'select') field.current?.select();
  }, [prompt.input]);
  return (
    <form
      className="insp-prompt"
      aria-label={action.label}
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if ('line' in result) onRun(result.line);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onCancel();
        }
      }}
    >
      <label htmlFor={id}>{prompt.field}</label>
      <div className="insp-prompt-row">
        <PromptField
          id={id}
          prompt={prompt}
          value={value}
          onChange={setValue}
          invalid={touched && !!error}
          describedBy={`${id}-preview`}
          fieldRef={field}
        />
        <button type="submit" className={`insp-btn is-primary${action.danger ? ' is-danger' : ''}`} disabled={!!error}>
          Run
        </button>
        <button type="button" className="insp-btn" onClick={onCancel}>
          Cancel
        </button>
      </div>
      <p id={`${id}-preview`} className={`insp-preview${error ? ' is-error' : ''}`} aria-live="polite">
        {error ?? `$ ${'line' in result ? result.line : ''}`}
      </p>
    </form>
  );
}

/** Pods per node name, counted once per change of the pods (not per store change: the clock moves every frame). */
const selectPodCounts = memoOnKind('Pod', (pods) => {
  const counts = new Map<string, number>();
  for (const pod of pods.values()) {
    const node = pod.spec?.nodeName as string | undefined;
    if (node) counts.set(node, (counts.get(node) ?? 0) + 1);
  }
  return counts;
});
const selectClaims = selectKind('PersistentVolumeClaim');

function SummaryView({ obj }: { obj: KObject }) {
  const nowMs = useNowSeconds();
  const name = obj.metadata.name;
  const podsOnNode = useKubeplay((s) => (obj.kind === 'Node' ? (selectPodCounts(s).get(name ?? '') ?? 0) : undefined));
  // The phases of the pod's claims, joined into one string so the selector's result compares by value.
  const claimText = useKubeplay((s) => {
    if (obj.kind !== 'Pod') return '';
    const names = new Set(
      ((obj.spec?.volumes ?? []) as { persistentVolumeClaim?: { claimName?: string } }[]).map(
        (v) => v.persistentVolumeClaim?.claimName,
      ),
    );
    if (names.size === 0) return '';
    const out: string[] = [];
    for (const c of selectClaims(s)) {
      if (c.metadata.namespace !== obj.metadata.namespace || !names.has(c.metadata.name)) continue;
      out.push(`${c.metadata.name}\u0000${c.metadata.deletionTimestamp ? 'Terminating' : (c.status?.phase ?? '')}`);
    }
    return out.join('\u0001');
  });
  const claimPhases = useMemo(
    () => new Map(claimText ? claimText.split('\u0001').map((e) => e.split('\u0000') as [string, string]) : []),
    [claimText],
  );
  const rows = summaryRows(obj, nowMs, podsOnNode, claimPhases);
  return (
    <>
      <dl className="insp-summary">
        {rows.map(([label, value]) => (
          <div className="insp-row" key={label}>
            <dt>{label}</dt>
            <dd>
              {LINKED_ROWS[label] ? (
                <ObjectLinks kind={LINKED_ROWS[label]} namespace={obj.metadata.namespace} value={value} />
              ) : (
                value
              )}
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/**
 * Why the object waits, on screen under its title (whatever the tab): what it waits for, what the
 * component said, and the rule with its number.
 */
function Waits({ obj }: { obj: KObject }) {
  const nowMs = useNowSeconds();
  // the node the waits depend on: the pod's, or the node itself, with its Lease and machine
  const nodeName =
    obj.kind === 'Node' ? obj.metadata.name : obj.kind === 'Pod' ? (obj.spec?.nodeName as string | undefined) : undefined;
  const node = useKubeplay((s) => (nodeName ? s.objects.get(`Node//${nodeName}`) : undefined));
  const lease = useKubeplay((s) => (nodeName ? s.objects.get(`Lease/kube-node-lease/${nodeName}`) : undefined));
  const machine = useKubeplay((s) => (nodeName ? s.machines.find((m) => m.name === nodeName) : undefined));
  const graceMs = useKubeplay((s) => s.nodeMonitorGracePeriodMs);
  const waits = whyWaiting(obj, { nowMs, node, lease, machine, graceMs });
  return waits.length > 0 ? <WaitList waits={waits} /> : null;
}

function WaitList({ waits }: { waits: Wait[] }) {
  return (
    <ul className="insp-waits" aria-label="Why it waits">
      {waits.map((w, i) => (
        <li key={i} className={`insp-wait is-${w.tone}`}>
          <span className="insp-wait-title">{w.title}</span>
          {w.detail && <span className="insp-wait-detail">{w.detail}</span>}
          <span className="insp-wait-rule">Rule: {w.rule}</span>
        </li>
      ))}
    </ul>
  );
}

/** The ConfigMaps / Secrets / ServiceAccount a pod uses, each a link that inspects it. */
function ObjectLinks({ kind, namespace, value }: { kind: string; namespace?: string; value: string }) {
  const select = useSelection((s) => s.select);
  return (
    <>
      {linkedNames(value).map(({ name, rest }) => (
        <span key={name}>
          <button type="button" className="insp-link" onClick={() => select(`${kind}/${namespace ?? ''}/${name}`)}>
            {name}
          </button>
          {rest}
        </span>
      ))}
    </>
  );
}

function YamlView({ obj }: { obj: KObject }) {
  const text = useMemo(() => objectYaml(obj), [obj]);
  return (
    <pre className="insp-code" tabIndex={0} aria-label={`YAML of ${obj.kind} ${obj.metadata.name ?? ''}`}>
      {text}
    </pre>
  );
}

/**
 * A read-only command's output, asked of the worker without echoing it in the console (the
 * Describe and Why tabs), refreshed when the object changes; a button runs it in the
 * console instead, so the command can be learned.
 */
function QueryView({ line, rv, label, consoleLabel }: { line: string; rv?: string; label: string; consoleLabel: string }) {
  const bridge = useBridge();
  const showTab = useSelection((s) => s.showTab);
  const answer = useWorkerAnswer(() => bridge.query(line), `${line}\n${rv ?? ''}`);
  const text = answer && { out: answer.stdout + answer.stderr, failed: answer.exitCode !== 0 };

  return (
    <div className="insp-describe">
      <div className="insp-describe-bar">
        <code className="mono">$ {line}</code>
        <button
          type="button"
          className="insp-btn"
          onClick={() => {
            bridge.runConsole(line);
            showTab('console');
          }}
        >
          {consoleLabel}
        </button>
      </div>
      {text === null ? (
        <p className="empty">Asking the API server…</p>
      ) : (
        <pre className={`insp-code${text.failed ? ' is-error' : ''}`} tabIndex={0} aria-label={label}>
          {text.out}
        </pre>
      )}
    </div>
  );
}

/**
 * The object's Events, asked of the worker (the page mirrors only the cluster's newest Events),
 * again whenever one about it is written: every write makes an Event one of the mirrored newest.
 */
function EventsView({ obj, objectKey }: { obj: KObject; objectKey: ObjectKey }) {
  const bridge = useBridge();
  const nowMs = useNowSeconds();
  const mirrored = useKubeplay(selectEvents);
  const latest = useMemo(() => latestEventAbout(mirrored, obj, objectKey), [mirrored, obj, objectKey]);
  const { kind, namespace, name } = parseObjectKey(objectKey);
  const answer = useWorkerAnswer(() => bridge.events({ kind, namespace, name }), latest);
  const rows = useMemo(() => (answer ? eventRows(answer.events) : []), [answer]);
  const what = obj.kind.toLowerCase();
  if (!answer) return <p className="empty">Asking the API server…</p>;
  if (answer.error) return <p className="empty">{answer.error}</p>;
  if (rows.length === 0) return <p className="empty">No events about this {what}.</p>;
  return (
    <>
      {answer.total > rows.length && (
        <p className="insp-ev-bound">
          The newest {rows.length.toLocaleString('en-US')} of {answer.total.toLocaleString('en-US')} events about this {what}.
        </p>
      )}
      <ol className="insp-events" aria-label={`Events about ${obj.kind} ${obj.metadata.name ?? ''}, newest first`}>
        {rows.map((r) => (
          <li key={r.key} className={r.type === 'Warning' ? 'is-warning' : undefined}>
            <span className="insp-ev-head">
              <span className="insp-ev-age">{lastSeenText(r, nowMs)}</span>
              <span className="insp-ev-reason">{r.reason}</span>
              {r.count > 1 && <span className="insp-ev-count">×{r.count}</span>}
            </span>
            <span className="insp-ev-msg">{r.message}</span>
          </li>
        ))}
      </ol>
    </>
  );
}

// EventsTimeline: `kubectl get events` as a live table — LAST SEEN, TYPE, REASON, OBJECT, MESSAGE —
// newest first, with a text filter and a Warning-only toggle. A row selects the object it is about.
// The page mirrors only the cluster's newest Events (the worker's NewestEvents); the header says
// so when there are more.

import { memo, useDeferredValue, useState, type KeyboardEvent } from 'react';
import { useSelection } from '../state/selection';
import { useKubeplay } from '../state/store';
import { eventCountText, filterEvents, lastSeenText, type EventRow } from './events';
import { useEventRows, useNowSeconds } from './use-event-rows';
import './events.css';

/** Rows drawn at most; the filter narrows the rest. */
const MAX_ROWS = 400;

const Row = memo(function Row({ row, nowMs, selected }: { row: EventRow; nowMs: number; selected: boolean }) {
  const select = useSelection((s) => s.select);
  const hover = useSelection((s) => s.hover);
  const target = row.involvedKey;
  const activate = () => {
    if (target) select(target);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTableRowElement>) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      activate();
    }
  };
  return (
    <tr
      className={`ev-row${row.type === 'Warning' ? ' ev-warning' : ''}${selected ? ' is-selected' : ''}`}
      tabIndex={target ? 0 : -1}
      aria-selected={selected}
      onClick={activate}
      onKeyDown={onKeyDown}
      onMouseEnter={() => target && hover(target)}
      onMouseLeave={() => hover(null)}
      title={target ? `Select ${row.object}` : undefined}
    >
      <td className="ev-age">{lastSeenText(row, nowMs)}</td>
      <td className="ev-type">{row.type}</td>
      <td className="ev-reason">{row.reason}</td>
      <td className="ev-object">{row.object}</td>
      <td className="ev-message">
        {row.message}
        {row.count > 1 && <span className="ev-count"> (x{row.count})</span>}
      </td>
    </tr>
  );
});

export function EventsTimeline() {
  const rows = useEventRows();
  const nowMs = useNowSeconds();
  const selected = useSelection((s) => s.selected);
  const [text, setText] = useState('');
  const [warningsOnly, setWarningsOnly] = useState(false);
  const query = useDeferredValue(text);
  const shown = filterEvents(rows, query, warningsOnly);
  const warnings = rows.reduce((n, r) => n + (r.type === 'Warning' ? 1 : 0), 0);
  const total = useKubeplay((s) => s.eventsTotal);

  return (
    <section className="panel events-timeline" aria-labelledby="events-heading">
      <header className="panel-header ev-toolbar">
        <h2 id="events-heading">Events</h2>
        <input
          type="search"
          className="ev-filter"
          aria-label="Filter events"
          placeholder="Filter: reason, object, message…"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <label className="ev-toggle">
          <input type="checkbox" checked={warningsOnly} onChange={(e) => setWarningsOnly(e.target.checked)} />
          Warnings only
        </label>
        <span className="panel-meta">
          {eventCountText(shown.length, rows.length, total)}
          {warnings > 0 && ` · ${warnings} warnings`}
        </span>
      </header>
      <div className="ev-scroll">
        {shown.length === 0 ? (
          <p className="empty">{rows.length === 0 ? 'No events yet.' : 'No events match the filter.'}</p>
        ) : (
          <table className="ev-table" aria-label="Events, newest first">
            <thead>
              <tr>
                <th scope="col">LAST SEEN</th>
                <th scope="col">TYPE</th>
                <th scope="col">REASON</th>
                <th scope="col">OBJECT</th>
                <th scope="col">MESSAGE</th>
              </tr>
            </thead>
            <tbody>
              {shown.slice(0, MAX_ROWS).map((row) => (
                <Row key={row.key} row={row} nowMs={nowMs} selected={row.involvedKey !== null && row.involvedKey === selected} />
              ))}
            </tbody>
          </table>
        )}
        {shown.length > MAX_ROWS && <p className="empty">{shown.length - MAX_ROWS} older events not shown; filter to narrow.</p>}
      </div>
    </section>
  );
}

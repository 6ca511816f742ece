import { KeepWords } from "./KeepWords.tsx";

/**
 * The product as an inner page's picture: a window of the marketplace's own UI, in the hero
 * mock-up's language (a card on the ledger grid, a tag, rows with their state: done in signal,
 * live in ember, next hollow). Each page passes the rows of its own screen, and its stylesheet
 * composes them as that screen (layout.css, by data-art): About a register record, Services a
 * pipeline's timeline, Category a filter over agent tiles, Recent Articles a reading list,
 * Contact a message thread. No bar over it: a browser's three dots read as a stock frame (rounds
 * 11-14) and the same product bar on all five heroes as a template (round 18). The markup is
 * one small shape for all five, so no page's script grows by its picture. Decorative: hidden from assistive technology, like the hero's mock-up.
 */
export type PanelRow = readonly [label: string, value: string, state?: "done" | "live" | "next"];
export type Panel = {
  title: string;
  tag: string;
  rows: readonly PanelRow[];
  /** A progress bar under the rows: its label; the fill is drawn by the page's stylesheet. */
  meter?: string;
};

export function HeaderPanel({ id, panel }: { id: string; panel: Panel }) {
  return (
    <div className="panel" data-art={id} aria-hidden="true">
      <div className="panel__body">
        <p className="panel__head">
          <b>{panel.title}</b>
          <span className="panel__tag">{panel.tag}</span>
        </p>
        <ul className="panel__rows">
          {panel.rows.map(([label, value, state = "done"]) => (
            <li key={label} data-state={state}>
              <span>
                <KeepWords text={label} />
              </span>
              <b>
                <KeepWords text={value} />
              </b>
            </li>
          ))}
        </ul>
        {panel.meter && (
          <p className="panel__meter">
            <span />
            {panel.meter}
          </p>
        )}
      </div>
    </div>
  );
}

import type { CSSProperties, ReactNode } from "react";

/**
 * A titled box that looks like the component library's card. The first screen after sign-in (the
 * dashboard) draws a dozen of them: the library's card brings its tabs along (13 kB gzip), this
 * brings nothing. Screens with tabs in a card keep the library's.
 */
export function Panel({
  title,
  extra,
  style,
  testId,
  children,
}: {
  title?: ReactNode;
  /** Beside the title, at the end of the header. */
  extra?: ReactNode;
  style?: CSSProperties;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section className="panel" style={style} data-testid={testId}>
      {(title || extra) && (
        <header className="panel-header">
          <div className="panel-title">{title}</div>
          {extra && <div className="panel-extra">{extra}</div>}
        </header>
      )}
      <div className="panel-body">{children}</div>
    </section>
  );
}

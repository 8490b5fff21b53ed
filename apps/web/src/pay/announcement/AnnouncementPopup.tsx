import type { PopupAnimation, ShownSkin } from "@washboard/shared";
import { type KeyboardEvent, useEffect, useId, useRef } from "react";
import "./announcement-popup.css";

/**
 * An announcement's popup (spec §9 skins and animations): on the customer's pay page over the page,
 * and in the console's preview inside its frame. It imports nothing but React and its own styles,
 * so the pay bundle stays small; its texts come in as plain strings of the page's language.
 */

export interface PopupContent {
  title: string;
  /** Plain text; its line breaks are kept. */
  body: string;
  /** Empty: `labels.ok`. */
  button_text: string;
}

export interface AnnouncementPopupProps {
  announcement: PopupContent;
  /** A random skin is resolved by the caller, once per showing (`shownSkin`). */
  skin: ShownSkin;
  animation: PopupAnimation;
  labels: { ok: string; close: string };
  onClose(): void;
  /**
   * The console's preview: drawn inside its positioned frame rather than over the page, and neither
   * modal nor taking the focus or the keys of the page around it.
   */
  contained?: boolean;
}

const FOCUSABLE = "button:not([disabled]), [href], input, select, textarea, [tabindex]:not([tabindex='-1'])";

/**
 * Over the page it is a modal dialog: the button takes the focus, Tab stays within, Escape, the
 * close icon, the button and a click beside it dismiss it, and the focus goes back where it was.
 */
export function AnnouncementPopup(props: AnnouncementPopupProps) {
  const { announcement, skin, animation, labels, contained = false } = props;
  const titleId = useId();
  const bodyId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // The latest onClose, so the key listener need not be set again when the caller re-renders.
  const onClose = useRef(props.onClose);
  onClose.current = props.onClose;

  useEffect(() => {
    if (contained) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    button.current?.focus();
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      onClose.current();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      before?.focus();
    };
  }, [contained]);

  /** Tab and Shift+Tab go round the dialog's own controls. */
  const keepFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    if (contained || event.key !== "Tab" || !dialog.current) return;
    const controls = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = controls[0];
    const last = controls.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className={`wb-popup-layer${contained ? " is-contained" : ""}`}>
      <div className="wb-popup-backdrop" aria-hidden="true" onClick={() => onClose.current()} />
      <div
        ref={dialog}
        role="dialog"
        aria-modal={!contained}
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        className={`wb-popup wb-popup-skin-${skin} wb-popup-anim-${animation}`}
        data-testid="announcement-popup"
        data-skin={skin}
        data-animation={animation}
        onKeyDown={keepFocus}
      >
        <button
          type="button"
          className="wb-popup-close"
          aria-label={labels.close}
          title={labels.close}
          onClick={() => onClose.current()}
          data-testid="announcement-close"
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <div className="wb-popup-icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
            <path
              d="M4 10v4a1 1 0 0 0 1 1h2l5 4V5L7 9H5a1 1 0 0 0-1 1zM15.5 9a4 4 0 0 1 0 6M18 6.5a7.5 7.5 0 0 1 0 11"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </div>
        <h2 id={titleId} className="wb-popup-title" data-testid="announcement-title">
          {announcement.title}
        </h2>
        <p id={bodyId} className="wb-popup-body" data-testid="announcement-body">
          {announcement.body}
        </p>
        <button
          ref={button}
          type="button"
          className="wb-popup-button"
          onClick={() => onClose.current()}
          data-testid="announcement-ok"
        >
          {announcement.button_text || labels.ok}
        </button>
      </div>
    </div>
  );
}

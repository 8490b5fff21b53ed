import { useMemo, useState } from "react";

/** An open dialog: the record it edits, or null when it creates one. */
export interface OpenDialog<Item> {
  record: Item | null;
}

export interface DialogControl<Item> {
  /** Null while closed; the page mounts the dialog only while it is set. */
  state: OpenDialog<Item> | null;
  openNew(): void;
  openEdit(record: Item): void;
  close(): void;
}

/**
 * The page side of the console's one dialog lifecycle: a dialog is mounted only while open and its
 * form starts from initialValues, so each opening starts from its record (or blank), never from what
 * the previous one left:
 *
 *     const dialog = useDialog<ShopItem>();
 *     {dialog.state && <ShopDialog shop={dialog.state.record} onClose={dialog.close} />}
 */
export function useDialog<Item = never>(): DialogControl<Item> {
  const [state, setState] = useState<OpenDialog<Item> | null>(null);
  // Stable, like a state setter, so handing them to children re-renders nothing.
  const actions = useMemo(
    () => ({
      openNew: () => setState({ record: null }),
      openEdit: (record: Item) => setState({ record }),
      close: () => setState(null),
    }),
    [],
  );
  return { state, ...actions };
}

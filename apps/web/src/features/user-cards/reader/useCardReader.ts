import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import {
  type CardOnReader,
  CardReaderClient,
  type CardReaderClientOptions,
  CardReaderRequestError,
  type CardReaderSnapshot,
} from "./card-reader-client";

export interface CardReaderHook extends CardReaderSnapshot {
  /** Reads the card on the reader again. */
  read(): Promise<CardOnReader>;
  /** Stores a balance (minor units) on the card `uuid`; refused when another card lies on the reader. */
  writeBalance(uuid: string, balance: number): Promise<{ uuid: string; balance: number }>;
}

/** What a page shows before its effect has created the client. */
const BEFORE_MOUNT: CardReaderSnapshot = {
  state: "connecting",
  card: null,
  presentCard: null,
  readers: [],
  simulated: false,
  error: null,
};
const beforeMount = () => BEFORE_MOUNT;
const noSubscription = () => () => {};
const notYet = () => Promise.reject(new CardReaderRequestError("not_connected", "the card reader is not ready yet"));

/**
 * The card reader for a page: connects to the bridge while the page is shown and disconnects when
 * it goes. `options` are read once, on mount. With several pages using it at once each holds its own
 * connection, which the bridge allows.
 */
export function useCardReader(options?: CardReaderClientOptions): CardReaderHook {
  const [client, setClient] = useState<CardReaderClient | null>(null);
  const initialOptions = useRef(options);

  useEffect(() => {
    const created = new CardReaderClient(initialOptions.current);
    setClient(created);
    return () => created.close();
  }, []);

  const snapshot = useSyncExternalStore(client?.subscribe ?? noSubscription, client?.getSnapshot ?? beforeMount);
  const read = useCallback(() => (client ? client.read() : notYet()), [client]);
  const writeBalance = useCallback(
    (uuid: string, balance: number) => (client ? client.writeBalance(uuid, balance) : notYet()),
    [client],
  );
  return { ...snapshot, read, writeBalance };
}

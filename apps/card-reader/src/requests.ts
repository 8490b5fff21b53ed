import type { CardReaderBridgeMessage, CardReaderConsoleMessage, CardReaderErrorCode } from "@washboard/shared";
import { type ReaderBackend, ReaderError } from "./readers/reader.js";

function errorAnswer(requestId: string, error: unknown, fallback: CardReaderErrorCode): CardReaderBridgeMessage {
  if (error instanceof ReaderError) {
    return { type: "error", request_id: requestId, code: error.code, message: error.message };
  }
  // A fault of the hardware or its driver: the console shows that the read or write failed, the detail is for support.
  return {
    type: "error",
    request_id: requestId,
    code: fallback,
    message: error instanceof Error ? error.message : String(error),
  };
}

/** Carries out one request of the console on the reader; never rejects, a failure is an error answer. */
export async function answerRequest(
  reader: ReaderBackend,
  request: CardReaderConsoleMessage,
): Promise<CardReaderBridgeMessage> {
  switch (request.type) {
    case "read":
      try {
        const reading = await reader.read();
        return { type: "read_result", request_id: request.request_id, ...reading };
      } catch (error) {
        return errorAnswer(request.request_id, error, "read_failed");
      }
    case "write_balance":
      try {
        const written = await reader.writeBalance(request.uuid, request.balance);
        return { type: "write_result", request_id: request.request_id, ...written };
      } catch (error) {
        return errorAnswer(request.request_id, error, "write_failed");
      }
  }
}

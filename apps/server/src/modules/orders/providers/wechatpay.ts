import { createDecipheriv, randomBytes } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { fromProviderAmount, merchantModelOf, ProviderAmountError, toProviderInteger } from "@washboard/shared";
import { WebhookRefused } from "../../../platform/http/webhook.js";
import {
  type CloseOutcome,
  type CloseRequest,
  type Credentials,
  type NotificationRequest,
  type OrderQueryAnswer,
  type PaymentRequest,
  type PaymentStart,
  type ProviderAdapter,
  type ProviderCall,
  ProviderError,
  type ProviderNotice,
  type RefundOutcome,
  type RefundRequest,
} from "./adapter.js";
import { shanghaiRfc3339 } from "./china-time.js";
import { requiredCredential } from "./credentials.js";
import { fetchAnswer } from "./http.js";
import { dateOf, integer, isRecord, type Json, parseJson, record, text } from "./json.js";
import { privateKeyCredential, publicKeyCredential, rsaSign, rsaSignatureValid } from "./keys.js";

/**
 * WeChat Pay API v3 (merchant direct mode): Native pay (a QR code), refunds, order query and the
 * encrypted payment / refund notifications. Requests are signed with the merchant's private key;
 * answers and notifications are verified with the WeChat Pay platform public key (the "platform
 * public key" mode, which needs no certificate download).
 *
 * Two merchant models, by the order's currency (the descriptor's `money`): a Mainland China
 * merchant takes CNY through the domestic API (`/v3/pay/…`, `/v3/refund/domestic/…` on
 * api.mch.weixin.qq.com); a merchant elsewhere takes its own currency through WeChat Pay Global
 * (`/v3/global/…`, on apihk.mch.weixin.qq.com), which also asks for its business category code.
 * Amounts are integers in the currency's ISO 4217 minor unit either way (`provider-money.ts`).
 */

const SCHEME = "WECHATPAY2-SHA256-RSA2048";
/** WeChat Pay's own tolerance for signed timestamps; older notifications may be replays. */
const NOTIFICATION_TOLERANCE_MS = 5 * 60_000;
/** The Native-pay description is limited to 127 bytes of UTF-8. */
const DESCRIPTION_MAX_BYTES = 127;
/** The refund reason is limited to 80 characters. */
const REASON_MAX_CHARS = 80;
const DOMESTIC_BASE_URL = "https://api.mch.weixin.qq.com";
const GLOBAL_BASE_URL = "https://apihk.mch.weixin.qq.com";
/** ISO 18245 "Laundry, cleaning and garment services": what a laundry's business is, unless the vendor says. */
const DEFAULT_MERCHANT_CATEGORY = "7210";

type Model = "domestic" | "global";

/** Which API an order's currency goes through; refused before any call when WeChat Pay takes it under neither. */
function modelOf(currency: string): Model {
  const model = merchantModelOf("wechatpay", currency);
  if (model === "domestic" || model === "global") return model;
  throw new ProviderError(`wechatpay does not take ${currency}`, false);
}

/**
 * The call for a model: the Global API lives on its own host. A base URL configured for tests or a
 * sandbox (PAYMENT_BASE_URL_WECHATPAY) serves both.
 */
function callFor(call: ProviderCall, model: Model): ProviderCall {
  return model === "global" && call.baseUrl === DOMESTIC_BASE_URL ? { ...call, baseUrl: GLOBAL_BASE_URL } : call;
}

/** Our minor units in WeChat Pay's (the currency's ISO minor unit); anything it cannot carry is a bug upstream. */
function units(amount: number, currency: string, what: string): number {
  try {
    const converted = toProviderInteger("wechatpay", currency, amount);
    if (converted <= 0) throw new ProviderAmountError("not positive");
    return converted;
  } catch (error) {
    if (!(error instanceof ProviderAmountError)) throw error;
    throw new ProviderError(
      `wechatpay ${what} must be a positive amount of ${currency}, got ${amount}: ${error.message}`,
      false,
    );
  }
}

/** WeChat Pay's units back in ours; null when it is not an amount of an order of ours. */
function ourAmount(value: number | null, currency: string | null): number | null {
  return value === null || currency === null ? null : fromProviderAmount("wechatpay", currency, value);
}

// ---------------------------------------------------------------------------------------------
// Credentials and signatures.

const credential = (credentials: Credentials, name: string) => requiredCredential("wechatpay", credentials, name);
const merchantKey = (credentials: Credentials) => privateKeyCredential("wechatpay", credentials, "private_key");
/** The WeChat Pay platform public key, or null when it is missing or unreadable. */
const platformKey = (credentials: Credentials) => publicKeyCredential(credentials, "platform_public_key");

/** `${a}\n${b}\n…\n`: the shape of every message WeChat Pay signs; the body stays raw bytes. */
function signedMessage(parts: readonly string[], body: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`${parts.join("\n")}\n`, "utf8"), body, Buffer.from("\n", "utf8")]);
}

// ---------------------------------------------------------------------------------------------
// Calls.

type Answer = { ok: true; body: Json } | { ok: false; status: number; code: string; message: string };

/**
 * Sends one signed request and reads its answer. Network failures, timeouts, 5xx and 429 throw a
 * retryable ProviderError; a 2xx must carry a valid platform signature; a 4xx is returned as the
 * provider's error (checked too when signed — WeChat Pay leaves e.g. SIGN_ERROR answers unsigned,
 * and a 4xx only ever makes us give up, never believe money moved).
 */
async function send(
  call: ProviderCall,
  method: "GET" | "POST",
  pathWithQuery: string,
  payload?: Json,
): Promise<Answer> {
  const { credentials } = call;
  const url = `${call.baseUrl}${pathWithQuery}`;
  const body = payload === undefined ? "" : JSON.stringify(payload);
  const headers: Record<string, string> = {
    Accept: "application/json",
    "User-Agent": "washboard-server",
    Authorization: authorization(credentials, method, new URL(url), body),
  };
  if (payload !== undefined) headers["Content-Type"] = "application/json";

  const request = { method, headers, body: payload === undefined ? undefined : body };
  const { status, headers: answerHeaders, bytes: raw } = await fetchAnswer(call, url, request, "wechatpay unreachable");

  if (status >= 500) throw new ProviderError(`wechatpay answered HTTP ${status}`, true);
  if (status === 429) throw new ProviderError("wechatpay answered 429 (rate limited)", true);
  const signed = answerHeaders.has("wechatpay-signature");
  if ((status < 300 || signed) && !answerVerified(credentials, answerHeaders, raw)) {
    throw new ProviderError(`wechatpay answer (HTTP ${status}) has no valid platform signature`, false);
  }
  // A close answers 204 with no body (signed all the same).
  if (status === 204) return { ok: true, body: {} };
  const parsed = parseJson(raw.toString("utf8"));
  if (status >= 300) {
    const error = isRecord(parsed) ? parsed : {};
    return {
      ok: false,
      status,
      code: text(error, "code") ?? `HTTP_${status}`,
      message: text(error, "message") ?? `wechatpay answered HTTP ${status}`,
    };
  }
  if (!isRecord(parsed)) throw new ProviderError("wechatpay answered something other than a JSON object", false);
  return { ok: true, body: parsed };
}

/** The Authorization header of WeChat Pay v3: the merchant's signature over the request line and body. */
function authorization(credentials: Credentials, method: string, url: URL, body: string): string {
  const mchId = credential(credentials, "mch_id");
  const serialNo = credential(credentials, "serial_no");
  const timestamp = Math.floor(Date.now() / 1000).toString();
  const nonce = randomBytes(16).toString("hex").toUpperCase();
  const message = signedMessage([method, `${url.pathname}${url.search}`, timestamp, nonce], Buffer.from(body, "utf8"));
  const signature = rsaSign(merchantKey(credentials), message);
  return `${SCHEME} mchid="${mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${serialNo}"`;
}

function answerVerified(credentials: Credentials, headers: Headers, body: Buffer): boolean {
  const signature = headers.get("wechatpay-signature");
  const timestamp = headers.get("wechatpay-timestamp");
  const nonce = headers.get("wechatpay-nonce");
  // The serial names the platform key; we hold exactly one, so it is only required to be there.
  const serial = headers.get("wechatpay-serial");
  const key = platformKey(credentials);
  if (!signature || !timestamp || !nonce || !serial || !key) return false;
  return rsaSignatureValid(key, signedMessage([timestamp, nonce], body), signature);
}

const failureOf = (answer: Answer & { ok: false }, what: string) =>
  new ProviderError(`wechatpay ${what} refused: ${answer.code} ${answer.message}`, false);

// ---------------------------------------------------------------------------------------------
// Operations.

/** Cuts at a character boundary so the UTF-8 form fits `maxBytes`. */
function truncateUtf8(value: string, maxBytes: number): string {
  let result = "";
  let bytes = 0;
  for (const char of value) {
    const size = Buffer.byteLength(char, "utf8");
    if (bytes + size > maxBytes) break;
    result += char;
    bytes += size;
  }
  return result;
}

async function startPayment(call: ProviderCall, request: PaymentRequest): Promise<PaymentStart> {
  const model = modelOf(request.currency);
  const common = {
    appid: credential(call.credentials, "app_id"),
    mchid: credential(call.credentials, "mch_id"),
    description: truncateUtf8(request.description, DESCRIPTION_MAX_BYTES),
    out_trade_no: request.orderNo,
    notify_url: request.notifyUrl,
    // After this WeChat Pay takes no payment for it: the machine's hold is over.
    time_expire: shanghaiRfc3339(request.expiresAt),
    amount: { total: units(request.amount, request.currency, "amount"), currency: request.currency },
  };
  const answer =
    model === "domestic"
      ? await send(call, "POST", "/v3/pay/transactions/native", common)
      : await send(callFor(call, model), "POST", "/v3/global/transactions/native", {
          ...common,
          trade_type: "NATIVE",
          merchant_category_code: call.credentials.merchant_category_code?.trim() || DEFAULT_MERCHANT_CATEGORY,
        });
  if (!answer.ok) throw failureOf(answer, "payment");
  const codeUrl = text(answer.body, "code_url");
  if (!codeUrl) throw new ProviderError("wechatpay answered a payment without code_url", false);
  return { kind: "qr", content: codeUrl, providerRef: null };
}

/**
 * Closes an unpaid order (204, no body) through the API it was placed with. One already paid answers
 * ORDERPAID; one WeChat Pay does not know was never placed, so nothing can pay it.
 */
async function close(call: ProviderCall, request: CloseRequest): Promise<CloseOutcome> {
  const model = modelOf(request.currency);
  const path = `/v3/${model === "domestic" ? "pay" : "global"}/transactions/out-trade-no/${encodeURIComponent(request.orderNo)}/close`;
  const answer = await send(callFor(call, model), "POST", path, { mchid: credential(call.credentials, "mch_id") });
  if (answer.ok) return "closed";
  if (answer.code === "ORDERPAID") return "paid";
  if (answer.code === "ORDER_NOT_EXIST" || answer.code === "ORDER_CLOSED") return "closed";
  throw failureOf(answer, "close");
}

async function refund(call: ProviderCall, request: RefundRequest): Promise<RefundOutcome> {
  const model = modelOf(request.currency);
  const payload: Json = {
    ...(model === "global"
      ? { appid: credential(call.credentials, "app_id"), mchid: credential(call.credentials, "mch_id") }
      : {}),
    ...(request.tradeNo ? { transaction_id: request.tradeNo } : {}),
    out_trade_no: request.orderNo,
    out_refund_no: request.refundNo,
    ...(request.reason ? { reason: Array.from(request.reason).slice(0, REASON_MAX_CHARS).join("") } : {}),
    notify_url: request.notifyUrl,
    amount: {
      refund: units(request.amount, request.currency, "refund amount"),
      total: units(request.total, request.currency, "total"),
      currency: request.currency,
    },
  };
  const answer =
    model === "domestic"
      ? await send(call, "POST", "/v3/refund/domestic/refunds", payload)
      : await send(callFor(call, model), "POST", "/v3/global/refunds", payload);
  // A 4xx is WeChat Pay's final word on this request (not enough balance, bad amount, unknown order).
  if (!answer.ok) return { state: "failed", reason: `${answer.code}: ${answer.message}` };
  return refundOutcomeOf(answer.body);
}

function refundOutcomeOf(body: Json): RefundOutcome {
  // The domestic API names its refund `refund_id` and says its status; the Global API answers the
  // refund's `id` only, and says how it ended in a notification.
  const refundId = text(body, "refund_id") ?? text(body, "id");
  const status = text(body, "status") ?? "PROCESSING";
  if (!refundId) throw new ProviderError("wechatpay answered a refund without its id", false);
  switch (status) {
    case "SUCCESS":
      return { state: "succeeded", refundId };
    case "PROCESSING":
      return { state: "processing", refundId };
    case "ABNORMAL":
    case "CLOSED":
      return { state: "failed", reason: `refund ${status}` };
    default:
      throw new ProviderError(`wechatpay answered an unknown refund status ${status}`, false);
  }
}

async function query(call: ProviderCall, orderNo: string, currency: string): Promise<OrderQueryAnswer> {
  const model = modelOf(currency);
  const mchId = encodeURIComponent(credential(call.credentials, "mch_id"));
  const base = model === "domestic" ? "/v3/pay/transactions" : "/v3/global/transactions";
  const path = `${base}/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${mchId}`;
  const answer = await send(callFor(call, model), "GET", path);
  if (!answer.ok) {
    // An order WeChat Pay never saw was never paid.
    if (answer.code === "ORDER_NOT_EXIST" || answer.code === "RESOURCE_NOT_EXISTS") {
      return { paid: false, tradeNo: null, amount: null, currency: null, paidAt: null };
    }
    throw failureOf(answer, "query");
  }
  const amount = record(answer.body, "amount");
  const stated = text(amount, "currency");
  return {
    paid: text(answer.body, "trade_state") === "SUCCESS",
    tradeNo: text(answer.body, "transaction_id"),
    amount: ourAmount(integer(amount, "total"), stated),
    currency: stated,
    paidAt: dateOf(text(answer.body, "success_time")),
  };
}

// ---------------------------------------------------------------------------------------------
// Notifications.

function header(headers: IncomingHttpHeaders, name: string): string | null {
  const value = headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first ? first : null;
}

/** Signature and freshness of a notification, before anything in it is read. */
function checkSignature(request: NotificationRequest): void {
  const signature = header(request.headers, "wechatpay-signature");
  const timestamp = header(request.headers, "wechatpay-timestamp");
  const nonce = header(request.headers, "wechatpay-nonce");
  if (!signature || !timestamp || !nonce) throw new WebhookRefused("wechatpay notification lacks signature headers");
  if (!/^\d{1,12}$/.test(timestamp)) throw new WebhookRefused("wechatpay notification timestamp is unreadable");
  const now = (request.now ?? new Date()).getTime();
  if (Math.abs(now - Number(timestamp) * 1000) > NOTIFICATION_TOLERANCE_MS) {
    throw new WebhookRefused("wechatpay notification timestamp is stale");
  }
  const key = platformKey(request.call.credentials);
  if (!key) throw new WebhookRefused("wechatpay platform_public_key is missing or unreadable");
  if (!rsaSignatureValid(key, signedMessage([timestamp, nonce], request.rawBody), signature)) {
    throw new WebhookRefused("wechatpay notification signature is invalid");
  }
}

/** AEAD_AES_256_GCM with the APIv3 key; the ciphertext's last 16 bytes are the tag. */
function decryptResource(resource: Json, apiV3Key: string | undefined): Json {
  const key = Buffer.from(apiV3Key ?? "", "utf8");
  const ciphertext = Buffer.from(text(resource, "ciphertext") ?? "", "base64");
  const nonce = text(resource, "nonce");
  if (text(resource, "algorithm") !== "AEAD_AES_256_GCM") throw new WebhookRefused("wechatpay resource algorithm");
  if (key.length !== 32) throw new WebhookRefused("wechatpay api_v3_key is not 32 bytes");
  if (!nonce || ciphertext.length <= 16) throw new WebhookRefused("wechatpay resource is incomplete");
  let plain: string;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(nonce, "utf8"));
    decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
    decipher.setAAD(Buffer.from(text(resource, "associated_data") ?? "", "utf8"));
    plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]).toString(
      "utf8",
    );
  } catch {
    throw new WebhookRefused("wechatpay resource does not decrypt");
  }
  const parsed = parseJson(plain);
  if (!isRecord(parsed)) throw new WebhookRefused("wechatpay resource is not a JSON object");
  return parsed;
}

function paymentNotice(eventId: string, resource: Json): ProviderNotice {
  const orderNo = text(resource, "out_trade_no");
  if (!orderNo) throw new WebhookRefused("wechatpay payment notification lacks out_trade_no");
  const amount = record(resource, "amount");
  const transactionId = text(resource, "transaction_id");
  const currency = text(amount, "currency");
  return {
    kind: "payment",
    eventId,
    orderNo,
    paid: text(resource, "trade_state") === "SUCCESS",
    tradeNo: transactionId,
    transactionId,
    amount: ourAmount(integer(amount, "total"), currency),
    currency,
    paidAt: dateOf(text(resource, "success_time")),
  };
}

function refundNotice(eventId: string, resource: Json): ProviderNotice {
  const refundNo = text(resource, "out_refund_no");
  if (!refundNo) throw new WebhookRefused("wechatpay refund notification lacks out_refund_no");
  const status = text(resource, "refund_status");
  const succeeded = status === "SUCCESS";
  return {
    kind: "refund",
    eventId,
    refundNo,
    succeeded,
    refundId: text(resource, "refund_id") ?? text(resource, "id"),
    reason: succeeded ? null : `refund ${status ?? "failed"}`,
  };
}

const REFUND_EVENTS = new Set(["REFUND.SUCCESS", "REFUND.ABNORMAL", "REFUND.CLOSED"]);

async function verifyNotification(request: NotificationRequest): Promise<ProviderNotice> {
  checkSignature(request);
  const body = parseJson(request.rawBody.toString("utf8"));
  if (!isRecord(body)) throw new WebhookRefused("wechatpay notification is not a JSON object");
  const eventId = text(body, "id");
  const eventType = text(body, "event_type");
  if (!eventId || !eventType) throw new WebhookRefused("wechatpay notification lacks id or event_type");
  const isPayment = eventType === "TRANSACTION.SUCCESS";
  if (!isPayment && !REFUND_EVENTS.has(eventType)) return { kind: "ignored", eventId };

  const resource = decryptResource(record(body, "resource"), request.call.credentials.api_v3_key);
  // Decrypting proves it came for our APIv3 key; the merchant id proves it is about this vendor.
  const mchId = text(resource, "mchid");
  if (mchId && mchId !== request.call.credentials.mch_id?.trim()) {
    throw new WebhookRefused("wechatpay notification is for another merchant");
  }
  return isPayment ? paymentNotice(eventId, resource) : refundNotice(eventId, resource);
}

export const wechatPay: ProviderAdapter = {
  id: "wechatpay",
  defaultBaseUrl: DOMESTIC_BASE_URL,
  startPayment,
  close,
  refund,
  query,
  verifyNotification,
  // WeChat Pay v3 takes a 200/204 as received; this body is the one its documentation shows.
  notificationAck: {
    status: 200,
    contentType: "application/json",
    body: JSON.stringify({ code: "SUCCESS", message: "成功" }),
  },
};

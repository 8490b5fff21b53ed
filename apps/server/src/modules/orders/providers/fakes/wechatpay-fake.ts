import {
  createCipheriv,
  createPublicKey,
  type KeyObject,
  randomBytes,
  randomInt,
  randomUUID,
  sign,
  verify,
} from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Credentials } from "../adapter.js";
import { sendJson, startFakeServer } from "./fake-server.js";
import { rsaKeyPair } from "./rsa-key-pair.js";

/**
 * A fake WeChat Pay API v3 for tests, on 127.0.0.1 (a free port, or options.port). It holds its
 * own platform key pair, checks every request's merchant signature as WeChat Pay does (401
 * SIGN_ERROR otherwise), keeps what it was asked, and answers in WeChat Pay's format signed with
 * the platform key. It serves both merchant models: the domestic API (`/v3/pay/…`,
 * `/v3/refund/domestic/…`), which refuses any currency but CNY, and WeChat Pay Global
 * (`/v3/global/…`), which takes the merchant's own currency and answers refunds as under way.
 *
 *   const fake = await startWechatPayFake(options?: WechatPayFakeOptions): Promise<WechatPayFake>
 *   fake.baseUrl                       "http://127.0.0.1:<port>" — the adapter's ProviderCall.baseUrl
 *   fake.credentials                   app_id, mch_id, serial_no, api_v3_key, private_key (merchant PEM),
 *                                      platform_public_key (PEM): a full Credentials for the adapter
 *   fake.calls: WechatPayCall[]        every request received, in order, with `signatureValid`
 *   fake.orders: Map<out_trade_no, WechatPayOrder>    Native payments started
 *   fake.refunds: Map<out_refund_no, WechatPayRefund> refunds, one per out_refund_no (idempotent)
 *   fake.refundStatus                  the status new refunds get: "SUCCESS" (default), "PROCESSING",
 *                                      "ABNORMAL", "CLOSED"
 *   fake.failNext(failure: WechatPayFailure): void   the next request fails that way (queued)
 *   fake.notification(event: WechatPayEvent, options?: { at?: Date; id?: string }): SignedNotification
 *                                      a notification signed and encrypted as WeChat Pay sends it;
 *                                      it also updates the fake's order / refund it is about
 *   fake.sign(body: string, at?: Date): Record<string, string>   platform signature headers for any body
 *   fake.reset(): void                 forgets calls, orders, refunds, failures; refundStatus = "SUCCESS"
 *   fake.close(): Promise<void>
 */

/** WeChat Pay's time format: RFC 3339 with the offset written out ("2018-06-08T10:34:56+08:00"). */
const RFC3339_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?[+-]\d{2}:\d{2}$/;

export interface WechatPayFakeOptions {
  appId?: string;
  mchId?: string;
  serialNo?: string;
  /** 32 ASCII characters. */
  apiV3Key?: string;
  /** The merchant's key pair (PEM); generated when absent. */
  merchant?: { privateKey: string; publicKey: string };
  /** Where it listens; 0 (the default) is a free port. */
  port?: number;
}

export interface WechatPayCall {
  method: string;
  /** Path with query string, as signed. */
  path: string;
  body: unknown;
  signatureValid: boolean;
}

export interface WechatPayOrder {
  /** Through which API it was placed: the domestic one (CNY only) or WeChat Pay Global. */
  api: "domestic" | "global";
  outTradeNo: string;
  transactionId: string;
  total: number;
  currency: string;
  description: string;
  notifyUrl: string;
  codeUrl: string;
  tradeState: "NOTPAY" | "SUCCESS" | "CLOSED" | "REFUND";
  successTime: string | null;
  /** time_expire as sent (RFC 3339), if it was: no payment is taken after it. */
  timeExpire: string | null;
}

export interface WechatPayRefund {
  refundId: string;
  outRefundNo: string;
  outTradeNo: string;
  transactionId: string;
  refund: number;
  total: number;
  currency: string;
  reason: string | null;
  notifyUrl: string | null;
  status: WechatPayRefundStatus;
  createTime: string;
}

export type WechatPayRefundStatus = "SUCCESS" | "PROCESSING" | "ABNORMAL" | "CLOSED";

export type WechatPayFailure =
  /** An error answer in WeChat Pay's format ({code, message}), signed; nothing is done. */
  | { kind: "error"; status: number; code: string; message: string }
  /** The request is carried out but the answer's signature does not verify. */
  | { kind: "forged-signature" }
  /** The connection is dropped without an answer; nothing is done. */
  | { kind: "drop" }
  /** The answer comes after `ms` (for timeouts); the request is carried out. */
  | { kind: "delay"; ms: number };

export type WechatPayEvent =
  | {
      type: "TRANSACTION.SUCCESS";
      orderNo: string;
      /** Fen; the fake's order total when absent (else 1). */
      amount?: number;
      currency?: string;
      transactionId?: string;
      tradeState?: string;
      /** RFC 3339, e.g. "2024-05-01T12:00:00+08:00". */
      successTime?: string;
    }
  | {
      type: "REFUND.SUCCESS" | "REFUND.ABNORMAL" | "REFUND.CLOSED";
      refundNo: string;
      /** Filled from the fake's refund of that number when absent. */
      orderNo?: string;
      refundId?: string;
      amount?: number;
      total?: number;
    }
  /** Any other event type with the given (decrypted) resource. */
  | { type: "other"; eventType: string; resource: Record<string, unknown> };

export interface SignedNotification {
  /** The exact bytes to post. */
  rawBody: Buffer;
  /** Lower-case names, as IncomingHttpHeaders has them; usable with fetch as they are. */
  headers: Record<string, string>;
}

export interface WechatPayFake {
  baseUrl: string;
  credentials: Credentials;
  calls: WechatPayCall[];
  orders: Map<string, WechatPayOrder>;
  refunds: Map<string, WechatPayRefund>;
  refundStatus: WechatPayRefundStatus;
  failNext(failure: WechatPayFailure): void;
  notification(event: WechatPayEvent, options?: { at?: Date; id?: string }): SignedNotification;
  sign(body: string, at?: Date): Record<string, string>;
  reset(): void;
  close(): Promise<void>;
}

const digits = (count: number) => Array.from({ length: count }, () => randomInt(10)).join("");
const alphanumeric = (count: number) => randomBytes(count).toString("base64url").replace(/[-_]/g, "x").slice(0, count);
const rfc3339 = (date: Date) => `${new Date(date.getTime() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isPositiveInteger = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value > 0;

/** `${a}\n${b}\n…\n` over which WeChat Pay signs. */
const message = (...parts: string[]) => Buffer.from(`${parts.join("\n")}\n`, "utf8");

/** Reads the `key="value"` pairs of a WECHATPAY2-SHA256-RSA2048 Authorization header. */
function authorizationOf(value: string | undefined): Record<string, string> | null {
  const prefix = "WECHATPAY2-SHA256-RSA2048 ";
  if (!value?.startsWith(prefix)) return null;
  const pairs: Record<string, string> = {};
  for (const match of value.slice(prefix.length).matchAll(/(\w+)="([^"]*)"/g)) {
    if (match[1] !== undefined && match[2] !== undefined) pairs[match[1]] = match[2];
  }
  return pairs;
}

export async function startWechatPayFake(options: WechatPayFakeOptions = {}): Promise<WechatPayFake> {
  const platform = await rsaKeyPair();
  const merchant = options.merchant ?? (await rsaKeyPair());
  const merchantPublic: KeyObject = createPublicKey(merchant.publicKey);
  const platformSerial = `PUB_KEY_ID_${digits(24)}`;
  const credentials: Credentials = {
    app_id: options.appId ?? "wx8888888888888888",
    mch_id: options.mchId ?? "1900000109",
    serial_no: options.serialNo ?? randomBytes(20).toString("hex").toUpperCase(),
    api_v3_key: options.apiV3Key ?? alphanumeric(32),
    private_key: merchant.privateKey,
    platform_public_key: platform.publicKey,
  };
  const apiV3Key = credentials.api_v3_key ?? "";

  const failures: WechatPayFailure[] = [];
  const state = {
    calls: [] as WechatPayCall[],
    orders: new Map<string, WechatPayOrder>(),
    refunds: new Map<string, WechatPayRefund>(),
  };

  function signHeaders(body: string, at = new Date()): Record<string, string> {
    const timestamp = Math.floor(at.getTime() / 1000).toString();
    const nonce = alphanumeric(32);
    const signature = sign("sha256", message(timestamp, nonce, body), platform.privateKey).toString("base64");
    return {
      "wechatpay-timestamp": timestamp,
      "wechatpay-nonce": nonce,
      "wechatpay-signature": signature,
      "wechatpay-serial": platformSerial,
    };
  }

  /** Checks a request's signature as WeChat Pay does: merchant id, key serial, freshness, RSA-SHA256. */
  function requestSigned(request: IncomingMessage, path: string, body: string): boolean {
    const auth = authorizationOf(request.headers.authorization);
    if (!auth) return false;
    const { mchid, nonce_str: nonce, signature, timestamp, serial_no: serial } = auth;
    if (mchid !== credentials.mch_id || serial !== credentials.serial_no || !nonce || !signature || !timestamp) {
      return false;
    }
    if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
    try {
      return verify(
        "sha256",
        message(request.method ?? "", path, timestamp, nonce, body),
        merchantPublic,
        Buffer.from(signature, "base64"),
      );
    } catch {
      return false;
    }
  }

  function answer(response: ServerResponse, status: number, payload: unknown, forged = false): void {
    const body = payload === undefined ? "" : JSON.stringify(payload);
    const headers = signHeaders(body);
    if (forged) headers["wechatpay-signature"] = signHeaders(`${body} `)["wechatpay-signature"] ?? "";
    response.writeHead(status, {
      ...headers,
      "content-type": "application/json; charset=utf-8",
      "request-id": randomBytes(8).toString("hex"),
    });
    response.end(body);
  }

  const error = (code: string, message: string) => ({ code, message });

  /**
   * Native pay. The domestic API takes CNY only (a merchant outside Mainland China is refused with
   * PARAM_ERROR, as WeChat Pay does); WeChat Pay Global takes the merchant's own currency and asks
   * for trade_type NATIVE and its category code. Amounts are integers of the currency's minor unit.
   */
  function nativePay(body: Record<string, unknown>, api: "domestic" | "global"): [number, unknown] {
    const amount = isObject(body.amount) ? body.amount : {};
    const currency = typeof amount.currency === "string" ? amount.currency : api === "domestic" ? "CNY" : "";
    if (api === "domestic" && currency !== "CNY") return [400, error("PARAM_ERROR", "境内商户仅支持人民币 (CNY) 交易")];
    if (api === "global") {
      if (!/^[A-Z]{3}$/.test(currency) || currency === "CNY") return [400, error("PARAM_ERROR", "currency 参数错误")];
      if (body.trade_type !== "NATIVE") return [400, error("PARAM_ERROR", "trade_type 参数错误")];
      if (typeof body.merchant_category_code !== "string" || !/^\d{4}$/.test(body.merchant_category_code)) {
        return [400, error("PARAM_ERROR", "merchant_category_code 参数错误")];
      }
    }
    const outTradeNo = typeof body.out_trade_no === "string" ? body.out_trade_no : "";
    const description = typeof body.description === "string" ? body.description : "";
    if (body.appid !== credentials.app_id || body.mchid !== credentials.mch_id) {
      return [400, error("PARAM_ERROR", "appid和mch_id不匹配")];
    }
    if (!outTradeNo || !description || typeof body.notify_url !== "string" || !isPositiveInteger(amount.total)) {
      return [400, error("PARAM_ERROR", "参数错误")];
    }
    if (Buffer.byteLength(description, "utf8") > 127) return [400, error("PARAM_ERROR", "description 超出长度")];
    const timeExpire = body.time_expire;
    if (
      timeExpire !== undefined &&
      (typeof timeExpire !== "string" || !RFC3339_WITH_OFFSET.test(timeExpire) || Date.parse(timeExpire) <= Date.now())
    ) {
      return [400, error("PARAM_ERROR", "time_expire 参数错误")];
    }
    const existing = state.orders.get(outTradeNo);
    if (existing?.tradeState === "SUCCESS") return [400, error("ORDERPAID", "该订单已支付")];
    if (existing) return [200, { code_url: existing.codeUrl }];
    const order: WechatPayOrder = {
      api,
      outTradeNo,
      transactionId: `4200${digits(24)}`,
      total: amount.total,
      currency,
      description,
      notifyUrl: body.notify_url,
      codeUrl: `weixin://wxpay/bizpayurl?pr=${alphanumeric(7)}`,
      tradeState: "NOTPAY",
      successTime: null,
      timeExpire: typeof timeExpire === "string" ? timeExpire : null,
    };
    state.orders.set(outTradeNo, order);
    return [200, { code_url: order.codeUrl }];
  }

  const refundAnswer = (refund: WechatPayRefund) => ({
    refund_id: refund.refundId,
    out_refund_no: refund.outRefundNo,
    transaction_id: refund.transactionId,
    out_trade_no: refund.outTradeNo,
    channel: "ORIGINAL",
    user_received_account: "支付用户零钱",
    create_time: refund.createTime,
    ...(refund.status === "SUCCESS" ? { success_time: refund.createTime } : {}),
    status: refund.status,
    funds_account: "AVAILABLE",
    amount: {
      total: refund.total,
      refund: refund.refund,
      payer_total: refund.total,
      payer_refund: refund.refund,
      settlement_refund: refund.refund,
      settlement_total: refund.total,
      discount_refund: 0,
      currency: refund.currency,
    },
  });

  /** WeChat Pay Global answers a refund with its id and amounts; how it ends comes in a notification. */
  const globalRefundAnswer = (refund: WechatPayRefund) => ({
    id: refund.refundId,
    out_refund_no: refund.outRefundNo,
    create_time: refund.createTime,
    amount: {
      refund: refund.refund,
      currency: refund.currency,
      payer_refund: refund.refund,
      payer_currency: "CNY",
      settlement_refund: refund.refund,
      settlement_currency: refund.currency,
    },
  });

  /**
   * Idempotent on out_refund_no: a known number answers its refund and changes nothing. A refund
   * goes through the API its payment was placed through, in the payment's currency.
   */
  function refundOf(body: Record<string, unknown>, api: "domestic" | "global"): [number, unknown] {
    const amount = isObject(body.amount) ? body.amount : {};
    const outRefundNo = typeof body.out_refund_no === "string" ? body.out_refund_no : "";
    const outTradeNo = typeof body.out_trade_no === "string" ? body.out_trade_no : "";
    const transactionId = typeof body.transaction_id === "string" ? body.transaction_id : "";
    const answerOf = api === "domestic" ? refundAnswer : globalRefundAnswer;
    const known = state.refunds.get(outRefundNo);
    if (known) return [200, answerOf(known)];
    if (!outRefundNo || (!outTradeNo && !transactionId)) return [400, error("PARAM_ERROR", "参数错误")];
    if (api === "global" && (body.appid !== credentials.app_id || body.mchid !== credentials.mch_id)) {
      return [400, error("PARAM_ERROR", "appid和mch_id不匹配")];
    }
    const order = state.orders.get(outTradeNo);
    if (order && order.api !== api) return [404, error("ORDER_NOT_EXIST", "订单不存在")];
    const currency = order?.currency ?? (api === "domestic" ? "CNY" : "");
    if (!isPositiveInteger(amount.refund) || !isPositiveInteger(amount.total) || amount.currency !== currency) {
      return [400, error("PARAM_ERROR", "amount 参数错误")];
    }
    if (order && order.total !== amount.total) return [400, error("INVALID_REQUEST", "订单金额不一致")];
    const refunded = [...state.refunds.values()]
      .filter((r) => r.outTradeNo === outTradeNo && r.status !== "ABNORMAL" && r.status !== "CLOSED")
      .reduce((sum, r) => sum + r.refund, 0);
    if (refunded + amount.refund > amount.total) return [400, error("INVALID_REQUEST", "申请退款金额超过订单可退金额")];
    const refund: WechatPayRefund = {
      refundId: `50000${digits(24)}`,
      outRefundNo,
      outTradeNo,
      transactionId: transactionId || order?.transactionId || `4200${digits(24)}`,
      refund: amount.refund,
      total: amount.total,
      currency,
      reason: typeof body.reason === "string" ? body.reason : null,
      notifyUrl: typeof body.notify_url === "string" ? body.notify_url : null,
      // The Global API says nothing of the refund's end in its answer: it is under way until notified.
      status: api === "domestic" ? fake.refundStatus : "PROCESSING",
      createTime: rfc3339(new Date()),
    };
    state.refunds.set(outRefundNo, refund);
    return [200, answerOf(refund)];
  }

  /** Close order: 204 with no body; a paid order cannot close (ORDERPAID). */
  function closeOrder(
    url: URL,
    prefix: string,
    api: "domestic" | "global",
    body: Record<string, unknown>,
  ): [number, unknown] {
    const outTradeNo = decodeURIComponent(url.pathname.slice(prefix.length, -"/close".length));
    if (body.mchid !== credentials.mch_id) return [400, error("PARAM_ERROR", "mchid 参数错误")];
    const order = state.orders.get(outTradeNo);
    if (!order || order.api !== api) return [404, error("ORDER_NOT_EXIST", "订单不存在")];
    if (order.tradeState === "SUCCESS" || order.tradeState === "REFUND")
      return [400, error("ORDERPAID", "该订单已支付")];
    order.tradeState = "CLOSED";
    return [204, undefined];
  }

  function orderQuery(url: URL, prefix: string, api: "domestic" | "global"): [number, unknown] {
    const outTradeNo = decodeURIComponent(url.pathname.slice(prefix.length));
    if (url.searchParams.get("mchid") !== credentials.mch_id) return [400, error("PARAM_ERROR", "mchid 参数错误")];
    const order = state.orders.get(outTradeNo);
    if (!order || order.api !== api) return [404, error("ORDER_NOT_EXIST", "订单不存在")];
    return [
      200,
      {
        appid: credentials.app_id,
        mchid: credentials.mch_id,
        out_trade_no: order.outTradeNo,
        trade_state: order.tradeState,
        trade_state_desc: order.tradeState === "SUCCESS" ? "支付成功" : "订单未支付",
        ...(order.tradeState === "SUCCESS"
          ? {
              transaction_id: order.transactionId,
              trade_type: "NATIVE",
              bank_type: "OTHERS",
              success_time: order.successTime,
              payer: { openid: "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o" },
              amount: { total: order.total, payer_total: order.total, currency: order.currency, payer_currency: "CNY" },
            }
          : { amount: { total: order.total, currency: order.currency } }),
      },
    ];
  }

  function route(method: string, url: URL, body: unknown): [number, unknown] {
    const json = isObject(body) ? body : {};
    const domesticQuery = "/v3/pay/transactions/out-trade-no/";
    const globalQuery = "/v3/global/transactions/out-trade-no/";
    if (method === "POST" && url.pathname === "/v3/pay/transactions/native") return nativePay(json, "domestic");
    if (method === "POST" && url.pathname === "/v3/global/transactions/native") return nativePay(json, "global");
    if (method === "POST" && url.pathname === "/v3/refund/domestic/refunds") return refundOf(json, "domestic");
    if (method === "POST" && url.pathname === "/v3/global/refunds") return refundOf(json, "global");
    if (method === "POST" && url.pathname.endsWith("/close")) {
      if (url.pathname.startsWith(domesticQuery)) return closeOrder(url, domesticQuery, "domestic", json);
      if (url.pathname.startsWith(globalQuery)) return closeOrder(url, globalQuery, "global", json);
    }
    if (method === "GET" && url.pathname.startsWith(domesticQuery)) return orderQuery(url, domesticQuery, "domestic");
    if (method === "GET" && url.pathname.startsWith(globalQuery)) return orderQuery(url, globalQuery, "global");
    return [404, error("NOT_FOUND", "请求的资源不存在")];
  }

  async function handle(request: IncomingMessage, raw: string, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://fake");
    const path = `${url.pathname}${url.search}`;
    const signatureValid = requestSigned(request, path, raw);
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = raw;
    }
    state.calls.push({ method: request.method ?? "", path, body, signatureValid });

    // WeChat Pay does not sign the answer to a request it could not authenticate.
    if (!signatureValid) {
      sendJson(response, 401, error("SIGN_ERROR", "签名错误"), { "content-type": "application/json; charset=utf-8" });
      return;
    }
    const failure = failures.shift();
    if (failure?.kind === "drop") {
      response.socket?.destroy();
      return;
    }
    if (failure?.kind === "error") {
      answer(response, failure.status, error(failure.code, failure.message));
      return;
    }
    const [status, payload] = route(request.method ?? "", url, body);
    if (failure?.kind === "delay") await new Promise((resolve) => setTimeout(resolve, failure.ms));
    answer(response, status, payload, failure?.kind === "forged-signature");
  }

  /** AEAD_AES_256_GCM as WeChat Pay encrypts notification resources. */
  function encrypt(resource: Record<string, unknown>, associatedData: string, originalType: string) {
    const nonce = alphanumeric(12);
    const cipher = createCipheriv("aes-256-gcm", Buffer.from(apiV3Key, "utf8"), Buffer.from(nonce, "utf8"));
    cipher.setAAD(Buffer.from(associatedData, "utf8"));
    const sealed = Buffer.concat([
      cipher.update(JSON.stringify(resource), "utf8"),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    return {
      original_type: originalType,
      algorithm: "AEAD_AES_256_GCM",
      ciphertext: sealed.toString("base64"),
      associated_data: associatedData,
      nonce,
    };
  }

  function transactionResource(event: Extract<WechatPayEvent, { type: "TRANSACTION.SUCCESS" }>) {
    const order = state.orders.get(event.orderNo);
    // WeChat Pay takes no payment for a closed order, nor after its time_expire.
    if (order && (order.tradeState === "CLOSED" || (order.timeExpire && Date.parse(order.timeExpire) <= Date.now()))) {
      throw new Error(`wechatpay fake: order ${event.orderNo} is closed or expired and takes no payment`);
    }
    const tradeState = event.tradeState ?? "SUCCESS";
    const successTime = event.successTime ?? rfc3339(new Date());
    const transactionId = event.transactionId ?? order?.transactionId ?? `4200${digits(24)}`;
    const total = event.amount ?? order?.total ?? 1;
    if (order && tradeState === "SUCCESS") {
      order.tradeState = "SUCCESS";
      order.successTime = successTime;
      order.transactionId = transactionId;
    }
    return {
      mchid: credentials.mch_id,
      appid: credentials.app_id,
      out_trade_no: event.orderNo,
      transaction_id: transactionId,
      trade_type: "NATIVE",
      trade_state: tradeState,
      trade_state_desc: tradeState === "SUCCESS" ? "支付成功" : tradeState,
      bank_type: "OTHERS",
      attach: "",
      success_time: successTime,
      payer: { openid: "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o" },
      amount: {
        total,
        payer_total: total,
        currency: event.currency ?? order?.currency ?? "CNY",
        payer_currency: "CNY",
      },
    };
  }

  function refundResource(event: Extract<WechatPayEvent, { type: `REFUND.${string}` }>) {
    const refund = state.refunds.get(event.refundNo);
    const status = event.type.slice("REFUND.".length) as WechatPayRefundStatus;
    if (refund) refund.status = status;
    const amount = event.amount ?? refund?.refund ?? 1;
    const total = event.total ?? refund?.total ?? amount;
    return {
      mchid: credentials.mch_id,
      out_trade_no: event.orderNo ?? refund?.outTradeNo ?? "",
      transaction_id: refund?.transactionId ?? `4200${digits(24)}`,
      out_refund_no: event.refundNo,
      refund_id: event.refundId ?? refund?.refundId ?? `50000${digits(24)}`,
      refund_status: status,
      ...(status === "SUCCESS" ? { success_time: rfc3339(new Date()) } : {}),
      user_received_account: "支付用户零钱",
      amount: { total, refund: amount, payer_total: total, payer_refund: amount },
    };
  }

  function notification(event: WechatPayEvent, options: { at?: Date; id?: string } = {}): SignedNotification {
    const at = options.at ?? new Date();
    const eventType = event.type === "other" ? event.eventType : event.type;
    let resource: ReturnType<typeof encrypt>;
    if (event.type === "TRANSACTION.SUCCESS")
      resource = encrypt(transactionResource(event), "transaction", "transaction");
    else if (event.type === "other") resource = encrypt(event.resource, "", "other");
    else resource = encrypt(refundResource(event), "refund", "refund");
    const body = JSON.stringify({
      id: options.id ?? randomUUID(),
      create_time: rfc3339(at),
      resource_type: "encrypt-resource",
      event_type: eventType,
      summary: eventType.startsWith("REFUND") ? "退款状态变更" : "支付成功",
      resource,
    });
    return {
      rawBody: Buffer.from(body, "utf8"),
      headers: { "content-type": "application/json", ...signHeaders(body, at) },
    };
  }

  const server = await startFakeServer(handle, { port: options.port ?? 0 });

  const fake: WechatPayFake = {
    baseUrl: server.baseUrl,
    credentials,
    calls: state.calls,
    orders: state.orders,
    refunds: state.refunds,
    refundStatus: "SUCCESS",
    failNext: (failure) => void failures.push(failure),
    notification,
    sign: signHeaders,
    reset() {
      state.calls.length = 0;
      state.orders.clear();
      state.refunds.clear();
      failures.length = 0;
      fake.refundStatus = "SUCCESS";
    },
    close: server.close,
  };
  return fake;
}

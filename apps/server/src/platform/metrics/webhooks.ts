import { Counter, type Registry } from "prom-client";
import { childrenBy } from "./children.js";

/**
 * Provider notifications refused before anything was recorded (platform/http/webhook.ts): a missing,
 * forged or stale signature, an unknown merchant, a provider switched off. By provider, a bounded set
 * (the registered endpoints); never the merchant in the path.
 */
export class WebhookMetrics {
  private readonly refused: (provider: string) => Counter.Internal;

  constructor(registry: Registry) {
    const refused = new Counter({
      name: "washboard_webhook_verifications_refused_total",
      help: "Provider notifications refused by their signature check, by provider",
      labelNames: ["provider"],
      registers: [registry],
    });
    this.refused = childrenBy((provider) => refused.labels(provider));
  }

  verificationRefused(provider: string): void {
    this.refused(provider).inc();
  }
}

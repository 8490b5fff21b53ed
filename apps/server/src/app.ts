import path from "node:path";
import fastifyMultipart from "@fastify/multipart";
import { LIMITS } from "@washboard/shared";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { allianceRoutes } from "./modules/alliances/routes.js";
import { authRoutes } from "./modules/auth/routes.js";
import { brandRoutes } from "./modules/brands/routes.js";
import { dashboardRoutes } from "./modules/dashboard/routes.js";
import { deviceRoutes } from "./modules/devices/routes.js";
import { ecardRoutes } from "./modules/ecards/routes.js";
import { emailConfigRoutes } from "./modules/email-config/routes.js";
import { groupSubAccountRoutes } from "./modules/group-subaccounts/routes.js";
import { groupRoutes } from "./modules/groups/routes.js";
import { locationRoutes } from "./modules/locations/routes.js";
import { operationLogRoutes } from "./modules/operation-log/routes.js";
import { paymentProviderRoutes } from "./modules/payment-providers/routes.js";
import { payQrRoutes } from "./modules/payqr/routes.js";
import { priceTemplateRoutes } from "./modules/price-templates/routes.js";
import { registrationRoutes } from "./modules/registration/routes.js";
import { roleRoutes } from "./modules/roles/routes.js";
import { shopRoutes } from "./modules/shops/routes.js";
import { subAccountRoutes } from "./modules/sub-accounts/routes.js";
import { systemConfigRoutes } from "./modules/system-config/routes.js";
import { tenancyRoutes } from "./modules/tenancy/routes.js";
import { serveUploads, uploadRoutes } from "./modules/uploads/routes.js";
import { vendorAccountRoutes } from "./modules/vendor-accounts/routes.js";
import { vendorAdminRoutes } from "./modules/vendor-admin/routes.js";
import { washerCatalogueRoutes } from "./modules/washer-catalogue/routes.js";
import type { Config } from "./platform/config.js";
import type { Db } from "./platform/db/client.js";
import { installApiKeyCheck } from "./platform/http/api-key.js";
import { type AppDeps, EndpointRegistrar, newRequestContext } from "./platform/http/endpoint.js";
import { installErrorHandling } from "./platform/http/error-handler.js";
import { loggerOptions } from "./platform/http/logger.js";
import { installOpenApi } from "./platform/http/openapi.js";
import { createSecretBox, loadSecretKey } from "./platform/secrets/secret-box.js";
import { diskFileStore } from "./platform/storage/file-store.js";
import { installConsole } from "./platform/web/console.js";

/** Each module adds its endpoints through the registrar. */
const MODULES = [
  authRoutes,
  registrationRoutes,
  systemConfigRoutes,
  tenancyRoutes,
  deviceRoutes,
  dashboardRoutes,
  operationLogRoutes,
  groupRoutes,
  groupSubAccountRoutes,
  vendorAdminRoutes,
  vendorAccountRoutes,
  paymentProviderRoutes,
  roleRoutes,
  subAccountRoutes,
  uploadRoutes,
  brandRoutes,
  ecardRoutes,
  emailConfigRoutes,
  shopRoutes,
  allianceRoutes,
  payQrRoutes,
  locationRoutes,
  washerCatalogueRoutes,
  priceTemplateRoutes,
];

export async function buildApp(config: Config, db: Db, options: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel),
    bodyLimit: 1_048_576,
    trustProxy: process.env.TRUST_PROXY === "1",
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest("ctx", null as never);
  app.addHook("onRequest", async (request) => {
    request.ctx = newRequestContext(request);
  });
  installErrorHandling(app);
  installApiKeyCheck(app, config.apiKey);
  await installOpenApi(app);
  // Multipart bodies are read only by upload calls (EndpointRegistrar `multipart`), within these limits.
  await app.register(fastifyMultipart, { limits: { fileSize: LIMITS.uploadImageMaxBytes, files: 1 } });

  const deps: AppDeps = {
    db,
    config,
    secrets: createSecretBox(loadSecretKey(config.secretKey, config.dataDir)),
    files: diskFileStore(path.join(config.dataDir, "uploads")),
  };
  const registrar = new EndpointRegistrar(app, deps);
  for (const register of MODULES) register(registrar, deps);
  registrar.assertComplete();
  serveUploads(app, deps.files);

  await installConsole(app, config.webDist, config.apiKey);
  return app;
}

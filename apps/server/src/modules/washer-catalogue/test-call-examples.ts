import { API } from "@washboard/shared";
import { callExamples } from "../../test/call-examples.js";
import type { ExampleKit } from "../../test/example-kit.js";

/** Records of the Kuala Lumpur vendor's washer catalogue, through the API; each answers its id. */
const newBrand = (kit: ExampleKit) => ({
  manufacturer: "Example Works",
  brand: kit.unique("Washer brand "),
  alias: "EB",
  logo_url: "/washer-logos/example.svg",
});
const brand = async (kit: ExampleKit) => (await kit.made(API.washerCatalogue.createBrand, newBrand(kit))).id;
const model = async (kit: ExampleKit) =>
  (
    await kit.made(API.washerCatalogue.createModel, {
      brand_id: await brand(kit),
      name: kit.unique("Model "),
      machine_type: "washer",
    })
  ).id;
const newTemplate = (kit: ExampleKit) => ({ name: kit.unique("Template "), data_head: "AA 55", data_body: "{pulses}" });
const template = async (kit: ExampleKit) =>
  (await kit.made(API.washerCatalogue.createControlTemplate, newTemplate(kit))).id;

/** Calls of the washer-catalogue domain that succeed, for the tests generated from the registry. */
export const examples = callExamples(API.washerCatalogue, {
  createBrand: async (kit) => ({ body: newBrand(kit) }),
  modifyBrand: async (kit) => ({ body: { ...newBrand(kit), id: await brand(kit), logo_url: "/x.svg" } }),
  removeBrand: async (kit) => ({ body: { id: await brand(kit) } }),
  createModel: async (kit) => ({
    body: { brand_id: await brand(kit), name: kit.unique("Model "), machine_type: "washer" },
  }),
  modifyModel: async (kit) => ({
    body: {
      id: await model(kit),
      brand_id: await brand(kit),
      name: kit.unique("Renamed model "),
      machine_type: "dryer",
    },
  }),
  removeModel: async (kit) => ({ body: { id: await model(kit) } }),
  createControlTemplate: async (kit) => ({ body: newTemplate(kit) }),
  modifyControlTemplate: async (kit) => ({ body: { ...newTemplate(kit), id: await template(kit), data_head: "AB" } }),
  removeControlTemplate: async (kit) => ({ body: { id: await template(kit) } }),
});

import { API } from "@washboard/shared";
import { type AppDeps, type EndpointRegistrar, signedIn } from "../../platform/http/endpoint.js";
import {
  createSubAccount,
  listSubAccounts,
  modifySubAccount,
  removeSubAccount,
  subAccountPermissions,
} from "./service.js";

export function subAccountRoutes(r: EndpointRegistrar, { db }: AppDeps) {
  r.handle(API.subAccount.list, (input, ctx) => listSubAccounts(db, signedIn(ctx), input));
  r.handle(API.subAccount.create, (input, ctx) => createSubAccount(db, signedIn(ctx), input));
  r.handle(API.subAccount.modify, (input, ctx) => modifySubAccount(db, signedIn(ctx), input));
  r.handle(API.subAccount.remove, (input, ctx) => removeSubAccount(db, signedIn(ctx), input.id));
  r.handle(API.subAccount.permissions, (input, ctx) => subAccountPermissions(db, signedIn(ctx), input.id));
}

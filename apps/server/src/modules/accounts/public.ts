/** The public face of the accounts module: all another module may import of it (src/architecture.test.ts checks). */
export { accountInfoWith, getAccountInfo } from "./account-info.js";
export type { AccountOwner, ManagedAccount } from "./managed.js";
export {
  changeAccount,
  createAccount,
  findOwnedAccount,
  pageAccounts,
  removeAccount,
  statusName,
  toManagedAccountItem,
} from "./managed.js";
export type { AccountRow } from "./queries.js";
export {
  ACCOUNT_STATUS,
  accountCountOfVendor,
  accountNameOf,
  accountNicknameOf,
  findAccountById,
  findAccountByUsername,
  scopeAccountCountOf,
} from "./queries.js";
export { createSession, revokeAccountSessions, revokeSession } from "./sessions.js";
export type { NewAccountRow } from "./store.js";
export { insertAccount, insertMerchantAdmin, recordSignIn, updateOwnProfile } from "./store.js";
export { checkMemberPin, checkSignIn, returnAttempt, takeAttempt } from "./throttle.js";
export { hashToken, newToken } from "./tokens.js";

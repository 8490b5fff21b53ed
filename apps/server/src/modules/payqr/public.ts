export { payQrByCode, payqrCountOfShop } from "./queries.js";

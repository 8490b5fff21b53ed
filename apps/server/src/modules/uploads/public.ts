export { checkImages } from "./images.js";

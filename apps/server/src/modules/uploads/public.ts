/** The public face of the uploads module: all another module may import of it (src/architecture.test.ts checks). */
export { checkImages } from "./images.js";
export { storeImage } from "./service.js";

/** The public face of the notices module: all another module (or the CLI) may import of it (src/architecture.test.ts checks). */
export type { PublishedNotice } from "./notices.js";
export { NoticeRefused, publishNotice } from "./notices.js";

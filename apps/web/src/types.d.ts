declare module "swagger-ui-dist/swagger-ui-es-bundle.js" {
  interface SwaggerUIOptions {
    domNode: HTMLElement;
    url: string;
    deepLinking?: boolean;
    tryItOutEnabled?: boolean;
  }
  const SwaggerUIBundle: (options: SwaggerUIOptions) => unknown;
  export default SwaggerUIBundle;
}

/** A part of a catalogue (apps/web/build/catalogue-parts-plugin.ts). */
declare module "*.json?part=first" {
  const sections: Record<string, unknown>;
  export default sections;
}

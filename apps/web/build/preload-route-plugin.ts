import path from "node:path";
import type { HtmlTagDescriptor, Plugin, Rollup } from "vite";

/**
 * Lets a page's HTML ask for a lazily loaded route's chunk at once: `<link rel="modulepreload">` for
 * the chunk of `module` and the chunks it imports, and `<link rel="preload" as="style">` for its CSS,
 * beside the entry's own. The route stays its own chunk; the browser just does not wait for the
 * entry to run before fetching it. (The sign-in page: the first page most visitors see.)
 */
export function preloadRoutePlugin({ html, module }: { html: string; module: string }): Plugin {
  let root = "";
  return {
    name: "washboard-preload-route",
    apply: "build",
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: "post",
      handler(source, context) {
        if (!context.bundle || path.basename(context.filename) !== html) return;
        const target = path.resolve(root, module);
        const chunks = Object.values(context.bundle).filter((c): c is Rollup.OutputChunk => c.type === "chunk");
        const routeChunk = chunks.find((c) => c.facadeModuleId === target);
        if (!routeChunk) throw new Error(`preload-route: no chunk for ${module}`);
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const files = new Set<string>();
        const visit = (chunk: Rollup.OutputChunk) => {
          if (files.has(chunk.fileName)) return;
          files.add(chunk.fileName);
          for (const imported of chunk.imports) {
            const next = byName.get(imported);
            if (next) visit(next);
          }
        };
        visit(routeChunk);
        const tags: HtmlTagDescriptor[] = [];
        for (const file of files) {
          // What the page already loads or preloads needs no second hint.
          if (source.includes(`/${file}"`)) continue;
          tags.push({
            tag: "link",
            attrs: { rel: "modulepreload", crossorigin: true, href: `/${file}` },
            injectTo: "head",
          });
          for (const css of byName.get(file)?.viteMetadata?.importedCss ?? []) {
            if (source.includes(`/${css}"`)) continue;
            tags.push({
              tag: "link",
              attrs: { rel: "preload", as: "style", crossorigin: true, href: `/${css}` },
              injectTo: "head",
            });
          }
        }
        return tags;
      },
    },
  };
}

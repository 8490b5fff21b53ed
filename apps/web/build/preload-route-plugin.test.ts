import type { IndexHtmlTransformContext, IndexHtmlTransformHook, Plugin, Rollup } from "vite";
import { describe, expect, it } from "vitest";
import { preloadRoutePlugin } from "./preload-route-plugin";

const chunk = (fileName: string, facadeModuleId: string | null, imports: string[], css: string[] = []) =>
  ({
    type: "chunk",
    fileName,
    facadeModuleId,
    imports,
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
  }) as unknown as Rollup.OutputChunk;

function transform(plugin: Plugin, html: string, filename: string, bundle: Rollup.OutputBundle) {
  const hook = plugin.transformIndexHtml as { handler: IndexHtmlTransformHook };
  return hook.handler.call({} as never, html, { filename, bundle } as IndexHtmlTransformContext);
}

const PAGE = `<head><link rel="stylesheet" crossorigin href="/assets/index-1.css"><script type="module" crossorigin src="/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/assets/react-1.js"></head>`;

describe("the route preload of the build", () => {
  it("preload a lazy route's chunk, the chunks it imports and its styles, but nothing the page already loads", () => {
    const plugin = preloadRoutePlugin({ html: "index.html", module: "src/features/auth/LoginPage.tsx" });
    (plugin.configResolved as (config: { root: string }) => void)({ root: "/app" });
    const bundle = {
      "assets/index-1.js": chunk("assets/index-1.js", "/app/index.html", ["assets/react-1.js"]),
      "assets/react-1.js": chunk("assets/react-1.js", null, []),
      "assets/picker-1.js": chunk("assets/picker-1.js", null, ["assets/react-1.js"]),
      "assets/LoginPage-1.js": chunk(
        "assets/LoginPage-1.js",
        "/app/src/features/auth/LoginPage.tsx",
        ["assets/react-1.js", "assets/picker-1.js"],
        ["assets/LoginPage-1.css"],
      ),
    };
    expect(transform(plugin, PAGE, "/app/index.html", bundle)).toEqual([
      expect.objectContaining({ attrs: { rel: "modulepreload", crossorigin: true, href: "/assets/LoginPage-1.js" } }),
      expect.objectContaining({
        attrs: { rel: "preload", as: "style", crossorigin: true, href: "/assets/LoginPage-1.css" },
      }),
      expect.objectContaining({ attrs: { rel: "modulepreload", crossorigin: true, href: "/assets/picker-1.js" } }),
    ]);
    expect(transform(plugin, PAGE, "/app/pay.html", bundle)).toBeUndefined();
  });
});

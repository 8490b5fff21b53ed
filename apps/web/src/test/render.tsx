import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { App as AntApp } from "antd";
import type { ReactNode } from "react";

/** Renders a screen or dialog as the console does (Ant Design's app, a query client), with no retries, so a failing call fails the test at once. */
export function renderInApp(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AntApp>
      <QueryClientProvider client={client}>{node}</QueryClientProvider>
    </AntApp>,
  );
}

import { QueryClient } from "@tanstack/react-query";
import { toastError } from "../feedback/toast";

/** One query client; failed mutations toast their error unless the caller handles it. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { onError: (error) => toastError(error) },
  },
});

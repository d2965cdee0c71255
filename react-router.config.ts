import type { Config } from "@react-router/dev/config";

// Server rendering, and every v8 flag on so that the move to React Router 8 stays small (docs/stack.md).
export default {
  ssr: true,
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
    unstable_optimizeDeps: true,
  },
} satisfies Config;

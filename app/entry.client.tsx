// The browser entry: React Router's default hydration, plus the component stack of an error React
// recovered from (a hydration mismatch), which production builds otherwise leave out.
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
    {
      onRecoverableError: (error, info) => {
        console.error(error, info.componentStack ?? "");
      },
    },
  );
});

import { createFileRoute, redirect } from '@tanstack/react-router';

/** /app itself is the dashboard. */
export const Route = createFileRoute('/app/_signedIn/')({
  beforeLoad: () => {
    throw redirect({ to: '/app/dashboard', replace: true });
  },
});

import { AutomationsPage } from '@/features/automations/components/automations-page.tsx';

export function AutomationsRoute() {
  return <AutomationsPage />;
}

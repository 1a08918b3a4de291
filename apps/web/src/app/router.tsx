import { createHashRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen.tsx';
import { RouteError } from '@/components/route-error.tsx';
import { paths } from '@/config/paths.ts';

/**
 * The route table of spec part 1, section 2. Every page is its own chunk (route `lazy`),
 * so the login screen does not download the admin tools.
 */
export const routes: RouteObject[] = [
  {
    HydrateFallback: LoadingScreen,
    ErrorBoundary: RouteError,
    children: [
      {
        path: paths.login,
        lazy: () => import('./routes/auth/login.tsx').then((m) => ({ Component: m.LoginRoute })),
      },
      {
        path: paths.privacyPolicy,
        lazy: () =>
          import('./routes/legal/privacy-policy.tsx').then((m) => ({
            Component: m.PrivacyPolicyRoute,
          })),
      },
      {
        path: paths.termsOfService,
        lazy: () =>
          import('./routes/legal/terms-of-service.tsx').then((m) => ({
            Component: m.TermsOfServiceRoute,
          })),
      },
      {
        path: paths.dataDeletion,
        lazy: () =>
          import('./routes/legal/data-deletion.tsx').then((m) => ({
            Component: m.DataDeletionRoute,
          })),
      },
      {
        path: paths.scraper,
        lazy: () => import('./routes/app/root.tsx').then((m) => ({ Component: m.AppRoot })),
        children: [
          {
            index: true,
            lazy: () =>
              import('./routes/scraper/dashboard.tsx').then((m) => ({
                Component: m.ScraperDashboardRoute,
              })),
          },
          {
            path: paths.youtube,
            lazy: () =>
              import('./routes/youtube/upload.tsx').then((m) => ({
                Component: m.YoutubeUploadRoute,
              })),
          },
          {
            path: paths.publish,
            lazy: () =>
              import('./routes/publish/publish.tsx').then((m) => ({
                Component: m.PublishRoute,
              })),
          },
          {
            path: paths.automations,
            lazy: () =>
              import('./routes/automations/automations.tsx').then((m) => ({
                Component: m.AutomationsRoute,
              })),
          },
          {
            path: paths.downloader,
            lazy: () =>
              import('./routes/downloader/downloader.tsx').then((m) => ({
                Component: m.DownloaderRoute,
              })),
          },
          {
            path: paths.history,
            lazy: () =>
              import('./routes/history/history.tsx').then((m) => ({ Component: m.HistoryRoute })),
          },
          {
            path: paths.files,
            lazy: () =>
              import('./routes/files/file-manager.tsx').then((m) => ({
                Component: m.FileManagerRoute,
              })),
          },
          {
            path: paths.analytics,
            lazy: () =>
              import('./routes/analytics/analytics.tsx').then((m) => ({
                Component: m.AnalyticsRoute,
              })),
          },
          {
            path: paths.extension,
            lazy: () =>
              import('./routes/extension/extension.tsx').then((m) => ({
                Component: m.ExtensionRoute,
              })),
          },
          {
            path: paths.webhooks,
            lazy: () =>
              import('./routes/webhooks/webhooks.tsx').then((m) => ({
                Component: m.WebhooksRoute,
              })),
          },
          {
            path: paths.apiTokens,
            lazy: () =>
              import('./routes/api-tokens/api-tokens.tsx').then((m) => ({
                Component: m.ApiTokensRoute,
              })),
          },
          {
            path: paths.notificationSettings,
            lazy: () =>
              import('./routes/notification-settings/notification-settings.tsx').then((m) => ({
                Component: m.NotificationSettingsRoute,
              })),
          },
          {
            path: paths.admin,
            lazy: () =>
              import('./routes/admin/admin.tsx').then((m) => ({ Component: m.AdminRoute })),
          },
        ],
      },
      {
        path: '*',
        lazy: () =>
          import('./routes/misc/not-found.tsx').then((m) => ({ Component: m.NotFoundRoute })),
      },
    ],
  },
];

export function createAppRouter() {
  return createHashRouter(routes);
}

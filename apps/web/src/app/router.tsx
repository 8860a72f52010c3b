import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { createBrowserRouter, Outlet, useMatches } from 'react-router';
import { PageLoading } from '@/components/ui/page-loading';
import { PublicFrame, PublicMain } from './layouts/public-layout';
import { RequireSession } from './require-session';
import LandingPage from './routes/landing-page';
import { ScrollToTop } from './scroll-to-top';

// Each page is its own chunk, so a visitor downloads only what the page in front of them needs.
// The landing page is the exception: it is where most visitors arrive, and as part of the entry
// chunk it draws in the first render, with no second round trip for its code and no loading
// screen that its content then replaces (docs/decisions/0023-landing-page-performance.md).
const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);

const PricingPage = page(() => import('./routes/pricing-page'));
const BlogsPage = page(() => import('./routes/blogs-page'));
const BlogArticlePage = page(() => import('./routes/blog-article-page'));
const DocsPage = page(() => import('./routes/docs-page'));
const FaqsPage = page(() => import('./routes/faqs-page'));
const TermsPage = page(() => import('./routes/terms-page'));
const PrivacyPage = page(() => import('./routes/privacy-page'));
const NotFoundPage = page(() => import('./routes/not-found-page'));
const DashboardPage = page(() => import('./routes/dashboard-page'));
const PresetStudioPage = page(() => import('./routes/preset-studio-page'));
const CloneStudioPage = page(() => import('./routes/clone-studio-page'));
const ApiKeysPage = page(() => import('./routes/api-keys-page'));
const AccountPage = page(() => import('./routes/account-page'));
const ResetPasswordPage = page(() => import('./routes/reset-password-page'));
const HistoryPage = page(() => import('./routes/history-page'));
const HistoryTimelinePage = page(() => import('./routes/history-timeline-page'));
const ProjectsPage = page(() => import('./routes/projects-page'));
const ProjectEditorPage = page(() => import('./routes/project-editor-page'));
const PronunciationPage = page(() => import('./routes/pronunciation-page'));
const AdminPanelPage = page(() => import('./routes/admin-panel-page'));
const SignInPopupPage = page(() => import('./routes/sign-in-popup-page'));
const SignInDonePage = page(() => import('./routes/sign-in-done-page'));

function guarded(Page: LazyExoticComponent<ComponentType>) {
  return (
    <RequireSession>
      <Page />
    </RequireSession>
  );
}

const PUBLIC_ROUTES_ID = 'public';

/**
 * One Suspense boundary above every page. React Router changes pages inside a transition, and a
 * transition keeps an already visible boundary on screen while the next page's code loads: moving
 * between pages (and landing on / after logging out) shows no loading screen in between. A boundary
 * per page would be new on each move and flash its fallback. Only the very first load shows it.
 */
function Root() {
  const isPublicPage = useMatches().some((match) => match.id === PUBLIC_ROUTES_ID);
  return (
    <>
      <ScrollToTop />
      <PublicFrame shown={isPublicPage}>
        {/* A screen tall, so the footer waits below the fold instead of jumping down when the page arrives. */}
        <Suspense fallback={<PageLoading className="min-h-screen" />}>
          <Outlet />
        </Suspense>
      </PublicFrame>
    </>
  );
}

// React Router matches paths case-insensitively unless told otherwise, so /Blogs finds /blogs.
export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      {
        id: PUBLIC_ROUTES_ID,
        element: <PublicMain />,
        children: [
          { path: '/', element: <LandingPage /> },
          { path: '/pricing', element: <PricingPage /> },
          { path: '/blogs', element: <BlogsPage /> },
          { path: '/blogs/:id', element: <BlogArticlePage /> },
          { path: '/docs', element: <DocsPage /> },
          { path: '/faqs', element: <FaqsPage /> },
          { path: '/terms', element: <TermsPage /> },
          { path: '/privacy', element: <PrivacyPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      { path: '/dashboard', element: guarded(DashboardPage) },
      { path: '/dashboard2', element: guarded(PresetStudioPage) },
      { path: '/dashboard3', element: guarded(CloneStudioPage) },
      { path: '/dashboard/api-keys', element: guarded(ApiKeysPage) },
      { path: '/account', element: guarded(AccountPage) },
      { path: '/history', element: guarded(HistoryPage) },
      { path: '/history/:id', element: guarded(HistoryTimelinePage) },
      { path: '/projects', element: guarded(ProjectsPage) },
      { path: '/projects/:id', element: guarded(ProjectEditorPage) },
      { path: '/pronunciation', element: guarded(PronunciationPage) },
      { path: '/admin-panel', element: <AdminPanelPage /> },
      { path: '/admin-panel/models', element: <AdminPanelPage /> },
      { path: '/admin-panel/health', element: <AdminPanelPage /> },
      { path: '/admin-panel/users/:uid', element: <AdminPanelPage /> },
      { path: '/auth/popup', element: <SignInPopupPage /> },
      { path: '/auth/popup/done', element: <SignInDonePage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
    ],
  },
]);

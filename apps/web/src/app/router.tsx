import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { createBrowserRouter, Outlet } from 'react-router';
import { PageLoading } from '@/components/ui/page-loading';
import { PublicLayout } from './layouts/public-layout';
import { RequireSession } from './require-session';
import { ScrollToTop } from './scroll-to-top';

// Each page is its own chunk, so a visitor downloads only what the page in front of them needs.
const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);

const LandingPage = page(() => import('./routes/landing-page'));
const PricingPage = page(() => import('./routes/pricing-page'));
const BlogsPage = page(() => import('./routes/blogs-page'));
const DocsPage = page(() => import('./routes/docs-page'));
const FaqsPage = page(() => import('./routes/faqs-page'));
const TermsPage = page(() => import('./routes/terms-page'));
const PrivacyPage = page(() => import('./routes/privacy-page'));
const NotFoundPage = page(() => import('./routes/not-found-page'));
const DashboardPage = page(() => import('./routes/dashboard-page'));
const PresetStudioPage = page(() => import('./routes/preset-studio-page'));
const CloneStudioPage = page(() => import('./routes/clone-studio-page'));
const AdminPanelPage = page(() => import('./routes/admin-panel-page'));
const SignInPopupPage = page(() => import('./routes/sign-in-popup-page'));
const SignInDonePage = page(() => import('./routes/sign-in-done-page'));

function show(Page: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}

function guarded(Page: LazyExoticComponent<ComponentType>) {
  return <RequireSession>{show(Page)}</RequireSession>;
}

function Root() {
  return (
    <>
      <ScrollToTop />
      <Outlet />
    </>
  );
}

// React Router matches paths case-insensitively unless told otherwise, so /Blogs finds /blogs.
export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', element: show(LandingPage) },
          { path: '/pricing', element: show(PricingPage) },
          { path: '/blogs', element: show(BlogsPage) },
          { path: '/docs', element: show(DocsPage) },
          { path: '/faqs', element: show(FaqsPage) },
          { path: '/terms', element: show(TermsPage) },
          { path: '/privacy', element: show(PrivacyPage) },
          { path: '*', element: show(NotFoundPage) },
        ],
      },
      { path: '/dashboard', element: guarded(DashboardPage) },
      { path: '/dashboard2', element: guarded(PresetStudioPage) },
      { path: '/dashboard3', element: guarded(CloneStudioPage) },
      { path: '/admin-panel', element: show(AdminPanelPage) },
      { path: '/auth/popup', element: show(SignInPopupPage) },
      { path: '/auth/popup/done', element: show(SignInDonePage) },
    ],
  },
]);

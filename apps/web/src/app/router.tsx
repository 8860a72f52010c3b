import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { createBrowserRouter, Outlet } from 'react-router';
import { PublicLayout } from '@/components/layout/public-layout';
import { PageLoading } from '@/components/ui/page-loading';
import { RequireSession } from './require-session';
import { ScrollToTop } from './scroll-to-top';

// Each page is its own chunk, so a visitor downloads only what the page in front of them needs.
const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);

const LandingPage = page(() => import('@/features/marketing/pages/landing-page'));
const PricingPage = page(() => import('@/features/marketing/pages/pricing-page'));
const BlogsPage = page(() => import('@/features/marketing/pages/blogs-page'));
const DocsPage = page(() => import('@/features/marketing/pages/docs-page'));
const FaqsPage = page(() => import('@/features/marketing/pages/faqs-page'));
const TermsPage = page(() => import('@/features/marketing/pages/terms-page'));
const PrivacyPage = page(() => import('@/features/marketing/pages/privacy-page'));
const NotFoundPage = page(() => import('@/features/marketing/pages/not-found-page'));
const DashboardPage = page(() => import('@/features/dashboard/dashboard-page'));
const PresetStudioPage = page(() => import('@/features/dashboard/preset-studio-page'));
const CloneStudioPage = page(() => import('@/features/dashboard/clone-studio-page'));
const AdminPanelPage = page(() => import('@/features/admin/admin-panel-page'));
const SignInPopupPage = page(() => import('@/features/sign-in/pages/sign-in-popup-page'));
const SignInDonePage = page(() => import('@/features/sign-in/pages/sign-in-done-page'));

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

import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * The header and footer of the public pages, drawn around the router's single Suspense boundary
 * rather than inside it: they stay on screen while a page's code loads, and they never remount
 * when the page does. The tree keeps one shape whether or not they show, so moving between a
 * dashboard and a public page keeps that boundary (and its no-flash transitions) in place.
 */
export function PublicFrame({ shown, children }: { shown: boolean; children: ReactNode }) {
  return (
    <div className={shown ? 'flex min-h-screen flex-col' : undefined}>
      {shown ? <SiteHeader /> : null}
      {children}
      {shown ? <SiteFooter /> : null}
    </div>
  );
}

/** The public pages' route element: their main landmark, between the frame's header and footer. */
export function PublicMain() {
  return (
    <main id="main" className="flex-1">
      <Outlet />
    </main>
  );
}

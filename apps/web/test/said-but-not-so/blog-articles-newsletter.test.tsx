import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import BlogArticlePage from '@/app/routes/blog-article-page';
import BlogsPage from '@/app/routes/blogs-page';
import { NewsletterExportLink } from '@/features/admin/components/newsletter-export-link';
import { BLOG_POSTS } from '@/features/marketing/lib/blog-posts';
import { json, renderDashboard, stubApi } from '../support/render-dashboard';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const site = () =>
  json({
    productName: 'Sayso',
    chatNumber: null,
    supportEmail: 'help@example.com',
    naturalVoices: false,
    neuralCloning: false,
    cloneNoiseReduction: false,
    cloudProviders: [],
  });

describe('the blog', { timeout: 20_000 }, () => {
  it('leads from each card to its article, which reads on past the excerpt', async () => {
    stubApi({ 'GET /api/config': site });
    const { user } = renderDashboard(<BlogsPage />, {
      route: '/blogs',
      routes: { '/blogs/:id': <BlogArticlePage /> },
    });
    const post = BLOG_POSTS[1];
    if (!post) throw new Error('no second post');
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(6);
    for (const [index, card] of cards.entries()) {
      expect(within(card).getByRole('link', { name: BLOG_POSTS[index]?.title })).toHaveAttribute(
        'href',
        `/blogs/${BLOG_POSTS[index]?.id}`,
      );
    }
    await user.click(within(cards[1] as HTMLElement).getByRole('link', { name: post.title }));
    expect(await screen.findByRole('heading', { level: 1, name: post.title })).toBeInTheDocument();
    expect(screen.getByText(post.excerpt)).toBeInTheDocument();
    expect(post.body.length).toBeGreaterThanOrEqual(2);
    for (const paragraph of post.body) expect(screen.getByText(paragraph)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All articles' })).toHaveAttribute('href', '/blogs');
  });

  it('shows the not-found page for an article that does not exist', () => {
    stubApi({ 'GET /api/config': site });
    renderDashboard(<p>elsewhere</p>, {
      route: '/blogs/no-such-article',
      routes: { '/blogs/:id': <BlogArticlePage /> },
    });
    expect(screen.getByRole('heading', { name: 'This page has gone quiet' })).toBeInTheDocument();
  });
});

describe('the newsletter form', { timeout: 20_000 }, () => {
  it('sends the address to the server and says where new articles will go', async () => {
    const bodies: unknown[] = [];
    stubApi({
      'GET /api/config': site,
      'POST /api/newsletter': (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return json({ subscribed: true, email: 'reader@example.com' });
      },
    });
    const { user } = renderDashboard(<BlogsPage />, { route: '/blogs' });
    await user.type(screen.getByLabelText('Email address'), 'Reader@Example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'You are subscribed: new articles will go to reader@example.com.',
    );
    expect(bodies).toEqual([{ email: 'Reader@Example.com' }]);
  });

  it('says why an address was refused, and keeps it for correcting', async () => {
    stubApi({
      'GET /api/config': site,
      'POST /api/newsletter': () => json({ error: 'Please enter a valid email address.' }, 400),
    });
    const { user } = renderDashboard(<BlogsPage />, { route: '/blogs' });
    await user.type(screen.getByLabelText('Email address'), 'not an address');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid email address.');
    expect(screen.getByLabelText('Email address')).toHaveValue('not an address');
  });
});

describe('the newsletter for staff', () => {
  it('is a download of the subscribers as CSV from the admin panel', () => {
    renderDashboard(<NewsletterExportLink />, { route: '/admin-panel' });
    const link = screen.getByRole('link', { name: 'Newsletter subscribers (CSV)' });
    expect(link).toHaveAttribute('href', '/api/admin/newsletter/subscribers.csv');
    expect(link).toHaveAttribute('download');
  });
});

import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { formatArticleDate } from '@/features/marketing/components/blog-card';
import { NewsletterForm } from '@/features/marketing/components/newsletter-form';
import { proseStyles } from '@/features/marketing/components/prose';
import { BLOG_POSTS } from '@/features/marketing/lib/blog-posts';
import { usePageTitle } from '@/lib/page-title';
import NotFoundPage from './not-found-page';

/** /blogs/:id: one article in full, where its card on /blogs leads. An unknown id is the not-found page. */
export default function BlogArticlePage() {
  const { id } = useParams();
  const post = BLOG_POSTS.find((candidate) => candidate.id === id);
  if (!post) return <NotFoundPage />;
  return <Article post={post} />;
}

function Article({ post }: { post: (typeof BLOG_POSTS)[number] }) {
  usePageTitle(post.title);
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <Link
        to="/blogs"
        className="inline-flex items-center gap-2 text-sm font-semibold text-accent underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden className="h-4 w-4" />
        All articles
      </Link>
      <p className="mt-8 w-fit rounded-full bg-accent-soft px-3 py-1 text-xs font-semibold text-accent-strong">
        {post.category}
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-ink text-pretty sm:text-4xl">{post.title}</h1>
      <p className="mt-3 text-sm text-muted">
        <time dateTime={post.date}>{formatArticleDate(post.date)}</time>
        <span aria-hidden> · </span>
        <span>{post.author}</span>
      </p>
      <img
        src={post.image}
        alt={post.imageAlt}
        width={640}
        height={360}
        className="mt-8 aspect-video w-full rounded-card object-cover"
      />
      <div className={`mt-4 ${proseStyles}`}>
        <p className="text-lg text-ink">{post.excerpt}</p>
        {post.body.map((paragraph) => (
          <p key={paragraph.slice(0, 40)}>{paragraph}</p>
        ))}
      </div>
      <div className="mt-14">
        <NewsletterForm />
      </div>
    </article>
  );
}
